#!/usr/bin/env python3
"""Find commands the tests call that exist nowhere: helpers renamed or gone.

bash looks a command up only when it runs, so a test that calls a helper
that was renamed (skip_without_counters, after lib.bash's require_counters
and counted replaced it) parses, lints and passes on every machine where
that line is not reached, and fails as "command not found" where it is.
This reads every .bats and .bash file with dead-asserts.py's parser and
reports each command name that is not

  - a function defined in any shell file of the repository (.bats, .bash,
    .sh), in the test body itself included,
  - a bash builtin or keyword, or one of bats' own (run, skip, load...),
  - a program on PATH, or one of the GPU machine's tools listed below,
  - a word the shell computes ($VAR, a path, a quoted word).

The first word after `run`, `run_split`, `env` and `timeout` counts as a
command too, and so does the first word of a command substitution,
$(helper ...), in any word.  Usage: undefined-calls.py ROOT (the repository); prints
FILE:LINE: NAME for each, exit 1 when any, 2 on a file it cannot parse.
"""
import importlib.util
import os
import re
import shutil
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('dead_asserts', os.path.join(here, 'dead-asserts.py'))
da = importlib.util.module_from_spec(spec)
spec.loader.exec_module(da)

BUILTINS = set('''
. : [ [[ alias bg bind break builtin caller cd command compgen complete compopt
continue declare dirs disown echo enable eval exec exit export false fc fg
getopts hash help history jobs kill let local logout mapfile popd printf pushd
pwd read readarray readonly return set shift shopt source suspend test times
trap true type typeset ulimit umask unalias unset wait
'''.split())
BATS = set('''
run skip load bats_load_library bats_require_minimum_version setup teardown
setup_file teardown_file setup_suite teardown_suite bats_pipe
'''.split())
# Tools the GPU and cluster tests call where they exist (not on every
# machine that runs this lint): the tests check for them before calling.
EXTERNAL = set('''
nvidia-smi ncu nsys compute-sanitizer cuobjdump nvdisasm nvcc srun sbatch
salloc scontrol squeue sinfo slurmctld slurmd munged valgrind python3 python
shellcheck man bats
'''.split())
# Words after which the next word is the command that runs.
PREFIXES = {'run', 'run_split', 'env', 'timeout', 'command', 'exec', 'nice', 'stdbuf'}
NAME = re.compile(r'^[A-Za-z_][A-Za-z0-9_.-]*$')


def shell_files(root):
    for top, dirs, names in os.walk(root):
        # hidden folders (.git, tools unpacked beside the tree) and builds are not the project's
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and
                         d not in ('build', 'build-asan', 'build-pic', 'node_modules'))
        for n in sorted(names):
            if n.endswith(('.bats', '.bash', '.sh')):
                yield os.path.join(top, n)


def parse(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    text = '\n'.join(da.TEST_LINE.sub(r'\1__bats_test() {', l) for l in text.split('\n'))
    return da.Parser(da.Lexer(text).tokens()).parse_list()


def walk(items, out):
    """Every command node under a list, compounds and function bodies included."""
    for ao in items:
        for pipe in ao['pipes']:
            for cmd in pipe['cmds']:
                out.append(cmd)
                kind = cmd['kind']
                if kind == 'if':
                    for part in cmd['conds'] + cmd['bodies']:
                        walk(part, out)
                elif kind == 'loop':
                    walk(cmd['cond'], out)
                    walk(cmd['body'], out)
                elif kind in ('for', 'group', 'subshell'):
                    walk(cmd['body'], out)
                elif kind == 'case':
                    for b in cmd['bodies']:
                        walk(b, out)
                elif kind == 'func':
                    walk([{'pipes': [{'cmds': [cmd['body']], 'neg': False}], 'ops': []}], out)
    return out


SUBST = re.compile(r'\$\(\s*([A-Za-z_][A-Za-z0-9_.-]*)(?=[\s)]|$)')


def called(cmd):
    """The names a simple command runs: its own, one after a prefix, and
    the first of each command substitution in its words ($(helper ...))."""
    # not in single quotes: text there is no command ('$(x)' is a string)
    names = [m.group(1) for w in cmd['words'] for m in SUBST.finditer(re.sub(r"'[^']*'", '', w))]
    words = [w for w in cmd['words'] if not da.ASSIGN.match(w)]
    while words:
        w = words[0]
        names.append(w)
        if w not in PREFIXES:
            break
        words = words[1:]
        # options and assignments of env/timeout, and run's status check
        while words and (words[0].startswith('-') or words[0] == '!' or da.ASSIGN.match(words[0])
                         or (names[-1] == 'timeout' and re.match(r'^[0-9.]+[smhd]?$', words[0]))):
            words = words[1:]
    return names


def main(argv):
    if len(argv) != 2:
        print('usage: undefined-calls.py ROOT', file=sys.stderr)
        return 2
    root = argv[1]
    defined, parsed, broken = set(), {}, 0
    for path in shell_files(root):
        try:
            items = parse(path)
        except (da.ParseError, IndexError) as e:
            if path.endswith(('.bats', '.bash')):
                print(f'{path}: cannot parse: {e}', file=sys.stderr)
                broken += 1
            continue
        cmds = walk(items, [])
        defined.update(c['name'] for c in cmds if c['kind'] == 'func')
        if path.endswith(('.bats', '.bash')):
            parsed[path] = cmds
    found = 0
    for path, cmds in parsed.items():
        for cmd in cmds:
            if cmd['kind'] != 'simple':
                continue
            for name in called(cmd):
                if (not NAME.match(name) or name in defined or name in BUILTINS or
                        name in BATS or name in EXTERNAL or name in PREFIXES or
                        shutil.which(name)):
                    continue
                print(f'{path}:{cmd["line"]}: {name}: no function, builtin or program of that name')
                found += 1
    if broken:
        return 2
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
