#!/usr/bin/env python3
"""Summarizes a rolling.sh output file phase by phase: for each phase (from a line starting "==" to
the next, by the time each line carries), the fewest healthy instances any node listed in its
samples (not counting a node replaced within a sample, or one whose list timed out), the 1.x
clients' registrations, failed requests and the highest beat p99 of its windows, the nodes' CPU
together (the mean of the samples in which every node was sampled whole), and the highest load
tool and host CPU. Given the load tool's --histograms file too, it adds the beat p99 over all the
phase's beats, its windows merged.

    summarize.py bench/out/rolling.txt [bench/out/rolling-beats.txt]
"""
import math
import re
import sys

# Latencies.java: bucket i holds the latencies up to GROWTH^(i+1) microseconds.
GROWTH = 1.01


def quantile_millis(buckets, q):
    wanted = math.ceil(sum(buckets.values()) * q)
    seen = 0
    for index in sorted(buckets):
        seen += buckets[index]
        if seen >= wanted:
            return GROWTH ** (index + 1) / 1000
    return 0.0


def summarize(lines, histogram_lines=None):
    # Lines are printed late (the sampler lists every node first): each goes to the phase its own
    # time falls in.
    phases = [{"start": line[3:11], "name": line[3:].strip(), "lowest": None, "registers": 0, "failed": 0,
               "p99": 0.0, "tool": 0, "host": 0, "nodes": [], "buckets": {}} for line in lines if line.startswith("== ")]

    def phase_at(time):
        current = None
        for phase in phases:
            if phase["start"] <= time:
                current = phase
        return current

    for line in histogram_lines or []:
        time, *buckets = line.split()
        phase = phase_at(time)
        if phase:
            for bucket in buckets:
                index, count = bucket.split(":")
                phase["buckets"][int(index)] = phase["buckets"].get(int(index), 0) + int(count)
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
    whole = histogram_lines is not None
    print("| phase | lowest healthy listed | registers | failed | highest beat p99 of a window (ms) "
          + ("| beat p99 of the phase (ms) " if whole else "")
          + "| nodes' CPU, mean | load tool CPU, highest | host busy, highest |")
    print("| --- " * (9 if whole else 8) + "|")
    for phase in phases:
        lowest = "-" if phase["lowest"] is None else f"{phase['lowest']:,}"
        nodes = f"{sum(phase['nodes']) / len(phase['nodes']):.0f}%" if phase["nodes"] else "-"
        overall = f"| {quantile_millis(phase['buckets'], 0.99):,.0f} " if whole else ""
        print(f"| {phase['name']} | {lowest} | {phase['registers']:,} | {phase['failed']:,} | {phase['p99']:,.0f} "
              f"{overall}| {nodes} | {phase['tool']}% | {phase['host']}% |")


def read_lines(path):
    with open(path) as text:
        return text.read().splitlines()


if __name__ == "__main__":
    summarize(read_lines(sys.argv[1]), read_lines(sys.argv[2]) if len(sys.argv) > 2 else None)
