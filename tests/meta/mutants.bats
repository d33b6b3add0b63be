#!/usr/bin/env bats
# The mutation check: fake gpuperfs that each break one behaviour must
# fail the CLI tests that cover it.  A mutant (tests/meta/mutants/NAME,
# around mutants/lib.sh) runs the real binary and changes its output or
# exit status; each test below runs the tests named in CAUGHT_BY with
# GPUPERF pointing at the mutant, and passes only when every one of them
# fails.  The control runs all of them through the mutant that changes
# nothing: they pass there, so a failure is the mutation's doing.
#
# mutant               what it breaks                       caught by (tests/cli/)
# silent-not-found     a missing program: exit 1, no       profile.bats: cannot be started: 127 or 126
#                      message (not 127/126 + message)
# warps-bind           occupancy table: an extra "warps     occupancy.bats: ... registers bind
#                      ... <== binds" line
# usage-status         usage errors exit 1, not 2          usage.bats: unknown global option, missing
#                                                          option value; banks.bats: usage errors
# usage-silent         usage errors without their message  usage.bats: unknown command option, help
#                                                          with two commands
# partial-stdout       a failed run prints a partial CSV   occupancy.bats: usage errors, unknown
#                      line on stdout                      architecture; coalesce.bats: overrun
# csv-renamed          CSV column occupancy_pct renamed    occupancy.bats: the issue's columns, every
#                                                          CSV column is one --list-columns names
# occupancy-figure     occupancy --csv: one block per SM   occupancy.bats: the classic CC 1.x cases,
#                      more than computed                  --sweep regs
# json-key-dropped     JSON records lose their last key    occupancy.bats: JSON ... the same keys;
#                                                          coalesce.bats: --json an array of records
# banks-ways           banks --model: stride 2 is 1-way    banks.bats: ways are gcd(stride, 32)
# coalesce-sectors     coalesce --model: a misaligned      coalesce.bats: sectors per request follow
#                      load costs no extra sector          the rule, --width 16 ... 17 sectors
# help-option-dropped  --help loses the --stride lines     banks.bats, coalesce.bats: --help names
#                                                          every option

CLI=$BATS_TEST_DIRNAME/../cli
MUTANTS=$BATS_TEST_DIRNAME/mutants

# mutant|file|test: the tests each mutant must fail, by their full names.
CAUGHT_BY=(
	"silent-not-found|profile.bats|profile: a program that cannot be started: 127 or 126 with a message"
	"warps-bind|occupancy.bats|occupancy: sm_90, 256 threads x 64 registers is 4 blocks, 50 %, registers bind"
	"usage-status|usage.bats|unknown global option is a usage error"
	"usage-status|usage.bats|missing option value is a usage error"
	"usage-status|banks.bats|banks: usage errors exit 2 before any GPU is touched"
	"usage-silent|usage.bats|unknown command option suggests the near one"
	"usage-silent|usage.bats|help with two commands is a usage error"
	"partial-stdout|occupancy.bats|occupancy: usage errors exit 2 with nothing on stdout"
	"partial-stdout|occupancy.bats|occupancy: unknown architecture is a usage error listing the known ones"
	"partial-stdout|coalesce.bats|coalesce: offsets and strides that overrun the buffer are usage errors"
	"csv-renamed|occupancy.bats|occupancy: CSV has the issue's columns, named exactly so, and one row"
	"csv-renamed|occupancy.bats|occupancy: every CSV column is one --list-columns names"
	"occupancy-figure|occupancy.bats|occupancy: the classic CC 1.x cases"
	"occupancy-figure|occupancy.bats|occupancy: --sweep regs has a row per register count and marks the current one"
	"json-key-dropped|occupancy.bats|occupancy: JSON is an array of one object with the same keys"
	"json-key-dropped|coalesce.bats|coalesce --model --json: an array of records"
	"banks-ways|banks.bats|banks --model: ways are gcd(stride, 32) for 4-byte words"
	"coalesce-sectors|coalesce.bats|coalesce --model: sectors per request follow the rule"
	"coalesce-sectors|coalesce.bats|coalesce --model --width 16 --op load: no store column, 17 sectors when misaligned"
	"help-option-dropped|banks.bats|banks --help names every option"
	"help-option-dropped|coalesce.bats|coalesce --help names every option"
)

setup_file() {
	export GPUPERF_REAL=${GPUPERF:-$BATS_TEST_DIRNAME/../../gpuperf}
}

# A bats filter matching exactly the names given.
exactly() {
	local re='' n
	for n in "$@"; do
		re+="${re:+|}$(sed 's/[][\\.^$*+?(){}|]/\\&/g' <<<"$n")"
	done
	echo "^($re)\$"
}

# through MUTANT KEY: run the tests of CAUGHT_BY whose mutant is KEY (every
# one when KEY is "all") through MUTANT, a bats run per file.  Sets $tap
# (their TAP), $named, and $ran, $failed and $skipped (results counted).
through() {
	local mutant=$1 key=$2 file row m f t names
	tap='' named=0
	for file in $(printf '%s\n' "${CAUGHT_BY[@]}" | cut -d'|' -f2 | sort -u); do
		names=()
		for row in "${CAUGHT_BY[@]}"; do
			IFS='|' read -r m f t <<<"$row"
			if [ "$f" = "$file" ] && { [ "$key" = all ] || [ "$m" = "$key" ]; }; then
				names+=("$t")
			fi
		done
		[ "${#names[@]}" -gt 0 ] || continue
		named=$((named + ${#names[@]}))
		# bats fails when a test fails: that is the point here
		tap+=$(GPUPERF=$MUTANTS/$mutant bats --tap -f "$(exactly "${names[@]}")" "$CLI/$file" 2>&1 || true)
		tap+=$'\n'
	done
	ran=$(grep -cE '^(ok|not ok) ' <<<"$tap" || true)
	failed=$(grep -c '^not ok ' <<<"$tap" || true)
	skipped=$(grep -cE '^ok .*# skip' <<<"$tap" || true)
}

# caught MUTANT: every test named for MUTANT ran and failed.
caught() {
	through "$1" "$1"
	echo "$tap"
	echo "$1: $failed of $ran tests failed, $named named"
	[ "$named" -gt 0 ]
	[ "$ran" -eq "$named" ]
	[ "$failed" -eq "$named" ]
}

@test "mutants: the control (a wrapper that changes nothing) passes every named test" {
	through same all
	echo "$tap"
	[ "$named" -eq "${#CAUGHT_BY[@]}" ]
	[ "$ran" -eq "$named" ]
	[ "$failed" -eq 0 ]
	[ "$skipped" -eq 0 ]
}

@test "mutant silent-not-found: a program that cannot be started, exit 1 and no message" {
	caught silent-not-found
}

@test "mutant warps-bind: occupancy says warps bind too" {
	caught warps-bind
}

@test "mutant usage-status: usage errors exit 1" {
	caught usage-status
}

@test "mutant usage-silent: usage errors say nothing" {
	caught usage-silent
}

@test "mutant partial-stdout: a failed run leaves a partial CSV line" {
	caught partial-stdout
}

@test "mutant csv-renamed: a CSV column renamed" {
	caught csv-renamed
}

@test "mutant occupancy-figure: one active block more" {
	caught occupancy-figure
}

@test "mutant json-key-dropped: JSON records lose a key" {
	caught json-key-dropped
}

@test "mutant banks-ways: banks --model calls stride 2 conflict-free" {
	caught banks-ways
}

@test "mutant coalesce-sectors: coalesce --model forgets the misaligned sector" {
	caught coalesce-sectors
}

@test "mutant help-option-dropped: --help loses an option" {
	caught help-option-dropped
}
