#!/usr/bin/env python3
"""Summarizes a rolling.sh output file phase by phase: for each phase (a line starting "=="), the
fewest healthy instances any node listed in its samples, the 1.x clients' registrations, failed
requests and the highest beat p99 of its windows, and the highest load tool and host CPU.

    summarize.py bench/out/rolling.txt
"""
import re
import sys


def summarize(lines):
    phases = []
    for line in lines:
        if line.startswith("== "):
            phases.append({"name": line[3:].strip(), "lowest": None, "registers": 0, "failed": 0, "p99": 0.0,
                           "tool": 0, "host": 0})
            continue
        if not phases:
            continue
        phase = phases[-1]
        clients = re.search(r"1\.x clients: \S+ beats (\d+) failed (\d+) .*registers (\d+) .*p99 ([\d.]+) ms,", line)
        if clients:
            phase["failed"] += int(clients.group(2))
            phase["registers"] += int(clients.group(3))
            if int(clients.group(1)) > 0:
                phase["p99"] = max(phase["p99"], float(clients.group(4)))
            continue
        # A node whose CPU is "-" was replaced within the sample: what it lists is a starting node's.
        for cpu, healthy in re.findall(r"cpu (\S+) healthy (\d+)", line):
            if cpu != "-":
                phase["lowest"] = int(healthy) if phase["lowest"] is None else min(phase["lowest"], int(healthy))
        tool = re.search(r"clients cpu (\d+)%", line)
        if tool:
            phase["tool"] = max(phase["tool"], int(tool.group(1)))
        host = re.search(r"host (\d+)% of all cores", line)
        if host:
            phase["host"] = max(phase["host"], int(host.group(1)))
    print("| phase | lowest healthy listed | registers | failed | highest beat p99 (ms) | load tool CPU, highest | host busy, highest |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for phase in phases:
        lowest = "-" if phase["lowest"] is None else f"{phase['lowest']:,}"
        print(f"| {phase['name']} | {lowest} | {phase['registers']:,} | {phase['failed']:,} | {phase['p99']:,.0f} "
              f"| {phase['tool']}% | {phase['host']}% |")


if __name__ == "__main__":
    with open(sys.argv[1]) as output:
        summarize(output.read().splitlines())
