#!/usr/bin/env python3
"""Watch-mode latency: starts `ferridriver bdd --watch` (pretty output on a pipe) in a copy of
a suite, waits for the first run, then N times edits one scenario of FEATURE (every OLD in the
file becomes OLDxI: one example row's user and password) and times, from the moment the file is written: the watcher's header line
and the first finished step of the re-run. Prints medians and all samples in ms.
Usage: latency.py FERRIDRIVER_BIN SUITE_DIR FEATURE OLD N -- EXTRA BDD ARGS..."""
import os
import select
import subprocess
import sys
import time

args = sys.argv[1:]
extra = args[args.index("--") + 1:] if "--" in args else []
exe, suite, feature, old, rounds = args[:5]
rounds = int(rounds)
proc = subprocess.Popen([exe, "bdd", "--watch", "--format", "pretty", *extra], cwd=suite,
                        stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
pending = b""


def wait_for(predicate, timeout=120):
    """Reads lines until one satisfies `predicate`; returns the time it arrived."""
    global pending
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if predicate(line.decode(errors="replace")):
                return time.monotonic()
        ready, _, _ = select.select([proc.stdout], [], [], 0.005)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                sys.exit("ferridriver exited")
            pending += chunk
    sys.exit("timed out")


def is_step(line):
    return line.lstrip().startswith(("Given ", "When ", "Then ", "And ", "But ", "✔", "✘"))


path = os.path.join(suite, feature)
original = open(path).read()
wait_for(lambda l: "[watch] watching for changes" in l)
headers, steps = [], []
for i in range(rounds):
    time.sleep(0.5)
    with open(path, "w") as f:
        f.write(original.replace(old, f"{old}x{i}"))
    saved = time.monotonic()
    headers.append((wait_for(lambda l: "[watch] run " in l) - saved) * 1000)
    steps.append((wait_for(is_step) - saved) * 1000)
    wait_for(lambda l: "[watch] watching for changes" in l)
proc.stdin.write(b"q")
proc.stdin.flush()
proc.wait(timeout=30)
open(path, "w").write(original)


def median(xs):
    return sorted(xs)[len(xs) // 2]


print(f"save -> header     median {median(headers):6.0f} ms   ({' '.join(f'{x:.0f}' for x in headers)})")
print(f"save -> first step median {median(steps):6.0f} ms   ({' '.join(f'{x:.0f}' for x in steps)})")
