#!/usr/bin/env python3
"""Plays a member of an official Nacos 1.4.8 cluster and keeps every request the real node sends it.

    capture.py PORT OUT_DIR SECONDS [NODE_PORT | down]

Listens on 127.0.0.1:PORT for SECONDS and writes each request, as received (request line,
headers, blank line, body), to OUT_DIR/NNN-<path>.http. It answers as a 1.4.8 member does where
the real node needs an answer to go on (member reports, Distro datums, checksums and service
status) and 404 elsewhere. With NODE_PORT it also reports itself to the real node every 2 s as a
1.4.8 member (version 1.4.8), so that the node treats it as one: Distro and the JRaft group
instead of the old HTTP Raft. With "down" it answers member reports 503, so the members take it
for a member that is down (they still send it the old HTTP Raft's votes and beats), and it never
tells a version.
"""
import os
import socketserver
import sys
import threading
import time
import urllib.request

DOWN = len(sys.argv) > 4 and sys.argv[4] == "down"
REPORT_ANSWER = b'{"code":200,"message":null,"data":"true"}'
ANSWERS = {
    "/nacos/v1/core/cluster/report": REPORT_ANSWER,
    "/nacos/v1/ns/distro/datum": b"ok",
    "/nacos/v1/ns/distro/checksum": b"ok",
    "/nacos/v1/ns/distro/datums": b"{}",
    "/nacos/v1/ns/service/status": b"ok",
}


class Capture(socketserver.StreamRequestHandler):
    count = 0
    lock = threading.Lock()

    def handle(self):
        while True:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                line = self.rfile.readline()
                if not line:
                    return
                head += line
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = self.rfile.read(length) if length else b""
            path = head.split(b" ")[1].split(b"?")[0].decode()
            with Capture.lock:
                Capture.count += 1
                name = "%03d-%s.http" % (Capture.count, path.strip("/").replace("/", "_"))
            with open(os.path.join(sys.argv[2], name), "wb") as out:
                out.write(head + body)
            answer = ANSWERS.get(path, b'{"status":404}')
            status = b"200 OK" if path in ANSWERS else b"404 Not Found"
            if DOWN and path == "/nacos/v1/core/cluster/report":
                answer, status = b'{"status":503}', b"503 Service Unavailable"
            self.wfile.write(b"HTTP/1.1 " + status + b"\r\nContent-Type: application/json;charset=UTF-8\r\n"
                             b"Content-Length: " + str(len(answer)).encode() + b"\r\n\r\n" + answer)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def report_as_member(own_port, node_port):
    body = ('{"ip":"127.0.0.1","port":%d,"state":"UP","extendInfo":{"raftPort":"%d","version":"1.4.8"},'
            '"address":"127.0.0.1:%d","failAccessCnt":0}' % (own_port, own_port - 1000, own_port)).encode()
    while True:
        request = urllib.request.Request("http://127.0.0.1:%d/nacos/v1/core/cluster/report" % node_port, body,
                                         {"Content-Type": "application/json;charset=UTF-8", "Nacos-Server": "1.4.8"})
        try:
            urllib.request.urlopen(request, timeout=2).read()
        except OSError:
            pass
        time.sleep(2)


if __name__ == "__main__":
    os.makedirs(sys.argv[2], exist_ok=True)
    server = Server(("127.0.0.1", int(sys.argv[1])), Capture)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    if len(sys.argv) > 4 and sys.argv[4] != "down":
        threading.Thread(target=report_as_member, args=(int(sys.argv[1]), int(sys.argv[4])), daemon=True).start()
    time.sleep(float(sys.argv[3]))
    server.shutdown()
