#!/usr/bin/env bats
# One meaning per option name across the commands (issue 40): the same
# name takes the same kind of value everywhere, a short option stands for
# one long one, a renamed option is still taken under its old name with a
# one-line note (as git does), and prefixes work as gpuperf(1) says.

load lib

SEED=$BATS_TEST_DIRNAME/../fuzz/corpus/seed.o

# kind CMD OPTION: "file", "auto" or "value": what --list-values says it takes.
kind() {
	local v
	v=$("$GPUPERF" --list-values "$1" "$2")
	if grep -qx FILE <<<"$v"; then echo file
	elif grep -qx auto <<<"$v"; then echo auto
	else echo value
	fi
}

@test "an option name shared by commands takes the same kind of value in each (a file, auto, or neither)" {
	local cmd opt seen=() bad=''
	declare -A first
	for cmd in $("$GPUPERF" --list-commands); do
		for opt in $("$GPUPERF" --list-options "$cmd"); do
			k=$(kind "$cmd" "$opt")
			if [ -z "${first[$opt]+set}" ]; then
				first[$opt]="$k $cmd"
			elif [ "${first[$opt]%% *}" != "$k" ]; then
				bad+="$opt: $k in $cmd, ${first[$opt]#* }'s ${first[$opt]%% *}; "
			fi
		done
	done
	echo "$bad"
	[ -z "$bad" ]
}

@test "--reps takes auto in every command that has it" {
	local n=0
	for cmd in $("$GPUPERF" --list-commands); do
		"$GPUPERF" --list-options "$cmd" | grep -qx -- --reps || continue
		[ "$(kind "$cmd" --reps)" = auto ] || { echo "$cmd --reps takes no auto"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 4 ]
	# roofline's, parsed: no GPU here, so exit 3, not a usage error
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" roofline --reps auto
	[ "$status" -ne 2 ]
}

@test "--stride counts elements of the width in every command that has it" {
	for cmd in $("$GPUPERF" --list-commands); do
		"$GPUPERF" --list-options "$cmd" | grep -qx -- --stride || continue
		run "$GPUPERF" "$cmd" --help
		grep -E -- '^ +--stride ' <<<"$output" | grep -q 'in elements of the width' ||
			{ echo "$cmd: $(grep -E -- '--stride ' <<<"$output")"; return 1; }
	done
}

@test "a short option stands for one long option, and elsewhere the error says whose it is" {
	local cmd line seen
	declare -A long
	for cmd in $("$GPUPERF" --list-commands); do
		while read -r line; do
			s=${line:0:2} l=${line:4}
			l=${l%% *}
			if [ -n "${long[$s]+set}" ] && [ "${long[$s]}" != "$l" ]; then
				echo "$s is ${long[$s]} and $l"
				return 1
			fi
			long[$s]=$l
		done < <("$GPUPERF" "$cmd" --help | sed -n 's/^  \(-[a-zA-Z], --[a-z-]*\).*/\1/p')
	done
	assert_usage_error occupancy --arch sm_90 --threads 256 --regs 32 -t 3
	[[ "$stderr" == *"unknown option '-t' for occupancy (-t is profile's --top;"* ]]
}

@test "renamed options: the old name still works, with a one-line note; the new one is documented" {
	run_split "$GPUPERF" --csv occupancy --kernel "$SEED"
	[ "$status" -eq 0 ]
	[ "$stderr" = "gpuperf: occupancy --kernel is now --binary; the old name goes in the next release" ]
	[ "$output" = "$("$GPUPERF" --csv occupancy --binary "$SEED")" ]
	run_split "$GPUPERF" latency --stride 12
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"latency --stride is now --stride-bytes"* ]]
	[[ "$stderr" == *"--stride-bytes: '12' is not a multiple of 8"* ]]
	# the old names are in no help, list or completion
	run "$GPUPERF" --list-options occupancy
	[[ "$output" != *"--kernel"* ]]
	run "$GPUPERF" occupancy --help
	[[ "$output" != *"--kernel"* ]]
	run "$GPUPERF" --list-options latency
	[[ "$output" == *"--stride-bytes"* && "$(grep -cx -- --stride <<<"$output")" = 0 ]]
}

@test "a prefix that names one option alone is that option; an ambiguous one names the candidates" {
	run "$GPUPERF" --csv occupancy --arch sm_90 --thr 256 --regs 32
	[ "$status" -eq 0 ]
	[ "$output" = "$("$GPUPERF" --csv occupancy --arch sm_90 --threads 256 --regs 32)" ]
	assert_usage_error occupancy --arch sm_90 --threads 256 --regs 32 --s 4K
	[[ "$stderr" == *"option '--s' for occupancy is ambiguous: it could be '--smem' or '--sweep'"* ]]
}
