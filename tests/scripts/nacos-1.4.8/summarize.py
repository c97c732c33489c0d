#!/usr/bin/env python3
"""Summarizes a rolling.sh output file phase by phase: for each phase (from a line starting "==" to
the next, by the time each line carries), the fewest healthy instances any node listed in its
samples (not counting a node replaced within a sample, or one whose list timed out), the 1.x
clients' registrations, failed requests and the highest beat p99 of its windows, the nodes' CPU
together (the mean of the samples in which every node was sampled whole), and the highest load
tool and host CPU.

    summarize.py bench/out/rolling.txt
"""
import re
import sys


def summarize(lines):
    # Lines are printed late (the sampler lists every node first): each goes to the phase its own
    # time falls in.
    phases = [{"start": line[3:11], "name": line[3:].strip(), "lowest": None, "registers": 0, "failed": 0,
               "p99": 0.0, "tool": 0, "host": 0, "nodes": []} for line in lines if line.startswith("== ")]

    def phase_at(time):
        current = None
        for phase in phases:
            if phase["start"] <= time:
                current = phase
        return current

    for line in lines:
        clients = re.search(r"1\.x clients: (\S+) beats (\d+) failed (\d+) .*registers (\d+) .*p99 ([\d.]+) ms,", line)
        if clients:
            phase = phase_at(clients.group(1))
            if phase:
                phase["failed"] += int(clients.group(3))
                phase["registers"] += int(clients.group(4))
                if int(clients.group(2)) > 0:
                    phase["p99"] = max(phase["p99"], float(clients.group(5)))
            continue
        sample = re.match(r"(\d\d:\d\d:\d\d) \|", line)
        phase = phase_at(sample.group(1)) if sample else None
        if not phase:
            continue
        # A node whose CPU is "-" was replaced within the sample: what it lists is a starting node's.
        nodes = re.findall(r"cpu (\S+) healthy (\S+)", line)
        for cpu, healthy in nodes:
            if cpu != "-" and healthy != "-":
                phase["lowest"] = int(healthy) if phase["lowest"] is None else min(phase["lowest"], int(healthy))
        if nodes and all(cpu != "-" for cpu, _ in nodes):
            phase["nodes"].append(sum(int(cpu.rstrip("%")) for cpu, _ in nodes))
        tool = re.search(r"clients cpu (\d+)%", line)
        if tool:
            phase["tool"] = max(phase["tool"], int(tool.group(1)))
        host = re.search(r"host (\d+)% of all cores", line)
        if host:
            phase["host"] = max(phase["host"], int(host.group(1)))
    print("| phase | lowest healthy listed | registers | failed | highest beat p99 (ms) | nodes' CPU, mean "
          "| load tool CPU, highest | host busy, highest |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for phase in phases:
        lowest = "-" if phase["lowest"] is None else f"{phase['lowest']:,}"
        nodes = f"{sum(phase['nodes']) / len(phase['nodes']):.0f}%" if phase["nodes"] else "-"
        print(f"| {phase['name']} | {lowest} | {phase['registers']:,} | {phase['failed']:,} | {phase['p99']:,.0f} "
              f"| {nodes} | {phase['tool']}% | {phase['host']}% |")


if __name__ == "__main__":
    with open(sys.argv[1]) as output:
        summarize(output.read().splitlines())
