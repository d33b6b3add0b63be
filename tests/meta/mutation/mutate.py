#!/usr/bin/env python3
"""Source mutants of gpuperf's judging code, each run against its tests.

The files and the tests that cover them are data (targets), the mutation
operators too (operators), and so are the surviving mutants that cannot
change a result (equivalent).  From those and the sources, the list of
mutants is made the same way every time: a C tokenizer walks each target
and applies every operator wherever it fits.

  mutate.py list [FILE...]      the mutants, one a line, with their ids
  mutate.py list --any PATH     those of any C file, every function
  mutate.py check               the data hold together: each target file,
                                function and test exists, each function
                                named has mutants, equivalent parses
  mutate.py show ID             one mutant as a diff
  mutate.py run [-j N] [FILE...]
                                build each mutant in a copy of the tree
                                (build/mutants/wN: the sources and build/,
                                so that make recompiles only what the
                                mutant touches) and run the tests that
                                cover its file, unit tests first, until one
                                fails (the mutant is killed); prints the
                                survivors and the score, writes the results
                                to build/mutants/results, and exits 1 when
                                the score is under the target or a survivor
                                is neither explained in equivalent (it
                                cannot change a result) nor listed in open
                                (it can: a test is owed, and said why not
                                yet); the mutants explained in equivalent
                                are counted as survivors without a run
                                (--all runs them)

A mutant's key (file, function, operator, the line before and after) does
not hold its line number, so that the explanations in equivalent survive
edits elsewhere in the file.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
WORK = os.environ.get('MUTANT_WORK') or os.path.join(ROOT, 'build', 'mutants')
TARGET_PCT = 90.0

# ---- the tokenizer ----

TOKEN = re.compile(r'''
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+[uUlL]*|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFuUlL]*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\.\.\.|[-+*/%<>=!&|^~?:;,.(){}\[\]#\\])
''', re.S | re.X)

TYPE_WORDS = {
    'const', 'static', 'struct', 'enum', 'union', 'void', 'char', 'short', 'int', 'long',
    'unsigned', 'signed', 'float', 'double', 'size_t', 'bool', 'extern', 'volatile', 'inline',
    'register',
}
KEYWORDS = TYPE_WORDS | {
    'return', 'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break',
    'continue', 'goto', 'sizeof', 'typedef',
}


class Tok:
    __slots__ = ('kind', 'text', 'start', 'end', 'line', 'mutable', 'scope', 'paren')

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line
        self.mutable = False
        self.scope = ''
        self.paren = None


def tokenize(src):
    toks, pos, line = [], 0, 1
    while pos < len(src):
        m = TOKEN.match(src, pos)
        if not m:
            raise ValueError('cannot tokenize at line %d: %r' % (line, src[pos:pos + 20]))
        kind = m.lastgroup
        if kind not in ('space', 'comment'):
            toks.append(Tok(kind, m.group(), m.start(), m.end(), line))
        line += m.group().count('\n')
        pos = m.end()
    return toks


def is_type_word(t):
    return t.kind == 'ident' and (t.text in TYPE_WORDS or t.text.endswith('_t'))


def mark(toks, is_header):
    """Mark the tokens a mutant may change and name each one's scope: the
    function (or table, or macro) it belongs to."""
    depth, i, n = 0, 0, len(toks)
    scope = ''
    stmt_start = True      # the next token starts a statement
    decl = False           # in a declarator: mutable after its '='
    stmt_decl = None       # the statement declares: the parentheses open at its start
    init_depth = None      # at file scope: inside an initializer after '='
    paren_stack = []
    while i < n:
        t = toks[i]
        if t.text == '#' and (i == 0 or toks[i - 1].line < t.line):
            # a preprocessor line (with its continuations): only #define's value
            j = i + 1
            end_line = t.line
            while j < n and toks[j].line == end_line:
                if toks[j].text == '\\':
                    end_line += 1
                j += 1
            if i + 2 < j and toks[i + 1].text == 'define':
                k = i + 3
                name = toks[i + 2].text
                if k < j and toks[k].text == '(' and toks[k].start == toks[i + 2].end:
                    while k < j and toks[k].text != ')':
                        k += 1
                    k += 1
                for m in range(k, j):
                    toks[m].mutable = toks[m].text != '\\'
                    toks[m].scope = name
            i = j
            continue
        if is_header:
            i += 1
            continue
        t.scope = scope
        if depth == 0:
            # file scope: a function's name, or a table's initializer
            if t.text == '(' and i > 0 and toks[i - 1].kind == 'ident' and init_depth is None:
                name = toks[i - 1].text
                k = skip_group(toks, i)
                if k < n and toks[k].text == '{':
                    scope = name
                    for m in range(i, k):
                        toks[m].scope = name
                    i = k
                    continue
            if t.text == '=' and init_depth is None:
                init_depth = 0
                scope = table_name(toks, i)
                i += 1
                continue
            if init_depth is not None:
                t.scope = scope
                if t.text in '({[':
                    init_depth += 1
                elif t.text in ')}]':
                    init_depth -= 1
                elif t.text == ';' and init_depth == 0:
                    init_depth = None
                    i += 1
                    continue
                t.mutable = True
                i += 1
                continue
            if t.text == '{':
                depth = 1
                stmt_start, decl = True, False
                t.scope = scope
            i += 1
            continue
        # inside a function
        if t.text == '{':
            depth += 1
            stmt_start, decl = True, False
        elif t.text == '}':
            depth -= 1
            stmt_start, decl = True, False
        elif t.text == ';':
            stmt_start, decl = True, False
        elif t.text == '(':
            paren_stack.append(decl)
            if i > 0 and toks[i - 1].text == 'for':
                stmt_start, decl = True, False
                i += 1
                continue
        elif t.text == ')':
            decl = paren_stack.pop() if paren_stack else False
        elif stmt_start:
            decl = is_type_word(t)
            stmt_decl = len(paren_stack) if decl else None
            stmt_start = False
        elif decl and t.text == '=':
            decl = False
            i += 1
            continue
        elif t.text == ',' and stmt_decl == len(paren_stack):
            decl = True     # the next declarator: `int a = 1, b[32];`
            i += 1
            continue
        if t.text == ':' and i > 0 and (toks[i - 1].text == 'default' or
                                        (i > 1 and toks[i - 2].text == 'case')):
            stmt_start = True
        t.mutable = depth > 0 and not decl
        i += 1
    for k, t in enumerate(toks):
        if t.text == '(':
            t.paren = skip_group(toks, k) - 1


def skip_group(toks, i):
    """Index after the bracket group that opens at i."""
    pairs = {'(': ')', '[': ']', '{': '}'}
    stack = [pairs[toks[i].text]]
    i += 1
    while i < len(toks) and stack:
        if toks[i].text in pairs:
            stack.append(pairs[toks[i].text])
        elif toks[i].text == stack[-1]:
            stack.pop()
        i += 1
    return i


def table_name(toks, i):
    j = i - 1
    while j >= 0 and toks[j].text == ']':
        while j >= 0 and toks[j].text != '[':
            j -= 1
        j -= 1
    return toks[j].text if j >= 0 and toks[j].kind == 'ident' else ''


# ---- expression extents (for dropped terms and swapped values) ----

BINARY_PREC = {
    '*': 13, '/': 13, '%': 13, '+': 12, '-': 12, '<<': 11, '>>': 11,
    '<': 10, '<=': 10, '>': 10, '>=': 10, '==': 9, '!=': 9, '&': 8, '^': 7, '|': 6,
    '&&': 5, '||': 4,
}
UNARY = {'!', '-', '+', '~', '*', '&', '++', '--'}


def operand_end(toks, i):
    """Index after the unary expression that starts at i."""
    n = len(toks)
    while i < n and (toks[i].text in UNARY or toks[i].text == 'sizeof'):
        i += 1
    if i >= n:
        return i
    if toks[i].text == '(':
        j = skip_group(toks, i)
        # a cast: (type) operand
        if i + 1 < n and is_type_word(toks[i + 1]) and j < n and \
                (toks[j].kind in ('ident', 'number') or toks[j].text in UNARY | {'('}):
            return operand_end(toks, j)
        i = j
    elif toks[i].kind in ('ident', 'number', 'string'):
        i += 1
        while i < n and toks[i].kind == 'string' and toks[i - 1].kind == 'string':
            i += 1
    else:
        return i
    while i < n:
        if toks[i].text in ('(', '['):
            i = skip_group(toks, i)
        elif toks[i].text in ('.', '->') and i + 1 < n:
            i += 2
        elif toks[i].text in ('++', '--'):
            i += 1
        else:
            break
    return i


def expr_end(toks, i, min_prec):
    """Index after the expression at i whose binary operators all bind
    tighter than min_prec (a conditional expression when min_prec <= 3)."""
    j = operand_end(toks, i)
    while j < len(toks):
        p = BINARY_PREC.get(toks[j].text)
        if p is not None and p > min_prec and is_binary(toks, j):
            j = operand_end(toks, j + 1)
        elif toks[j].text == '?' and min_prec < 3:
            k = matching_colon(toks, j)
            if k is None:
                break
            j = expr_end(toks, k + 1, 2)
        else:
            break
    return j


def matching_colon(toks, q):
    depth, nested = 0, 0
    for k in range(q + 1, len(toks)):
        t = toks[k].text
        if t in '([{':
            depth += 1
        elif t in ')]}':
            if depth == 0:
                return None
            depth -= 1
        elif depth == 0 and t == '?':
            nested += 1
        elif depth == 0 and t == ':':
            if nested == 0:
                return k
            nested -= 1
        elif depth == 0 and t in (';', ','):
            return None
    return None


def is_operand_end(t):
    return (t.kind in ('ident', 'number', 'string') and t.text not in KEYWORDS) or \
        t.text in (')', ']')


def is_binary(toks, i):
    if i == 0 or i + 1 >= len(toks):
        return False
    prev, nxt = toks[i - 1], toks[i + 1]
    if not is_operand_end(prev):
        return False
    return nxt.kind in ('ident', 'number', 'string') or nxt.text in UNARY | {'(', 'sizeof'}


# ---- the operators ----

def read_operators(path):
    ops = []
    for line in open(path):
        line = line.split('#', 1)[0].split()
        if not line:
            continue
        name, kind = line[0], line[1]
        ops.append((name, kind, line[2] if len(line) > 2 else None, line[3] if len(line) > 3 else None))
    return ops


def const_variant(toks, i):
    t = toks[i]
    m = re.match(r'(0[xX][0-9a-fA-F]+|[0-9.]+(?:[eE][+-]?\d+)?)([fFuUlL]*)$', t.text)
    if not m:
        return None
    digits, suffix = m.groups()
    if i > 0 and toks[i - 1].text == '-' and not is_binary(toks, i - 1):
        return (toks[i - 1].start, t.end, t.text)
    if digits.lower().startswith('0x'):
        return (t.start, t.end, hex(int(digits, 16) + 1) + suffix)
    if re.fullmatch(r'\d+', digits):
        return (t.start, t.end, str(int(digits) + 1) + suffix)
    v = float(digits)
    new = '1.0' if v == 0 else '%.6g' % (v * 1.1)
    if '.' not in new and 'e' not in new:
        new += '.0'
    return (t.start, t.end, new + suffix)


def mutants_of(path, src, ops, functions=None):
    """[(line, scope, opname, [(start, end, text)...])] in a fixed order."""
    toks = tokenize(src)
    mark(toks, path.endswith('.h'))
    out = []
    for i, t in enumerate(toks):
        if not t.mutable or (functions and t.scope not in functions):
            continue
        for name, kind, frm, to in ops:
            edits = None
            if kind == 'swap' and t.text == frm and is_binary(toks, i):
                edits = [(t.start, t.end, to)]
            elif kind == 'drop' and t.text == frm and is_binary(toks, i):
                end = expr_end(toks, i + 1, BINARY_PREC[frm])
                if end > i + 1:
                    edits = [(t.start, toks[end - 1].end, '')]
            elif kind == 'const' and t.kind == 'number':
                v = const_variant(toks, i)
                edits = [v] if v else None
            elif kind == 'branch' and frm == 'if' and t.text == 'if' and \
                    i + 1 < len(toks) and toks[i + 1].text == '(':
                close = toks[i + 1].paren
                edits = [(toks[i + 1].end, toks[i + 1].end, '!('), (toks[close].start, toks[close].start, ')')]
            elif kind == 'branch' and frm == '?:' and t.text == '?':
                colon = matching_colon(toks, i)
                if colon is not None:
                    end = expr_end(toks, colon + 1, 2)
                    a = src[toks[i + 1].start:toks[colon - 1].end]
                    b = src[toks[colon + 1].start:toks[end - 1].end]
                    edits = [(toks[i + 1].start, toks[colon - 1].end, b),
                             (toks[colon + 1].start, toks[end - 1].end, a)]
            if edits:
                out.append((t.line, t.scope, name, edits))
    return out


def apply(src, edits):
    for start, end, text in sorted(edits, reverse=True):
        src = src[:start] + text + src[end:]
    return src


def line_of(src, line):
    """The line's code, comments dropped and spaces collapsed (a key's part)."""
    text = re.sub(r'/\*.*?(\*/|$)|//.*', '', src.split('\n')[line - 1])
    return ' '.join(text.split())


# ---- targets, equivalents ----

def read_targets(path):
    """[(file, functions or None, tests)]: 'FILE [(F1 F2)]: TEST...'"""
    out = []
    for raw in open(path):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        head, tests = line.split(':', 1)
        m = re.match(r'(\S+)\s*(?:\((.*)\))?$', head.strip())
        out.append((m.group(1), set(m.group(2).split()) if m.group(2) else None, tests.split()))
    return out


class Mutant:
    def __init__(self, file, line, scope, op, edits, before, after, tests):
        self.file, self.line, self.scope, self.op = file, line, scope, op
        self.edits, self.before, self.after, self.tests = edits, before, after, tests
        self.id = '%s:%d:%s' % (file, line, op)

    def key(self):
        return (self.file, self.scope, self.op, self.before, self.after)

    def describe(self):
        return '%s:%d %s [%s] %s  =>  %s' % (self.file, self.line, self.scope or '-', self.op,
                                              self.before, self.after)


def all_mutants(only=None, any_file=None):
    """The mutants of the targets (those of the files in only), or of
    any_file, a C file mutated whole, with no tests."""
    ops = read_operators(os.path.join(HERE, 'operators'))
    out, seen = [], {}
    targets = [(any_file, None, [])] if any_file else read_targets(os.path.join(HERE, 'targets'))
    for file, functions, tests in targets:
        if only and file not in only:
            continue
        src = open(file if any_file else os.path.join(ROOT, file)).read()
        for line, scope, op, edits in mutants_of(file, src, ops, functions):
            mutated = apply(src, edits)
            before = line_of(src, line)
            # the mutated line: the line of the first edit, in the new text
            first = min(e[0] for e in edits)
            after = line_of(mutated, mutated.count('\n', 0, first) + 1)
            m = Mutant(file, line, scope, op, edits, before, after, tests)
            n = seen.get(m.id, 0)
            seen[m.id] = n + 1
            if n:
                m.id += '.%d' % n
            out.append(m)
    return out


def read_equivalent(path):
    """{key: why}; an entry is 'FILE<TAB>FUNCTION<TAB>OP<TAB>BEFORE<TAB>AFTER<TAB>WHY'."""
    out = {}
    if not os.path.exists(path):
        return out
    for raw in open(path):
        if raw.startswith('#') or not raw.strip():
            continue
        f = raw.rstrip('\n').split('\t')
        if len(f) != 6 or not f[5].strip():
            sys.exit('mutate.py: %s: not FILE, FUNCTION, OP, BEFORE, AFTER, WHY by tabs: %s'
                     % (path, raw.strip()))
        out[tuple(x.strip() for x in f[:5])] = f[5].strip()
    return out


# ---- running ----

def tracked_files():
    try:
        out = subprocess.run(['git', 'ls-files', '-co', '--exclude-standard', '-z'], cwd=ROOT,
                             check=True, capture_output=True).stdout.decode()
        return [f for f in out.split('\0') if f and os.path.isfile(os.path.join(ROOT, f))]
    except (OSError, subprocess.CalledProcessError):
        sys.exit('mutate.py: git ls-files failed: the tree copy needs the list of sources')


def make_tree(w):
    """A copy of the sources and of build/ (times kept, so nothing rebuilds)."""
    if os.path.isdir(w):
        shutil.rmtree(w)
    for f in tracked_files():
        d = os.path.join(w, os.path.dirname(f))
        os.makedirs(d, exist_ok=True)
        shutil.copy2(os.path.join(ROOT, f), os.path.join(w, f), follow_symlinks=False)
    for name in ('build', 'build-asan'):
        build = os.path.join(ROOT, name)
        if os.path.isdir(build):
            shutil.copytree(build, os.path.join(w, name), symlinks=True,
                            ignore=lambda d, names, b=build: [n for n in names if n.startswith('mutants') or n == 'fuzz'] if d == b else [])
    if os.path.exists(os.path.join(ROOT, 'gpuperf')):
        shutil.copy2(os.path.join(ROOT, 'gpuperf'), os.path.join(w, 'gpuperf'))


# A test of targets: t-NAME (build/tests/t-NAME), asan:t-NAME (its
# AddressSanitizer build, as make test's asan pass runs it), FILE.bats, or
# FILE.bats:REGEX (the tests of FILE whose names match, bats --filter).

def target_of(test):
    if test.startswith('asan:'):
        return 'build-asan/tests/' + test[5:]
    if '.bats' in test:
        return 'gpuperf'
    return 'build/tests/' + test


def run_test(w, test, timeout):
    """True when the test passes in tree w."""
    env = dict(os.environ, GPUPERF=os.path.join(w, 'gpuperf'))
    for v in ('GPUPERF_REQUIRE_GPU', 'CI'):
        env.pop(v, None)
    if '.bats' in test:
        path, _, word = test.partition('.bats:')
        cmd = ['bats', '--tap', '--filter', word, path + '.bats'] if word else ['bats', '--tap', test]
    elif test.startswith('asan:'):
        cmd = [os.path.join(w, 'build-asan', 'tests', test[5:])]
        env.update(ASAN_OPTIONS='detect_leaks=0:abort_on_error=0:exitcode=99',
                   UBSAN_OPTIONS='halt_on_error=1:print_stacktrace=1')
    else:
        cmd = [os.path.join(w, 'build', 'tests', test)]
    try:
        p = subprocess.run(cmd, cwd=w, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=timeout, start_new_session=True)
    except subprocess.TimeoutExpired:
        return False
    out = p.stdout.decode(errors='replace')
    return p.returncode == 0 and not re.search(r'^not ok', out, re.M)


def build(w, targets):
    p = subprocess.run(['make', '-s', '-j1', 'CFLAGS=-O0 -g0', 'WERROR=0'] + targets, cwd=w,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return p.returncode == 0, p.stdout.decode(errors='replace')


def run_mutant(w, m, budget, quick=False):
    """'killed by TEST', 'survived', or 'stillborn' (it does not build);
    quick: the bats files are left out."""
    path = os.path.join(w, m.file)
    src = open(path).read()
    try:
        with open(path, 'w') as f:
            f.write(apply(src, m.edits))
        for test in m.tests:
            if quick and '.bats' in test:
                continue
            ok, _ = build(w, [target_of(test)])
            if not ok:
                return 'stillborn'
            if not run_test(w, test, budget[test]):
                return 'killed by ' + test
        return 'survived'
    finally:
        with open(path, 'w') as f:
            f.write(src)


def baseline(w, tests):
    """Each test passes unmutated; its time bounds a mutant's (x5, 20 s at least)."""
    budget = {}
    ok, out = build(w, sorted({target_of(t) for t in tests}))
    if not ok:
        sys.exit('mutate.py: the unmutated tree does not build:\n' + out[-3000:])
    for t in tests:
        t0 = time.time()
        if not run_test(w, t, 600):
            sys.exit('mutate.py: %s fails before any mutation: fix it first' % t)
        budget[t] = max(20.0, 5 * (time.time() - t0))
        print('baseline: %s passes in %.1f s' % (t, time.time() - t0), flush=True)
    return budget


def read_results(path):
    """{key: result} of an earlier run's results file."""
    out = {}
    for raw in open(path):
        result, _, desc = raw.rstrip('\n').partition('\t')
        if not desc and raw.startswith('survived '):
            result, desc = 'survived', raw[len('survived '):].strip()  # a run's printed line
        m = re.match(r'(\S+):\d+ (\S+) \[(\S+)\] (.*?)  =>  (.*)$', desc)
        if m:
            f, scope, op, before, after = m.groups()
            out[(f, '' if scope == '-' else scope, op, before, after)] = result
    return out


def cmd_run(args):
    mutants = all_mutants(args.files)
    equivalent = read_equivalent(os.path.join(HERE, 'equivalent'))
    awaiting = read_equivalent(os.path.join(HERE, 'open'))
    earlier = read_results(args.rerun) if args.rerun else {}
    if args.only_survivors:
        listed = read_results(args.only_survivors)
        mutants = [m for m in mutants if listed.get(m.key()) == 'survived']
    jobs = max(1, args.jobs)
    trees = [os.path.join(WORK, 'w%d' % k) for k in range(jobs)]
    t0 = time.time()
    for w in trees:
        make_tree(w)
    tests = sorted({t for m in mutants for t in m.tests if not (args.quick and '.bats' in t)})
    budget = baseline(trees[0], tests)
    for w in trees[1:]:
        build(w, sorted({target_of(t) for t in tests}))
    print('mutants: %d in %d files, %d jobs' % (len(mutants), len({m.file for m in mutants}), jobs),
          flush=True)
    results = [None] * len(mutants)
    free = list(trees)

    def work(k):
        w = free.pop()
        try:
            return k, run_mutant(w, mutants[k], budget, args.quick)
        finally:
            free.append(w)

    # the mutants explained as equivalent are not run again (they cost the
    # most: every test runs, all the way), unless --all asks
    todo = [k for k, m in enumerate(mutants) if args.all or m.key() not in equivalent]
    for k in set(range(len(mutants))) - set(todo):
        results[k] = 'survived'
    # --rerun: what an earlier run killed (or could not build) stays so; the rest runs
    for k in list(todo):
        before = earlier.get(mutants[k].key(), 'survived')
        if before != 'survived':
            results[k] = before
            todo.remove(k)
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for done, (k, r) in enumerate(pool.map(work, todo), 1):
            results[k] = r
            if args.verbose or r == 'survived':
                print('%-10s %s' % ('survived' if r == 'survived' else r.split()[0],
                                    mutants[k].describe()), flush=True)
            if done % 100 == 0:
                print('... %d of %d run, %.0f s' % (done, len(todo), time.time() - t0), flush=True)
    return report(mutants, results, equivalent, awaiting, time.time() - t0, args.all)


def report(mutants, results, equivalent, awaiting, seconds, rechecked):
    with open(os.path.join(WORK, 'results'), 'w') as f:
        for m, r in zip(mutants, results):
            f.write('%s\t%s\n' % (r, m.describe()))
    born = [(m, r) for m, r in zip(mutants, results) if r != 'stillborn']
    killed = sum(1 for _, r in born if r.startswith('killed'))
    survivors = [m for m, r in born if r == 'survived']
    explained = [m for m in survivors if m.key() in equivalent]
    known = [m for m in survivors if m.key() not in equivalent and m.key() in awaiting]
    unexplained = [m for m in survivors if m.key() not in equivalent and m.key() not in awaiting]
    # explanations of this run's files that no mutant (or, with --all, no survivor) matches
    files = {m.file for m in mutants}
    generated = {m.key() for m in all_mutants(sorted(files))} if files else set()
    stale = {k for k in equivalent if k[0] in files and
             (k not in generated or (rechecked and k not in {m.key() for m in survivors}))}
    pct = 100.0 * killed / len(born) if born else 0.0
    if explained:
        print('== survivors explained (tests/meta/mutation/equivalent)')
        for m in explained:
            print('  %s\n      %s' % (m.describe(), equivalent[m.key()]))
    if known:
        print('== survivors awaiting a test (tests/meta/mutation/open): they can change a result')
        for m in known:
            print('  %s\n      %s' % (m.describe(), awaiting[m.key()]))
    if unexplained:
        print('== survivors without a test or an explanation: add a test, or a line to '
              'tests/meta/mutation/equivalent:')
        for m in unexplained:
            print('  ' + m.describe())
            print('    ' + '\t'.join(m.key()) + '\tWHY')
    for k in sorted(stale):
        print('note: an explanation that matches no survivor (fixed, or its line changed): '
              + ' | '.join(k))
    print('mutation score: %d of %d killed, %.1f %% (target %d %%); %d survived: %d equivalent, '
          '%d awaiting a test, %d unexplained; %d did not build; %.0f s'
          % (killed, len(born), pct, TARGET_PCT, len(survivors), len(explained), len(known),
             len(unexplained), len(mutants) - len(born), seconds))
    return 0 if pct >= TARGET_PCT and not unexplained else 1


def cmd_check():
    """Problems with targets and equivalent, one a line; none: exit 0."""
    bad = []
    for file, functions, tests in read_targets(os.path.join(HERE, 'targets')):
        path = os.path.join(ROOT, file)
        if not os.path.isfile(path):
            bad.append('%s: no such file' % file)
            continue
        toks = tokenize(open(path).read())
        mark(toks, file.endswith('.h'))
        scopes = {t.scope for t in toks}
        for f in sorted(functions or ()):
            if f not in scopes:
                bad.append('%s: no function %s (renamed? removed?)' % (file, f))
        for t in tests:
            name = t[5:] if t.startswith('asan:') else t
            src = name.split('.bats')[0] + '.bats' if '.bats' in name else 'tests/unit/%s.c' % name
            if not os.path.isfile(os.path.join(ROOT, src)):
                bad.append('%s: its test %s has no %s' % (file, t, src))
    read_equivalent(os.path.join(HERE, 'equivalent'))
    read_equivalent(os.path.join(HERE, 'open'))
    for b in bad:
        print(b)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('list')
    p.add_argument('--any', metavar='PATH', help='the mutants of any C file, whole')
    p.add_argument('files', nargs='*')
    sub.add_parser('check')
    p = sub.add_parser('show')
    p.add_argument('id')
    p = sub.add_parser('run')
    p.add_argument('-j', '--jobs', type=int, default=int(os.environ.get('MUTANT_JOBS', os.cpu_count() or 1)))
    p.add_argument('-v', '--verbose', action='store_true')
    p.add_argument('--all', action='store_true',
                   help='run the mutants explained in equivalent too (they must survive)')
    p.add_argument('--rerun', metavar='RESULTS',
                   help="an earlier run's results file: run only what survived there "
                   "(or is new), keep the rest's results")
    p.add_argument('--only-survivors', metavar='LOG',
                   help="run only the mutants a run's output (or results) says survived: "
                   "a check of new tests, no score")
    p.add_argument('--quick', action='store_true',
                   help='leave the bats files out: a first look at the survivors, no score')
    p.add_argument('files', nargs='*')
    args = ap.parse_args()
    if args.cmd == 'list':
        for m in all_mutants(args.files, args.any):
            print(m.id + '  ' + m.describe())
        return 0
    if args.cmd == 'check':
        return cmd_check()
    if args.cmd == 'show':
        for m in all_mutants():
            if m.id == args.id:
                print(m.describe())
                return 0
        sys.exit('mutate.py: no mutant %s' % args.id)
    os.makedirs(WORK, exist_ok=True)
    return cmd_run(args)


if __name__ == '__main__':
    sys.exit(main())
