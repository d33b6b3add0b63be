#!/usr/bin/env bats
# The README's fleet recipe under a real Slurm: munged, slurmctld and
# slurmd for one node, started in a temporary directory on the loopback
# address (nothing leaves the machine), every path and port their own;
# srun -N1 -n2 runs `gpuperf --json check` (its no-GPU path on this
# machine), and `gpuperf fleet` judges what it wrote.  The daemons are
# stopped by their PIDs in teardown_file, whatever happened.  Needs
# Debian's munge, slurmctld, slurmd and slurm-client, and root (the
# daemons run as SlurmUser=root); skips, saying which, without them.

bats_require_minimum_version 1.5.0

load lib

WAIT_S=30   # the longest any wait lasts

# Free TCP ports on the loopback address, one a line.
free_ports() {
	python3 -c 'import socket, sys
s = [socket.socket() for _ in range(int(sys.argv[1]))]
for x in s: x.bind(("127.0.0.1", 0))
print("\n".join(str(x.getsockname()[1]) for x in s))' "$1"
}

# until_true SECONDS CMD...: CMD true within SECONDS, polling; 1 if not.
until_true() {
	local end=$((SECONDS + $1))
	shift
	until "$@"; do
		[ "$SECONDS" -lt "$end" ] || return 1
		sleep 0.2
	done
}

# A daemon's PID from its PID file, kept in $S/pids for teardown.
pid_of() {
	local pid
	until_true "$WAIT_S" test -s "$S/$1.pid" || { echo "$1 wrote no PID file" >&2; return 1; }
	pid=$(cat "$S/$1.pid")
	echo "$pid" >>"$S/pids"
}

node_idle() {
	[ "$(sinfo -h -n "$NODE" -o %t 2>/dev/null)" = idle ]
}

stop_daemons() {
	local pid
	[ -s "$S/pids" ] || return 0
	# the last started first: slurmd, slurmctld, munged
	for pid in $(tac "$S/pids"); do
		kill "$pid" 2>/dev/null || continue
		until_true 10 eval "! kill -0 $pid 2>/dev/null" || kill -9 "$pid" 2>/dev/null
	done
	rm -f "$S/pids"
}

slurm_env() {
	local v
	# a suite run inside a Slurm job must not talk to that job's cluster
	for v in $(compgen -e | grep '^SLURM_'); do unset "$v"; done
	export SLURM_CONF=$S/slurm.conf
}

# Why the file's tests skip, said by setup (bats skips there, not in setup_file).
unfit() {
	local tool
	for tool in munged slurmctld slurmd srun sinfo python3; do
		if ! command -v "$tool" >/dev/null; then
			echo "$tool is not installed (Debian: munge slurmctld slurmd slurm-client)"
			return 0
		fi
	done
	if [ "$(id -u)" -ne 0 ]; then
		echo "the daemons run as root here (SlurmUser=root); not root"
	fi
}

setup_file() {
	local ports
	SKIP_REASON=$(unfit)
	export SKIP_REASON
	[ -z "$SKIP_REASON" ] || return 0
	export S=$BATS_FILE_TMPDIR/slurm
	mkdir -p "$S/state" "$S/spool" /run/munge
	NODE=$(hostname -s)
	export NODE
	read -r CPUS MEM < <(slurmd -C | sed -n 's/.*CPUs=\([0-9]*\).*RealMemory=\([0-9]*\).*/\1 \2/p')
	mapfile -t ports < <(free_ports 2)
	dd if=/dev/urandom of="$S/munge.key" bs=1024 count=1 status=none
	chmod 600 "$S/munge.key"
	cat >"$S/slurm.conf" <<CONF
ClusterName=gpuperf-test
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$S/munge.sock
CredType=cred/munge
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=test Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
CONF
	slurm_env
	start_daemons || {
		stop_daemons
		return 1
	}
}

# munged, slurmctld, slurmd, each PID kept as it comes; the node idle.
start_daemons() {
	# each daemon forks into the background: none may keep bats' descriptors open
	munged --force --key-file="$S/munge.key" --socket="$S/munge.sock" \
		--pid-file="$S/munged.pid" --log-file="$S/munged.log" --seed-file="$S/munged.seed" \
		</dev/null >/dev/null 2>&1 3>&- || return 1
	pid_of munged || return 1
	slurmctld -i </dev/null >/dev/null 2>&1 3>&- || return 1
	pid_of slurmctld || return 1
	slurmd -N "$NODE" </dev/null >/dev/null 2>&1 3>&- || return 1
	pid_of slurmd || return 1
	until_true "$WAIT_S" node_idle || {
		sinfo >&2
		tail -n 20 "$S"/*.log >&2
		return 1
	}
}

teardown_file() {
	if [ -n "${S:-}" ]; then
		stop_daemons
	fi
}

setup() {
	[ -z "$SKIP_REASON" ] || skip "$SKIP_REASON"
	slurm_env
	cd "$BATS_TEST_TMPDIR"
	GP=$(realpath "$GPUPERF")
}

@test "one node on the loopback address comes up idle" {
	run sinfo -h -n "$NODE" -o '%t %c'
	[ "$status" -eq 0 ]
	[ "$output" = "idle $(slurmd -C | sed -n 's/.*CPUs=\([0-9]*\).*/\1/p')" ]
}

@test "the README's recipe, one file per task: fleet names the GPU-less node, exit 1" {
	mkdir fleet
	run timeout 60 srun -N1 -n2 --output='fleet/%N.%t.json' --error='fleet/%N.%t.err' "$GP" --json check
	# check exits 3 on each task (no GPU here): srun says so and passes it on
	[ "$status" -eq 3 ]
	run ls fleet
	[ "$output" = "$(printf '%s.0.err\n%s.0.json\n%s.1.err\n%s.1.json' "$NODE" "$NODE" "$NODE" "$NODE")" ]
	# each task's message went to its .err file, not into the JSON
	run cat "fleet/$NODE.0.err"
	[[ "$output" == *"gpuperf: error: no NVIDIA driver found"* ]]
	run_split "$GP" fleet fleet/*.json
	[ "$status" -eq 1 ]
	[[ "$output" == *"$NODE "*"no-gpu"* ]]
	[ -z "$stderr" ]
	run_split "$GP" --csv fleet fleet/*.json
	[ "$status" -eq 1 ]
	[ "$(grep -c "^$NODE,.*,no-gpu,no-gpu\$" <<<"$output")" -eq 2 ]
}

@test "the README's recipe, one stream: fleet splits the tasks' documents, exit 1" {
	run timeout 60 bash -c 'srun -N1 -n2 "$0" --json check > fleet.json' "$GP"
	[ "$status" -eq 3 ]
	run_split "$GP" --csv fleet fleet.json
	[ "$status" -eq 1 ]
	[ "$(grep -c "^$NODE,.*,no-gpu,no-gpu\$" <<<"$output")" -eq 2 ]
	run_split "$GP" fleet - < fleet.json
	[ "$status" -eq 1 ]
	[[ "$output" == *"1 no-gpu, 0 fail"* ]]
}

@test "the README gives the recipe this test runs" {
	run grep -cF -e "srun --ntasks-per-node=1 --output='fleet/%N.%t.json' --error='fleet/%N.%t.err' \\" \
		-e 'gpuperf fleet fleet/*.json' "$BATS_TEST_DIRNAME/../../README.md"
	[ "$output" -eq 2 ]
}
