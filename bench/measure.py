#!/usr/bin/env python3
"""Runs one command and prints its wall time (s) and peak RSS (MB) of the process tree's
largest member, as `WALL RSS CODE`. With `--cpu`, a fourth field: the CPU seconds the whole
machine was busy meanwhile (from /proc/stat; it includes the browser processes a command
starts, which the command's own rusage misses). Usage: measure.py [--cpu] -- CMD ARGS..."""
import os
import resource
import subprocess
import sys
import time


def busy_seconds():
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
    busy = sum(fields[:8]) - fields[3] - fields[4]
    return busy / os.sysconf("SC_CLK_TCK")


args = sys.argv[1:]
cpu = "--cpu" in args[: args.index("--")] if "--" in args else False
cmd = args[args.index("--") + 1:] if "--" in args else args
busy_before = busy_seconds() if cpu else 0.0
start = time.monotonic()
with open("/dev/null", "w") as sink:
    code = subprocess.call(cmd, stdout=sink, stderr=sink)
wall = time.monotonic() - start
rss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
line = f"{wall:.2f} {rss_kb / 1024:.0f} {code}"
if cpu:
    line += f" {busy_seconds() - busy_before:.1f}"
print(line)
