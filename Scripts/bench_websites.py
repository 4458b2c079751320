#!/usr/bin/env python3
"""Times `planner showtimes` reading ten cinemas' own pages, each site answering after 200 ms, beside one site alone.

Usage: Scripts/bench-websites.sh (builds the release planner first), or PLANNER_BIN=… python3 Scripts/bench_websites.py

Ten fake cinema sites on 127.0.0.1, each on a port of its own (a host of its own to the pacing), answer
`robots.txt` and a programme page with schema.org ScreeningEvents, each after `DELAY_S`. A run starts with an empty
database (nothing cached). The sequential sum is ten times the one-site run: what reading the sites one after
another would cost. Each row is the median of `RUNS` runs. Python's standard library only.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PLANNER = os.environ.get("PLANNER_BIN") or str(REPO / ".build-install" / "release" / "planner")
DELAY_S = float(os.environ.get("DELAY_S", "0.2"))
RUNS = int(os.environ.get("RUNS", "5"))
SITES = 10
LYON = (45.7640, 4.8357)
DAY = (date.today() + timedelta(days=1)).isoformat()


def page(index: int) -> bytes:
    events = [{"@type": "ScreeningEvent", "startDate": f"{DAY}T{18 + k}:00:00+01:00",
               "workPresented": {"@type": "Movie", "name": f"Film {index}-{k}"},
               "offers": {"@type": "Offer", "url": f"/book/{k}"}} for k in range(3)]
    graph = {"@context": "https://schema.org",
             "@graph": [{"@type": "MovieTheater", "name": f"Bench Cinema {index}"}] + events}
    return (f"<html><head><script type=\"application/ld+json\">{json.dumps(graph)}</script></head>"
            f"<body>Programme</body></html>").encode()


def serve(index: int) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            time.sleep(DELAY_S)
            if self.path == "/robots.txt":
                body, kind = b"User-agent: *\nDisallow:\n", "text/plain"
            elif self.path == "/programme":
                body, kind = page(index), "text/html; charset=utf-8"
            else:
                self.send_response(404)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run(servers, sites: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        catalog = Path(folder) / "cinemas.csv"
        rows = ["name,lat,lon,website"] + [
            f"Bench Cinema {i},{LYON[0] + 0.002 * i:.4f},{LYON[1]:.4f},http://127.0.0.1:{servers[i].server_port}/programme"
            for i in range(sites)]
        catalog.write_text("\n".join(rows) + "\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PLANNER_", "MOVIEGLU_", "GRACENOTE_"))}
        env.update({"PLANNER_DATA_DIR": str(REPO / "Data"), "PLANNER_CONFIG": f"{folder}/config.json",
                    "PLANNER_DB": f"{folder}/planner.sqlite", "OVERPASS_URL": "http://127.0.0.1:9/api",
                    "NOMINATIM_URL": "http://127.0.0.1:9", "FINNKINO_BASE_URL": "http://127.0.0.1:9/xml"})
        command = [PLANNER, "showtimes", "--near", f"{LYON[0]},{LYON[1]}", "--radius", "5km", "--catalog",
                   str(catalog), "--date", DAY, "--limit", "20"]
        start = time.perf_counter()
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        elapsed = time.perf_counter() - start
        if result.returncode != 0 or f"Film {sites - 1}-0" not in result.stdout:
            sys.exit(f"planner failed or missed a site:\n{result.stdout}\n{result.stderr}")
        return elapsed


def main() -> int:
    if not os.access(PLANNER, os.X_OK):
        print(f"no planner at {PLANNER}: run Scripts/bench-websites.sh, or set PLANNER_BIN", file=sys.stderr)
        return 1
    servers = [serve(i) for i in range(SITES)]
    one = statistics.median(run(servers, 1) for _ in range(RUNS))
    ten = statistics.median(run(servers, SITES) for _ in range(RUNS))
    print(f"each site answers after {DELAY_S * 1000:.0f} ms; medians of {RUNS} runs, nothing cached")
    print(f"one site (robots.txt, then the page a second later):  {one:6.2f} s")
    print(f"ten sites at once:                                    {ten:6.2f} s")
    print(f"ten sites one after another (10 x one site):          {10 * one:6.2f} s")
    print(f"ten sites / one site: {ten / one:.2f}x (the goal: at most 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
