"""Reads the lines bench/upgrade.sh and rolling.sh print: the phases (lib.sh's `phase`), the
sampler's lines (lib.sh's `sample_every_10s`) and the 1.x clients' 10 s windows (grpc-bench
legacy-clients). summarize.py and plot.py read them through here, so the format is read in one
place."""
import re
from collections import namedtuple

# A phase's time is to the second, as the other lines'; "precise" adds its milliseconds when the
# line has them.
Phase = namedtuple("Phase", "time name precise")
# A node's CPU (% of one core) is None when the node was replaced within the sample; its healthy
# instances are None when its list timed out.
Node = namedtuple("Node", "port mode cpu healthy")
# The load tool's CPU is None when it was replaced within the sample; the host's is % of all cores.
Sample = namedtuple("Sample", "time nodes tool host")
Window = namedtuple("Window", "time beats failed registers p99")

_PHASE = re.compile(r"== (\d\d:\d\d:\d\d)(\.\d\d\d)? ")
_SAMPLE = re.compile(r"(\d\d:\d\d:\d\d) \|")
_NODE = re.compile(r"(\d+) (\S+) cpu (\S+) healthy (\S+)")
_TOOL = re.compile(r"clients cpu (\d+)%")
_HOST = re.compile(r"host (\d+)% of all cores")
_WINDOW = re.compile(r"1\.x clients: (\S+) beats (\d+) failed (\d+) .*registers (\d+) .*p99 ([\d.]+) ms,")


def _number(text):
    """The whole number a field starts with ("23%", "1194 (10.0.0.8 absent, ...)"), or None for "-"."""
    digits = re.match(r"\d+", text)
    return int(digits.group()) if digits else None


def phase(line):
    """The phase a "==" line starts (its name keeps its time), or None."""
    match = _PHASE.match(line)
    if not match:
        return None
    return Phase(match.group(1), line[3:].strip(), match.group(1) + (match.group(2) or ".000"))


def window(line):
    """The 1.x clients' window a line reports, or None."""
    match = _WINDOW.search(line)
    if not match:
        return None
    return Window(match.group(1), int(match.group(2)), int(match.group(3)), int(match.group(4)),
                  float(match.group(5)))


def sample(line):
    """The sampler's line, or None."""
    match = _SAMPLE.match(line)
    if not match:
        return None
    tool = _TOOL.search(line)
    host = _HOST.search(line)
    return Sample(match.group(1), [Node(port, mode, _number(cpu), _number(healthy))
                                   for port, mode, cpu, healthy in _NODE.findall(line)],
                  int(tool.group(1)) if tool else None, int(host.group(1)) if host else None)


def read_lines(path):
    with open(path) as text:
        return text.read().splitlines()
