#!/usr/bin/env bats
# bench/peers.sh's parsers, without a GPU: fake peers print what the real
# ones print (the formats of BabelStream's --csv, nvbandwidth's matrices,
# bandwidthTest's --csv lines, gpu-benches' tables, as their sources write
# them) and a fake gpuperf prints CSV; the table must pair each figure
# with the right peer figure, say which comparison each row is, give each
# side's spread and the ratio, and judge the targets.

bats_require_minimum_version 1.5.0

ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	fake() {  # NAME: a peer printing the here-document
		{ echo '#!/bin/sh'; echo "cat <<'EOT'"; cat; echo 'EOT'; } >"$P/$1"
		chmod +x "$P/$1"
	}
	# BabelStream: floats with --float, doubles without
	cat >"$P/cuda-stream" <<'EOF'
#!/bin/sh
echo 'CUDA Driver: 13000'
echo 'function,num_times,n_elements,sizeof,max_GB_per_sec,min_runtime,max_runtime,avg_runtime'
case "$*" in
*--float*)
	echo 'Copy,100,268435456,4,2999.1,0.000716,0.00072,0.000718'
	echo 'Mul,100,268435456,4,2990.5,0.000718,0.00072,0.000719'
	echo 'Add,100,268435456,4,3030.2,0.001063,0.00107,0.001065'
	echo 'Triad,100,268435456,4,3030.0,0.001063,0.00107,0.001065'
	echo 'Dot,100,268435456,4,3068.0,0.0007,0.00071,0.000705' ;;
*)
	echo 'Copy,100,134217728,8,3005.0,0.000714,0.000730,0.000720'
	echo 'Mul,100,134217728,8,2995.0,0.000717,0.00072,0.000718'
	echo 'Add,100,134217728,8,3040.0,0.00106,0.00107,0.001065'
	echo 'Triad,100,134217728,8,3020.0,0.001066,0.00107,0.001068'
	echo 'Dot,100,134217728,8,3070.0,0.0007,0.00071,0.000705' ;;
esac
EOF
	chmod +x "$P/cuda-stream"
	# nvbandwidth prints each test it was given; the fake prints them all
	fake nvbandwidth <<'EOF'
nvbandwidth Version: v0.8
Built from Git version: 

Running host_to_device_memcpy_ce.
memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)
           0
 0     54.66

SUM host_to_device_memcpy_ce 54.66
Running device_to_host_memcpy_ce.
memcpy CE CPU(row) <- GPU(column) bandwidth (GB/s)
           0
 0     55.06

SUM device_to_host_memcpy_ce 55.06
Running host_to_device_bidirectional_memcpy_ce.
memcpy CE CPU(row) <-> GPU(column) bandwidth (GB/s)
           0
 0     42.87

SUM host_to_device_bidirectional_memcpy_ce 42.87
Running device_to_host_bidirectional_memcpy_ce.
memcpy CE CPU(row) <-> GPU(column) bandwidth (GB/s)
           0
 0     51.33

SUM device_to_host_bidirectional_memcpy_ce 51.33
Running device_local_copy.
memcpy local GPU(column) bandwidth (GB/s)
           0
 0   1491.00

SUM device_local_copy 1491.00
EOF
	# bandwidthTest: its quick mode (32 MB) without --mode, else the range at 256 MiB
	cat >"$P/bandwidthTest" <<'EOF'
#!/bin/sh
echo '[CUDA Bandwidth Test] - Starting...'
case "$*" in
*range*)
	echo 'bandwidthTest-H2D-Pinned, Bandwidth = 53.9 GB/s, Time = 0.00498 s, Size = 268435456 bytes, NumDevsUsed = 1'
	echo 'bandwidthTest-D2H-Pinned, Bandwidth = 55.0 GB/s, Time = 0.00488 s, Size = 268435456 bytes, NumDevsUsed = 1'
	echo 'bandwidthTest-H2D-Paged, Bandwidth = 7.7 GB/s, Time = 0.03486 s, Size = 268435456 bytes, NumDevsUsed = 1'
	echo 'bandwidthTest-D2H-Paged, Bandwidth = 9.6 GB/s, Time = 0.02796 s, Size = 268435456 bytes, NumDevsUsed = 1' ;;
*)
	echo 'bandwidthTest-H2D-Paged, Bandwidth = 7.6 GB/s, Time = 0.00421 s, Size = 32000000 bytes, NumDevsUsed = 1'
	echo 'bandwidthTest-D2H-Paged, Bandwidth = 9.1 GB/s, Time = 0.00352 s, Size = 32000000 bytes, NumDevsUsed = 1' ;;
esac
echo 'Result = PASS'
EOF
	chmod +x "$P/bandwidthTest"
	fake gb-stream <<'EOF'
blockSize   threads       %occ  |                init       read       scale     triad       3pt        5pt
       32        4224    3.1 %  |  GB/s:    900    800   1000   1100   1000   1000
      256       33792   25.0 %  |  GB/s:   3250   3010   2980   3032   2900   2900
     1024      135168  100.0 %  |  GB/s:   3200   3005   2990   3020   2950   2950
EOF
	fake gb-cache <<'EOF'
     data set   exec time     spread        Eff. bw       DRAM read      DRAM write         L2 read       L2 store
         2 kB         1ms       0.5%     20000 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
        16 kB         1ms       0.5%     26000 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
        64 kB         2ms       0.4%     28000 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
       512 kB         9ms       0.4%      7000 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
EOF
	fake gb-l2-cache <<'EOF'
     data set   exec time     spread        Eff. bw
       512 kB      1536 kB        10ms       0.3%     10500 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB      4096 kB        11ms       0.5%      9800 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB     25600 kB        13ms       0.2%      8100 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB     81920 kB        60ms       0.3%     12000 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
EOF
	# a gpuperf that answers the commands the harness runs, quoting a field with a comma;
	# pinned h2d goes 54.0, 54.5, 55.0 over three calls
	GP=$BATS_TEST_TMPDIR/gpuperf
	cat >"$GP" <<'EOF'
#!/bin/bash
n=$(cat "$0.n" 2>/dev/null || echo 0)
case "$*" in
*info*) printf 'device,l2_bytes\nH100,52428800\n' ;;
*"--shared-lines"*)
	printf 'device,kernel,width_bytes,size_bytes,method,bandwidth_gbs,best_gbs,min_gbs\n'
	for r in l1:16384:29000 l1:32768:30000 l1:65536:31000 l1:131072:30500 \
		l2:1572864:5000 l2-shared:1572864:21000 l2:2097152:5500 l2-shared:2097152:20500 \
		l2:4194304:6600 l2-shared:4194304:14000 l2:8388608:7300 l2-shared:8388608:9000 \
		l2:12582912:7500 l2-shared:12582912:7800 l2:26214400:7600 l2-shared:26214400:7650; do
		IFS=: read -r m s b <<<"$r"
		printf '"H100, SXM",read,16,%s,%s,%s.0,%s.0,%s.0\n' "$s" "$m" $((b - 100)) "$b" $((b - 300))
	done ;;
*bandwidth*)
	printf 'device,kernel,width_bytes,level,bandwidth_gbs,best_gbs,min_gbs\n'
	for k in read:3180 write:3260 copy:3000 scale:3030 add:3100 triad:3070; do
		for w in 4 8 16; do
			v=$((${k#*:} + w))
			printf '"H100, SXM",%s,%s,DRAM,%s.0,%s.0,%s.0\n' "${k%%:*}" $w $v $((v + 10)) $((v - 20))
		done
	done
	printf '"H100, SXM",memcpy,,DRAM,3003.0,3010.0,2990.0\n' ;;
*pinned*)
	echo $((n + 1)) >"$0.n"
	printf 'device,direction,memory,size_bytes,bandwidth_gbs\n'
	h=$(echo "54.0 54.5 55.0" | cut -d' ' -f$((n % 3 + 1)))
	for r in h2d:$h d2h:55.0 bidir-h2d:44.0 bidir-d2h:50.0 bidir-sum:94.0; do
		printf '"H100, SXM",%s,pinned,268435456,%s\n' "${r%%:*}" "${r#*:}"
	done ;;
*pageable*)
	printf 'device,direction,memory,size_bytes,time_us,time_min_us,time_max_us,bandwidth_gbs\n'
	printf '"H100, SXM",h2d,pageable,32000000,4050.6,4000.0,4100.0,7.90\n'
	printf '"H100, SXM",h2d,pageable,268435456,35791.4,35000.0,37000.0,7.50\n'
	printf '"H100, SXM",d2h,pageable,32000000,2666.7,2600.0,2700.0,12.00\n'
	printf '"H100, SXM",d2h,pageable,268435456,20648.9,20500.0,21000.0,13.00\n' ;;
esac
EOF
	chmod +x "$GP"
}

# The cells of the row of FIGURE whose compare and peer columns start with
# COMPARE and PEER: gpuperf, its spread, again, peer figure, its spread, ratio.
cells() {
	awk -v f="$1" -v c="$2" -v p="$3" '
		function trim(s) { gsub(/^ +| +$/, "", s); return s }
		trim(substr($0, 1, 28)) == f && index(substr($0, 30, 28), c) == 1 &&
		index(substr($0, 86, 34), p) == 1 {
			print trim(substr($0, 59, 9)), trim(substr($0, 69, 5)), trim(substr($0, 75, 9)),
			      trim(substr($0, 121, 9)), trim(substr($0, 131, 5)), trim(substr($0, 137, 7)); exit }' \
		<<<"$output"
}

@test "peers: like-for-like and best rows, each side's spread, the ratio gpuperf / peer" {
	PEERS_ROUNDS=3 PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# 4 B best/best against floats: 3014 (spread 30 / 3004) against 2999.1 ((0.00072 - 0.000716) / 0.000718)
	[ "$(cells 'DRAM copy' 'like: 4 B, best/best' 'BabelStream Copy, float')" = "3014.0 1.0 3014.0 2999.1 0.6 1.005" ]
	[ "$(cells 'DRAM copy' 'like: 8 B, best/best' 'BabelStream Copy, double')" = "3018.0 1.0 3018.0 3005.0 2.2 1.004" ]
	# each's best: gpuperf's 16 B (3026) against the better of float and double (3005.0)
	[ "$(cells 'DRAM copy' 'best: best config' 'BabelStream Copy, float or double')" = "3026.0 1.0 3026.0 3005.0 2.2 1.007" ]
	[ "$(cells 'DRAM scale' 'like: 4 B' 'BabelStream Mul, float')" = "3044.0 1.0 3044.0 2990.5 0.3 1.018" ]
	[ "$(cells 'DRAM triad' 'like: 8 B' 'BabelStream Triad, double')" = "3088.0 1.0 3088.0 3020.0 0.4 1.023" ]
	# no read against Dot: a different operation
	[ -z "$(grep -E '^DRAM read .*BabelStream' <<<"$output")" ]
	[[ "$output" == *"not compared: BabelStream Dot"* ]]
	# gb-stream: doubles, median against its median at its best block size
	[ "$(cells 'DRAM write' 'like: 8 B, median/median' 'gb-stream init, double')" = "3268.0 0.9 3268.0 3250 - 1.006" ]
	[ "$(cells 'DRAM read' 'like: 8 B, median/median' 'gb-stream read')" = "3188.0 0.9 3188.0 3010 - 1.059" ]
	[ "$(cells 'DRAM triad' 'best: best config, median' 'gb-stream triad')" = "3086.0 1.0 3086.0 3032 - 1.018" ]
	[ "$(cells 'DRAM copy, copy engine' 'like: CE copy, median' 'nvbandwidth local copy x2')" = "3003.0 0.7 3003.0 2982 - 1.007" ]
	# the SM copy against a copy engine is no like for like
	[ "$(cells 'DRAM copy' 'unlike: SM vs CE, median' 'gpuperf memcpy')" = "3016.0 1.0 3016.0 3003.0 0.7 1.004" ]
	[ "$(cells 'DRAM copy' 'unlike: SM vs CE, median' 'nvbandwidth local copy x2')" = "3016.0 1.0 3016.0 2982 - 1.011" ]
	[ -z "$(grep -E '^DRAM copy +best: SM copy' <<<"$output")" ]
	# pinned: the median of 3 rounds (54.0, 54.5, 55.0) and its spread, against nvbandwidth's
	[ "$(cells 'PCIe h2d pinned 256 MiB' 'like: median of 3 rounds' 'nvbandwidth')" = "54.50 1.8 - 54.66 0.0 0.997" ]
	[ "$(cells 'PCIe d2h pinned 256 MiB' 'unlike: its mean of 100' 'bandwidthTest')" = "55.00 0.0 - 55.0 - 1.000" ]
	[ "$(cells 'PCIe both ways, sum' 'unlike: wall vs 2 rates' 'nvbandwidth bidirectional, added')" = "94.00 0.0 - 94.20 0.0 0.998" ]
	[ "$(cells 'PCIe both ways, h2d part' 'like: median of 3 rounds' 'nvbandwidth h2d')" = "44.00 0.0 - 42.87 0.0 1.026" ]
	# pageable at bandwidthTest's two sizes; gpuperf's spread from its time columns
	[ "$(cells 'PCIe h2d pageable 32 MB' 'unlike: median vs its mean' 'bandwidthTest')" = "7.90 2.5 7.90 7.6 - 1.039" ]
	[ "$(cells 'PCIe h2d pageable 256 MiB' 'unlike: median vs its mean' 'bandwidthTest')" = "7.50 5.6 7.50 7.7 - 0.974" ]
	[ "$(cells 'PCIe d2h pageable 256 MiB' 'unlike' 'bandwidthTest')" = "13.00 2.4 13.00 9.6 - 1.354" ]
	# caches: the same sets, and each's best; gb-l2-cache's 81920 kB is past L2/2
	[ "$(cells 'L1 read 64K' 'like: same set, best/best' 'gb-cache, 64K set')" = "31000.0 1.0 31000.0 28000 0.4 1.107" ]
	[ "$(cells 'L1 read 16K' 'like: same set' 'gb-cache, 16K set')" = "29000.0 1.0 29000.0 26000 0.5 1.115" ]
	[ "$(cells 'L1 read' 'best: each' 'gb-cache, its best set')" = "31000.0 1.0 31000.0 28000 0.4 1.107" ]
	[ "$(cells 'L2 read, shared lines 1536K' 'like: same set, best/best' 'gb-l2-cache, 1536K set')" = "21000.0 1.4 21000.0 10500 0.3 2.000" ]
	[ "$(cells 'L2 read, shared lines 25M' 'like: same set' 'gb-l2-cache, 25M set')" = "7650.0 4.0 7650.0 8100 0.2 0.944" ]
	[ "$(cells 'L2 read, shared lines' 'best: each' 'gb-l2-cache, best set')" = "21000.0 1.4 21000.0 10500 0.3 2.000" ]
	[ "$(cells 'L2 read, slices' 'unlike: slices vs shared' 'gb-l2-cache, best set')" = "7600.0 4.0 7600.0 10500 0.3 0.724" ]
	[[ "$output" == *"gpuperf beside its peers, GPU 0: H100, SXM,"* ]]
	grep -q "^target L2 read, shared lines: at least gb-l2-cache's best  *MET (21000.0 against 10500)" <<<"$output"
	# pageable rows are unlike (median against a mean): the verdicts say so
	grep -q "^target pageable h2d at least bandwidthTest's, 32 MB  *MET (7.90 against 7.6; an unlike row, median vs its mean)$" <<<"$output"
	grep -q "^target pageable h2d at least bandwidthTest's, 256 MiB  *MISSED (7.50 against 7.7; an unlike row, median vs its mean)$" <<<"$output"
	grep -q "^target pageable d2h at least bandwidthTest's, 256 MiB  *MET (13.00 against 9.6; an unlike row" <<<"$output"
	grep -q "^target pinned h2d >= 0.995 x nvbandwidth, median of 3 rounds  *MET (54.50 against 54.66)" <<<"$output"
	grep -q "^pinned rounds with gpuperf >= nvbandwidth: h2d 1/3, d2h 0/3, both ways summed 0/3$" <<<"$output"
}

@test "peers: PyTorch's y.copy_(x) is a copy-engine copy, set beside gpuperf's memcpy" {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	# a python3 with CUDA PyTorch: the check passes, the script prints its figures
	cat >"$BATS_TEST_TMPDIR/bin/python3" <<'EOF'
#!/bin/sh
[ "$1" = -c ] && exit 0
cat >/dev/null
printf 'copy 2965.0\nh2d 54.9\nd2h 55.0\n'
EOF
	chmod +x "$BATS_TEST_TMPDIR/bin/python3"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH PEERS_ROUNDS=1 PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# gpuperf's memcpy 3003.0 (spread (3010 - 2990) / 3003) against 2965.0
	[ "$(cells 'DRAM copy, copy engine' 'like: CE copy, median' 'PyTorch y.copy_(x)')" = "3003.0 0.7 3003.0 2965.0 - 1.013" ]
	[ -z "$(grep -E '^DRAM copy  .*PyTorch' <<<"$output")" ]
	[ "$(cells 'PCIe h2d pinned 256 MiB' 'like: median' 'PyTorch copy_ (pinned)')" = "54.00 0.0 - 54.9 - 0.984" ]
}

@test "peers: the pinned rounds alternate which tool goes first" {
	printf '#!/bin/sh\necho nvb >>%s/order\nexec %s/nvbandwidth.real "$@"\n' "$BATS_TEST_TMPDIR" "$P" >"$P/nvbandwidth.wrap"
	mv "$P/nvbandwidth" "$P/nvbandwidth.real"
	mv "$P/nvbandwidth.wrap" "$P/nvbandwidth"
	chmod +x "$P/nvbandwidth" "$P/nvbandwidth.real"
	sed -i "s|^\\*pinned\\*)|*pinned*) echo gp >>$BATS_TEST_TMPDIR/order|" "$GP"
	PEERS_ROUNDS=4 PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	[ "$status" -eq 0 ]
	# the local-copy run of the DRAM group first, then nvb gp, gp nvb, nvb gp, gp nvb
	[ "$(tr '\n' ' ' <"$BATS_TEST_TMPDIR/order")" = "nvb nvb gp gp nvb nvb gp gp nvb " ]
}

@test "peers: a missing peer leaves its figures empty; the raw logs go to OUT" {
	rm "$P/cuda-stream" "$P/gb-cache" "$P/gb-l2-cache"
	mkdir -p "$BATS_TEST_TMPDIR/out"
	OUT=$BATS_TEST_TMPDIR/out PEERS_ROUNDS=2 PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cells 'DRAM copy' 'like: 4 B, best/best' 'BabelStream Copy, float')" = "3014.0 1.0 3014.0 - - -" ]
	[ -z "$(cells 'L1 read' 'best: each' 'gb-cache')" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/nvbandwidth-pcie-2.log" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/bandwidthTest-pageable-32MB.log" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/bw1.csv" ]
	grep -q "^target L2 read, shared lines: at least gb-l2-cache's best  *n/a" <<<"$output"
}

@test "peers: a cache peer past its time is stopped as planned, its sets so far kept" {
	printf '#!/bin/sh\ncat <<EOT\n     data set\n        64 kB         2ms       0.4%%     28000 GB/s\nEOT\nexec sleep 30\n' >"$P/gb-cache"
	GB_CACHE_TIMEOUT=1 PEERS_ROUNDS=1 PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"gb-cache stopped after 1 s as planned"* ]]
	[ "$(cells 'L1 read 64K' 'like: same set' 'gb-cache, 64K set')" = "31000.0 1.0 31000.0 28000 0.4 1.107" ]
}

@test "peers: a failing gpuperf is exit 1" {
	printf '#!/bin/sh\necho "gpuperf: error: no CUDA-capable GPU found" >&2\nexit 3\n' >"$GP"
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no CUDA-capable GPU"* ]]
}
