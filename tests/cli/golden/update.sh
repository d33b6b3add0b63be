#!/usr/bin/env bash
# Regenerate the golden files from the current ./gpuperf, one file per case:
# the exit status, then stdout, then stderr.  Only when a change of output
# is meant; review the diff before committing it.
set -u
cd "$(dirname "$0")/../../.." || exit 1
dir=tests/cli/golden
rm -f "$dir"/out-*.txt
n=0
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	tests/cli/golden/run-case.sh ./gpuperf "$line" >"$(printf '%s/out-%03d.txt' "$dir" "$n")"
done <"$dir/cases"
echo "$n cases written"
