#!/usr/bin/env bash
# Run gpuperf's test suites and count TAP results.
#
#   tests/run.sh --all     unit, CLI, the same under ASan/UBSan, GPU (skips without a GPU)
#   tests/run.sh --unit | --cli | --asan | --gpu
#
# Ends with one line per suite (passed, failed, skipped), the skips of each
# grouped by their reason ("85 gpu tests skipped: no GPU on this machine"),
# then "total: N passed, N failed, N skipped"; exits 1 when anything failed.
# Lines a test prints as "# ..." are its diagnostics (expected messages are
# marked so), echoed as they come.
# --gpu sets GPUPERF_REQUIRE_GPU=1: without a GPU its tests fail instead of skipping.
set -u
cd "$(dirname "$0")/.." || exit 1

passed=0 failed=0 skipped=0      # the current suite's
total_passed=0 total_failed=0 total_skipped=0
failures=()
summary=()
declare -A reasons               # skip reason -> count, for the current suite

# Count one TAP stream read from stdin; name labels failures.
count_tap() {
	local name=$1 line why
	while IFS= read -r line; do
		case "$line" in
		"not ok"*) failed=$((failed + 1)); failures+=("$name: $line"); echo "$line" ;;
		"ok"*"# skip"*|"ok"*"# SKIP"*)
			skipped=$((skipped + 1))
			why=${line#*\# [sS][kK][iI][pP]}
			why=${why# }
			why=${why:-no reason given}
			reasons[$why]=$(( ${reasons[$why]:-0} + 1 )) ;;
		"ok"*) passed=$((passed + 1)) ;;
		"#"*) echo "$line" ;;
		esac
	done
}

run_unit() {  # dir with t-* binaries
	local dir=$1 t out status
	for t in "$dir"/tests/t-*; do
		[ -x "$t" ] || continue
		out=$("$t" 2>&1); status=$?
		count_tap "$t" <<<"$out"
		if [ "$status" -ne 0 ] && ! grep -q '^not ok' <<<"$out"; then
			failed=$((failed + 1)); failures+=("$t exited with status $status")
			tail -n 20 <<<"$out"
		fi
	done
}

run_bats() {  # binary, suite dir
	local bin=$1 dir=$2 out
	ls "$dir"/*.bats >/dev/null 2>&1 || return 0
	out=$(GPUPERF="$PWD/$bin" bats --tap "$dir" 2>&1)
	count_tap "$dir ($bin)" <<<"$out"
	if ! grep -q '^1\.\.' <<<"$out"; then
		failed=$((failed + 1)); failures+=("$dir: bats did not run")
		tail -n 20 <<<"$out"
	fi
}

# "unit: 1873 passed, 0 failed, 1 skipped" and a line per skip reason, most frequent first.
end_suite() {
	local suite=$1 why
	summary+=("$(printf '%-5s %d passed, %d failed, %d skipped' "$suite:" "$passed" "$failed" "$skipped")")
	while IFS=$'\t' read -r n why; do
		[ -n "$n" ] || continue
		summary+=("$(printf '      %d %s test%s skipped: %s' "$n" "$suite" "$([ "$n" -eq 1 ] || echo s)" "$why")")
	done < <(for why in "${!reasons[@]}"; do printf '%d\t%s\n' "${reasons[$why]}" "$why"; done | sort -t$'\t' -k1,1nr -k2)
	total_passed=$((total_passed + passed)) total_failed=$((total_failed + failed))
	total_skipped=$((total_skipped + skipped))
	passed=0 failed=0 skipped=0
	reasons=()
}

suite() {
	echo "== $1"
	case "$1" in
	unit) run_unit build ;;
	cli) run_bats gpuperf tests/cli ;;
	asan)
		export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
		export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
		run_unit build-asan
		# build-asan/ has no library of its own to inject: the build's
		GPUPERF_INJECT_LIB=${GPUPERF_INJECT_LIB:-$PWD/build/lib/gpuperf/libgpuperf-inject.so} \
			run_bats build-asan/gpuperf tests/cli
		unset ASAN_OPTIONS UBSAN_OPTIONS ;;
	gpu) run_bats gpuperf tests/gpu ;;
	esac
	end_suite "$1"
}

case "${1:---all}" in
--all) suite unit; suite cli; suite asan; suite gpu ;;
--unit) suite unit ;;
--cli) suite cli ;;
--asan) suite asan ;;
--gpu) export GPUPERF_REQUIRE_GPU=1; suite gpu ;;
*) echo "usage: tests/run.sh [--all|--unit|--cli|--asan|--gpu]" >&2; exit 2 ;;
esac

if [ "${#failures[@]}" -gt 0 ]; then
	echo "== failures"
	printf '  %s\n' "${failures[@]}"
fi
echo "== summary"
printf '%s\n' "${summary[@]}"
echo "total: $total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" -eq 0 ]
