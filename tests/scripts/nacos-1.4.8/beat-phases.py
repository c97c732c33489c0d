#!/usr/bin/env python3
"""The 1.x clients' beats of a rolling.sh run, phase by phase: the beats sent, answered and failed
(no server answered them), the registrations sent and failed, every failed beat with the time
it failed and each of its tries (server, answer, ms), and the tries that sent a beat on to the
client's next server, by server and answer (a stopping or starting node shows here what it did to
the beats that reached it). Phases whose line says "[ours ready N]" with N
above 0 had a node of ours up and ready throughout; a beat failed in one of them is ours to answer
for, and makes the exit status 1. Failures while only official nodes served are listed apart.

    beat-phases.py bench/out/rolling.txt

It reads the run's own file for the phases and, beside it, -seconds.txt (the load tool's counts
second by second) and -slow-beats.txt (each beat over 100 ms, failed, or sent on to a second
server, from when it was sent).
"""
import re
import sys
from collections import Counter, namedtuple

import runlog

DAY = 24 * 3600
_OURS_READY = re.compile(r"\[ours ready (\d+)\] ")
_SECOND = re.compile(r"(\d\d:\d\d:\d\d) beats sent (\d+) answered (\d+) failed (\d+) registers sent (\d+) failed (\d+)")
_SLOW = re.compile(r"(\d\d:\d\d:\d\d\.\d\d\d) (\d+) ms( failed)?:(.*)")

Failure = namedtuple("Failure", "time tries")


def seconds_of(clock):
    hours, minutes, seconds = clock.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def clock_of(seconds):
    seconds %= DAY
    return "%02d:%02d:%06.3f" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


class Run:
    """A run's phases on one clock: seconds since the first phase's midnight, past midnight going on."""

    def __init__(self, lines):
        starts = [phase for phase in map(runlog.phase, lines) if phase]
        if not starts:
            raise SystemExit("no phase lines (== HH:MM:SS ...) in the run's file")
        self.origin = seconds_of(starts[0].precise)
        self.phases = [{"start": self.at(phase.precise), "name": _OURS_READY.sub("", phase.name.split(" ", 1)[1]),
                        "ours": self.ours_ready(phase.name), "sent": 0, "answered": 0,
                        "registers": 0, "registers_failed": 0, "failures": [], "sent_on": Counter()}
                       for phase in starts]

    @staticmethod
    def ours_ready(name):
        ready = _OURS_READY.search(name)
        return int(ready.group(1)) if ready else None

    def at(self, clock):
        seconds = seconds_of(clock)
        return seconds + DAY if seconds < self.origin - 3600 else seconds

    def phase_at(self, seconds):
        current = None
        for phase in self.phases:
            if phase["start"] <= seconds:
                current = phase
        return current


def tally(run, second_lines, slow_lines):
    for line in second_lines:
        match = _SECOND.match(line)
        if not match:
            continue
        # A second's counts go to the phase in force at its middle.
        phase = run.phase_at(run.at(match.group(1)) + 0.5)
        if phase:
            for key, group in (("sent", 2), ("answered", 3), ("registers", 5), ("registers_failed", 6)):
                phase[key] += int(match.group(group))
    for line in slow_lines:
        match = _SLOW.match(line)
        if not match:
            continue
        tries = match.group(4).split()
        if match.group(3):
            failed_at = run.at(match.group(1)) + int(match.group(2)) / 1000
            phase = run.phase_at(failed_at)
            if phase:
                phase["failures"].append(Failure(clock_of(failed_at), " ".join(tries)))
            continue
        # Each try is "server answer ms"; all but the last sent the beat on.
        phase = run.phase_at(run.at(match.group(1)))
        if phase:
            for at in range(0, len(tries) - 3, 3):
                phase["sent_on"][tries[at] + " " + tries[at + 1]] += 1


def report(run):
    print("| phase | nodes of ours ready | beats sent | answered | failed | registrations (failed) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for phase in run.phases:
        ours = "-" if phase["ours"] is None else phase["ours"]
        print(f"| {phase['name']} | {ours} | {phase['sent']:,} | {phase['answered']:,} | {len(phase['failures']):,} "
              f"| {phase['registers']:,} ({phase['registers_failed']:,}) |")
    for phase in run.phases:
        if phase["sent_on"]:
            tries = ", ".join(f"{what} x{count}" for what, count in phase["sent_on"].most_common())
            print(f"\nSent on to the next server in \"{phase['name']}\" (beats then answered): {tries}")
    ours_failed = 0
    for phase in run.phases:
        if not phase["failures"]:
            continue
        served_by = "a node of ours ready" if phase["ours"] else "only official nodes ready"
        print(f"\nFailed beats in \"{phase['name']}\" ({served_by}): time it failed, then each try: server, answer, ms")
        for failure in phase["failures"]:
            print(f"- {failure.time} {failure.tries}")
        if phase["ours"]:
            ours_failed += len(phase["failures"])
    apart = sum(len(phase["failures"]) for phase in run.phases if not phase["ours"])
    print(f"\nbeats failed while a node of ours was ready: {ours_failed}; "
          f"while only official nodes served: {apart}")
    return ours_failed


def main(out):
    stem = out[:-4] if out.endswith(".txt") else out
    run = Run(runlog.read_lines(out))
    tally(run, runlog.read_lines(stem + "-seconds.txt"), runlog.read_lines(stem + "-slow-beats.txt"))
    return 1 if report(run) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
