#!/usr/bin/env python3
"""Plays a member of an official Nacos 1.4.8 cluster and keeps every request the real node sends it.

    capture.py PORT OUT_DIR SECONDS

Listens on 127.0.0.1:PORT for SECONDS and writes each request, as received (request line,
headers, blank line, body), to OUT_DIR/NNN-<path>.http. It answers a member report as 1.4.8
does and everything else with 404, so the real node keeps talking as it would to a live peer.
"""
import os
import socketserver
import sys
import threading
import time

REPORT_ANSWER = b'{"code":200,"message":null,"data":"true"}'


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
            answer = REPORT_ANSWER if path.endswith("/v1/core/cluster/report") else b'{"status":404}'
            status = b"200 OK" if answer is REPORT_ANSWER else b"404 Not Found"
            self.wfile.write(b"HTTP/1.1 " + status + b"\r\nContent-Type: application/json;charset=UTF-8\r\n"
                             b"Content-Length: " + str(len(answer)).encode() + b"\r\n\r\n" + answer)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


if __name__ == "__main__":
    os.makedirs(sys.argv[2], exist_ok=True)
    server = Server(("127.0.0.1", int(sys.argv[1])), Capture)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    time.sleep(float(sys.argv[3]))
    server.shutdown()
