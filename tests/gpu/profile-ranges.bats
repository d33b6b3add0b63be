#!/usr/bin/env bats
# gpuperf profile --by range on a GPU (issue 38, item 3): a program of
# ours with nested NVTX ranges (tests/apps/nvtx-ranges.cu: its ranges,
# kernels and launches listed at its top, the expected rows here), and a
# PyTorch model under emit_nvtx with record_function scopes
# (tests/apps/torch-nvtx.py): one row per scope, whatever the number of
# steps, the scopes' times adding up to the kernels' total.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/nvtx-ranges" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
}

# ranges NAME [OPTIONS] -- APP ARGS: gpuperf --csv -o NAME.csv profile --by range ...,
# its stderr in NAME.err; the program must succeed.
ranges() {
	local name=$1
	shift
	CSV=$BATS_TEST_TMPDIR/$name.csv
	"$GPUPERF" --csv -o "$CSV" profile --by range "$@" 2>"${CSV%.csv}.err" ||
		{ cat "${CSV%.csv}.err"; return 1; }
}

# rows CSV: "RANGE|GRAPH?|LAUNCHES|KERNELS|TOP_KERNEL" a line per range, sorted;
# GRAPH? is g for a graph's row.
rows() {
	python3 - "$1" <<'PY'
import csv, sys
out = []
for r in csv.DictReader(open(sys.argv[1], newline='')):
    out.append('|'.join([r['range'], 'g' if r['graph_id'] else '', r['launches'], r['kernels'],
                         r['top_kernel'].split('(')[0]]))
print('\n'.join(sorted(out)))
PY
}

# The ranges' shares add up to 100 %, and no note says kernel time is in no range:
# their times are the kernels' total within 0.1 % (the note's threshold).
adds_up() {
	python3 - "$CSV" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
total = sum(float(r['time_pct']) for r in rows)
assert abs(total - 100) < 0.01, total
assert all(float(r['gpu_time_ms']) > 0 for r in rows), rows
PY
	! grep -q "is in no range" "${CSV%.csv}.err"
}

@test "profile --by range: our program's nested ranges, a row each, launches as launched" {
	ranges app -- "$APPS/nvtx-ranges"
	cat "${CSV%.csv}.err"
	run rows "$CSV"
	echo "$output"
	[ "$output" = "$(printf '%s\n' \
		'(no range)||1|1|tail' \
		'epoch/train/step/backward||6|1|backward' \
		'epoch/train/step/forward||12|1|forward' \
		'replay/capture|g|6|1|graph_add' \
		'setup||2|1|fill')" ]
	adds_up
	# the graph's row names its graph; two nodes, so no one node
	python3 - "$CSV" <<'PY'
import csv, sys
g = next(r for r in csv.DictReader(open(sys.argv[1])) if r['graph_id'])
assert int(g['graph_id']) > 0 and g['graph_node'] == '' and g['depth'] == '2', g
PY
}

@test "profile --by range: the kernels' launches there are --by kernel's, time only too" {
	ranges light --launches 0 -- "$APPS/nvtx-ranges"
	adds_up
	K=$BATS_TEST_TMPDIR/kernels.csv
	"$GPUPERF" --csv -o "$K" profile --launches 0 -- "$APPS/nvtx-ranges"
	python3 - "$CSV" "$K" <<'PY'
import csv, sys
by_range = {}
for r in csv.DictReader(open(sys.argv[1])):
    by_range[r['top_kernel']] = by_range.get(r['top_kernel'], 0) + int(r['launches'])
by_kernel = {r['kernel']: int(r['launches']) for r in csv.DictReader(open(sys.argv[2]))}
assert by_range == by_kernel, (by_range, by_kernel)
PY
}

@test "profile --by range: the people's table names the graph, and every range" {
	run_split "$GPUPERF" profile --by range -- "$APPS/nvtx-ranges"
	[ "$status" -eq 0 ]
	echo "$stderr"
	grep -qE '^replay/capture \(graph [0-9]+\) ' <<<"$stderr"
	grep -qE '^epoch/train/step/forward ' <<<"$stderr"
	[[ "$stderr" == *"Ranges of "*": 5 ranges, "* ]]
}

have_torch() {
	python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null
}

@test "profile --by range: PyTorch under emit_nvtx, one row per scope whatever the steps" {
	have_torch || skip "PyTorch with CUDA is not installed"
	for steps in 2 4 6; do
		ranges "torch$steps" -- python3 "$ROOT/tests/apps/torch-nvtx.py" "$steps"
		adds_up
	done
	python3 - "$BATS_TEST_TMPDIR"/torch{2,4,6}.csv <<'PY'
import csv, sys
runs = [list(csv.DictReader(open(p))) for p in sys.argv[1:]]
two, four, six = ({r['range']: r for r in rows} for rows in runs)
print('\n'.join(sorted(six)))
# one row per scope: PyTorch's per-call numbers cut, so more steps make the same rows
assert set(two) == set(four) == set(six), set(two) ^ set(six)
assert len(six) == len(runs[2]), "a scope twice"
assert not [r for r in six if ', seq = ' in r or 'op_id' in r], "per-call fields left"
for scope in ('train_step/forward/', 'train_step/optimizer/'):
    assert any(r.startswith(scope) for r in six), f"no range under {scope}"
# every forward step runs the same kernels: two more steps, as many more launches
for r in (r for r in six if r.startswith('train_step/forward/')):
    n2, n4, n6 = (int(run[r]['launches']) for run in (two, four, six))
    assert n6 - n4 == n4 - n2 > 0, (r, n2, n4, n6)
PY
}

@test "profile --by range: PyTorch's CUDA graph, under the ranges of its capture and replay" {
	have_torch || skip "PyTorch with CUDA is not installed"
	ranges torchgraph -- python3 "$ROOT/tests/apps/torch-nvtx.py" 2 --graph
	adds_up
	python3 - "$CSV" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
graphs = [r for r in rows if r['graph_id']]
print('\n'.join(r['range'] + ' graph ' + r['graph_id'] for r in graphs))
assert graphs, "no graph's row"
# launched inside "replay", captured inside "capture" (its operators' scopes inside that)
assert all(r['range'].startswith('replay/capture/') for r in graphs), graphs
PY
}
