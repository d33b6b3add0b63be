#!/usr/bin/env python3
"""Run a command the way a user or a batch system does, and signal it once the
program it profiles is ready (tests/cli/profile-signals.bats).

    sigrun.py MODE STEPS LOG OUT -- CMD ARGS...

MODE   session: CMD in a session of its own, without a terminal (a batch job,
       a service, CI); tty: CMD as the foreground job of a terminal of its own
       (a pseudo-terminal that is its controlling terminal)
STEPS  comma-separated, done in order once LOG holds a line "ready PID":
       TERM (any signal name): kill(CMD's pid, SIGTERM)
       group:TERM               kill(-CMD's process group, SIGTERM)
       tty:INT, tty:QUIT        Ctrl-C, Ctrl-\\ typed on the terminal
       wait                     half a second
LOG    the file sigrecord.py writes
OUT    CMD's stdout and stderr go to OUT.stdout and OUT.stderr

Prints "exited N" or "killed NAME" for CMD, or "timeout" after 30 s (CMD is
then killed).  A step's signal ignored here (SIG_IGN) is handed on ignored:
"ignore:INT" as the first step starts CMD with SIGINT ignored.
"""
import fcntl
import os
import signal
import subprocess
import sys
import termios
import time


def ready_pid(log, seconds=20):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            for line in open(log):
                if line.startswith('ready '):
                    return int(line.split()[1])
        except FileNotFoundError:
            pass
        time.sleep(0.02)
    return None


def main():
    mode, steps, log, out = sys.argv[1:5]
    assert sys.argv[5] == '--'
    cmd = sys.argv[6:]
    steps = steps.split(',')
    ignored = [s.split(':')[1] for s in steps if s.startswith('ignore:')]
    steps = [s for s in steps if not s.startswith('ignore:')]
    master = slave = None
    if mode == 'tty':
        master, slave = os.openpty()

    def start():
        for name in ignored:
            signal.signal(getattr(signal, 'SIG' + name), signal.SIG_IGN)
        os.setsid()
        if slave is not None:
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

    with open(out + '.stdout', 'wb') as o, open(out + '.stderr', 'wb') as e:
        p = subprocess.Popen(cmd, stdin=slave if slave is not None else subprocess.DEVNULL,
                             stdout=o, stderr=e, preexec_fn=start, restore_signals=True)
    if slave is not None:
        os.close(slave)
    if ready_pid(log) is None:
        print('not ready')
    for step in steps:
        if step == 'wait':
            time.sleep(0.5)
        elif step.startswith('tty:'):
            key = {'INT': termios.VINTR, 'QUIT': termios.VQUIT}[step[4:]]
            os.write(master, termios.tcgetattr(master)[6][key])
        elif step.startswith('group:'):
            os.killpg(p.pid, getattr(signal, 'SIG' + step[6:]))
        else:
            os.kill(p.pid, getattr(signal, 'SIG' + step))
    try:
        rc = p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        print('timeout')
        return
    print(f'exited {rc}' if rc >= 0 else f'killed {signal.Signals(-rc).name[3:]}')


main()
