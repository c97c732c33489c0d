"""Draws the output of bench/upgrade.sh or rolling.sh over time:
   plot.py OUT.txt PNG
three panels sharing the clock: the healthy instances each node lists, each node's CPU with the
load tool's and the host's, and the 1.x clients' beat p99 per 10 s window with their failed beats.
Each phase starts at a dotted line, numbered as in the legend below the panels. Run it through
bench/plot-upgrade.sh, which installs matplotlib when it is missing."""
import sys
from datetime import datetime, timedelta

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import runlog  # noqa: E402


def clock(text, day_of):
    """A time of the day, on the day the run ran; past midnight it goes on to the next day."""
    moment = datetime.combine(day_of[0], datetime.strptime(text, "%H:%M:%S").time())
    if day_of[1] is not None and moment < day_of[1] - timedelta(hours=1):
        day_of[0] += timedelta(days=1)
        moment += timedelta(days=1)
    day_of[1] = moment
    return moment


def read(path):
    nodes, tool, host, beats, phases = {}, [], [], [], []
    day_of = [datetime(2000, 1, 1).date(), None]
    for line in runlog.read_lines(path):
        if sample := runlog.sample(line):
            at = clock(sample.time, day_of)
            for node in sample.nodes:
                nodes.setdefault(node.port, []).append((at, node.cpu, node.healthy))
            tool.append((at, sample.tool))
            host.append((at, sample.host))
        elif window := runlog.window(line):
            beats.append((clock(window.time, day_of), window.p99, window.failed))
        elif start := runlog.phase(line):
            phases.append((clock(start.time, day_of), start.name[len(start.time) + 1:]))
    return nodes, tool, host, beats, phases


def draw(path, png):
    nodes, tool, host, beats, phases = read(path)
    figure, (listed, cpu, latency) = plt.subplots(3, 1, figsize=(13, 10), sharex=True)
    for port, samples in sorted(nodes.items()):
        listed.plot([s[0] for s in samples], [s[2] for s in samples], label=port)
        cpu.plot([s[0] for s in samples], [s[1] for s in samples], label=port)
    cpu.plot([s[0] for s in tool], [s[1] for s in tool], label="load tool", linestyle="--")
    cpu.plot([s[0] for s in host], [s[1] for s in host], label="host, % of all its cores", color="grey", linewidth=0.8)
    latency.semilogy([b[0] for b in beats], [max(b[1], 0.1) for b in beats], label="beat p99 (ms)")
    latency.axhline(100, color="red", linewidth=0.6, label="100 ms")
    failed = [b for b in beats if b[2] > 0]
    if failed:
        latency.scatter([b[0] for b in failed], [100] * len(failed), marker="x", color="red",
                        label="a window with failed beats")
    listed.set_ylabel("healthy instances listed")
    cpu.set_ylabel("CPU (nodes, tool: % of one core)")
    latency.set_ylabel("1.x beat p99 per 10 s (ms)")
    for axes in (listed, cpu, latency):
        for number, (at, _) in enumerate(phases, 1):
            axes.axvline(at, color="black", linestyle=":", linewidth=0.7)
            if axes is listed:
                axes.annotate(str(number), (at, 1), xycoords=("data", "axes fraction"), fontsize=8,
                              xytext=(2, -10), textcoords="offset points")
        axes.legend(loc="upper left", fontsize=8)
        axes.grid(alpha=0.3)
    latency.xaxis.set_major_formatter(matplotlib.dates.DateFormatter("%H:%M"))
    legend = "\n".join("%d. %s %s" % (n, at.strftime("%H:%M:%S"), text) for n, (at, text) in enumerate(phases, 1))
    figure.text(0.01, 0.01, legend, fontsize=7, va="bottom", family="monospace")
    figure.subplots_adjust(left=0.07, right=0.98, top=0.97, bottom=0.07 + 0.0135 * len(phases))
    figure.savefig(png, dpi=100)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot.py OUT.txt PNG (OUT.txt: what bench/upgrade.sh or rolling.sh printed)")
    draw(sys.argv[1], sys.argv[2])
