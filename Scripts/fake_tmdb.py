#!/usr/bin/env python3
"""A stand-in TMDb v3 server on loopback, for benchmarks and demos (never for production use).

It answers /movie/now_playing, /movie/upcoming, /movie/popular, /trending/movie/week, /search/movie,
/movie/{id} (with release_dates) and /movie/{id}/images; /tv/popular, /tv/on_the_air, /tv/airing_today,
/trending/tv/week, /search/tv, /tv/{id} and /tv/{id}/images; /configuration; and /find/{imdb_id} (tt1000007 is
film 7: IMDb ids are 1000000 plus the TMDb id) in TMDb's documented shapes, with made-up films and series whose
dates are relative to the day it started, after an optional added latency. Usage:

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



# The day the fake started: a test run that crosses midnight still gets the same answers from every request (the
# server's, cached before midnight, and the command line's, asked after it, were a day apart).
TODAY = datetime.date.today()


def day(offset):
    return (TODAY + datetime.timedelta(days=offset)).isoformat()


def film(film_id):
    offset = [-20, -200, 40, 10, -150][film_id % 5]
    return {"adult": False, "backdrop_path": None, "genre_ids": [18], "id": film_id, "original_language": "fi",
            "original_title": TITLES[film_id % len(TITLES)], "overview": "A film.", "popularity": 10.0,
            "poster_path": f"/p{film_id}.jpg", "release_date": day(offset),
            "title": f"{TITLES[film_id % len(TITLES)]}" + ("" if film_id < 110 else f" {film_id}"),
            "video": False, "vote_average": 7.0, "vote_count": 100}


SERIES_NAMES = ["Harbour Watch", "The Long Winter", "Northern Line", "Island Doctors", "Ferry Tales"]

CONFIGURATION = {
    "images": {
        "base_url": "http://image.tmdb.org/t/p/", "secure_base_url": "https://image.tmdb.org/t/p/",
        "backdrop_sizes": ["w300", "w780", "w1280", "original"], "logo_sizes": ["w45", "w92", "original"],
        "poster_sizes": ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
        "profile_sizes": ["w45", "w185", "original"], "still_sizes": ["w92", "w185", "original"],
    },
    "change_keys": ["adult", "images", "title"],
}


def imdb_id(film_id):
    return f"tt{1000000 + film_id:07d}"


def series(series_id):
    name = SERIES_NAMES[series_id % len(SERIES_NAMES)]
    return {"id": series_id, "name": name, "original_name": name, "overview": "A series.",
            "first_air_date": day(-400 - series_id % 50), "poster_path": f"/s{series_id}.jpg",
            "backdrop_path": f"/sb{series_id}.jpg", "genre_ids": [18], "origin_country": ["FI"],
            "original_language": "fi", "popularity": 5.0, "vote_average": 7.5, "vote_count": 50}


def images(item_id, prefix):
    return {"id": item_id,
            "backdrops": [{"aspect_ratio": 1.778, "height": 1080, "iso_639_1": None, "file_path": f"/{prefix}b{item_id}.jpg",
                           "vote_average": 5.3, "vote_count": 4, "width": 1920}],
            "logos": [],
            "posters": [{"aspect_ratio": 0.667, "height": 3000, "iso_639_1": "en", "file_path": f"/{prefix}{item_id}.jpg",
                         "vote_average": 5.5, "vote_count": 6, "width": 2000}]}


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
        if path == "/configuration":
            return self.send_json(200, CONFIGURATION)
        if path.startswith("/find/"):
            found = path.split("/")[2]
            number = int(found[2:]) - 1000000 if found.startswith("tt") and found[2:].isdigit() else 0
            movies = [film(number)] if number >= 1 else []
            return self.send_json(200, {"movie_results": movies, "person_results": [], "tv_results": [],
                                        "tv_episode_results": [], "tv_season_results": []})
        if path in ("/tv/popular", "/tv/on_the_air", "/tv/airing_today", "/trending/tv/week"):
            page = int(query.get("page", "1"))
            shows = [series(2000 + (page - 1) * 20 + i) for i in range(20)]
            return self.send_json(200, {"page": page, "results": shows, "total_pages": pages,
                                        "total_results": pages * 20})
        if path == "/search/tv":
            q = query.get("query", "").lower()
            hits = [series(2000 + i) for i in range(5) if q in series(2000 + i)["name"].lower()]
            return self.send_json(200, {"page": 1, "results": hits, "total_pages": 1, "total_results": len(hits)})
        parts = path.split("/")
        if len(parts) == 4 and parts[1] in ("movie", "tv") and parts[2].isdigit() and parts[3] == "images":
            return self.send_json(200, images(int(parts[2]), "p" if parts[1] == "movie" else "s"))
        if len(parts) == 3 and parts[1] == "tv" and parts[2].isdigit():
            show = series(int(parts[2]))
            show.update({"last_air_date": day(-3), "number_of_seasons": 2, "number_of_episodes": 16,
                         "status": "Returning Series", "networks": [{"id": 1, "name": "Yle"}],
                         "next_episode_to_air": {"name": "Thaw", "air_date": day(5), "season_number": 3,
                                                 "episode_number": 1},
                         "last_episode_to_air": {"name": "Ice", "air_date": day(-3), "season_number": 2,
                                                 "episode_number": 8}})
            return self.send_json(200, show)
        if path.startswith("/movie/") and path.split("/")[2].isdigit():
            f = film(int(path.split("/")[2]))
            f.update({"runtime": 100, "genres": [], "status": "Released", "tagline": "", "homepage": "",
                      "imdb_id": imdb_id(f["id"]),
                      "release_dates": {"results": [{"iso_3166_1": "FI", "release_dates": [
                          {"certification": "", "iso_639_1": "", "note": "", "type": 3,
                           "release_date": f["release_date"] + "T00:00:00.000Z"}]}]}})
            return self.send_json(200, f)
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
