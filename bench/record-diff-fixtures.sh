#!/usr/bin/env bash
# Record on a GPU machine the pairs of real outputs that gpuperf diff's CPU
# tests compare (tests/cli/diff.bats reads them from tests/fixtures/diff/h100):
#
#   bench/record-diff-fixtures.sh [DIR]     (default $OUT/diff-fixtures, else
#                                            tests/fixtures/diff/h100)
#
# Two runs of each of a few commands, in the forms the tests read:
#   bandwidth-1.csv, bandwidth-2.csv   gpuperf --csv bandwidth --reps auto
#   latency-1.json, latency-2.json     gpuperf --json latency, three sizes
#   all-1.json, all-2.json             gpuperf --json all
# and a kernel before and after its fix (tests/apps/transpose-fix.cu, built
# naive, then tiled with -DFIXED: one kernel name, `transpose`):
#   profile-before.csv, profile-after.csv   gpuperf --csv profile --set full -- APP
# Then each pair through gpuperf diff, as the README's "Did my fix help?"
# shows it (diff-*.txt), and the time of every step (times.txt).  About a
# minute of GPU time after the build.  Exits 1 when a step failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
dir=${1:-${OUT:+$OUT/diff-fixtures}}
dir=${dir:-tests/fixtures/diff/h100}
mkdir -p "$dir" || exit 1
bin=./gpuperf
apps=build/tests/apps
status=0

make -s -j"$(nproc)" ${GPU_ARCHS:+GPU_ARCHS="$GPU_ARCHS"} gpuperf \
	build/lib/gpuperf/libgpuperf-inject.so "$apps/transpose-fix" "$apps/transpose-fixed" || exit 1
: >"$dir/times.txt"

# step NAME CMD...: run CMD, its stderr to NAME.err, its wall time to times.txt.
step() {
	local name=$1 t0 t1 rc
	shift
	t0=$(date +%s.%N)
	"$@" 2>"$dir/$name.err"
	rc=$?
	t1=$(date +%s.%N)
	awk -v n="$name" -v a="$t0" -v b="$t1" -v rc="$rc" \
		'BEGIN { printf "%-16s %6.1f s  exit %d\n", n, b - a, rc }' | tee -a "$dir/times.txt"
	[ -s "$dir/$name.err" ] || rm -f "$dir/$name.err"
	if [ "$rc" -ne 0 ]; then
		status=1
		cat "$dir/$name.err" 2>/dev/null
	fi
}

echo "== $("$bin" --csv info 2>/dev/null | awk -F, 'NR == 2 { print $1 ", CC " $2 }') -> $dir"
for i in 1 2; do
	step "bandwidth-$i" "$bin" --csv -o "$dir/bandwidth-$i.csv" bandwidth --reps auto
	step "latency-$i" "$bin" --json -o "$dir/latency-$i.json" latency --size 16K,8M,1G
	step "all-$i" "$bin" --json -o "$dir/all-$i.json" all
done
step profile-before "$bin" --csv -o "$dir/profile-before.csv" profile --set full -- "$apps/transpose-fix"
step profile-after "$bin" --csv -o "$dir/profile-after.csv" profile --set full -- "$apps/transpose-fixed"

# What diff makes of them: two runs should be the same (an unexplained
# worse or better is noise the defaults do not cover), the fix better.
for pair in bandwidth-1.csv:bandwidth-2.csv latency-1.json:latency-2.json \
	    all-1.json:all-2.json profile-before.csv:profile-after.csv; do
	a=${pair%%:*} b=${pair##*:}
	[ -s "$dir/$a" ] && [ -s "$dir/$b" ] || continue
	(cd "$dir" && "$OLDPWD/$bin" diff "$a" "$b") >"$dir/diff-${a%%-*}.txt" 2>&1 || status=1
	echo "== gpuperf diff $a $b"
	cat "$dir/diff-${a%%-*}.txt"
done
exit "$status"
