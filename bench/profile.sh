#!/usr/bin/env bash
# What gpuperf profile costs on a real workload, against the program alone
# and against Nsight Compute reading the same metrics, in the same run:
#
#   - a PyTorch script (a 4096^2 fp32 matmul, an elementwise chain, a row
#     reduction, 20 rounds), the issue's acid test, where python3 has torch;
#   - tests/apps/transpose (three kernels, 15 launches), a CUDA C++ program.
#
# Each is timed (wall clock, median of 3) alone, under gpuperf profile with
# its defaults (3 profiled launches per kernel), and once under ncu with
# profile's metric list (--clock-control none, its default replay; ncu has
# no per-kernel launch limit, so it profiles every launch, as a user who
# types `ncu --metrics ...` gets).  Targets (DESIGN.md): profiled under 3x
# the plain time, and faster than ncu.  Until `gpuperf profile` exists the
# profiled runs go through build/tests/profile-driver (the same library).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/profile
mkdir -p "$out"
status=0

make -s gpuperf build/lib/gpuperf/libgpuperf-inject.so build/tests/profile-driver \
	build/tests/apps/transpose || exit 1

if ./gpuperf help profile >/dev/null 2>&1; then
	profiler=(./gpuperf -o "$out/profile.txt" profile --)
	how="gpuperf profile"
else
	profiler=(build/tests/profile-driver -o "$out/profile.tsv" --)
	how="profile-driver (gpuperf profile not built yet)"
fi

now() { date +%s.%N; }

# median3 CMD...: median wall seconds of three runs (output to $out/last.*).
median3() {
	local t=() a b
	for _ in 1 2 3; do
		a=$(now)
		"$@" >"$out/last.out" 2>"$out/last.err" || echo "  (exit status $?)" >&2
		b=$(now)
		t+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b - a }')")
	done
	printf '%s\n' "${t[@]}" | sort -n | sed -n 2p
}

once() {
	local a b
	a=$(now)
	"$@" >"$out/last.out" 2>"$out/last.err" || echo "  (exit status $?)" >&2
	b=$(now)
	awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b - a }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# compare NAME CMD...: the three timings of one workload, and the verdict.
compare() {
	local name=$1 plain prof ncu_t="" metrics
	shift
	echo "== $name"
	plain=$(median3 "$@")
	prof=$(median3 "${profiler[@]}" "$@")
	cp "$out/last.err" "$out/$name.profile.err"
	[ -f "$out/profile.tsv" ] && cp "$out/profile.tsv" "$out/$name.profile.tsv"
	[ -f "$out/profile.txt" ] && cp "$out/profile.txt" "$out/$name.profile.txt"
	echo "  plain            $plain s"
	echo "  $how: $prof s ($(ratio "$prof" "$plain")x plain)"
	if command -v ncu >/dev/null 2>&1; then
		metrics=$(build/tests/profile-driver -m)
		ncu_t=$(once ncu --clock-control none --metrics "$metrics" --csv "$@")
		cp "$out/last.out" "$out/$name.ncu.csv"
		echo "  ncu (same metrics, every launch): $ncu_t s ($(ratio "$ncu_t" "$plain")x plain," \
			"$(grep -c '"gpu__time_duration.sum"' "$out/$name.ncu.csv") launches profiled)"
	else
		echo "  ncu: not installed"
	fi
	if awk -v p="$prof" -v q="$plain" 'BEGIN { exit !(p < 3 * q) }'; then
		echo "  target under 3x plain: PASS"
	else
		echo "  target under 3x plain: FAIL"
		status=1
	fi
	if [ -n "$ncu_t" ]; then
		if awk -v p="$prof" -v n="$ncu_t" 'BEGIN { exit !(p < n) }'; then
			echo "  target faster than ncu: PASS"
		else
			echo "  target faster than ncu: FAIL"
			status=1
		fi
	fi
	grep -E 'summary|note' "$out/$name.profile.tsv" 2>/dev/null | cut -f2- | sed 's/^/  /'
}

cat >"$out/workload.py" <<'EOF'
# gpuperf profile's PyTorch workload: a matmul, an elementwise chain and a
# reduction, 20 rounds, with a result check so nothing is optimised away.
import torch

torch.manual_seed(0)
a = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, 4096, device="cuda")
total = 0.0
for _ in range(20):
    c = a @ b                          # cuBLAS GEMM
    d = torch.relu(c) * 0.5 + 1.0      # elementwise kernels
    s = d.sum(dim=1)                   # a row reduction
    total += float(s[0])
torch.cuda.synchronize()
print(f"checksum {total:.6e}")
EOF

# breakdown NAME CMD...: where the profiled time goes (gpuperf -v says what the
# library spent setting up counters and inside the profiled launches), with
# and without the instrumented counters.
breakdown() {
	local name=$1 t
	shift
	[ "${profiler[0]}" = ./gpuperf ] || return 0
	echo "== $name: where the time goes"
	t=$(once ./gpuperf -v -o "$out/$name.v.txt" profile -- "$@")
	echo "  default: $t s"
	grep -h 'profile:' "$out/last.err" | grep -v 'launch of' | sed 's/^/    /'
	grep -h 'launch of' "$out/last.err" | head -n 6 | sed 's/^/    /'
	t=$(GPUPERF_PROFILE_COUNTERS=plain once ./gpuperf -v -o "$out/$name.plain.txt" profile -- "$@")
	echo "  GPUPERF_PROFILE_COUNTERS=plain: $t s"
	grep -h 'profile:' "$out/last.err" | grep -v 'launch of' | sed 's/^/    /'
}

if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
	compare pytorch python3 "$out/workload.py"
	breakdown pytorch python3 "$out/workload.py"
else
	echo "== pytorch: python3 has no CUDA-enabled torch here; skipped"
fi
compare transpose build/tests/apps/transpose
breakdown transpose build/tests/apps/transpose
exit $status
