#!/usr/bin/env bats
# The command line without a GPU: help, version, exit statuses, usage errors.

load lib

@test "--help lists every command of the table and exits 0" {
	run "$GPUPERF" --help
	[ "$status" -eq 0 ]
	for c in $("$GPUPERF" --list-commands); do
		[[ "$output" == *"  $c "* ]]
	done
}

# An option row: "  -k, --name ARG  description", or the name alone with the
# description on the next line at the description column (27).
help_rows_aligned() {
	local prev_alone=0 line row='^  (-[[:alnum:]], |    )--[a-z0-9-]+( [^ ]+)?(  +[^ ].*)?$'
	while IFS= read -r line; do
		if [ "$prev_alone" = 1 ]; then
			[[ "$line" =~ ^\ {27}[^\ ] ]] || { echo "no description under the name: '$line'"; return 1; }
			prev_alone=0
			continue
		fi
		[[ "$line" =~ ^\ \ (-[[:alnum:]],\ |\ \ \ \ )--[a-z] ]] || continue
		[[ "$line" =~ $row ]] || { echo "name runs into its description: '$line'"; return 1; }
		[ -n "${BASH_REMATCH[3]}" ] || prev_alone=1
	done
}

@test "--help: long option names never run into their descriptions" {
	run bash -c '"$0" --help' "$GPUPERF"
	help_rows_aligned <<<"$output"
	for c in $("$GPUPERF" --list-commands); do
		run "$GPUPERF" "$c" --help
		[ "$status" -eq 0 ]
		help_rows_aligned <<<"$output"
	done
}

@test "--version prints the version" {
	run "$GPUPERF" --version
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^gpuperf\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "the command table has the commands of the design" {
	run "$GPUPERF" --list-commands
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'info\nbandwidth\ncoalesce\nbanks\nlatency\noccupancy\npcie\np2p\nroofline\nprofile\nall\ncheck\ndiff\nfleet')" ]
}

@test "every command has --help text with its usage line" {
	for c in $("$GPUPERF" --list-commands); do
		run "$GPUPERF" "$c" --help
		[ "$status" -eq 0 ]
		[[ "${lines[0]}" == "usage: gpuperf $c"* ]]
		run "$GPUPERF" "$c" -h
		[ "$status" -eq 0 ]
	done
}

@test "no command is a usage error on stderr" {
	run_split "$GPUPERF"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == *"usage: gpuperf"* ]]
}

@test "unknown command suggests the near one" {
	assert_usage_error bandwdth
	[[ "$stderr" == *"unknown command 'bandwdth'; did you mean 'bandwidth'?"* ]]
}

@test "unknown command far from all is refused without a suggestion" {
	assert_usage_error frobnicate
	[[ "$stderr" != *"did you mean"* ]]
}

@test "unknown global option is a usage error" {
	assert_usage_error --bogus info
	[[ "$stderr" == *"unknown option '--bogus'"* ]]
}

@test "an abbreviation of several options is ambiguous, naming them, not unknown" {
	assert_usage_error --c info
	[[ "$stderr" == *"option '--c' is ambiguous: it could be '--csv' or '--counters'"* ]]
	assert_usage_error occupancy --c
	[[ "$stderr" == *"option '--c' for occupancy is ambiguous"* ]]
	[[ "$stderr" == *"'--carveout'"* ]]
	[[ "$stderr" == *"'--check-runtime'"* ]]
	[[ "$stderr" != *"unknown option"* ]]
	assert_usage_error bandwidth --s=1G
	[[ "$stderr" == *"option '--s' for bandwidth is ambiguous: it could be '--size' or '--shared-lines'"* ]]
}

@test "unknown command option suggests the near one" {
	assert_usage_error info --jsn
	[[ "$stderr" == *"did you mean '--json'?"* ]]
}

@test "unknown short option is a usage error" {
	assert_usage_error info -Z
	[[ "$stderr" == *"unknown option '-Z'"* ]]
}

@test "missing option value is a usage error" {
	assert_usage_error info --device
	[[ "$stderr" == *"needs a value"* ]]
	assert_usage_error info -o
}

@test "bad --device values are usage errors before any GPU is touched" {
	for v in x -1 1.5 "" 99999 0x1 " 1"; do
		assert_usage_error --device "$v" info
	done
}

@test "bad --counters mode is a usage error" {
	assert_usage_error --counters=sometimes info
	[[ "$stderr" == *"choose from auto, off, require"* ]]
}

@test "empty --output is a usage error" {
	assert_usage_error -o "" info
}

@test "unexpected positional argument is a usage error" {
	assert_usage_error info extra
	[[ "$stderr" == *"unexpected argument 'extra'"* ]]
}

@test "help with an unknown command is a usage error with a suggestion" {
	assert_usage_error help ocupancy
	[[ "$stderr" == *"did you mean 'occupancy'"* ]]
}

@test "help with two commands is a usage error" {
	assert_usage_error help info pcie
}

@test "help with no command prints the general help" {
	run "$GPUPERF" help
	[ "$status" -eq 0 ]
	[[ "$output" == *"Commands:"* ]]
}


@test "info without a GPU: one line on stderr, nothing on stdout, exit 3" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	run_split "$GPUPERF" info
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == "gpuperf: error: "* ]]
}

@test "info --csv without a GPU writes no partial CSV and leaves no -o file" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	dir=$(mktemp -d)
	run "$GPUPERF" --csv -o "$dir/out.csv" info
	[ "$status" -eq 3 ]
	[ -z "$(ls -A "$dir")" ]
	rm -rf "$dir"
}

@test "global options are accepted after the command too" {
	run_split "$GPUPERF" info --csv -q -d 0
	[ "$status" -ne 2 ]
}

@test "a write failure on stdout is exit 1 with a message" {
	[ -w /dev/full ] || skip "no /dev/full"
	run bash -c "'$GPUPERF' --help > /dev/full"
	[ "$status" -eq 1 ]
	[[ "$output" == *"write failure on standard output"* ]]
}

@test "help COMMAND: a write failure on stdout is exit 1 with a message, as --help" {
	[ -w /dev/full ] || skip "no /dev/full"
	for c in occupancy profile; do
		run bash -c "'$GPUPERF' help $c > /dev/full"
		[ "$status" -eq 1 ]
		[[ "$output" == *"write failure on standard output"* ]]
	done
}

@test "a write failure on stdout is said once, for a table in every format" {
	[ -w /dev/full ] || skip "no /dev/full"
	for fmt in "" --csv --json; do
		run bash -c "'$GPUPERF' $fmt occupancy --arch sm_90 --threads 256 --regs 32 2>&1 >/dev/full"
		[ "$status" -eq 1 ]
		run grep -c "write failure on standard output" <<<"$output"
		[ "$output" = 1 ]
	done
}

@test "help COMMAND to a file writes the manual page whole" {
	run bash -c "'$GPUPERF' help occupancy > '$BATS_TEST_TMPDIR/page'"
	[ "$status" -eq 0 ]
	run grep -c "gpuperf-occupancy" "$BATS_TEST_TMPDIR/page"
	[ "$output" -ge 1 ]
	run tail -n 1 "$BATS_TEST_TMPDIR/page"
	[[ "$output" == *"GPUPERF-OCCUPANCY(1)"* ]]
}

@test "sizes: the unit a range message names can be typed (2P is out of range, not 'not a size')" {
	assert_usage_error bandwidth --size 2P
	[[ "$stderr" == *"'2P' is out of range (1 B to 1 PiB)"* ]]
	assert_usage_error occupancy --arch sm_90 --threads 32 --regs 32 --smem 1E
	[[ "$stderr" == *"is out of range"* ]]
}

@test "a closed pipe ends quietly" {
	run bash -c "set -o pipefail; '$GPUPERF' --help | head -n 1"
	[ "$status" -eq 0 ] || [ "$status" -eq 141 ]
	[ "$output" = "usage: gpuperf [global options] COMMAND [command options]" ]
}

@test "options that exclude each other are a usage error naming both, in either order" {
	for pair in "--csv --json" "--json --csv" "-q -v" "--verbose --quiet" \
		    "--no-counters --counters=auto" "--counters=off --no-counters"; do
		assert_usage_error $pair occupancy --arch sm_90 --threads 32 --regs 32
		[[ "$stderr" == *"exclude each other"* ]] || { echo "$pair: $stderr"; return 1; }
	done
	assert_usage_error --csv occupancy --arch sm_90 --threads 32 --regs 32 --json
	assert_usage_error occupancy --cc 9.0 --arch sm_90 --threads 32 --regs 32
	[[ "$stderr" == *"--cc and --arch exclude each other"* ]]
}

@test "an option given twice keeps its last value" {
	run "$GPUPERF" --csv --csv occupancy --arch sm_90 --arch sm_80 --threads 64 --threads 32 --regs 1
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == ",8.0,,,,,sm_80,32,1,"* ]]
	run "$GPUPERF" --csv banks --model --width 8 --width 16 --pattern broadcast
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == *",16,"* ]]
}

@test "a GPU command without a GPU names the mode that needs none" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	for c in coalesce banks; do
		run_split "$GPUPERF" $c
		echo "$c: status $status"
		[ "$status" -eq 3 ]
		[ -z "$output" ]
		[[ "$stderr" == *"hint: --model"* ]] || { echo "$c: $stderr"; return 1; }
	done
	run_split "$GPUPERF" occupancy --threads 32 --regs 32
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"hint: pass --arch"* ]]
	run_split "$GPUPERF" occupancy --check-runtime
	[ "$status" -eq 3 ]
	[[ "$stderr" != *"hint"* ]]
	run_split "$GPUPERF" -q banks
	[ "$status" -eq 3 ] && [[ "$stderr" != *"hint"* ]]
}

@test "--device takes a number, a list, a range or all; bad ones are usage errors" {
	for v in 0 0,1 0-3 1-7:2 all; do
		run "$GPUPERF" --csv --device "$v" occupancy --arch sm_90 --threads 64 --regs 32
		[ "$status" -eq 0 ] || { echo "--device $v: $status"; return 1; }
		# a command that uses no device runs once: one row whatever the list
		[ "${#lines[@]}" -eq 2 ] || { echo "--device $v: ${#lines[@]} lines"; return 1; }
	done
	for v in x -1 1.5 "" 99999 0x1 " 1" 3-1 all,0 0,,1 1024; do
		assert_usage_error --device "$v" info
	done
}

@test "--device LIST without a GPU: exit 3 before anything is measured" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	for v in all 0,1; do
		run_split "$GPUPERF" --csv --device "$v" info
		echo "--device $v: status $status"
		[ "$status" -eq 3 ]
		[ -z "$output" ]
	done
}

@test "sizes in messages are in the units typed or binary units, never raw byte counts" {
	assert_usage_error pcie --size 2T
	[[ "$stderr" == *"--size: '2T' is out of range (1 B to 1 TiB)"* ]]
	assert_usage_error bandwidth --size 0
	[[ "$stderr" == *"--size: '0' is out of range (1 B to 1 PiB)"* ]]
	assert_usage_error pcie --size 1M-2T:x2
	[[ "$stderr" == *"--size: 2 TiB (in '1M-2T:x2') is out of range (1 B to 1 TiB)"* ]]
	assert_usage_error pcie --size 99999999999T
	[[ "$stderr" == *"--size: '99999999999T' is out of range (1 B to 1 TiB)"* ]]
	assert_usage_error occupancy --arch sm_90 --threads 256 --regs 32 --smem 2G
	[[ "$stderr" == *"--smem: '2G' is out of range (0 B to 1 GiB)"* ]]
	for args in "pcie --size 2T" "bandwidth --size 0" "pcie --size 1M-2T:x2" "coalesce --model --size 2T"; do
		assert_usage_error $args
		! grep -qE '[0-9]{7}' <<<"$stderr" || { echo "$args: $stderr"; return 1; }
	done
}
