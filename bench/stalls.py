#!/usr/bin/env python3
"""Compare gpuperf profile's PC-sampled warp states with Nsight Compute's
WarpStateStats, kernel by kernel (bench/stalls.sh runs both).

  stalls.py GPUPERF_CSV NCU_CSV

GPUPERF_CSV: `gpuperf --csv profile` with sampling on (its columns
stall_samples, stall_launch, stall_top, stall_at and stalls: "long_scoreboard 98.7 %,
...").  NCU_CSV: `ncu --section WarpStateStats --page raw --csv
--print-kernel-base mangled` of the same program (every launch), or
ncu's own PC samples (`--metrics regex:^smsp__pcsamp_warps_issue_stalled_`):
gpuperf's method, so a reading of the gap, not the target (exit 0).  ncu's per-issue stall ratios (warp cycles in each
state per issued instruction, "selected" being one a issue) over their sum
give each state's share of warp time, which is what a sample's share
estimates.

Prints one row per kernel both saw: ncu's top stall and its share,
gpuperf's share of the same state, the difference in points, gpuperf's
own top stall and where it sits; then the target (issue 38: the top
reason within 5 points) over the kernels with at least MIN_SAMPLES
samples (default 1000; fewer are listed, not judged).  Exit 1 when a
judged kernel misses, 2 when nothing could be compared.
"""
import csv
import os
import re
import sys

MIN_SAMPLES = int(os.environ.get("MIN_SAMPLES", "1000"))
# WarpStateStats' per-issue ratios, or the source view's own samples
NCU_RE = re.compile(r"^smsp__(?:average_warps_issue_stalled_(\w+)_per_issue_active\.ratio|"
                    r"pcsamp_warps_issue_stalled_(\w+))$")


def key(name):
    """A kernel's name as both tools can agree on it: the mangled name
    (bench/stalls.sh has ncu print it), or a demangled name without its
    return type, parameters and spaces ("const T*" and "T const*" differ)."""
    name = re.sub(r"^void\s+", "", name.strip())
    depth = 0
    for i, c in enumerate(name):
        depth += (c == "<") - (c == ">")
        if c == "(" and depth == 0 and i > 0:
            name = name[:i]
            break
    return re.sub(r"\s+", "", name)


def number(text):
    try:
        return float(text.replace(",", ""))
    except (AttributeError, ValueError):
        return None


def ncu_rows(path):
    """{kernel key: [{state: share 0-1} of each launch, in order]}; and
    whether they were samples (smsp__pcsamp_*) rather than WarpStateStats'
    counts."""
    with open(path, newline="") as f:
        lines = [l for l in f if l.startswith('"')]   # ncu's own notes come first
    rows = list(csv.reader(lines))
    if len(rows) < 2:
        return {}, False
    head, out = rows[0], {}
    sampled = any(c.startswith("smsp__pcsamp_warps") for c in head)
    for r in rows[1:]:
        if len(r) != len(head) or not r[0].strip('"').isdigit():
            continue   # the units row
        rec = dict(zip(head, r))
        states = {}
        for col, val in rec.items():
            m = NCU_RE.match(col)
            v = number(val)
            state = m and (m.group(1) or m.group(2))
            if state and v is not None and not state.endswith("_not_issued"):
                states[state] = v
        total = sum(states.values())
        out.setdefault(key(rec.get("Kernel Name", "")), []).append(
            {s: v / total for s, v in states.items()} if total > 0 else None)
    return out, sampled


def gpuperf_rows(path):
    """{kernel key: (samples, {state: share 0-1}, top, at, its name, which
    launch was sampled)}: stall_launch, or the second where a gpuperf
    before that column sampled every kernel's."""
    out = {}
    with open(path, newline="") as f:
        for rec in csv.DictReader(f):
            n = number(rec.get("stall_samples", ""))
            if not n:
                continue
            states = {}
            for part in (rec.get("stalls") or "").split(","):
                m = re.match(r"\s*(\w+) ([0-9.]+) %", part)
                if m:
                    states[m.group(1)] = float(m.group(2)) / 100
            name = rec.get("kernel_mangled") or rec["kernel"]
            nth = int(number(rec.get("stall_launch", "")) or 2)
            out[key(name)] = (int(n), states, rec.get("stall_top", ""),
                              rec.get("stall_at", ""), rec["kernel"], nth)
    return out


def main():
    ours, (theirs, sampled) = gpuperf_rows(sys.argv[1]), ncu_rows(sys.argv[2])
    against = "ncu's own PC samples" if sampled else "ncu's WarpStateStats"
    judged = missed = 0
    print(f"against {against}:")
    print(f"{'kernel':<44} {'samples':>8}  {'ncu top':<20} {'ncu %':>6} {'ours %':>6} "
          f"{'diff':>5}  {'our top':<18} at")
    for k, (n, states, top, at, name, nth) in sorted(ours.items(), key=lambda x: -x[1][0]):
        # the launch gpuperf sampled: one kernel's launches can differ (PyTorch's sizes)
        ref = theirs.get(k, [])[nth - 1] if len(theirs.get(k, [])) >= nth else None
        if not ref:
            print(f"{name[:44]:<44} {n:>8}  (ncu has no launch {nth} of it)")
            continue
        rtop = max(ref, key=ref.get)
        # gpuperf lists states of 1 % or more: an absent one is under 1 %
        mine = states.get(rtop, 0.0)
        diff = 100 * (mine - ref[rtop])
        if n >= MIN_SAMPLES:
            judged += 1
            ok = abs(diff) <= 5
            missed += not ok
            mark = "MET" if ok else "MISSED"
        else:
            mark = f"(under {MIN_SAMPLES} samples: not judged)"
        print(f"{name[:44]:<44} {n:>8}  {rtop:<20} {100 * ref[rtop]:>6.1f} {100 * mine:>6.1f} "
              f"{diff:>+5.1f}  {top:<18} {at}  {mark}")
    if not judged:
        print("target: nothing to judge (no kernel both tools saw with enough samples)")
        return 2
    if sampled:   # the same method: a reading of the gap, not the target
        print(f"the top state's share within 5 points of {against}: {judged - missed} of {judged}")
        return 0
    print(f"target (issue 38): the top state's share within 5 points of {against}, on every "
          f"kernel: {'MET' if not missed else 'MISSED'} ({judged - missed} of {judged} within)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
