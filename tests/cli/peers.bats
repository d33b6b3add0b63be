#!/usr/bin/env bats
# bench/peers.sh's parsers, without a GPU: fake peers print what the real
# ones print (the formats of BabelStream's --csv, nvbandwidth's matrices,
# bandwidthTest's --csv lines, gpu-benches' tables, as their sources write
# them) and a fake gpuperf prints CSV; the table must pair each figure
# with the right peer figure and ratio.

ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	fake() {  # NAME: a peer printing the here-document
		{ echo '#!/bin/sh'; echo "cat <<'EOT'"; cat; echo 'EOT'; } >"$P/$1"
		chmod +x "$P/$1"
	}
	fake cuda-stream <<'EOF'
CUDA Driver: 13000
CUDA Device 0: "NVIDIA H100 80GB HBM3"
function,num_times,n_elements,sizeof,max_GB_per_sec,min_runtime,max_runtime,avg_runtime
Copy,100,268435456,4,2999.1,0.000716,0.00072,0.000718
Mul,100,268435456,4,2990.5,0.000718,0.00072,0.000719
Add,100,268435456,4,3030.2,0.001063,0.00107,0.001065
Triad,100,268435456,4,3030.0,0.001063,0.00107,0.001065
Dot,100,268435456,4,3068.0,0.0007,0.00071,0.000705
EOF
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
	fake bandwidthTest <<'EOF'
[CUDA Bandwidth Test] - Starting...
Running on...

 Device 0: NVIDIA H100 80GB HBM3
 Range Mode

bandwidthTest-H2D-Pinned, Bandwidth = 53.9 GB/s, Time = 0.00498 s, Size = 268435456 bytes, NumDevsUsed = 1
bandwidthTest-D2H-Pinned, Bandwidth = 55.0 GB/s, Time = 0.00488 s, Size = 268435456 bytes, NumDevsUsed = 1
bandwidthTest-H2D-Paged, Bandwidth = 20.1 GB/s, Time = 0.01335 s, Size = 268435456 bytes, NumDevsUsed = 1
bandwidthTest-D2H-Paged, Bandwidth = 10.5 GB/s, Time = 0.02556 s, Size = 268435456 bytes, NumDevsUsed = 1
Result = PASS
EOF
	fake gb-stream <<'EOF'
blockSize   threads       %occ  |                init       read       scale     triad       3pt        5pt
       32        4224    3.1 %  |  GB/s:    900    800   1000   1100   1000   1000
      256       33792   25.0 %  |  GB/s:   3250   3010   2980   3032   2900   2900
     1024      135168  100.0 %  |  GB/s:   3200   3005   2990   3020   2950   2950
EOF
	fake gb-cache <<'EOF'
     data set   exec time     spread        Eff. bw       DRAM read      DRAM write         L2 read       L2 store
         2 kB         1ms       0.5%   20000.0 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
        64 kB         2ms       0.4%   25200.0 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
       512 kB         9ms       0.4%    7000.0 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
EOF
	fake gb-l2-cache <<'EOF'
     data set   exec time     spread        Eff. bw
       512 kB      1536 kB        20ms       0.3%    9000.0 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB     20480 kB        22ms       0.3%    9600.0 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB     81920 kB        60ms       0.3%   12000.0 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
EOF
	# a gpuperf that answers the three commands the harness runs, quoting a field with a comma
	GP=$BATS_TEST_TMPDIR/gpuperf
	cat >"$GP" <<'EOF'
#!/bin/sh
case "$*" in
*info*) printf 'device,l2_bytes\nH100,52428800\n' ;;
*"bandwidth --kernel read --size"*)
	printf 'device,kernel,size_bytes,level,bandwidth_gbs\n'
	printf '"H100, SXM",read,16384,L1,20000.0\n"H100, SXM",read,65536,L1,26000.5\n'
	printf '"H100, SXM",read,1048576,L2,10100.0\n"H100, SXM",read,33554432,DRAM,3200.0\n' ;;
*bandwidth*)
	printf 'device,kernel,width_bytes,level,bandwidth_gbs\n'
	for k in read:3185 write:3270 copy:3024 scale:3040 add:3105 triad:3073 memcpy:3003; do
		printf '"H100, SXM",%s,16,DRAM,%s.0\n' "${k%%:*}" "${k#*:}"
	done ;;
*pcie*)
	printf 'device,direction,memory,size_bytes,bandwidth_gbs\n'
	for r in h2d:pinned:54.5 d2h:pinned:55.0 bidir-h2d:pinned:44.0 bidir-d2h:pinned:50.0 \
		bidir-sum:pinned:94.0 h2d:pageable:21.0 d2h:pageable:11.0; do
		IFS=: read -r d m v <<EOT
$r
EOT
		printf '"H100, SXM",%s,%s,268435456,%s\n' "$d" "$m" "$v"
	done ;;
esac
EOF
	chmod +x "$GP"
}

row() {  # the table's line for FIGURE and PEER (prefixes)
	grep -E "^$1 +[0-9.-]+ +[0-9.-]+  $2" <<<"$output" | head -n 1
}

@test "peers: every figure beside the right peer figure, with the ratio gpuperf / peer" {
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$(row 'DRAM copy' 'BabelStream Copy')" =~ 3024\.0\ +3024\.0\ +BabelStream\ Copy\ +2999\.1\ +1\.008$ ]]
	[[ "$(row 'DRAM read' 'BabelStream Dot')" =~ 3068\.0\ +1\.038$ ]]
	[[ "$(row 'DRAM scale' 'BabelStream Mul')" =~ 2990\.5 ]]
	[[ "$(row 'DRAM write' 'gb-stream init')" =~ 3250\ +1\.006$ ]]
	[[ "$(row 'DRAM triad' 'gb-stream triad')" =~ 3032\ +1\.014$ ]]
	[[ "$(row 'DRAM copy' 'nvbandwidth local copy x2')" =~ 2982\ +1\.014$ ]]
	[[ "$(row 'DRAM copy' 'gpuperf memcpy')" =~ 3003\.0\ +1\.007$ ]]
	[[ "$(row 'PCIe h2d pinned' 'nvbandwidth')" =~ 54\.5\ +54\.5\ +nvbandwidth\ +54\.66\ +0\.997$ ]]
	[[ "$(row 'PCIe d2h pinned' 'bandwidthTest')" =~ 55\.0\ +1\.000$ ]]
	[[ "$(row 'PCIe h2d pageable' 'bandwidthTest')" =~ 20\.1\ +1\.045$ ]]
	[[ "$(row 'PCIe d2h pageable' 'bandwidthTest')" =~ 10\.5\ +1\.048$ ]]
	[[ "$(row 'PCIe both ways, sum' 'nvbandwidth both')" =~ 94\.2\ +0\.998$ ]]
	[[ "$(row 'PCIe both ways, h2d part' 'nvbandwidth h2d')" =~ 42\.87\ +1\.026$ ]]
	[[ "$(row 'L1 read' 'gb-cache')" =~ 26000\.5\ +26000\.5\ +gb-cache\ +25200\.0\ +1\.032$ ]]
	[[ "$(row 'L2 read' 'gb-l2-cache')" =~ 10100\.0\ +.*9600\.0\ +1\.052$ ]]
	[[ "$output" == *"gpuperf beside its peers, GPU 0: H100, SXM,"* ]]
}

@test "peers: a missing peer leaves its figures empty; the raw logs go to OUT" {
	rm "$P/cuda-stream" "$P/gb-cache" "$P/gb-l2-cache"
	mkdir -p "$BATS_TEST_TMPDIR/out"
	OUT=$BATS_TEST_TMPDIR/out PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$(row 'DRAM copy' 'BabelStream Copy')" =~ BabelStream\ Copy\ +-\ +-$ ]]
	[ -z "$(row 'L1 read' 'gb-cache')" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/nvbandwidth-pcie.log" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/bandwidthTest-pinned.log" ]
	[ -s "$BATS_TEST_TMPDIR/out/peers/bw1.csv" ]
}

@test "peers: a failing gpuperf is exit 1" {
	printf '#!/bin/sh\necho "gpuperf: error: no CUDA-capable GPU found" >&2\nexit 3\n' >"$GP"
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/peers.sh" "$P"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no CUDA-capable GPU"* ]]
}
