#!/usr/bin/env python3
"""A scripted LingoHub CDN for lhc's tests, on 127.0.0.1 only.

Usage: server.py SCENARIO.json LOG.jsonl

Prints the port on the first line of standard output, then serves until killed (at most 120 s). Every request is
appended to LOG.jsonl as {"method", "path", "headers", "body"}.

SCENARIO maps a request path to a list of responses, used in turn (the last one repeats):
  status      HTTP status (default 200)
  headers     {name: value}; "{base}" in a value becomes http://127.0.0.1:PORT
  body        text ("{base}" replaced), or
  json        any JSON value ("{base}" replaced in its strings), or
  bodyFile    a file whose bytes are sent
  truncate    send only this many bytes of the body (Content-Length stays the full size), then close
  chunks      send the body in this many pieces ...
  chunkDelay  ... sleeping this many seconds before each piece
  redirect    a Location for a 302 ("{base}" replaced)
  noContentLength  send no Content-Length: the body ends when the connection closes
"""
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The test runner may spawn with signals blocked; the tests stop the server with SIGTERM.
signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
signal.signal(signal.SIGTERM, signal.SIG_DFL)
# Never outlive a crashed test run by long.
threading.Timer(120, lambda: os._exit(0)).start()
scenario = json.load(open(sys.argv[1]))
log_path = sys.argv[2]
lock = threading.Lock()
served = {}


def substitute(value, base):
    if isinstance(value, str):
        return value.replace("{base}", base)
    if isinstance(value, list):
        return [substitute(v, base) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, base) for k, v in value.items()}
    return value


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with lock:
            with open(log_path, "a") as log:
                log.write(json.dumps({"method": self.command, "path": self.path,
                                      "headers": dict(self.headers.items()),
                                      "body": body.decode("utf-8", "replace")}) + "\n")
            responses = scenario.get(self.path.split("?")[0]) or [{"status": 404}]
            index = served.get(self.path, 0)
            served[self.path] = index + 1
        self.respond(responses[min(index, len(responses) - 1)])

    do_GET = do_POST = handle_any

    def respond(self, spec):
        base = "http://127.0.0.1:%d" % self.server.server_address[1]
        status = spec.get("status", 200)
        headers = substitute(spec.get("headers", {}), base)
        if "redirect" in spec:
            status = spec.get("status", 302)
            headers["Location"] = substitute(spec["redirect"], base)
        if "bodyFile" in spec:
            payload = open(spec["bodyFile"], "rb").read()
        elif "json" in spec:
            payload = json.dumps(substitute(spec["json"], base)).encode()
            headers.setdefault("Content-Type", "application/json")
        else:
            payload = substitute(spec.get("body", ""), base).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if not spec.get("noContentLength"):
            self.send_header("Content-Length", str(len(payload)))
        self.send_header("Connection", "close")
        self.end_headers()
        if "truncate" in spec:
            payload = payload[:spec["truncate"]]
        chunks = max(1, spec.get("chunks", 1))
        size = -(-len(payload) // chunks) or 1
        try:
            for start in range(0, len(payload), size):
                time.sleep(spec.get("chunkDelay", 0))
                self.wfile.write(payload[start:start + size])
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
