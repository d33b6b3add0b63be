#!/usr/bin/env bats
# Every no-GPU path (occupancy for many architectures, its sweeps and
# --binary, the --model tables, every usage error) prints exactly what its
# golden file holds: status, stdout and stderr.  The files were captured
# before the parse/measure/tabulate/render refactor; tests/cli/golden/update.sh
# regenerates them when a change of output is meant.

load lib

ROOT=$BATS_TEST_DIRNAME/../..

@test "golden outputs of the no-GPU paths are unchanged" {
	cd "$ROOT"
	local n=0 bad=() line want got
	while IFS= read -r line; do
		case "$line" in ''|'#'*) continue ;; esac
		n=$((n + 1))
		want=$(printf 'tests/cli/golden/out-%03d.txt' "$n")
		got=$(tests/cli/golden/run-case.sh "$GPUPERF" "$line")
		if [ "$got" != "$(cat "$want")" ]; then
			bad+=("$want: gpuperf $line")
			diff <(echo "$got") "$want" | head -n 10 >&2
		fi
	done <tests/cli/golden/cases
	[ "$n" -gt 100 ]
	[ "${#bad[@]}" -eq 0 ] || { printf '%s\n' "${bad[@]}"; return 1; }
}
