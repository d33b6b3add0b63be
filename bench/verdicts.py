#!/usr/bin/env python3
"""gpuperf profile's verdicts beside Nsight Compute's, kernel by kernel
(issue 37, item 3): the comparison behind bench/verdicts.sh.

    bench/verdicts.py [--ranked PROG]... DIR PROG...

For each PROG, DIR holds what bench/verdicts.sh wrote:
    PROG-default.csv, PROG-full.csv   gpuperf --csv profile (default set, --set full)
    PROG-default.err, PROG-full.err   their standard error ("worth fixing first: ...")
    PROG-ncu-raw.csv                  ncu -i REP --page raw --csv
    PROG-ncu-details.txt              ncu -i REP --page details --print-rule-details

Per kernel it prints gpuperf's bound and verdict under both sets beside
ncu's excessive global sectors and shared wavefronts (% of all of them,
from memory_l2_theoretical_sectors_global(_ideal) and
memory_l1_wavefronts_shared(_ideal)) and the estimated speedup of ncu's
UncoalescedGlobalAccess and UncoalescedSharedAccess rules; then each rule
of the issue's targets, MET or MISSED with the kernels that break it:

  (a) the default's bound and verdict equal the full set's;
  (b) no coalescing or conflict verdict where ncu measures under 5 % excess
      of that kind;
  (c) where ncu finds 20 % or more, gpuperf's figure of that kind within
      10 % (relative) of ncu's and the waste named in its verdict text;
  (d) "worth fixing first" of the --ranked programs (default train_step)
      names no waste that ncu does not confirm (5 % or more of that kind).

gpuperf's figures are its CSV's global_excess_pct and shared_excess_pct;
a CSV without them (gpuperf before issue 37) gets them derived from its
sectors per request and fetched bytes, and its shared wavefronts and
conflicts per request, marked "~".  Kernels are matched by mangled name,
else by a demangled name normalised (namespaces, parameters, spellings of
lambdas and literals dropped) with the grid and block.

A missing or unreadable input is a note, and a break of the rules that
need it.  Exit status: 0 when every rule is met, 1 when one is missed, 2
on a usage error.  Standard library only.
"""
import argparse
import csv
import os
import re
import sys

FLOOR_PCT = 5.0      # under this, ncu sees no waste of a kind: (b); at or over, it confirms one: (d)
CHECKED_PCT = 20.0   # from this, gpuperf must name the waste with its figure: (c)
FIGURE_TOLERANCE = 0.10
SETS = ('default', 'full')
KINDS = ('global', 'shared')

# What names a waste of each kind: verdict codes, and words of the verdict
# texts ("loads fetch 4.0x the bytes they use (16.0 sectors per request
# where 4.0 would do)", "take 4.0 wavefronts per instruction where 1 would
# do: a 4-way bank conflict") and of "worth fixing first" ("loads: 4.0x the
# bytes used", "shared loads: 75 % excess wavefronts", before issue 37
# "32-way bank conflict on shared loads").
CODE = {'global': re.compile(r'_coalescing$'), 'shared': re.compile(r'_conflicts$')}
WORDS = {
    'global': re.compile(r'x the bytes (they use|used)|sectors per request where', re.I),
    'shared': re.compile(r'bank conflict|wavefronts? per (instruction|request) where|excess wavefronts',
                         re.I),
}
NCU_RULE = {'global': 'has uncoalesced global accesses', 'shared': 'has uncoalesced shared accesses'}


class InputError(Exception):
    pass


def number(cell):
    """A CSV cell as a float; None when empty or not a number."""
    if cell is None:
        return None
    s = cell.replace(',', '').strip()
    try:
        return float(s)
    except ValueError:
        return None


def triple(text):
    """'8x16x1' or '(8, 16, 1)' as (8, 16, 1); None when neither."""
    nums = re.findall(r'\d+', text or '')
    return tuple(int(n) for n in nums) if len(nums) == 3 else None


def without_parentheses(s):
    """s without its balanced (...) groups."""
    out, depth = [], 0
    for ch in s:
        if ch == '(':
            depth += 1
        elif ch == ')' and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return ''.join(out)


def normal_name(name):
    """A demangled name as both GNU's and ncu's demanglers would agree on it."""
    s = name.replace('(anonymous namespace)', '').replace('<unnamed>', '')
    s = re.sub(r'\{lambda\([^()]*\)#(\d+)\}', r'lambda#\1', s)
    s = re.sub(r'\[lambda\([^()]*\) \(instance (\d+)\)\]', r'lambda#\1', s)
    s = without_parentheses(s)
    s = re.sub(r'\b(void|const)\b', '', s)
    s = re.sub(r'\b[A-Za-z_]\w*::', '', s).replace('::', '')
    s = re.sub(r'\b(\d+)(ull|ul|ll|u|l)\b', r'\1', s)
    s = re.sub(r'\bfalse\b', '0', s)
    s = re.sub(r'\btrue\b', '1', s)
    return re.sub(r'\s+', '', s)


def label(name, width=80):
    """A kernel's name for the table: no return type, parameters or namespaces."""
    s = name.replace('(anonymous namespace)::', '').replace('<unnamed>::', '')
    s = re.sub(r'^void\s+', '', s)
    depth = 0
    for i, ch in enumerate(s):  # cut at the parameters: the first '(' outside <...>
        depth += (ch == '<') - (ch == '>')
        if ch == '(' and depth == 0 and i:
            s = s[:i]
            break
    s = re.sub(r'\b[A-Za-z_]\w*::', '', s)
    return s if len(s) <= width else s[:width - 23] + '...' + s[-20:]  # both ends tell kernels apart


def read_csv(path):
    try:
        with open(path, newline='') as f:
            return list(csv.DictReader(f))
    except OSError as e:
        raise InputError('%s: %s' % (path, e.strerror))


def derived_global(row):
    """Global excess % from a CSV before issue 37: every kind's fetched bytes
    above what its ideal sectors per request would fetch, over all fetched."""
    fetched = excess = 0.0
    for kind in ('load', 'store', 'cp_async'):
        got = number(row.get(kind + '_fetched_bytes'))
        spr = number(row.get(kind + '_sectors_per_request'))
        ideal = number(row.get(kind + '_ideal_sectors_per_request'))
        if not got:
            continue
        if spr is None or ideal is None:
            return None
        fetched += got
        excess += got * max(0.0, 1.0 - ideal / spr) if spr > 0 else 0.0
    return 100.0 * excess / fetched if fetched else None


def derived_shared(row):
    """Shared excess % from a CSV before issue 37: conflicts over wavefronts,
    where one side (loads or stores) alone has wavefronts or none conflicts
    (the CSV has no request counts to weigh the two)."""
    sides = []
    for op in ('load', 'store'):
        w = number(row.get('shared_%s_wavefronts_per_request' % op))
        c = number(row.get('shared_%s_conflicts_per_request' % op))
        if w:
            sides.append((w, c or 0.0))
    if not sides:
        return None
    if all(c == 0 for _, c in sides):
        return 0.0
    return 100.0 * sides[0][1] / sides[0][0] if len(sides) == 1 else None


def gpuperf_kernel(row, has):
    """One row of gpuperf's CSV, as the comparison uses it."""
    k = {
        'name': row.get('kernel', ''),
        'mangled': row.get('kernel_mangled', '') or row.get('kernel', ''),
        'grid': triple(row.get('grid')), 'block': triple(row.get('block')),
        'bound': row.get('bound', ''), 'verdict': row.get('verdict', ''),
        'text': row.get('verdict_text', ''), 'disagree': row.get('counters_disagree', ''),
        'stake': number(row.get('time_at_stake_ms')), 'derived': {},
    }
    for kind, derive in (('global', derived_global), ('shared', derived_shared)):
        col = kind + '_excess_pct'
        k[kind] = number(row.get(col)) if col in has else derive(row)
        k['derived'][kind] = col not in has
    return k


def read_gpuperf(path):
    rows = read_csv(path)
    has = set(rows[0].keys()) if rows else set()
    kernels = {}
    for row in rows:
        k = gpuperf_kernel(row, has)
        kernels.setdefault(k['mangled'], k)
    return kernels


def ncu_excess(row, total, ideal):
    t, i = number(row.get(total)), number(row.get(ideal))
    if t is None or i is None:
        return None
    return 100.0 * (t - i) / t if t > 0 else 0.0


def read_ncu_raw(path):
    """ncu's kernels in ID order, with their excessive global sectors and
    shared wavefronts in % of all."""
    out = []
    for row in read_csv(path):
        if not (row.get('ID') or '').strip().isdigit():
            continue  # the units row
        out.append({
            'id': int(row['ID']), 'name': row.get('Kernel Name', ''),
            'grid': triple(row.get('Grid Size')), 'block': triple(row.get('Block Size')),
            'global': ncu_excess(row, 'memory_l2_theoretical_sectors_global',
                                 'memory_l2_theoretical_sectors_global_ideal'),
            'shared': ncu_excess(row, 'memory_l1_wavefronts_shared', 'memory_l1_wavefronts_shared_ideal'),
            'speedup': {},
        })
    return out


HEADER = re.compile(r'^  (\S.*?) \((\d+), (\d+), (\d+)\)x\((\d+), (\d+), (\d+)\), Context \d+')
RULE = re.compile(r'^    (OPT|WRN|INF|ERR)\s+(.*?)\s*$')


def read_ncu_rules(path):
    """Per kernel of the details page, in its order: (grid, block, {kind: Est.
    Speedup %}) of the UncoalescedGlobalAccess and UncoalescedSharedAccess rules."""
    try:
        with open(path, errors='replace') as f:
            lines = f.read().split('\n')
    except OSError as e:
        raise InputError('%s: %s' % (path, e.strerror))
    kernels, block = [], None
    for line in lines + ['']:
        m = HEADER.match(line)
        if m:
            g = tuple(int(x) for x in m.group(2, 3, 4))
            b = tuple(int(x) for x in m.group(5, 6, 7))
            kernels.append((g, b, {}))
            block = None
            continue
        m = RULE.match(line)
        if m and kernels:
            block = [m.group(2)]
        elif block is not None and line.startswith('          ') and line.strip():
            block.append(line.strip())
        elif block is not None:
            rule_speedup(' '.join(block), kernels[-1][2])
            block = None
    return kernels


def rule_speedup(text, speedups):
    m = re.match(r'Est\. Speedup: ([0-9.eE+-]+)%', text)
    for kind, words in NCU_RULE.items():
        if words in text:
            speedups[kind] = float(m.group(1)) if m else None


def read_ncu(raw_path, details_path, notes):
    """ncu's kernels, each with its rules' speedups where the details page
    lists the raw page's kernels in the same order."""
    kernels = read_ncu_raw(raw_path)
    rules = read_ncu_rules(details_path)
    if len(rules) != len(kernels):
        notes.append('%s lists %d kernels, %s %d: no speedups' % (details_path, len(rules), raw_path,
                                                                len(kernels)))
        return kernels
    for k, (g, b, speedups) in zip(kernels, rules):
        if (g, b) == (k['grid'], k['block']):
            k['speedup'] = speedups
    return kernels


def match(gp, ncu):
    """{gpuperf key: ncu kernel}: by mangled name, else by normalised name,
    grid and block where that picks one kernel."""
    pairs, by_normal = {}, {}
    for key, k in gp.items():
        by_normal.setdefault((normal_name(k['name']), k['grid'], k['block']), []).append(key)
    for n in ncu:
        if n['name'] in gp:
            pairs[n['name']] = n
            continue
        keys = by_normal.get((normal_name(n['name']), n['grid'], n['block']), [])
        if len(keys) == 1 and keys[0] not in pairs:
            pairs[keys[0]] = n
    return pairs


def names_waste(k, kind):
    """Whether gpuperf's verdict on k names a waste of this kind."""
    return bool(CODE[kind].search(k['verdict']) or WORDS[kind].search(k['text']))


def close_enough(figure, reference):
    return figure is not None and abs(figure - reference) <= FIGURE_TOLERANCE * reference


def read_summary(path):
    """The last "worth fixing first" line of a gpuperf run's standard error,
    from those words on; None when the file or the line is missing."""
    try:
        with open(path, errors='replace') as f:
            text = f.read()
    except OSError:
        return None
    found = None
    for line in text.split('\n'):
        m = re.search(r'(nothing )?worth fixing first.*', line)
        found = m.group(0).strip() if m else found
    return found


def summary_entries(line):
    """[(label, brief, ms at stake or None)] of 'worth fixing first: LABEL
    (BRIEF, X ms at stake); ...'; none for 'nothing worth fixing first'."""
    if not line.startswith('worth fixing first: '):
        return []
    out = []
    for part in re.split(r'(?<=\)); ', line[len('worth fixing first: '):].strip()):
        if not part.endswith(')'):
            continue
        depth, i = 0, len(part) - 1
        while i >= 0:  # back to the '(' that closes at the end: the brief's
            depth += (part[i] == ')') - (part[i] == '(')
            if depth == 0:
                break
            i -= 1
        inner = part[i + 1:-1]
        m = re.match(r'(.*), ([0-9.eE+-]+) ms at stake$', inner)
        out.append((part[:i].rstrip(), m.group(1) if m else inner, float(m.group(2)) if m else None))
    return out


def load(directory, prog):
    """A program's inputs; what is missing is a note, and breaks the rules
    that need it."""
    p = {'name': prog, 'gp': {}, 'summary': {}, 'ncu': None, 'notes': []}
    for s in SETS:
        try:
            p['gp'][s] = read_gpuperf(os.path.join(directory, '%s-%s.csv' % (prog, s)))
        except InputError as e:
            p['gp'][s] = None
            p['notes'].append('no gpuperf CSV of the %s set: %s' % (s, e))
        p['summary'][s] = read_summary(os.path.join(directory, '%s-%s.err' % (prog, s)))
    try:
        p['ncu'] = read_ncu(os.path.join(directory, prog + '-ncu-raw.csv'),
                            os.path.join(directory, prog + '-ncu-details.txt'), p['notes'])
    except InputError as e:
        p['notes'].append('no ncu data: %s' % e)
    every = {}
    for s in reversed(SETS):
        every.update(p['gp'][s] or {})
    p['pairs'] = match(every, p['ncu'] or [])
    return p


def kernel_label(p, key):
    for s in SETS:
        if p['gp'][s] and key in p['gp'][s]:
            return label(p['gp'][s][key]['name'])
    return label(key)


def rule_a(p):
    """(a) The default's bound and verdict equal the full set's."""
    d, f = p['gp']['default'], p['gp']['full']
    if d is None or f is None:
        return [(None, None, 'not judged: a set has no CSV')]
    out = []
    for key, k in d.items():
        o = f.get(key)
        if o and (k['bound'], k['verdict']) != (o['bound'], o['verdict']):
            out.append((key, None, 'bound %s / %s, verdict %s / %s (default / full)' % (
                k['bound'] or '-', o['bound'] or '-', k['verdict'] or '-', o['verdict'] or '-')))
    return out


def rule_b(p, s):
    """(b) No coalescing or conflict verdict where ncu measures under 5 %."""
    if p['gp'][s] is None or p['ncu'] is None:
        return [(None, s, 'not judged: no gpuperf CSV or no ncu data')]
    out = []
    for key, k in p['gp'][s].items():
        n = p['pairs'].get(key)
        for kind in KINDS:
            if n and n[kind] is not None and n[kind] < FLOOR_PCT and names_waste(k, kind):
                out.append((key, s, '%s names %s waste; ncu: %.1f %% excess' % (
                    k['verdict'] or 'verdict', kind, n[kind])))
    return out


def rule_c(p, s):
    """(c) Where ncu finds 20 % or more excess, gpuperf's figure within 10 %
    of ncu's and the waste named."""
    if p['gp'][s] is None or p['ncu'] is None:
        return [(None, s, 'not judged: no gpuperf CSV or no ncu data')]
    out = []
    matched = {id(n): key for key, n in p['pairs'].items()}
    for n in p['ncu']:
        for kind in KINDS:
            if n[kind] is None or n[kind] < CHECKED_PCT:
                continue
            key = matched.get(id(n))
            k = p['gp'][s].get(key) if key else None
            if k is None:
                out.append((None, s, 'ncu #%d %s: %s %.1f %%, matched to no gpuperf row' % (
                    n['id'], label(n['name']), kind, n[kind])))
                continue
            why = []
            if not close_enough(k[kind], n[kind]):
                why.append('%s excess %s where ncu has %.1f %%%s' % (
                    kind, pct(k[kind], k['derived'][kind]), n[kind],
                    ' (counters disagree: %s)' % k['disagree'] if k['disagree'] else ''))
            if not names_waste(k, kind):
                why.append('verdict (%s) names no %s waste' % (k['verdict'] or '-', kind))
            if why:
                out.append((key, s, '; '.join(why)))
    return out


def rule_d(p, s):
    """(d) "worth fixing first" names no waste ncu does not confirm."""
    line, gp = p['summary'][s], p['gp'][s]
    if line is None or gp is None:
        return [(None, s, 'not judged: no "worth fixing first" line or no CSV')]
    out = []
    for lab, brief, ms in summary_entries(line):
        kinds = [kind for kind in KINDS if WORDS[kind].search(brief)]
        for kind in kinds:
            keys = ranked_kernels(gp, lab, kind, ms)
            if not keys:
                out.append((None, s, '"%s (%s)" matches no row of the CSV' % (lab, brief)))
            for key in keys:
                n = p['pairs'].get(key)
                if n is None or n[kind] is None:
                    out.append((key, s, '"%s": not in ncu\'s report' % brief))
                elif n[kind] < FLOOR_PCT:
                    out.append((key, s, '"%s": ncu %.1f %% %s excess' % (brief, n[kind], kind)))
    return out


def ranked_kernels(gp, lab, kind, ms):
    """The CSV rows a "worth fixing first" entry names: its label starts the
    name, the verdict names that kind of waste, the time at stake nearest."""
    stem = lab[:-3] if lab.endswith('...') else lab
    keys = [key for key, k in gp.items()
            if re.sub(r'^void ', '', k['name']).startswith(stem) and names_waste(k, kind)]
    if ms is None or len(keys) < 2:
        return keys
    gap = {key: abs((gp[key]['stake'] if gp[key]['stake'] is not None else 1e30) - ms) for key in keys}
    best = min(gap.values())
    return [key for key in keys if gap[key] == best]


def pct(v, derived=False):
    if v is None:
        return '-'
    return ('~' if derived else '') + '%.1f' % v


RULES = (
    ('a', "the default's bound and verdict equal the full set's, on every kernel"),
    ('b', 'no coalescing or conflict verdict where ncu measures under %g %% excess of that kind' % FLOOR_PCT),
    ('c', 'where ncu finds %g %% or more excess, gpuperf\'s figure within %g %% of ncu\'s and the waste '
          'named in its verdict' % (CHECKED_PCT, 100 * FIGURE_TOLERANCE)),
    ('d', '"worth fixing first" names no waste that ncu does not confirm (%g %% or more)' % FLOOR_PCT),
)


def judge(p, ranked):
    """{rule letter: [(kernel key or None, set or None, why)]} for one program."""
    breaks = {'a': rule_a(p), 'b': [], 'c': [], 'd': []}
    for s in SETS:
        breaks['b'] += rule_b(p, s)
        breaks['c'] += rule_c(p, s)
        if p['name'] in ranked:
            breaks['d'] += rule_d(p, s)
    return breaks


def figures(p, key, kind):
    cells = []
    for s in SETS:
        k = (p['gp'][s] or {}).get(key)
        cells.append(pct(k[kind], k['derived'][kind]) if k else '-')
    n = p['pairs'].get(key)
    cells.append(pct(n[kind]) if n else '-')
    return ', '.join(cells)


def verdict_cell(p, key, s):
    k = (p['gp'][s] or {}).get(key)
    if not k:
        return '-'
    cell = '%s, %s' % (k['bound'] or '-', k['verdict'] or '-')
    return cell + (' (counters disagree: %s)' % k['disagree'] if k['disagree'] else '')


def table(p, breaks):
    keys = []
    for s in SETS:
        keys += [key for key in (p['gp'][s] or {}) if key not in keys]
    tags = {}
    for letter, found in breaks.items():
        for key, s, _ in found:
            tag = letter + (':' + s if s else '')
            if key is not None and tag not in tags.setdefault(key, []):
                tags[key].append(tag)
    print('| kernel | ncu # | default: bound, verdict | full: bound, verdict | global excess %: default, '
          'full, ncu | shared excess %: default, full, ncu | ncu est. speedup %: global, shared | breaks |')
    print('|---|---|---|---|---|---|---|---|')
    for key in keys:
        n = p['pairs'].get(key)
        speed = ', '.join(pct(n['speedup'].get(kind)) if n else '-' for kind in KINDS)
        print('| %s | %s | %s | %s | %s | %s | %s | %s |' % (
            kernel_label(p, key).replace('|', '/'), n['id'] if n else '-', verdict_cell(p, key, 'default'),
            verdict_cell(p, key, 'full'), figures(p, key, 'global'), figures(p, key, 'shared'), speed,
            ' '.join(tags.get(key, [])) or '-'))


def program_report(p, breaks):
    sizes = ', '.join('%s %s' % (len(p['gp'][s]) if p['gp'][s] is not None else 'no', s) for s in SETS)
    ncu = ('ncu %d kernels, %d matched' % (len(p['ncu']), len(p['pairs']))) if p['ncu'] is not None else 'no ncu'
    print('== %s: gpuperf %s; %s' % (p['name'], sizes, ncu))
    print()
    table(p, breaks)
    print()
    matched = {id(n) for n in p['pairs'].values()}
    for n in p['ncu'] or []:
        if id(n) not in matched:
            print('ncu #%d matched to no gpuperf row: %s %s (global %s %%, shared %s %%)' % (
                n['id'], label(n['name']), 'x'.join(map(str, n['grid'] or ())), pct(n['global']),
                pct(n['shared'])))
    for s, other in (SETS, SETS[::-1]):
        for key in p['gp'][s] or {}:
            if p['gp'][other] is not None and key not in p['gp'][other]:
                print('only in the %s set\'s CSV: %s' % (s, kernel_label(p, key)))
    for s in SETS:
        print('%s: %s' % (s, p['summary'][s] or 'no "worth fixing first" line'))
    for note in p['notes']:
        print('note: %s' % note)
    print()


def rules_report(progs, all_breaks, ranked):
    missed = False
    print('== rules (~: a figure derived from a CSV without the excess columns)')
    for letter, what in RULES:
        judged = [p for p in progs if letter != 'd' or p['name'] in ranked]
        found = [(p, b) for p, breaks in zip(progs, all_breaks) for b in breaks[letter]]
        if not judged:
            print('(%s) %s: NOT JUDGED (no program of --ranked: %s)' % (letter, what, ', '.join(ranked)))
            continue
        print('(%s) %s: %s' % (letter, what, 'MISSED' if found else 'MET'))
        missed = missed or bool(found)
        for p, (key, s, why) in found:
            name = kernel_label(p, key) if key is not None else ''
            print('    %s%s%s: %s' % (p['name'], ' (%s)' % s if s else '', ' ' + name if name else '', why))
    return missed


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--ranked', action='append', metavar='PROG',
                    help='a program whose "worth fixing first" rule (d) judges (default: train_step)')
    ap.add_argument('dir', help="the folder of bench/verdicts.sh's outputs")
    ap.add_argument('progs', nargs='+', metavar='PROG')
    a = ap.parse_args(argv)
    ranked = a.ranked or ['train_step']
    progs = [load(a.dir, prog) for prog in a.progs]
    all_breaks = [judge(p, ranked) for p in progs]
    for p, breaks in zip(progs, all_breaks):
        program_report(p, breaks)
    return 1 if rules_report(progs, all_breaks, ranked) else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
