"""Plots bench/scale-curves.sh's points: CPU, heap and RSS against size, per curve and node count."""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

POINT = re.compile(r"^(instances|connections|configs) ([13]) (\d+): cpu ([\d.]+)%, heap (\d+) MB, rss (\d+) MB")
MEASURES = (("CPU at rest (% of one core)", 0), ("heap after full GC (MB)", 1), ("RSS (MB)", 2))


def read(path):
    points = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            match = POINT.match(line)
            if match:
                curve, nodes, size = match.group(1), int(match.group(2)), int(match.group(3))
                figures = (float(match.group(4)), float(match.group(5)), float(match.group(6)))
                points.setdefault((curve, nodes), []).append((size, figures))
    return points


def main(path, png):
    points = read(path)
    curves = ("instances", "connections", "configs")
    figure, axes = plt.subplots(len(MEASURES), len(curves), figsize=(13, 10))
    for column, curve in enumerate(curves):
        for row, (label, index) in enumerate(MEASURES):
            axis = axes[row][column]
            for nodes, style in ((1, "o-"), (3, "s--")):
                series = sorted(points.get((curve, nodes), []))
                if series:
                    axis.plot([size for size, _ in series], [figures[index] for _, figures in series], style,
                              label=f"{nodes} node{'s' if nodes > 1 else ''}")
            axis.set_xscale("log")
            axis.set_xlabel(curve)
            axis.set_ylabel(label)
            axis.grid(True, which="both", alpha=0.3)
            axis.legend()
    figure.suptitle("ours at scale: each point on fresh nodes, the load held, figures summed over the nodes")
    figure.tight_layout()
    figure.savefig(png, dpi=90)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
