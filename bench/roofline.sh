#!/usr/bin/env bash
# gpuperf roofline against its targets (H100 SXM), beside references from the same run:
#
#   bench/roofline.sh            (from the repository root or anywhere; builds if needed)
#
# 1. `gpuperf roofline` with defaults, CSV, wall clock timed; then its human table
#    (the method and note of every row, the ridge points).  Where it fails (exit 1,
#    nothing on stdout), each ceiling alone, with its status and message, and the
#    rows of those that pass stand in for the whole run below;
# 2. the memory references: `gpuperf bandwidth` reading the same three sets (64K,
#    the L2 set, 1G) and `gpuperf banks` stride 1 at 16 B;
# 3. cuBLAS through PyTorch: the median of 10 CUDA-event-timed 8192^3 matmuls of
#    random data after 3 warm-ups, in fp16, bf16, tf32 (allow_tf32), fp32, fp64,
#    int8 (torch._int_mm) and fp8 e4m3 (torch._scaled_mm) where there are;
# 4. the summary: each ceiling beside its reference and target, with the clock
#    and the instruction that made it; then per ceiling the clock (and where it came
#    from), % of theoretical and the method, and the notes.
#
# Targets: FP32 and FP64 >= 95 % of theoretical at the measured clock; FP16
# tensor >= 90 % of cuBLAS's FP16 rate; FP64 tensor at least cuBLAS's dgemm
# (a ceiling below it is none); DRAM, L2, L1 at least 97 % of what
# bandwidth gives in the same run.
# Exits 0 when every target is met, 1 when one is missed, 2 when a run failed
# (or a reference is missing).  About a minute on an H100 (half a minute more
# where the whole run fails and each ceiling runs alone).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=./gpuperf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || make -j"$(nproc)" gpuperf >/dev/null || exit 2

now() { date +%s.%N; }
# col FILE NAME: the column's number; get FILE KEYCOL KEY COL: the value in the row where KEYCOL = KEY.
col() { head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
get() {
	awk -F, -v k="$(col "$1" "$2")" -v c="$(col "$1" "$4")" -v want="$3" \
		'NR > 1 && $k == want { print $c; exit }' "$1"
}
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b > 0) printf "%.1f", 100 * a / b }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 >= b + 0) }'; }

echo "== $("$bin" --csv info 2>/dev/null | awk -F, 'NR == 2 { print $1 ", CC " $2 }')"
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
	--format=csv 2>/dev/null | sed 's/^/  /'
maxclk=$(nvidia-smi -i 0 --query-gpu=clocks.max.sm --format=csv,noheader,nounits 2>/dev/null | head -n 1)

ceilings="dram l2 l1 shared fp64 fp32 fp16 tensor-fp64 tensor-fp16 tensor-bf16 tensor-tf32
	tensor-int8 tensor-fp8"

echo "== gpuperf roofline (defaults), wall clock"
t0=$(now)
"$bin" --csv roofline >"$tmp/roof.csv" 2>"$tmp/roof.err"
rc=$?
t1=$(now)
cat "$tmp/roof.err"
echo "wall: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s, status $rc"
roof=$tmp/roof.csv
whole_failed=0
if [ "$rc" -ne 0 ]; then
	whole_failed=1
	echo "== gpuperf roofline failed (status $rc): each ceiling alone (defaults)"
	roof=$tmp/alone.csv
	: >"$roof"
	for c in $ceilings; do
		"$bin" --csv roofline --ceiling "$c" >"$tmp/one.csv" 2>"$tmp/one.err"
		orc=$?
		if [ "$orc" -eq 0 ]; then
			[ -s "$roof" ] || head -n 1 "$tmp/one.csv" >"$roof"
			tail -n +2 "$tmp/one.csv" >>"$roof"
			echo "  $c: ok"
		else
			echo "  $c: FAILED (status $orc)"
		fi
		sed 's/^/      /' "$tmp/one.err"
	done
	[ -s "$roof" ] || { echo "no ceiling passed alone"; exit 2; }
else
	echo "== gpuperf roofline (defaults), human table"
	"$bin" roofline 2>&1
fi

l2set=$(get "$roof" ceiling l2 size_bytes)
echo "== references: gpuperf bandwidth read of the same sets, gpuperf banks stride 1 at 16 B"
"$bin" --csv bandwidth --kernel read --size "64K,${l2set:-16M},$(get "$roof" ceiling dram size_bytes)" \
	>"$tmp/bw.csv" 2>"$tmp/bw.err" || { cat "$tmp/bw.err"; echo "gpuperf bandwidth failed"; exit 2; }
"$bin" --csv banks --pattern stride --stride 1,2 --width 16 >"$tmp/banks.csv" 2>"$tmp/banks.err" ||
	{ cat "$tmp/banks.err"; echo "gpuperf banks failed"; exit 2; }
awk -F, -v s="$(col "$tmp/bw.csv" size_bytes)" -v g="$(col "$tmp/bw.csv" bandwidth_gbs)" \
	-v m="$(col "$tmp/bw.csv" method)" 'NR > 1 { printf "  bandwidth read %12s B (%s): %.1f GB/s\n", $s, $m, $g }' "$tmp/bw.csv"
shared_ref=$(get "$tmp/banks.csv" stride 1 bandwidth_gbs)
echo "  banks stride 1, 16 B: $shared_ref GB/s"

echo "== cuBLAS through PyTorch: 8192^3 matmuls, random data, median of 10 after 3 warm-ups"
cat >"$tmp/gemm.py" <<'EOF'
import statistics, sys
try:
    import torch
except ImportError as e:
    print("no PyTorch:", e)
    sys.exit(3)
if not torch.cuda.is_available():
    print("PyTorch sees no GPU")
    sys.exit(3)
n = 8192
dev = "cuda"
torch.manual_seed(0)

def timed(fn):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(10):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)

def rate(name, fn):
    try:
        ms = timed(fn)
    except Exception as e:  # a type this GPU or this PyTorch lacks
        print(f"{name},,{type(e).__name__}: {str(e).splitlines()[0][:80]}")
        return
    print(f"{name},{2 * n ** 3 / (ms * 1e-3) / 1e12:.1f},{ms:.3f} ms")

print(f"# torch {torch.__version__}, {torch.cuda.get_device_name()}")
for name, dt, tf32 in (("fp16", torch.float16, False), ("bf16", torch.bfloat16, False),
                       ("tf32", torch.float32, True), ("fp32", torch.float32, False),
                       ("fp64", torch.float64, False)):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.randn(n, n, device=dev, dtype=dt)
    b = torch.randn(n, n, device=dev, dtype=dt)
    rate(name, lambda: torch.matmul(a, b))
    del a, b
torch.backends.cuda.matmul.allow_tf32 = False
a = torch.randint(-64, 64, (n, n), device=dev, dtype=torch.int8)
b = torch.randint(-64, 64, (n, n), device=dev, dtype=torch.int8)
rate("int8", lambda: torch._int_mm(a, b))
del a, b
if hasattr(torch, "float8_e4m3fn"):
    a = torch.randn(n, n, device=dev).to(torch.float8_e4m3fn)
    b = torch.randn(n, n, device=dev).to(torch.float8_e4m3fn).t()  # column-major, as cuBLASLt wants
    one = torch.tensor(1.0, device=dev)
    def fp8():
        return torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    rate("fp8", fp8)
EOF
python3 "$tmp/gemm.py" >"$tmp/gemm.csv" 2>"$tmp/gemm.err"
prc=$?
sed 's/^/  /' "$tmp/gemm.csv"
[ "$prc" -eq 0 ] || { sed 's/^/  /' "$tmp/gemm.err" | tail -n 5; echo "no cuBLAS reference (status $prc)"; }
cublas() { awk -F, -v k="$1" '$1 == k { print $2 }' "$tmp/gemm.csv"; }

# --- summary ---------------------------------------------------------------
missed=0 failed=0
verdict() {  # NAME VALUE TARGET (both numbers or empty): met / missed / n/a
	if [ -z "$2" ] || [ -z "$3" ]; then
		echo "n/a"
	elif ge "$2" "$3"; then
		echo met
	else
		echo missed
		return 1
	fi
}
echo
echo "== summary (value in the row's unit; theoretical at the clock measured in the kernel)"
printf '%-12s %10s %-7s %10s %6s %10s %7s %-20s %-24s %s\n' ceiling value unit theoretical '%' \
	reference 'ratio' instruction 'target' verdict
for c in $ceilings; do
	val=$(get "$roof" ceiling "$c" value)
	unit=$(get "$roof" ceiling "$c" unit)
	th=$(get "$roof" ceiling "$c" theoretical)
	p=$(get "$roof" ceiling "$c" pct_of_theoretical)
	ins=$(get "$roof" ceiling "$c" instruction)
	ref='' target='' got='' want=''
	case $c in
	dram) ref=$(get "$tmp/bw.csv" size_bytes "$(get "$roof" ceiling dram size_bytes)" bandwidth_gbs) ;;
	l2) ref=$(get "$tmp/bw.csv" size_bytes "$l2set" bandwidth_gbs) ;;
	l1) ref=$(get "$tmp/bw.csv" size_bytes 65536 bandwidth_gbs) ;;
	shared) ref=$shared_ref ;;
	fp64 | fp32) ref=$th ;;
	tensor-*) ref=$(cublas "${c#tensor-}") ;;
	esac
	ratio=$(pct "$val" "$ref")
	case $c in
	dram | l2 | l1) target=">= 97 % of bandwidth" got=$ratio want=97 ;;
	fp64 | fp32) target=">= 95 % of theoretical" got=$p want=95 ;;
	tensor-fp16) target=">= 90 % of cuBLAS fp16" got=$ratio want=90 ;;
	# a ceiling below what dgemm reaches is no ceiling
	tensor-fp64) target=">= cuBLAS fp64 (dgemm)" got=$ratio want=100 ;;
	*) want= ;;
	esac
	v=-
	if [ -n "$target" ]; then
		v=$(verdict "$c" "$got" "$want") || missed=1
		[ "$v" != n/a ] || failed=1
	fi
	printf '%-12s %10s %-7s %10s %6s %10s %7s %-20s %-24s %s\n' "$c" "${val:-n/a}" "$unit" \
		"${th:-n/a}" "${p:--}" "${ref:--}" "${ratio:--}" "${ins:--}" "${target:--}" "$v"
done
echo
echo "clocks (MHz) the theoretical used, per row: $(awk -F, -v c="$(col "$roof" ceiling)" \
	-v m="$(col "$roof" sm_clock_mhz)" 'NR > 1 && $m != "" { printf "%s %.0f  ", $c, $m }' "$roof")"
if [[ "${maxclk:-}" =~ ^[0-9]+$ ]]; then
	for c in fp32 fp64; do
		pcs=$(get "$roof" ceiling "$c" per_clock_per_sm)
		sms=$(get "$roof" ceiling "$c" sms)
		[ -n "$pcs" ] || continue
		echo "$c at the maximum clock ($maxclk MHz): $(awk -v p="$pcs" -v s="$sms" -v f="$maxclk" \
			-v v="$(get "$roof" ceiling "$c" value)" 'BEGIN { t = p * s * f / 1e6; printf "%.1f TFLOP/s theoretical, %.1f %% reached", t, 100 * v / t }')"
	done
fi
echo
echo "== per ceiling: the clock of its theoretical (MHz, and where it came from), % of theoretical, method"
awk -F, -v c="$(col "$roof" ceiling)" -v m="$(col "$roof" sm_clock_mhz)" \
	-v s="$(col "$roof" clock_source)" -v p="$(col "$roof" pct_of_theoretical)" \
	-v i="$(col "$roof" instruction)" -v me="$(col "$roof" method)" \
	'NR > 1 { printf "%-12s %6s %-6s %6s %%  %-20s %s\n", $c, $m == "" ? "-" : sprintf("%.0f", $m),
		  $s == "" ? "-" : $s, $p == "" ? "-" : $p, $i == "" ? "-" : $i, $me }' "$roof"
echo "notes of the rows that have one:"
awk -F, -v c="$(col "$roof" ceiling)" -v n="$(col "$roof" note)" 'NR > 1 && $n != "" { print "  " $c ": " $n }' "$roof"
[ "$whole_failed" -eq 0 ] || { echo "gpuperf roofline failed as a whole (status $rc): see above"; exit 2; }
[ "$failed" -eq 0 ] || { echo "a reference or a figure is missing: the targets cannot all be judged"; exit 2; }
exit $missed
