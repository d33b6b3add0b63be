#!/usr/bin/env bash
# Run gpuperf's tests and count their TAP results.
#
#   tests/run.sh [--all]   unit, CLI, meta (checks of the tests themselves),
#                          the unit and CLI tests again under ASan/UBSan, and
#                          GPU (skipped without a GPU)
#   tests/run.sh --unit | --cli | --meta | --asan | --gpu
#   tests/run.sh FILE...   each test file alone, as its suite runs it: a bats
#                          file by path (tests/cli/occupancy.bats) or by a name
#                          only one has (layering), a unit test by name (t-parse),
#                          binary (build/tests/t-parse, build-asan/tests/t-parse)
#                          or source (tests/unit/t-parse.c)
#
# Ends with one line per suite or file (passed, failed, skipped), the skips
# of each grouped by their reason ("85 gpu tests skipped: no GPU on this
# machine"), then "total: N passed, N failed, N skipped"; exits 1 when
# anything failed.  A run also counts as a failure when its program exits
# non-zero without a failing test, or when its plan (1..N) is not the
# number of results it printed (a test killed, or bats' "Executed 2
# instead of expected 3 tests").  Lines a test prints as "# ..." are its
# diagnostics (expected messages are marked so), echoed as they come.
# --gpu, and a file of tests/gpu, set GPUPERF_REQUIRE_GPU=1 and
# GPUPERF_REQUIRE_COUNTERS=1 unless they are set: without a GPU, or without
# counters where another tool reads them, those tests fail instead of
# skipping.  TAP_LOG=FILE appends every raw TAP stream to FILE.
#
# Under GPUPERF_REQUIRE_GPU=1 (make test-gpu) or in CI (CI set and not
# "false"), a skip counts as a failure unless its reason is one of
# EXPECTED_SKIPS below: the machine lacks a GPU, a second GPU or MIG (or
# has what a CPU-only test must not see), or an optional tool is missing.
set -u

# The signal tests send INT, QUIT, TERM and HUP and expect their default
# actions; a suite started in the background (INT and QUIT ignored) or under
# nohup (HUP ignored) would hand those ignored on to every program, and a
# shell cannot undo an ignore it inherited: start again with the defaults.
if [ -z "${GPUPERF_TESTS_SIGNALS:-}" ]; then
	GPUPERF_TESTS_SIGNALS=default exec env --default-signal=INT,QUIT,TERM,HUP "$0" "$@"
fi

# The skips that a run under GPUPERF_REQUIRE_GPU=1 or in CI accepts:
# extended regular expressions matched against the reason.  Keep it short:
# a new entry is a new kind of machine, not a test that could not run.
EXPECTED_SKIPS=(
	# no GPU: a CPU machine (CI) skips the GPU tests
	'^no GPU on this machine$'
	'^no CUDA device$'
	# a GPU present: the tests of the no-GPU paths skip on a GPU machine
	'^this machine has a GPU$'
	'^a GPU is (present|here|meant to be here)'
	'^this machine has an NVIDIA driver'
	# one GPU, or several: the tests of the other case skip
	'^one GPU'
	'^[0-9]+ GPUs'
	# no MIG
	'^MIG is not enabled'
	# a host with less memory than its GPU (an H200's 141 GB on a 128 GiB machine)
	'^the host has less memory than the device$'
	# a missing optional tool
	' is not installed'
	# ASan builds: neither CUPTI nor valgrind runs under AddressSanitizer
	'(^|: )counters are not available in (ASan|AddressSanitizer) builds'
	'^the ASan pass does not run valgrind$'
)
# Counters Nsight Compute cannot read either, where GPUPERF_REQUIRE_COUNTERS=0 allows it.
[ "${GPUPERF_REQUIRE_COUNTERS:-}" != 0 ] || EXPECTED_SKIPS+=('^counters unreadable: ')

cd "$(dirname "$0")/.." || exit 1

passed=0 failed=0 skipped=0      # the current suite's
total_passed=0 total_failed=0 total_skipped=0
failures=()
summary=()
declare -A reasons               # skip reason -> count, for the current suite
usage="usage: tests/run.sh [--all|--unit|--cli|--meta|--asan|--gpu|FILE...]"

# A failure that is no test's "not ok" line: a run that died or lied.
fail_run() {
	failed=$((failed + 1))
	failures+=("$1")
	echo "not ok - $1"
}

# The skips are judged (see EXPECTED_SKIPS): under GPUPERF_REQUIRE_GPU=1 or in CI.
skips_judged() {
	[ "${GPUPERF_REQUIRE_GPU:-0}" = 1 ] || { [ -n "${CI:-}" ] && [ "${CI:-}" != false ]; }
}

expected_skip() {
	local re
	for re in "${EXPECTED_SKIPS[@]}"; do
		[[ "$1" =~ $re ]] && return 0
	done
	return 1
}

# Count a skip of test NAME and its reason; where skips are judged, one for
# a reason that is not expected is a failure instead.
count_skip() {
	local name=$1 why=${2# }
	why=${why:-no reason given}
	if skips_judged && ! expected_skip "$why"; then
		fail_run "$name: skipped, and the reason is not an expected one (tests/run.sh, EXPECTED_SKIPS): $why"
		return
	fi
	skipped=$((skipped + 1))
	reasons[$why]=$(( ${reasons[$why]:-0} + 1 ))
}

# Count one TAP stream (stdin), then hold it to its plan and exit status.
# name labels failures; a plan of "1..0 # SKIP why" (a whole program
# skipped) counts as one skip.
count_tap() {
	local name=$1 status=$2 out line plan='' results=0 bad=0
	out=$(cat)
	[ -z "${TAP_LOG:-}" ] || printf '%s\n' "$out" >>"$TAP_LOG"
	while IFS= read -r line; do
		case "$line" in
		"not ok"*)
			failed=$((failed + 1)) bad=$((bad + 1)) results=$((results + 1))
			failures+=("$name: $line"); echo "$line" ;;
		"ok"*"# skip"*|"ok"*"# SKIP"*)
			results=$((results + 1))
			count_skip "$name: ${line%%\# [sS][kK][iI][pP]*}" "${line#*\# [sS][kK][iI][pP]}" ;;
		"ok"*) passed=$((passed + 1)) results=$((results + 1)) ;;
		"#"*) echo "$line" ;;
		1..*)
			if [[ "$line" =~ ^1\.\.([0-9]+)$ ]]; then
				plan=${BASH_REMATCH[1]}
			elif [[ "$line" =~ ^1\.\.0\ *#\ *[sS][kK][iI][pP](.*)$ ]]; then
				plan=0
				count_skip "$name" "${BASH_REMATCH[1]}"
			fi ;;
		esac
	done <<<"$out"
	if [ -z "$plan" ]; then
		fail_run "$name: no plan (1..N): it stopped before its end (status $status)"
	elif [ "$plan" -ne "$results" ]; then
		fail_run "$name: plan 1..$plan but $results results: a test died"
	elif [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
		fail_run "$name: exited with status $status without a failing test"
	else
		return 0
	fi
	tail -n 20 <<<"$out"
}

run_unit_file() {  # a t-* binary
	local out status
	out=$("$1" 2>&1)
	status=$?
	count_tap "$1" "$status" <<<"$out"
}

run_unit() {  # dir with t-* binaries
	local t
	for t in "$1"/tests/t-*; do
		[ -x "$t" ] || continue
		run_unit_file "$t"
	done
}

run_bats() {  # binary, bats file or folder of them
	local bin=$1 path=$2 out status
	if [ -d "$path" ] && ! ls "$path"/*.bats >/dev/null 2>&1; then
		return 0
	fi
	out=$(GPUPERF=$bin bats --tap "$path" 2>&1)
	status=$?
	count_tap "$path ($bin)" "$status" <<<"$out"
}

# "unit: 1873 passed, 0 failed, 1 skipped" and a line per skip reason, most
# frequent first ("tests" where the label is a file).
end_suite() {
	local label=$1 kind=${2-$1 } why
	summary+=("$(printf '%-5s %d passed, %d failed, %d skipped' "$label:" "$passed" "$failed" "$skipped")")
	while IFS=$'\t' read -r n why; do
		[ -n "$n" ] || continue
		summary+=("$(printf '      %d %stest%s skipped: %s' "$n" "$kind" "$([ "$n" -eq 1 ] || echo s)" "$why")")
	done < <(for why in "${!reasons[@]}"; do printf '%d\t%s\n' "${reasons[$why]}" "$why"; done | sort -t$'\t' -k1,1nr -k2)
	total_passed=$((total_passed + passed)) total_failed=$((total_failed + failed))
	total_skipped=$((total_skipped + skipped))
	passed=0 failed=0 skipped=0
	reasons=()
}

require_gpu_tests() {
	export GPUPERF_REQUIRE_GPU=${GPUPERF_REQUIRE_GPU:-1}
	export GPUPERF_REQUIRE_COUNTERS=${GPUPERF_REQUIRE_COUNTERS:-1}
}

suite() {
	echo "== $1"
	case "$1" in
	unit) run_unit build ;;
	cli) run_bats "$PWD/gpuperf" tests/cli ;;
	meta) run_bats "$PWD/gpuperf" tests/meta ;;
	asan)
		export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
		export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
		run_unit build-asan
		# build-asan/ has no library of its own to inject: the build's
		GPUPERF_INJECT_LIB=${GPUPERF_INJECT_LIB:-$PWD/build/lib/gpuperf/libgpuperf-inject.so} \
			run_bats "$PWD/build-asan/gpuperf" tests/cli
		unset ASAN_OPTIONS UBSAN_OPTIONS ;;
	gpu) run_bats "$PWD/gpuperf" tests/gpu ;;
	esac
	end_suite "$1"
}

# The test file an argument names: "bats PATH" or "unit PATH"; status 1
# with the reason when it names none, or several.
resolve() {
	local a=$1 n found=()
	if [ -d "$a" ] && ls "$a"/*.bats >/dev/null 2>&1; then
		echo "bats $a"
		return 0
	fi
	if [ -f "$a" ]; then
		case $a in
		*.bats) echo "bats $a" ;;
		*tests/unit/t-*.c) n=$(basename "$a" .c); found=("build/tests/$n") ;;
		*) [ -x "$a" ] && echo "unit $a" || { echo "'$a' is neither a bats file nor a unit test program"; return 1; } ;;
		esac
		[ "${#found[@]}" -eq 0 ] && return 0
	else
		n=$(basename "$a")
		n=${n%.bats}
		n=${n%.c}
		for f in tests/*/"$n".bats; do
			[ -f "$f" ] && found+=("$f")
		done
		if [ -f "tests/unit/$n.c" ]; then
			found+=("build/tests/$n")
		fi
	fi
	case ${#found[@]} in
	0) echo "no test file named '$a' (tests/*/NAME.bats, tests/unit/NAME.c)"; return 1 ;;
	1) ;;
	*) echo "'$a' names ${found[*]}: give the path"; return 1 ;;
	esac
	case ${found[0]} in
	*.bats) echo "bats ${found[0]}" ;;
	*) [ -x "${found[0]}" ] || { echo "${found[0]} is not built: make ${found[0]}"; return 1; }
	   echo "unit ${found[0]}" ;;
	esac
}

run_file() {  # kind, path
	local kind=$1 path=$2
	echo "== $path"
	case $kind in
	bats)
		local dir=$path
		[ -d "$dir" ] || dir=$(dirname "$path")
		case $(cd "$dir" && pwd) in
		"$PWD"/tests/gpu) require_gpu_tests ;;
		esac
		run_bats "${GPUPERF:-$PWD/gpuperf}" "$path" ;;
	unit)
		case $path in
		*build-asan/*)
			ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
			UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 run_unit_file "$path" ;;
		*) run_unit_file "$path" ;;
		esac ;;
	esac
	end_suite "$path" ""
}

case "${1:---all}" in
--all) suite unit; suite cli; suite meta; suite asan; suite gpu ;;
--unit) suite unit ;;
--cli) suite cli ;;
--meta) suite meta ;;
--asan) suite asan ;;
--gpu) require_gpu_tests; suite gpu ;;
-*) echo "$usage" >&2; exit 2 ;;
*)
	files=()
	for a in "$@"; do
		if ! r=$(resolve "$a"); then
			echo "tests/run.sh: $r" >&2
			echo "$usage" >&2
			exit 2
		fi
		files+=("$r")
	done
	for r in "${files[@]}"; do
		run_file "${r%% *}" "${r#* }"
	done ;;
esac

if [ "${#failures[@]}" -gt 0 ]; then
	echo "== failures"
	printf '  %s\n' "${failures[@]}"
fi
echo "== summary"
printf '%s\n' "${summary[@]}"
echo "total: $total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" -eq 0 ]
