#!/usr/bin/env bats
# gpuperf fleet without a GPU: the fixtures of tests/fixtures/fleet (made by
# its make-fixtures.py: 4 nodes x 8 H100, one GPU 8 % slow on DRAM; all fine;
# a GPU-less node; two SKUs; malformed inputs) and variants of them made
# here; every exit status and every output shape.

bats_require_minimum_version 1.5.0

load lib

FIX=$BATS_TEST_DIRNAME/../fixtures/fleet
SLOW_UUID=GPU-973082d6-09b4-45d2-99bc-1d97e0f3a7ef   # gpu-node03's GPU 5

setup() {
	cd "$BATS_TEST_TMPDIR"
	command -v python3 >/dev/null || skip "python3 is not installed (the variants are made with it)"
}

# variant IN OUT PYTHON: OUT is IN's documents with PYTHON run on each
# record r of their gpus sections (concatenated again, a record a line).
variant() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
src, dst, code = sys.argv[1:]
text, docs, dec, i = open(src).read(), [], json.JSONDecoder(), 0
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    d, i = dec.raw_decode(text, i)
    docs.append(d)
with open(dst, 'w') as f:
    for d in docs:
        for r in d['gpus']:
            exec(code, {'r': r})
        f.write('{\n  "gpus": [\n' + ',\n'.join('    ' + json.dumps(r) for r in d['gpus']) +
                '\n  ]\n}\n')
PY
}

# ---- what it finds, and its exit status ----

@test "4 nodes x 8 H100, one GPU 8 % slow on DRAM: named beside the median, exit 1" {
	run_split "$GPUPERF" fleet "$FIX"/slow/*.json
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	[[ "$output" == *"Fleet: 4 nodes, 32 GPUs, 1 SKU: the medians"* ]]
	[[ "$output" == *"gpu-node03    5  $SLOW_UUID  dram_copy_gbs        2776.1             3023.9        8.2"* ]]
	[[ "$output" == *"gpu-node03    5  $SLOW_UUID  dram_read_gbs        2944.7             3190.2        7.7"* ]]
	[ "$(grep -c "^gpu-node0.  *[0-9]  *GPU-" <<<"$output")" -eq 2 ]
	[[ "$output" == *"gpu-node03     8          1  slow     GPU 5: dram_copy_gbs 8.2 %, dram_read_gbs 7.7 % below the median"* ]]
	[[ "$output" == *"3 nodes pass; 0 no-gpu, 0 fail, 1 slow, 0 warn"* ]]
}

@test "the same nodes as one stream of concatenated documents, a file or standard input" {
	run_split "$GPUPERF" --csv fleet "$FIX"/slow/*.json
	files=$output
	run_split "$GPUPERF" --csv fleet "$FIX/slow.json"
	[ "$status" -eq 1 ]
	[ "$output" = "$files" ]
	run_split "$GPUPERF" --csv fleet - <"$FIX/slow.json"
	[ "$status" -eq 1 ]
	[ "$output" = "$files" ]
}

@test "--threshold: 8.2 % is slow at 8, not at 9; the DRAM read, 7.7 %, at neither" {
	run "$GPUPERF" --csv fleet --threshold 8 "$FIX/slow.json"
	[ "$status" -eq 1 ]
	[ "$(grep -c ',slow,slow$' <<<"$output")" -eq 1 ]
	[ "$(grep -c "^gpu-node03,5,.*,dram_copy_gbs,.*,slow,slow\$" <<<"$output")" -eq 1 ]
	run "$GPUPERF" fleet --threshold 9 "$FIX/slow.json"
	[ "$status" -eq 0 ]
	[[ "$output" == *"no slow GPU"* ]]
	[[ "$output" == *"Slow GPUs: more than 9 % below their SKU's median"* ]]
}

@test "every GPU within its jitter: nothing named, exit 0" {
	run_split "$GPUPERF" fleet "$FIX"/ok/*.json
	[ "$status" -eq 0 ]
	[[ "$output" == *"no slow GPU"* ]]
	[[ "$output" == *"4 nodes pass; 0 no-gpu, 0 fail, 0 slow, 0 warn"* ]]
	[[ "$output" == *"the fleet passes (exit 0)"* ]]
}

@test "a node whose check found no GPU: listed with check's reason, exit 1" {
	run_split "$GPUPERF" fleet "$FIX/no-gpu.json"
	[ "$status" -eq 1 ]
	[[ "$output" == *"Fleet: 4 nodes, 24 GPUs, 1 SKU"* ]]
	[[ "$output" == *"gpu-node04     0          0  no-gpu   no GPU: no CUDA driver: libcuda.so.1 cannot be loaded"* ]]
	run "$GPUPERF" --csv fleet "$FIX/no-gpu.json"
	[ "$status" -eq 1 ]
	[ "$(grep -c '^gpu-node04,' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^gpu-node04,,,,,no-gpu,,,,,,no-gpu,no-gpu$' <<<"$output")" -eq 1 ]
}

@test "H100 and A100 nodes: each SKU against its own median, exit 0" {
	run_split "$GPUPERF" fleet "$FIX"/mixed/*.json
	[ "$status" -eq 0 ]
	[[ "$output" == *"2 SKUs"* ]]
	[ "$(grep -cE '^NVIDIA (H100 80GB HBM3|A100-SXM4-80GB) +8[0-9]{4} +16 ' <<<"$output")" -eq 2 ]
	run "$GPUPERF" --csv fleet "$FIX/mixed.json"
	[ "$(grep -c '^gpu-node0[34],.*A100-SXM4-80GB,81920,pass,dram_copy_gbs,1[67][0-9][0-9]\.[0-9]*,1[67][0-9][0-9]\.[0-9]*,.*,16,ok,pass$' <<<"$output")" -eq 16 ]
}

@test "the same A100 figures under the H100's name and memory: all 16 slow" {
	variant "$FIX/mixed.json" one-sku.json \
		'r["device"], r["memory_mib"] = "NVIDIA H100 80GB HBM3", 81559'
	run "$GPUPERF" fleet one-sku.json
	[ "$status" -eq 1 ]
	[[ "$output" == *"16 slow GPUs"* ]]
}

@test "check's fail on a GPU fails its node, with check's reason; a warning fails nothing" {
	variant "$FIX/ok.json" fail.json \
		'if r["hostname"] == "gpu-node02" and r["device_index"] == 3: r["status"], r["reason"] = "fail", "ecc_uncorrected 2"'
	run "$GPUPERF" fleet fail.json
	[ "$status" -eq 1 ]
	[[ "$output" == *"gpu-node02     8          0  fail     GPU 3: check failed: ecc_uncorrected 2"* ]]
	variant "$FIX/ok.json" warn.json \
		'if r["hostname"] == "gpu-node02" and r["device_index"] == 3: r["status"], r["reason"] = "warn", "throttle: sw_power_cap"'
	run "$GPUPERF" fleet warn.json
	[ "$status" -eq 0 ]
	[[ "$output" == *"gpu-node02     8          0  warn     GPU 3: check warned: throttle: sw_power_cap"* ]]
}

@test "the slow GPU measured beside another process: contended, not judged, exit 0" {
	variant "$FIX/slow.json" contended.json \
		'r["contended"] = 1 if r["uuid"] == "'"$SLOW_UUID"'" else 0'
	run "$GPUPERF" --csv fleet contended.json
	[ "$status" -eq 0 ]
	[ "$(grep -c "$SLOW_UUID.*,contended,pass\$" <<<"$output")" -eq 6 ]
	[ "$(grep -c ',dram_copy_gbs,.*,31,ok,pass$' <<<"$output")" -eq 31 ]
}

@test "a P2P figure of null (no peers): none, not compared" {
	variant "$FIX/ok.json" nopeer.json 'r["p2p_min_gbs"] = None'
	run "$GPUPERF" --csv fleet nopeer.json
	[ "$status" -eq 0 ]
	[ "$(grep -c ',p2p_min_gbs,,,,0,none,pass$' <<<"$output")" -eq 32 ]
}

@test "the gpus array alone, without the object of sections, reads the same" {
	python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["gpus"]))' \
		"$FIX/slow/gpu-node01.json" >node01.json
	run "$GPUPERF" --csv fleet node01.json "$FIX"/slow/gpu-node0[234].json
	[ "$status" -eq 1 ]
	bare=$output
	run "$GPUPERF" --csv fleet "$FIX"/slow/*.json
	[ "$output" = "$bare" ]
}

# ---- output shapes ----

@test "--csv: its header, a row per GPU and figure; --json: the same records" {
	run_split "$GPUPERF" --csv -o fleet.csv fleet "$FIX/slow.json"
	[ "$status" -eq 1 ]
	run head -n 1 fleet.csv
	[ "$output" = "hostname,device_index,uuid,device,memory_mib,status,figure,value_gbs,median_gbs,below_pct,sku_gpus,verdict,node" ]
	[ "$(wc -l <fleet.csv)" -eq $((1 + 32 * 6)) ]
	[ "$(grep -c ',slow,slow$' fleet.csv)" -eq 2 ]
	[ "$(grep -c ',ok,slow$' fleet.csv)" -eq $((8 * 6 - 2)) ]
	[ "$(grep -c ',ok,pass$' fleet.csv)" -eq $((24 * 6)) ]
	run_split "$GPUPERF" --json -o fleet.json fleet "$FIX/slow.json"
	[ "$status" -eq 1 ]
	same_records fleet.csv fleet.json
}

# ---- refusals: exit 2, nothing on stdout ----

@test "each malformed fixture: exit 2, the file and line named" {
	for f in missing-key string-figure bad-status truncated no-gpus-section empty-array; do
		assert_usage_error fleet "$FIX/ok.json" "$FIX/bad/$f.json"
		[[ "$stderr" == *"$FIX/bad/$f.json"*"line "[0-9]* ]] || { echo "$f: $stderr"; return 1; }
	done
	assert_usage_error fleet "$FIX/bad/missing-key.json"
	[[ "$stderr" == *"line 3: record 1 of \"gpus\" has no key \"uuid\""* ]]
	assert_usage_error fleet "$FIX/bad/truncated.json"
	[[ "$stderr" == *"is not valid JSON: line 9:"* ]]
	assert_usage_error fleet "$FIX/bad/empty.json"
	[[ "$stderr" == *"empty"* ]]
}

@test "no file, a file not there, standard input twice: exit 2" {
	assert_usage_error fleet
	[[ "$stderr" == *"FILE..."* ]]
	assert_usage_error fleet nosuch.json
	[[ "$stderr" == *"cannot read nosuch.json"* ]]
	assert_usage_error fleet - - </dev/null
	[[ "$stderr" == *"standard input (-) can be given once"* ]]
	assert_usage_error fleet --threshold 101 "$FIX/ok.json"
}

@test "a UUID met twice (a node's output given twice): exit 2, both places named" {
	assert_usage_error fleet "$FIX/slow.json" "$FIX/slow/gpu-node02.json"
	[[ "$stderr" == *"is met twice, in $FIX/slow.json line "*" and in $FIX/slow/gpu-node02.json line 3"* ]]
}

@test "gpuperf fleet's own output is not check's: exit 2" {
	run "$GPUPERF" --json -o own.json fleet "$FIX/ok.json"
	[ "$status" -eq 0 ]
	assert_usage_error fleet own.json
	[[ "$stderr" == *"has no key"* ]]
}

@test "another command's JSON (occupancy's) is not check's output: exit 2, said so" {
	run "$GPUPERF" --json -o occ.json occupancy --arch sm_90 --threads 256 --regs 32
	[ "$status" -eq 0 ]
	assert_usage_error fleet occ.json
	[[ "$stderr" == *"occ.json line 2: record 1 of \"gpus\" has no key \""*"\": not gpuperf check's output"* ]]
	[[ "$stderr" != *"is null"* ]]
}

@test "check's CSV, or its table: exit 2, with the hint that fleet reads check --json" {
	# check's CSV as gpuperf check writes it on a node without a GPU
	printf '%s\n' 'device,cc,device_index,uuid,pci_bus_id,hostname,figure,value,floor,node_median,baseline,status,reason,contended,throttled' \
		',,,,,gpu-node01,gpu,,,,,no-gpu,no NVIDIA driver found,,' >check.csv
	assert_usage_error fleet check.csv
	[[ "$stderr" == *"check.csv is not JSON"*"fleet reads what 'gpuperf --json check' writes"* ]]
	# JSON cut short stays a JSON error, with its line
	assert_usage_error fleet "$FIX/bad/truncated.json"
	[[ "$stderr" != *"fleet reads"* ]]
}

@test "every key but hostname and status (and a GPU's device and memory_mib) may be null, as the man page says" {
	variant "$FIX/ok.json" nulls.json \
		'for k in r:
    if k not in ("hostname", "status", "device", "memory_mib"): r[k] = None'
	run_split "$GPUPERF" --csv fleet nulls.json
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(grep -c ',none,pass$' <<<"$output")" -eq $((32 * 6)) ]
	[ "$(grep -c '^gpu-node0[1-4],,,NVIDIA' <<<"$output")" -eq $((32 * 6)) ]
	variant "$FIX/no-gpu.json" nullreason.json 'r["reason"] = None'
	run_split "$GPUPERF" fleet nullreason.json
	[ "$status" -eq 1 ]
	[[ "$output" == *"gpu-node04     0          0  no-gpu   no GPU"* ]]
	for k in hostname status device memory_mib; do
		variant "$FIX/ok.json" null-$k.json "r['$k'] = None"
		assert_usage_error fleet null-$k.json
		[[ "$stderr" == *"\"$k\" is null"* ]] || { echo "$k: $stderr"; return 1; }
	done
}
