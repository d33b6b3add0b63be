#!/usr/bin/env python3
"""The program of gpuperf profile's signal tests (tests/cli/profile-signals.bats,
tests/gpu/signals.bats): it logs each SIGINT, SIGTERM, SIGHUP and SIGQUIT it
receives, and so does a child it starts (a process of the program's own), so a
test sees who got a signal and how many times.

    sigrecord.py LOG [--run CMD ARGS...] [--exit N]

Runs CMD first when given (a CUDA program, for the profiling library to
report), then appends "ready PID" to LOG once it and its child have their
handlers, then a line per signal: "TERM", "child TERM".  One second after its
first signal (time for a second delivery to show) it ends: killed by that
signal, as by default, or with status N under --exit.  A signal ignored at its
start stays ignored.  Gives up after 60 s (status 99).
"""
import os
import signal
import subprocess
import sys
import time

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def log(path, line):
    with open(path, 'a') as f:
        f.write(line + '\n')


def catch(path, prefix, got):
    def handler(sig, frame):
        log(path, prefix + signal.Signals(sig).name[3:])
        got.append(sig)
    for s in SIGNALS:
        if signal.getsignal(s) != signal.SIG_IGN:
            signal.signal(s, handler)


def wait_for_first(got, seconds):
    end = time.monotonic() + seconds
    while not got and time.monotonic() < end:
        time.sleep(0.01)
    if got:
        time.sleep(1)


def main():
    path, args = sys.argv[1], sys.argv[2:]
    code = None
    if '--exit' in args:
        i = args.index('--exit')
        code = int(args[i + 1])
        del args[i:i + 2]
    if args[:1] == ['--run']:
        subprocess.run(args[1:], check=True)
    got = []
    catch(path, '', got)
    ready_r, ready_w = os.pipe()
    child = os.fork()
    if child == 0:
        catch(path, 'child ', got)
        os.write(ready_w, b'x')
        wait_for_first(got, 60)
        os._exit(0)
    os.read(ready_r, 1)
    log(path, f'ready {os.getpid()}')
    wait_for_first(got, 60)
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    if not got:
        sys.exit(99)
    if code is not None:
        sys.exit(code)
    signal.signal(got[0], signal.SIG_DFL)
    os.kill(os.getpid(), got[0])
    time.sleep(5)
    sys.exit(98)


main()
