#!/usr/bin/env python3
"""Find bats assertions that cannot fail.

bats runs a test body under `set -e`, and bash's errexit ignores a failure
in three places: a pipeline negated with `!`, any part of an `A && B || C`
list but the last one run, and everything inside a command whose status is
itself being tested (an if condition, the left of && or ||).  Only the
body's last command escapes this, because its status is the body's.  So, in
a @test body or a helper function, these lines check nothing:

  ! grep -q x file                  (not the last line)
  [ "$status" -eq 0 ] && [ -z "$output" ]
  grep -q x file || echo "no x"     (prints, then the test goes on)
  [ -n "$x" ] || skip               (a skip that gives no reason)

and these are fine: `run ! cmd`, one assertion a line, `A || false`,
`A || return 1`, `A || fail ...`, `A || { echo why; return 1; }`,
`A || skip "reason"`, `A || true` and `A || return 0` (said out loud), and
conditionals whose last part is an action (`[ -n "$x" ] && echo "$x"`).

Usage: dead-asserts.py PATH...  (files, or folders searched for *.bats and
*.bash).  Prints FILE:LINE: WHY for each finding; exit 1 when any, 2 on a
file it cannot parse.
"""
import os
import re
import sys

# Commands that act rather than assert: a chain ending in one of these is a
# conditional (`[ -n "$x" ] && echo "$x"`), not a check, and none of them
# is taken for an assertion whose failure could be lost.
ACTIONS = {
    'echo', 'printf', 'cat', 'skip', 'return', 'exit', 'export', 'local',
    'declare', 'readonly', 'typeset', 'cd', 'pushd', 'popd', 'rm', 'rmdir',
    'mkdir', 'cp', 'mv', 'ln', 'touch', 'chmod', 'true', ':', 'break',
    'continue', 'shift', 'set', 'unset', 'run', 'run_split', 'load',
    'source', '.', 'kill', 'wait', 'sleep', 'trap', 'tee', 'eval', 'exec',
    'head', 'tail', 'umask', 'mknod', 'mkfifo', 'ulimit',
}
# Fallbacks after || that succeed, so the failure before them is lost.
SWALLOWERS = {'echo', 'printf', 'cat'}
# Explicit "ignore this status" fallbacks.
IGNORERS = {'true', ':'}

RESERVED_END = {'then', 'else', 'elif', 'fi', 'do', 'done', 'esac', '}'}


class ParseError(Exception):
    pass


# ---------------------------------------------------------------- lexer

class Tok:
    __slots__ = ('kind', 'text', 'line')

    def __init__(self, kind, text, line):
        self.kind, self.text, self.line = kind, text, line


OPS = ['&&', '||', ';;&', ';;', ';&', '|&', '<<<', '<<-', '<<', '>>', '&>>',
       '&>', '<&', '>&', '<>', '>|', '|', '&', ';', '(', ')', '<', '>']
META = set(' \t\n;&|<>()')
REDIRS = ('<', '>', '>>', '<<', '<<-', '<<<', '&>', '&>>', '<&', '>&', '<>', '>|')


class Lexer:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.line = 1
        self.heredocs = []      # delimiters waiting for the next newline

    def error(self, what):
        raise ParseError(f'line {self.line}: {what}')

    def peek(self, k=0):
        j = self.i + k
        return self.s[j] if j < len(self.s) else ''

    def advance(self, n=1):
        for _ in range(n):
            if self.i < len(self.s) and self.s[self.i] == '\n':
                self.line += 1
            self.i += 1

    def skip_quoted(self, q):
        """From just after an opening quote q, to just after its closing one."""
        while True:
            c = self.peek()
            if c == '':
                self.error(f'unterminated {q}')
            if c == q:
                self.advance()
                return
            if q == '"' and c == '\\':
                self.advance(2)
            elif q == '"' and c == '$':
                self.skip_dollar()
            elif q == '"' and c == '`':
                self.advance()
                self.skip_quoted('`')
            elif q == '`' and c == '\\':
                self.advance(2)
            else:
                self.advance()

    def skip_dollar(self):
        """At '$': past $(...), $((...)), ${...}, $'...' or a plain '$'."""
        nxt = self.peek(1)
        if nxt == '(':
            self.advance(2)
            self.skip_parens(1)
        elif nxt == '{':
            self.advance(2)
            self.skip_braces()
        elif nxt == "'":
            self.advance(2)
            self.skip_ansi()
        else:
            self.advance()

    def skip_ansi(self):
        while True:
            c = self.peek()
            if c == '':
                self.error("unterminated $'")
            if c == '\\':
                self.advance(2)
            elif c == "'":
                self.advance()
                return
            else:
                self.advance()

    def skip_parens(self, depth):
        """Inside a command substitution: to its closing parenthesis."""
        while depth:
            c = self.peek()
            if c == '':
                self.error('unterminated $(')
            if c in '"\'`':
                self.advance()
                self.skip_quoted(c)
            elif c == '\\':
                self.advance(2)
            elif c == '$':
                self.skip_dollar()
            elif c == '#' and self.s[self.i - 1] in ' \t\n(':
                while self.peek() not in ('\n', ''):
                    self.advance()
            elif c == '(':
                depth += 1
                self.advance()
            elif c == ')':
                depth -= 1
                self.advance()
            else:
                self.advance()

    def skip_braces(self):
        depth = 1
        while depth:
            c = self.peek()
            if c == '':
                self.error('unterminated ${')
            if c in '"\'`':
                self.advance()
                self.skip_quoted(c)
            elif c == '\\':
                self.advance(2)
            elif c == '$':
                self.skip_dollar()
            elif c == '{':
                depth += 1
                self.advance()
            elif c == '}':
                depth -= 1
                self.advance()
            else:
                self.advance()

    def read_heredocs(self):
        """After a newline: skip the bodies of the heredocs of that line."""
        for strip, delim in self.heredocs:
            while True:
                if self.i >= len(self.s):
                    return
                end = self.s.find('\n', self.i)
                end = len(self.s) if end < 0 else end
                body = self.s[self.i:end]
                self.advance(end - self.i + 1)
                if (body.lstrip('\t') if strip else body) == delim:
                    break
        self.heredocs = []

    def word(self):
        start = self.i
        while True:
            c = self.peek()
            if c == '' or c in META:
                # extglob and [[ =~ (...) ]] keep their parentheses in the word
                if c == '(' and self.i > start and self.s[self.i - 1] in '@!?*+=':
                    self.advance()
                    self.skip_parens(1)
                    continue
                break
            if c == '\\':
                if self.peek(1) == '\n':        # continuation: drop both
                    self.advance(2)
                    continue
                self.advance(2)
            elif c in '"\'`':
                self.advance()
                self.skip_quoted(c)
            elif c == '$':
                self.skip_dollar()
            else:
                self.advance()
        return self.s[start:self.i]

    def tokens(self):
        out = []
        while True:
            c = self.peek()
            if c == '':
                out.append(Tok('eof', '', self.line))
                return out
            if c in ' \t':
                self.advance()
                continue
            if c == '\\' and self.peek(1) == '\n':
                self.advance(2)
                continue
            if c == '#':
                while self.peek() not in ('\n', ''):
                    self.advance()
                continue
            if c == '\n':
                out.append(Tok('nl', '\n', self.line))
                self.advance()
                self.read_heredocs()
                continue
            if c == '(' and self.peek(1) == '(':
                # arithmetic command ((...)): one word
                line = self.line
                start = self.i
                self.advance(2)
                self.skip_parens(2)
                out.append(Tok('word', self.s[start:self.i], line))
                continue
            for op in OPS:
                if self.s.startswith(op, self.i):
                    line = self.line
                    self.advance(len(op))
                    out.append(Tok('op', op, line))
                    if op in ('<<', '<<-'):
                        while self.peek() in ' \t':
                            self.advance()
                        delim = self.word()
                        out.append(Tok('word', delim, line))
                        self.heredocs.append((op == '<<-', re.sub(r'[\'"\\]', '', delim)))
                    break
            else:
                line = self.line
                out.append(Tok('word', self.word(), line))


# ---------------------------------------------------------------- parser
# Nodes: dicts.  A list is a list of and-or lists; an and-or list is
# {'pipes': [pipeline...], 'ops': ['&&'|'||'...]}; a pipeline is
# {'neg': bool, 'cmds': [command...], 'line': n}; a command is
# {'kind': 'simple', 'words': [...], 'line': n} or a compound kind with
# its parts: 'if' (conds, bodies), 'loop' (cond, body), 'for' (body),
# 'case' (bodies), 'group'/'subshell' (body), 'func' (name, body).

class Parser:
    def __init__(self, toks):
        self.t = toks
        self.i = 0

    def peek(self):
        return self.t[self.i]

    def next(self):
        tok = self.t[self.i]
        self.i += 1
        return tok

    def error(self, what):
        raise ParseError(f'line {self.peek().line}: {what}, at {self.peek().text!r}')

    def is_word(self, text):
        tok = self.peek()
        return tok.kind == 'word' and tok.text == text

    def expect_word(self, text):
        if not self.is_word(text):
            self.error(f'expected {text}')
        self.next()

    def skip_nl(self):
        while self.peek().kind == 'nl':
            self.next()

    def at_list_end(self):
        tok = self.peek()
        if tok.kind == 'eof':
            return True
        if tok.kind == 'op' and tok.text in (')', ';;', ';&', ';;&'):
            return True
        return tok.kind == 'word' and tok.text in RESERVED_END

    def parse_list(self):
        items = []
        while True:
            self.skip_nl()
            while self.peek().kind == 'op' and self.peek().text == ';':
                self.next()
                self.skip_nl()
            if self.at_list_end():
                return items
            items.append(self.parse_and_or())
            tok = self.peek()
            if tok.kind == 'op' and tok.text in (';', '&'):
                self.next()
            elif tok.kind == 'nl':
                self.next()

    def parse_and_or(self):
        pipes = [self.parse_pipeline()]
        ops = []
        while self.peek().kind == 'op' and self.peek().text in ('&&', '||'):
            ops.append(self.next().text)
            self.skip_nl()
            pipes.append(self.parse_pipeline())
        return {'pipes': pipes, 'ops': ops}

    def parse_pipeline(self):
        line = self.peek().line
        neg = False
        if self.is_word('!'):
            self.next()
            neg = True
        cmds = [self.parse_command()]
        while self.peek().kind == 'op' and self.peek().text in ('|', '|&'):
            self.next()
            self.skip_nl()
            cmds.append(self.parse_command())
        return {'neg': neg, 'cmds': cmds, 'line': line}

    def redirections(self):
        while self.peek().kind == 'op' and self.peek().text in REDIRS:
            self.next()
            if self.peek().kind == 'word':
                self.next()

    def parse_command(self):
        tok = self.peek()
        line = tok.line
        if tok.kind == 'op' and tok.text == '(':
            self.next()
            body = self.parse_list()
            if not (self.peek().kind == 'op' and self.peek().text == ')'):
                self.error('expected )')
            self.next()
            self.redirections()
            return {'kind': 'subshell', 'body': body, 'line': line}
        if tok.kind == 'word':
            w = tok.text
            if w == '{':
                self.next()
                body = self.parse_list()
                self.expect_word('}')
                self.redirections()
                return {'kind': 'group', 'body': body, 'line': line}
            if w == 'if':
                return self.parse_if()
            if w in ('while', 'until'):
                self.next()
                cond = self.parse_list()
                self.expect_word('do')
                body = self.parse_list()
                self.expect_word('done')
                self.redirections()
                return {'kind': 'loop', 'cond': cond, 'body': body, 'line': line}
            if w in ('for', 'select'):
                self.next()
                while not self.is_word('do'):
                    if self.peek().kind == 'eof':
                        self.error('for without do')
                    self.next()
                self.next()
                body = self.parse_list()
                self.expect_word('done')
                self.redirections()
                return {'kind': 'for', 'body': body, 'line': line}
            if w == 'case':
                return self.parse_case()
            if w == '[[':
                self.next()
                while not self.is_word(']]'):
                    if self.peek().kind == 'eof':
                        self.error('[[ without ]]')
                    self.next()
                self.next()
                self.redirections()
                return {'kind': 'simple', 'words': ['[['], 'line': line}
            if w == 'function':
                self.next()
                name = self.next().text
                if self.peek().kind == 'op' and self.peek().text == '(':
                    self.next()
                    self.next()
                self.skip_nl()
                return {'kind': 'func', 'name': name, 'body': self.parse_command(), 'line': line}
            nxt = self.t[self.i + 1]
            if nxt.kind == 'op' and nxt.text == '(' and self.t[self.i + 2].text == ')':
                self.i += 3
                self.skip_nl()
                return {'kind': 'func', 'name': w, 'body': self.parse_command(), 'line': line}
        return self.parse_simple()

    def parse_if(self):
        line = self.next().line
        conds, bodies = [], []
        while True:
            conds.append(self.parse_list())
            self.expect_word('then')
            bodies.append(self.parse_list())
            if self.is_word('elif'):
                self.next()
                continue
            break
        if self.is_word('else'):
            self.next()
            bodies.append(self.parse_list())
        self.expect_word('fi')
        self.redirections()
        return {'kind': 'if', 'conds': conds, 'bodies': bodies, 'line': line}

    def parse_case(self):
        line = self.next().line
        self.next()                     # the word
        self.skip_nl()
        self.expect_word('in')
        bodies = []
        while True:
            self.skip_nl()
            if self.is_word('esac'):
                self.next()
                break
            # pattern list up to ')'
            while not (self.peek().kind == 'op' and self.peek().text == ')'):
                if self.peek().kind == 'eof':
                    self.error('case pattern without )')
                self.next()
            self.next()
            bodies.append(self.parse_list())
            if self.peek().kind == 'op' and self.peek().text in (';;', ';&', ';;&'):
                self.next()
        self.redirections()
        return {'kind': 'case', 'bodies': bodies, 'line': line}

    def parse_simple(self):
        line = self.peek().line
        start = self.i
        words = []
        while True:
            tok = self.peek()
            if tok.kind == 'word':
                if not words and tok.text in RESERVED_END:
                    break
                words.append(self.next().text)
            elif tok.kind == 'op' and tok.text in REDIRS:
                self.redirections()
            else:
                break
        if self.i == start:
            self.error('expected a command')
        return {'kind': 'simple', 'words': words, 'line': line}


# ---------------------------------------------------------------- analysis

ASSIGN = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=')


def command_name(cmd):
    """The command's name, past leading assignments; None for compounds."""
    if cmd['kind'] != 'simple':
        return None
    for w in cmd['words']:
        if not ASSIGN.match(w):
            return w.strip('"\'')
    return ''                           # assignments alone


def is_action(pipe):
    """A pipeline that acts: a single action, or a group ending in one."""
    if pipe['neg'] or len(pipe['cmds']) != 1:
        return False
    cmd = last_simple(pipe)
    name = command_name(cmd) if cmd else None
    return name is not None and (name == '' or name in ACTIONS)


def last_simple(pipe):
    """The simple command that gives a pipeline its status (a group's last)."""
    cmd = pipe['cmds'][-1]
    while cmd['kind'] in ('group', 'subshell') and cmd['body']:
        ao = cmd['body'][-1]
        pipe = ao['pipes'][-1]
        if pipe['neg']:
            return None
        cmd = pipe['cmds'][-1]
    return cmd if cmd['kind'] == 'simple' else None


def fallback(pipe):
    """What a pipeline run after || does: 'fail', 'swallow', 'ignore',
    'bare-skip' or 'other' (a check of its own, whose failure counts)."""
    if pipe['neg']:
        return 'other'
    cmd = last_simple(pipe)
    if cmd is None:
        return 'other'
    name = command_name(cmd)
    words = [w for w in cmd['words'] if not ASSIGN.match(w)]
    args = words[1:]
    if name in ('false', 'fail', 'flunk'):
        return 'fail'
    if name in ('return', 'exit'):
        direct = cmd is pipe['cmds'][-1]
        if not args:
            # the status of the command before: the failure itself only
            # when directly after ||
            return 'fail' if direct else 'swallow'
        # "|| return 0" ends a helper early on purpose, like "|| true"
        return 'ignore' if args[0] == '0' else 'fail'
    if name == 'skip':
        return 'fail' if args else 'bare-skip'
    if name in SWALLOWERS:
        return 'swallow'
    if name in IGNORERS:
        return 'ignore'
    return 'other'


class Checker:
    def __init__(self, path):
        self.path = path
        self.found = []

    def report(self, line, why):
        self.found.append((line, why))

    def function(self, body):
        self.walk(body, active=True, last=True)

    def walk(self, items, active, last):
        for n, ao in enumerate(items):
            self.and_or(ao, active, last and n == len(items) - 1)

    def and_or(self, ao, active, last):
        pipes, ops = ao['pipes'], ao['ops']
        if active and not last:
            self.lost_failures(pipes, ops)
        for k, pipe in enumerate(pipes):
            final = k == len(pipes) - 1
            for j, cmd in enumerate(pipe['cmds']):
                inner_active = active and final and not pipe['neg'] and j == len(pipe['cmds']) - 1
                inner_last = last and inner_active
                self.compound(cmd, inner_active, inner_last)

    def lost_failures(self, pipes, ops):
        n = len(pipes)
        end = pipes[-1]
        if end['neg']:
            self.report(end['line'], 'a negated command does not fail the test (set -e ignores !) except as the last line: use `run !` or `|| false`')
        if n == 1:
            return
        kinds = [None] + [fallback(p) for p in pipes[1:]]
        for k, o in enumerate(ops, 1):
            if o == '||' and kinds[k] == 'bare-skip':
                self.report(pipes[k]['line'], 'skip without a reason')
        # an assertion chain, not a conditional: it ends in a check, or
        # in a message printed when a check fails
        ends_in_check = not is_action(end) or any(
            o == '||' and kinds[k] == 'swallow' for k, o in enumerate(ops, 1))
        if not ends_in_check:
            return
        for k in range(n - 1):
            p = pipes[k]
            if is_action(p) and not p['neg']:
                continue
            # where does a failure of p lead?  past the && parts to the
            # next ||, whose right side runs; none: the list fails, unseen
            j = k
            while j < n - 1 and ops[j] == '&&':
                j += 1
            if j == n - 1:
                self.report(p['line'], 'this check fails unseen: set -e ignores all but the last command of `A && B`; one assertion a line, or end with `|| false`')
            elif kinds[j + 1] == 'swallow':
                self.report(p['line'], 'this check fails unseen: what runs after || succeeds (add `; return 1` or `|| false`)')

    def compound(self, cmd, active, last):
        kind = cmd['kind']
        if kind == 'if':
            for c in cmd['conds']:
                self.inactive(c)
            for b in cmd['bodies']:
                self.walk(b, active, last)
        elif kind == 'loop':
            self.inactive(cmd['cond'])
            self.walk(cmd['body'], active, False)
        elif kind == 'for':
            self.walk(cmd['body'], active, False)
        elif kind == 'case':
            for b in cmd['bodies']:
                self.walk(b, active, last)
        elif kind in ('group', 'subshell'):
            if not active:
                self.inactive(cmd['body'])
            elif kind == 'subshell':
                # its last command's status is the subshell's, a failing
                # command like any other to the shell around it
                self.walk(cmd['body'], True, True)
            else:
                self.walk(cmd['body'], True, last)
        elif kind == 'func':
            body = cmd['body']
            if body['kind'] in ('group', 'subshell'):
                self.function(body['body'])

    def inactive(self, items):
        """A list whose status is tested (if condition, left of && or ||):
        set -e is off inside, so only its last command's status counts."""
        for n, ao in enumerate(items):
            if n < len(items) - 1 and not all(is_action(p) for p in ao['pipes']):
                self.report(ao['pipes'][0]['line'], 'this check fails unseen: set -e is off inside a tested group or condition, where only the last command counts')
            for pipe in ao['pipes']:
                for cmd in pipe['cmds']:
                    self.compound(cmd, False, False)


TEST_LINE = re.compile(r'^(\s*)@test\s.*\{\s*$')


def check_file(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    # "@test NAME {" is bats' own syntax: read it as a function
    text = '\n'.join(TEST_LINE.sub(r'\1__bats_test() {', l) for l in text.split('\n'))
    items = Parser(Lexer(text).tokens()).parse_list()
    checker = Checker(path)
    top = [cmd for ao in items for pipe in ao['pipes'] for cmd in pipe['cmds']]
    for cmd in top:
        if cmd['kind'] == 'func':
            checker.compound(cmd, True, True)
    return sorted(set(checker.found))


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                for n in sorted(names):
                    if n.endswith(('.bats', '.bash')):
                        yield os.path.join(root, n)
        else:
            yield p


def main(argv):
    if len(argv) < 2:
        print('usage: dead-asserts.py PATH...', file=sys.stderr)
        return 2
    found = broken = 0
    for path in files(argv[1:]):
        try:
            hits = check_file(path)
        except (ParseError, IndexError) as e:
            print(f'{path}: cannot parse: {e}', file=sys.stderr)
            broken += 1
            continue
        for line, why in hits:
            print(f'{path}:{line}: {why}')
            found += 1
    if broken:
        return 2
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
