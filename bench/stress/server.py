#!/usr/bin/env python3
"""The stress bench's site: the files in site/ plus the routes a static server cannot give.

  /hop/N        302 to /hop/N-1; /hop/0 302s to /landed.html?via=302 (a server redirect chain)
  /slow?ms=N    a 1x1 GIF after N ms (holds the `load` event of the page that shows it)
  POST /submit  303 to /thanks?name=... (a form answered by a redirect, GET after POST)
  /thanks       the page the 303 leads to, greeting the name from the query
  /status/N     an empty response with status N (204: a navigation that goes nowhere)
  anything else a file from site/, or a 404 page

Usage: server.py PORT  (binds 127.0.0.1; no caching, so history navigations reach the server)."""
import html
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

SITE = Path(__file__).resolve().parent / "site"
GIF = bytes.fromhex("47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b")
NOT_FOUND = b"<!doctype html><title>Not found</title><h1>Nothing here</h1>"


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(SITE), **kwargs)

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def answer(self, status, body=b"", content_type="text/html; charset=utf-8", location=None):
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        if status != 204:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        if parts[0] == "hop" and len(parts) == 2 and parts[1].isdigit():
            n = int(parts[1])
            return self.answer(302, location="/landed.html?via=302" if n == 0 else f"/hop/{n - 1}")
        if url.path == "/slow":
            time.sleep(int(query.get("ms", ["300"])[0]) / 1000)
            return self.answer(200, GIF, "image/gif")
        if url.path == "/thanks":
            name = html.escape(query.get("name", ["nobody"])[0])
            body = f"<!doctype html><title>Thanks</title><h1>Thanks, {name}</h1><p>Your form was received.</p>"
            return self.answer(200, body.encode())
        if parts[0] == "status" and len(parts) == 2 and parts[1].isdigit():
            return self.answer(int(parts[1]))
        path = self.translate_path(url.path)
        if url.path.endswith("/"):
            path = str(Path(path) / "index.html")
        if not Path(path).is_file():
            return self.answer(404, NOT_FOUND)
        return super().do_GET()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        form = parse_qs(self.rfile.read(length).decode())
        if urlsplit(self.path).path == "/submit":
            name = form.get("name", [""])[0]
            return self.answer(303, location="/thanks?name=" + quote(name))
        return self.answer(404, NOT_FOUND)


if __name__ == "__main__":
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
