# Shared set-up for CLI tests (bats).  Load with `load lib` in tests/cli/*.bats.
# GPUPERF names the binary under test (tests/run.sh sets it for the ASan pass).

GPUPERF=${GPUPERF:-$BATS_TEST_DIRNAME/../../gpuperf}

# Every test its own empty cache (gpuperf roofline writes the ceilings
# gpuperf profile reads there), never the user's.
if [ -n "${BATS_TEST_TMPDIR:-}" ]; then
	export XDG_CACHE_HOME=$BATS_TEST_TMPDIR/xdg-cache
fi

# run_split [-N] CMD...: run with stdout in $output and stderr in $stderr;
# -N, as run's own (bats 1.5), says the status CMD must end with: 127 and
# over are then no "command not found" warning (BW01).
run_split() {
	local errf expect=()
	[[ "${1:-}" != -[0-9]* ]] || { expect=("$1"); shift; }
	errf=$(mktemp)
	run ${expect[@]+"${expect[@]}"} bash -c '"$@" 2>"$0"' "$errf" "$@"
	stderr=$(cat "$errf")
	rm -f "$errf"
}

# A usage error: exit 2, nothing on stdout, "gpuperf: error:" on stderr.
assert_usage_error() {
	run_split "$GPUPERF" "$@"
	if [ "$status" -ne 2 ] || [ -n "$output" ] || [[ "$stderr" != *"gpuperf: error:"* ]]; then
		echo "args: $*" >&2
		echo "status $status, stdout '$output', stderr '$stderr'" >&2
		return 1
	fi
}

# same_records CSV_FILE JSON_FILE [COLUMN | COLUMN~PCT ...]: the JSON array
# holds the CSV's records, in order, with the CSV's columns as keys in
# column order and its values (a number equal as a number, an empty cell
# null); says where they differ.  The COLUMNs named, figures measured
# again when the two come from two runs, need only be of the same kind:
# both empty, both numbers or both text; a COLUMN~PCT, numbers within PCT
# percent of the larger (both empty, or both text and equal, also pass).
same_records() {
	python3 - "$@" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
recs = json.load(open(sys.argv[2]))
loose = {a for a in sys.argv[3:] if '~' not in a}
near = {a.split('~')[0]: float(a.split('~')[1]) for a in sys.argv[3:] if '~' in a}

def kind(v):
    if v is None or v == '':
        return 'empty'
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return 'number'
    try:
        float(v)
        return 'number'
    except (TypeError, ValueError):
        return 'text'

def same(cell, value):
    if value is None:
        return cell == ''
    if isinstance(value, bool):
        return cell == str(value).lower()
    if isinstance(value, (int, float)):
        try:
            return float(cell) == float(value)
        except ValueError:
            return False
    return cell == value

def within(cell, value, pct):
    if kind(cell) != 'number' or kind(value) != 'number':
        return same(cell, value)
    a, b = float(cell), float(value)
    return abs(a - b) <= pct / 100 * max(abs(a), abs(b))

def agree(k, cell, value):
    if k in loose:
        return kind(cell) == kind(value)
    if k in near:
        return within(cell, value, near[k])
    return same(cell, value)

bad = []
if not isinstance(recs, list) or len(recs) != len(rows):
    bad.append(f'{len(rows)} CSV rows, JSON: {type(recs).__name__} of {len(recs)}')
else:
    for n, (row, rec) in enumerate(zip(rows, recs), 1):
        if list(rec) != list(row):
            bad.append(f'record {n}: keys {list(rec)} != columns {list(row)}')
            continue
        bad += [f'record {n}: {k}: CSV {row[k]!r}, JSON {rec[k]!r}'
                for k in row
                if not agree(k, row[k], rec[k])]
print('\n'.join(bad) or f'{len(rows)} records the same')
sys.exit(1 if bad else 0)
PY
}
