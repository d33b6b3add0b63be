#!/usr/bin/env bats
# gpuperf all on a GPU: within its time budget, every section present.

load lib

@test "all: completes within 30 s with every summary line and detail table" {
	require_gpu
	start=$(date +%s.%N)
	run "$GPUPERF" -q all
	end=$(date +%s.%N)
	[ "$status" -eq 0 ]
	echo "# all took $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s" >&3
	awk -v a="$start" -v b="$end" 'BEGIN { exit !(b - a < 30) }'
	for w in "DRAM copy bandwidth" "copy misaligned" "stride of 32" "32-way bank conflict" \
		 "occupancy, 256 threads x 64 registers" "PCIe both ways at once" "hardware counters"; do
		[[ "$output" == *"$w"* ]] || { echo "missing: $w"; return 1; }
	done
	for t in "Device 0:" "Device-memory bandwidth" "PCIe transfers" "Occupancy:"; do
		[[ "$output" == *"$t"* ]] || { echo "missing table: $t"; return 1; }
	done
}

@test "all -v: each step's wall time and start, the total; counter images sized for their ranges" {
	require_gpu
	run_split "$GPUPERF" -v all
	[ "$status" -eq 0 ]
	grep 'all: ' <<<"$stderr" >&3
	grep 'counters: session' <<<"$stderr" >&3 || true
	for i in 1 2 3 4 5 6 7 8 9 10; do
		grep -Eq "all: step $i of 10 \([a-z]+.*\): [0-9]+\.[0-9]{2} s, from [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}$" \
			<<<"$stderr" || { echo "no time for step $i"; return 1; }
	done
	grep -Eq 'all: 10 steps took [0-9.]+ s' <<<"$stderr"
	# no session of all's probes sets up an image for 1024 ranges: each counts a few launches
	[[ "$stderr" != *"for 1024 ranges"* ]]
}

@test "all --csv: one long stream, every probe, no empty value in the summary's numbers" {
	require_gpu
	f=$BATS_TEST_TMPDIR/all.csv
	"$GPUPERF" -q --csv all > "$f"
	[ "$(head -n 1 "$f")" = "device,cc,device_index,uuid,pci_bus_id,hostname,probe,config,metric,value,unit" ]
	for p in summary info bandwidth coalesce banks occupancy pcie latency; do
		grep -q ",$p," "$f" || { echo "no rows for $p"; return 1; }
	done
	python3 - "$f" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert all(len(r) == 11 for r in rows), "a row without 11 fields"
summary = [r for r in rows[1:] if r[6] == "summary" and r[8] == "value" and r[7] != "metric=counters"]
assert len(summary) >= 21, len(summary)
val = {r[7]: float(r[9]) for r in summary}
assert val["metric=l1_read_gbs"] > val["metric=l2_read_gbs"] > val["metric=dram_read_gbs"], val
assert 0 < val["metric=shared_bytes_per_clock_per_sm"] <= 128 * 1.02, val
lat = {r[7]: float(r[9]) for r in summary if r[7].startswith("metric=latency_")}
assert lat["metric=latency_l1_cycles"] < lat["metric=latency_l2_cycles"] < lat["metric=latency_dram_cycles"], lat
assert all(r[9] != "" for r in summary), [r for r in summary if r[9] == ""]
assert all(r[2] != "" and r[3].startswith("GPU-") and r[4] != "" for r in rows[1:]), "identity"
PY
}

@test "all --json: one object with a section per probe" {
	require_gpu
	run "$GPUPERF" -q --json all
	[ "$status" -eq 0 ]
	python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("summary", "info", "bandwidth", "coalesce", "banks", "occupancy", "pcie", "latency"):
    assert isinstance(d[k], list) and d[k], k
assert len(d["occupancy"]) == 3
' <<<"$output"
}

@test "all --html through a symbolic link and into a FIFO: the link stays, the reader gets the page" {
	require_gpu
	cd "$BATS_TEST_TMPDIR"
	mkdir real
	echo old >real/r.html
	chmod 640 real/r.html
	ln -s real/r.html link.html
	"$GPUPERF" -q all --html link.html >/dev/null
	[ -L link.html ]
	grep -q '</html>' real/r.html
	[ "$(stat -c %a real/r.html)" = 640 ]
	mkfifo pipe.html
	timeout 120 cat pipe.html >got.html &
	"$GPUPERF" -q all --html pipe.html >/dev/null
	wait $!
	[ -p pipe.html ]
	grep -q '</html>' got.html
	[ -z "$(find . -name '*.tmp.*')" ]
}
