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
import sys

import runlog

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
    phases = [{"start": start.time, "name": start.name, "lowest": None, "registers": 0, "failed": 0, "p99": 0.0,
               "tool": 0, "host": 0, "nodes": [], "buckets": {}}
              for start in map(runlog.phase, lines) if start]

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
        clients = runlog.window(line)
        if clients:
            phase = phase_at(clients.time)
            if phase:
                phase["failed"] += clients.failed
                phase["registers"] += clients.registers
                if clients.beats > 0:
                    phase["p99"] = max(phase["p99"], clients.p99)
            continue
        sample = runlog.sample(line)
        phase = phase_at(sample.time) if sample else None
        if not phase:
            continue
        # A node whose CPU is "-" was replaced within the sample: what it lists is a starting node's.
        for node in sample.nodes:
            if node.cpu is not None and node.healthy is not None:
                phase["lowest"] = node.healthy if phase["lowest"] is None else min(phase["lowest"], node.healthy)
        if sample.nodes and all(node.cpu is not None for node in sample.nodes):
            phase["nodes"].append(sum(node.cpu for node in sample.nodes))
        if sample.tool is not None:
            phase["tool"] = max(phase["tool"], sample.tool)
        if sample.host is not None:
            phase["host"] = max(phase["host"], sample.host)
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


if __name__ == "__main__":
    summarize(runlog.read_lines(sys.argv[1]), runlog.read_lines(sys.argv[2]) if len(sys.argv) > 2 else None)
