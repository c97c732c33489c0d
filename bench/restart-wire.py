#!/usr/bin/env python3
"""How long a node took to answer on the wire, second by second: restart-wire.py PCAP PORT.

Reads a tcpdump capture of the node's HTTP port on loopback (bench/restart-probe.sh makes one) and
prints for each second: the requests answered and how long after their last byte the answer's
first byte came (p50, p99, max, in ms), how many came first on a new connection, the connections
accepted (SYN answered SYN-ACK) and refused (SYN answered RST), and the SYNs sent again.
"""
import collections
import re
import subprocess
import sys
import time

PACKET = re.compile(r'^(\d+\.\d+) IP 127\.0\.0\.1\.(\d+) > 127\.0\.0\.1\.(\d+): Flags \[([^\]]*)\].*?length (\d+)')


class Second:
    def __init__(self):
        self.waits = []
        self.first_on_connection = 0
        self.accepted = 0
        self.refused = 0
        self.syn_again = 0


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float('nan')


def read(pcap, port):
    seconds = collections.defaultdict(Second)
    connections = {}  # client port -> {'syn', 'accepted', 'asked', 'answered_once'}
    dump = subprocess.run(['tcpdump', '-r', pcap, '-tt', '-n'], capture_output=True, text=True, check=True)
    for line in dump.stdout.splitlines():
        packet = PACKET.match(line)
        if not packet:
            continue
        at, source, target, flags, length = packet.groups()
        at, length = float(at), int(length)
        second = seconds[time.strftime('%H:%M:%S', time.gmtime(at))]
        if target == port:
            client = connections.setdefault(source, {})
            if flags == 'S':
                if 'syn' in client and 'accepted' not in client:
                    second.syn_again += 1
                else:
                    connections[source] = {'syn': at}
            elif length > 0:
                client['asked'] = at
        elif source == port:
            client = connections.setdefault(target, {})
            if flags == 'S.' and 'syn' in client:
                client['accepted'] = at
                second.accepted += 1
            elif 'R' in flags and 'syn' in client and 'accepted' not in client:
                second.refused += 1
                del connections[target]
            elif length > 0 and client.get('asked'):
                second.waits.append((at - client.pop('asked')) * 1000)
                if not client.get('answered_once'):
                    second.first_on_connection += 1
                    client['answered_once'] = True
    return seconds


def main():
    seconds = read(sys.argv[1], sys.argv[2])
    for name in sorted(seconds):
        s = seconds[name]
        print('%s answered %5d wait p50 %7.1f p99 %7.1f max %7.1f ms | first on a connection %4d | '
              'accepted %4d refused %4d SYN again %d' % (
                  name, len(s.waits), quantile(s.waits, .5), quantile(s.waits, .99), max(s.waits, default=0),
                  s.first_on_connection, s.accepted, s.refused, s.syn_again))


if __name__ == '__main__':
    main()
