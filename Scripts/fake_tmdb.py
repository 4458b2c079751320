#!/usr/bin/env python3
"""A stand-in TMDb v3 server on loopback, for benchmarks and demos (never for production use).

It answers /movie/now_playing, /movie/upcoming, /movie/popular, /trending/movie/week, /search/movie,
/movie/{id} (with release_dates) and /configuration (the image host and sizes a poster's path joins) in TMDb's
documented shapes, with made-up films whose dates are relative to today, after an optional added latency. Usage:

    python3 Scripts/fake_tmdb.py --port 8765 --latency-ms 50 --pages 10
"""
import argparse
import datetime
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

TITLES = ["Northern Lights", "Harbour Nights", "Winter Road", "Spring Thaw", "Last Summer", "Midnight Tram",
          "The Archipelago", "Frost", "Silent Bay", "Ice Road"]


# `/configuration`: where posters are (every film's `poster_path` joins `secure_base_url` and a size), as TMDb
# answers it, so that poster addresses point at TMDb's own image host.
CONFIGURATION = {
    "images": {
        "base_url": "http://image.tmdb.org/t/p/", "secure_base_url": "https://image.tmdb.org/t/p/",
        "backdrop_sizes": ["w300", "w780", "w1280", "original"], "logo_sizes": ["w45", "w92", "original"],
        "poster_sizes": ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
        "profile_sizes": ["w45", "w185", "original"], "still_sizes": ["w92", "w185", "w300", "original"],
    },
    "change_keys": ["adult", "title"],
}


def day(offset):
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def film(film_id):
    offset = [-20, -200, 40, 10, -150][film_id % 5]
    return {"adult": False, "backdrop_path": None, "genre_ids": [18], "id": film_id, "original_language": "fi",
            "original_title": TITLES[film_id % len(TITLES)], "overview": "A film.", "popularity": 10.0,
            "poster_path": f"/p{film_id}.jpg", "release_date": day(offset),
            "title": f"{TITLES[film_id % len(TITLES)]}" + ("" if film_id < 110 else f" {film_id}"),
            "video": False, "vote_average": 7.0, "vote_count": 100}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json;charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        time.sleep(self.server.latency)
        with self.server.lock:
            self.server.requests += 1
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        path = url.path.removeprefix("/3")
        if not self.headers.get("Authorization", "").startswith("Bearer ") and "api_key" not in query:
            return self.send_json(401, {"status_code": 7, "status_message": "Invalid API key.", "success": False})
        pages = self.server.pages
        if path in ("/movie/now_playing", "/movie/upcoming", "/movie/popular", "/trending/movie/week"):
            page = int(query.get("page", "1"))
            base = 100 if path == "/movie/now_playing" else 1000
            films = [film(base + (page - 1) * 20 + i) for i in range(20)]
            if path == "/movie/now_playing":
                films = [f for f in films if f["release_date"] <= day(0)]
            body = {"page": page, "results": films, "total_pages": pages, "total_results": pages * 20}
            if path in ("/movie/now_playing", "/movie/upcoming"):
                body["dates"] = {"maximum": day(7), "minimum": day(-30)}
            return self.send_json(200, body)
        if path == "/search/movie":
            q = query.get("query", "").lower()
            hits = [film(100 + i) for i in range(10) if q in film(100 + i)["title"].lower()]
            return self.send_json(200, {"page": 1, "results": hits, "total_pages": 1, "total_results": len(hits)})
        if path.startswith("/movie/") and path.split("/")[2].isdigit():
            f = film(int(path.split("/")[2]))
            f.update({"runtime": 100, "genres": [], "status": "Released", "tagline": "", "homepage": "", "imdb_id": None,
                      "release_dates": {"results": [{"iso_3166_1": "FI", "release_dates": [
                          {"certification": "", "iso_639_1": "", "note": "", "type": 3,
                           "release_date": f["release_date"] + "T00:00:00.000Z"}]}]}})
            return self.send_json(200, f)
        if path == "/configuration":
            return self.send_json(200, CONFIGURATION)
        return self.send_json(404, {"status_code": 34, "status_message": "The resource you requested could not be found."})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--latency-ms", type=float, default=0)
    parser.add_argument("--pages", type=int, default=1, help="total_pages of each list")
    args = parser.parse_args()
    # socketserver's listen backlog is 5: with 20 connections opened at once the kernel drops SYNs past it and the
    # client retries a second later, which would measure Python's backlog, not the client. TMDb has no such limit.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.latency = args.latency_ms / 1000
    server.pages = args.pages
    server.requests = 0
    server.lock = threading.Lock()
    print(f"fake TMDb on http://127.0.0.1:{args.port}/3 (latency {args.latency_ms} ms, {args.pages} pages)", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
