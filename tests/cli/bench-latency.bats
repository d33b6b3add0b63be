#!/usr/bin/env bats
# bench/latency.sh's parsers, without a GPU: fake peers print what the real
# ones print (gpu-benches' gpu-latency rows "iters clock kB ms cycles",
# nvbandwidth's latency matrix, gpu-cache and gpu-l2-cache tables, as their
# sources write them) and a fake gpuperf prints CSV; each figure must stand
# beside the right peer figure, and the targets must be judged.

ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	fake() {  # NAME: a peer printing the here-document
		{ echo '#!/bin/sh'; echo "cat <<'EOT'"; cat; echo 'EOT'; } >"$P/$1"
		chmod +x "$P/$1"
	}
	# sets of 8 KiB..1 GiB: L1 at 34 cycles, L2 at 264-270, DRAM from 600
	fake gb-latency <<'EOF'
  1000000  1980        8     17.0    33.8
  1000000  1980       64     17.1    34.0
  1000000  1980      128     17.1    34.2
  1000000  1980     4096    133.0   264.0
  1000000  1980    16384    134.0   266.0
  1000000  1980    20480    136.0   270.0
  1000000  1980   262144    330.0   650.0
 16777216  1980  1048576   5500.0   660.0

EOF
	fake nvbandwidth <<'EOF'
nvbandwidth Version: v0.8
Built from Git version: 

Running host_device_latency_sm.
memory latency SM CPU(row) <-> GPU(column) (ns)
           0
 0   1180.00

SUM host_device_latency_sm 1180.00
EOF
	fake gb-cache <<'EOF'
     data set   exec time     spread        Eff. bw       DRAM read      DRAM write         L2 read       L2 store
         2 kB         1ms       0.5%   20000.0 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
        64 kB         2ms       0.4%   28000.0 GB/s         0 GB/s          0 GB/s          0 GB/s          0 GB/s 
EOF
	fake gb-l2-cache <<'EOF'
     data set   exec time     spread        Eff. bw
       512 kB      1536 kB        20ms       0.3%    8500.0 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
       512 kB     81920 kB        60ms       0.3%   12000.0 GB/s        0 GB/s      0 GB/s      0 GB/s      0 GB/s 
EOF
	GP=$BATS_TEST_TMPDIR/gpuperf
	cat >"$GP" <<'EOF'
#!/bin/sh
case "$*" in
*info*) printf 'device,l2_bytes\nH100,52428800\n' ;;
*latency*)
	printf 'device,row,memory,size_bytes,size_max_bytes,level,cycles,ns\n'
	printf '"H100, SXM",size,global,1024,,L1,34.0,17.2\n'
	printf '"H100, SXM",level,global,1024,131072,L1,34.5,17.4\n'
	printf '"H100, SXM",level,global,1048576,16777216,L2,266.0,134.3\n'
	printf '"H100, SXM",level,global,268435456,1073741824,DRAM,700.0,353.5\n'
	printf '"H100, SXM",level,host,2097152,2097152,host,2500.0,1262.6\n' ;;
*"bandwidth --kernel read --size"*)
	printf 'device,kernel,size_bytes,level,method,bandwidth_gbs,best_gbs,min_gbs\n'
	printf '"H100, SXM",read,16384,L1,l1,28900.0,29000.0,28700.0\n"H100, SXM",read,65536,L1,l1,30900.0,31000.0,30700.0\n'
	printf '"H100, SXM",read,1572864,L2,l2,5400.0,5500.0,5200.0\n"H100, SXM",read,1572864,L2,l2-shared,9400.0,9500.0,9200.0\n'
	printf '"H100, SXM",read,26214400,L2,l2,7500.0,7600.0,7300.0\n"H100, SXM",read,26214400,L2,l2-shared,7600.0,7700.0,7400.0\n' ;;
esac
EOF
	chmod +x "$GP"
}

row() {  # the table's line for FIGURE (a prefix)
	grep -F "$1" <<<"$output" | grep -v '^target' | head -n 1
}

@test "bench/latency.sh: each figure beside its peer's, the ratio, the targets judged" {
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/latency.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# gb-latency's sets within gpuperf's L1 plateau (1-128 KiB): 33.8, 34.0, 34.2 -> 34.0
	[[ "$(row 'L1 latency')" =~ 34\.5\ +-\ +34\.5\ +gb-latency,\ sets\ 1024-131072\ B\ +34\.0\ +-\ +1\.015$ ]]
	# L2 (1-16 MiB): 264 and 266 -> 265
	[[ "$(row 'L2 latency')" =~ 266\.0\ +-\ +266\.0\ +gb-latency.*\ 265\.0\ +-\ +1\.004$ ]]
	# DRAM (256 MiB-1 GiB): 650 and 660 -> 655
	[[ "$(row 'DRAM latency')" =~ 700\.0\ +-\ +700\.0\ +gb-latency.*\ 655\.0\ +-\ +1\.069$ ]]
	[[ "$(row 'host latency')" =~ 1262\.6\ +nvbandwidth\ host_device_latency_sm\ +1180\.00\ +-\ +1\.070$ ]]
	# the caches: best against best, the same set (64 kB) and each's best
	[[ "$(row 'L1 read 64K')" =~ like:\ same\ set.*31000\.0\ +1\.0\ +31000\.0\ +gb-cache,\ 64K\ set\ +28000\.0\ +0\.4\ +1\.107$ ]]
	[[ "$(row 'L1 read  ')" =~ best:.*31000\.0\ +1\.0\ +31000\.0\ +gb-cache,\ its\ best\ set\ +28000\.0\ +0\.4\ +1\.107$ ]]
	# gb-l2-cache: only sets within half the L2 count (1536 kB, not 81920 kB)
	[[ "$(row 'L2 read, shared lines 1536K')" =~ 9500\.0\ +.*8500\.0\ +0\.3\ +1\.118$ ]]
	[[ "$(row 'L2 read, shared lines  ')" =~ best:.*9500\.0\ +.*8500\.0\ +0\.3\ +1\.118$ ]]
	[[ "$(row 'L2 read, slices')" =~ unlike:.*7600\.0\ +.*8500\.0\ +0\.3\ +0\.894$ ]]
	[[ "$output" == *"target L1 latency within 3 % of gb-latency"*MET* ]]
	[[ "$output" == *"target L1 read >= 30000 GB/s"*MET* ]]
	grep -q "^target L2 read, shared lines >= 9000 GB/s *MET" <<<"$output"
	grep -q "^target L2 read, slices >= 9000 GB/s *MISSED (gpuperf 7600.0, peer 8500.0)" <<<"$output"
	grep -q "^target L2 read, shared lines at least gb-l2-cache's *MET" <<<"$output"
	grep -q '^target host latency within 10 % of nvbandwidth *MET' <<<"$output"
	grep -q '^target default latency sweep under 10 s *MET' <<<"$output"
	[[ "$output" == *"gpuperf latency beside its peers, GPU 0: H100, SXM,"* ]]
}

@test "bench/latency.sh: a missed target says so; a missing peer is n/a" {
	sed -i 's/ 0   1180.00/ 0   1000.00/' "$P/nvbandwidth"
	rm "$P/gb-latency"
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/latency.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	grep -q '^target host latency within 10 % of nvbandwidth *MISSED (gpuperf 1262.6, peer 1000.00)' <<<"$output"
	grep -q '^target L1 latency within 3 % of gb-latency *n/a' <<<"$output"
	[[ "$(row 'L1 latency')" =~ 34\.5\ +-\ +34\.5\ +gb-latency,\ sets\ 1024-131072\ B\ +-\ +-\ +-$ ]]
}

@test "bench/latency.sh: a failing gpuperf is exit 1" {
	printf '#!/bin/sh\necho "gpuperf: error: no CUDA-capable GPU found" >&2\nexit 3\n' >"$GP"
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/latency.sh" "$P"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no CUDA-capable GPU"* ]]
}
