#!/usr/bin/env bats
# gpuperf occupancy on a real GPU: the calculator equals the CUDA runtime.

load lib

@test "occupancy --check-runtime: calculator = cudaOccupancyMaxActiveBlocksPerMultiprocessor" {
	require_gpu
	run "$GPUPERF" occupancy --check-runtime
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"comparisons agree"* ]]
	grep -q '^occ_k_heavy ' <<<"$output"
}

@test "occupancy --check-runtime --csv: every comparison matches, over the whole grid" {
	require_gpu
	f=$BATS_TEST_TMPDIR/check.csv
	"$GPUPERF" --csv occupancy --check-runtime > "$f"
	python3 - "$f" <<-'EOF'
	import csv, sys, collections
	rows = list(csv.DictReader(open(sys.argv[1])))
	bad = [r for r in rows if r["match"] != "1"]
	assert not bad, bad[:10]
	by = collections.Counter((r["kernel"], r["check"]) for r in rows)
	kernels = {r["kernel"] for r in rows}
	assert len(kernels) == 6, kernels
	for k in kernels:
	    # the cubin gpuperf reads from itself = cudaFuncGetAttributes
	    for c in ("registers", "smem_static_bytes", "local_bytes"):
	        assert by[(k, c)] == 1, (k, c, by)
	    assert by[(k, "active_blocks_per_sm")] >= 100, (k, by)
	    assert by[(k, "launch")] >= 300, (k, by)
	occ = [r for r in rows if r["check"] == "active_blocks_per_sm"]
	# the grid reaches both sides: launches that fit and that do not
	assert any(r["expected"] == "0" for r in occ) and any(int(r["expected"]) > 8 for r in occ)
	launch = [r for r in rows if r["check"] == "launch"]
	assert any(r["actual"] == "0" for r in launch) and any(r["actual"] == "1" for r in launch)
	print("%d comparisons" % len(rows))
	EOF
}

@test "occupancy --binary gpuperf = cudaFuncGetAttributes for its probe kernels" {
	require_gpu
	"$GPUPERF" --csv occupancy --check-runtime > "$BATS_TEST_TMPDIR/check.csv"
	cc=$(nvidia-smi -i 0 --query-gpu=compute_cap --format=csv,noheader | head -n 1 | tr -d ' .')
	"$GPUPERF" --csv occupancy --binary "$GPUPERF" --arch "sm_$cc" > "$BATS_TEST_TMPDIR/kernel.csv"
	python3 - "$BATS_TEST_TMPDIR/check.csv" "$BATS_TEST_TMPDIR/kernel.csv" <<-'EOF'
	import csv, sys
	check = list(csv.DictReader(open(sys.argv[1])))
	kern = {r["kernel"].split("(")[0]: r for r in csv.DictReader(open(sys.argv[2]))}
	col = {"registers": "regs_per_thread", "smem_static_bytes": "smem_static_bytes",
	       "local_bytes": "local_bytes_per_thread"}
	n = 0
	for r in check:
	    if r["check"] in col:
	        k = kern[r["kernel"]]
	        assert k[col[r["check"]]] == r["actual"], (r, k)
	        n += 1
	assert n == 18, n
	EOF
}

@test "occupancy on the current device equals --arch for its compute capability" {
	require_gpu
	cc=$(nvidia-smi -i 0 --query-gpu=compute_cap --format=csv,noheader | head -n 1 | tr -d ' ')
	name=$(nvidia-smi -i 0 --query-gpu=name --format=csv,noheader | head -n 1)
	for cfg in "256 64 0" "128 32 48K" "1024 32 0" "96 40 100000" "64 16 0"; do
		set -- $cfg
		run "$GPUPERF" --csv occupancy --threads "$1" --regs "$2" --smem "$3"
		[ "$status" -eq 0 ]
		dev=${lines[1]}
		[[ "$dev" == "$name,$cc,"* ]] || [[ "$dev" == "\"$name\",$cc,"* ]]
		run "$GPUPERF" --csv occupancy --cc "$cc" --threads "$1" --regs "$2" --smem "$3"
		[ "$status" -eq 0 ]
		# the same result past the identity columns (device, cc, device_index, uuid,
		# pci_bus_id, hostname; live limits = the table's)
		a=$(cut -d, -f5- <<<"${dev#*,$cc,}")
		b=$(cut -d, -f5- <<<"${lines[1]#,$cc,}")
		[ "$a" = "$b" ] || { echo "device: $dev"; echo "table:  ${lines[1]}"; return 1; }
	done
}

@test "occupancy on the current device: human output names the device and live limits" {
	require_gpu
	run "$GPUPERF" occupancy --threads 256 --regs 64 --sweep regs
	[ "$status" -eq 0 ]
	[[ "$output" == *"device 0, "*"live limits"* ]]
	[[ "$output" == *"occupancy vs registers per thread"* ]]
}
