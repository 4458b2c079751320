#!/usr/bin/env python3
"""A stand-in for Finnkino's XML API on loopback (after Sources/TestSupport/FakeFinnkino.swift), for the server tests.

It answers /xml/TheatreAreas/ and /xml/Schedule/?area=&dt=dd.MM.yyyy with a few shows each day at Kinopalatsi
(which the bundled OpenStreetMap data has) and Tennispalatsi (which it lacks), titled like Scripts/fake_tmdb.py's
films. Point planner at it with FINNKINO_BASE_URL=http://127.0.0.1:PORT/xml. Usage:

    python3 Tests/ServerTests/fake_finnkino.py --port 8766
"""
import argparse
import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse
from zoneinfo import ZoneInfo

HELSINKI = ZoneInfo("Europe/Helsinki")
KINOPALATSI = (1031, "Kinopalatsi, Helsinki")
TENNISPALATSI = (1033, "Tennispalatsi, Helsinki")
# (show id offset, title, original title, year, HH:MM, minutes, theatre)
SHOWS = [
    (1, "Revontulet", "Northern Lights", None, "18:30", 127, KINOPALATSI),
    (2, "Talvitie", "Winter Road", None, "21:45", 139, KINOPALATSI),
    (3, "Harbour Nights", None, None, "20:00", 113, KINOPALATSI),
    (4, "Muumilaakson tarinoita", None, 2026, "19:00", 100, KINOPALATSI),
    (5, "Revontulet", "Northern Lights", None, "17:00", 127, TENNISPALATSI),
]

AREAS = """<?xml version="1.0"?>
<TheatreAreas><TheatreArea><ID>1029</ID><Name>Valitse alue/teatteri</Name></TheatreArea>\
<TheatreArea><ID>1014</ID><Name>Pääkaupunkiseutu</Name></TheatreArea>\
<TheatreArea><ID>1012</ID><Name>Espoo</Name></TheatreArea>\
<TheatreArea><ID>1002</ID><Name>Helsinki</Name></TheatreArea>\
<TheatreArea><ID>1031</ID><Name>Helsinki: KINOPALATSI</Name></TheatreArea>\
<TheatreArea><ID>1033</ID><Name>Helsinki: TENNISPALATSI</Name></TheatreArea></TheatreAreas>"""


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;")


def show_xml(day, index, spec):
    offset, title, original, year, clock, minutes, (theatre_id, theatre) = spec
    hour, minute = map(int, clock.split(":"))
    start = datetime.datetime.combine(day, datetime.time(hour, minute), HELSINKI)
    end = start + datetime.timedelta(minutes=minutes)
    show_id = int(day.strftime("%m%d")) * 100 + offset
    year = year or day.year
    original_xml = f"<OriginalTitle>{escape(original)}</OriginalTitle>" if original else ""
    return (f"<Show><ID>{show_id}</ID><dttmShowStart>{start:%Y-%m-%dT%H:%M:%S}</dttmShowStart>"
            f"<dttmShowStartUTC>{start.astimezone(datetime.timezone.utc):%Y-%m-%dT%H:%M:%SZ}</dttmShowStartUTC>"
            f"<dttmShowEnd>{end:%Y-%m-%dT%H:%M:%S}</dttmShowEnd><EventID>{300000 + show_id}</EventID>"
            f"<Title>{escape(title)}</Title>{original_xml}<ProductionYear>{year}</ProductionYear>"
            f"<LengthInMinutes>{minutes}</LengthInMinutes><TheatreID>{theatre_id}</TheatreID>"
            f"<Theatre>{escape(theatre)}</Theatre><TheatreAuditorium>sali {show_id % 7 + 1}</TheatreAuditorium>"
            f"<PresentationMethod>2D</PresentationMethod>"
            f"<ShowURL>http://www.finnkino.fi/websales/show/{show_id}/</ShowURL></Show>")


def schedule_xml(day):
    shows = "\n".join(show_xml(day, i, spec) for i, spec in enumerate(SHOWS))
    return ('<?xml version="1.0"?>\n<Schedule xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
            f"<PubDate>{day:%Y-%m-%d}T00:00:00</PubDate><Shows>{shows}</Shows></Schedule>")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_xml(self, status, text):
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        path = url.path.rstrip("/")
        if path == "/xml/TheatreAreas":
            return self.send_xml(200, AREAS)
        if path == "/xml/Schedule":
            try:
                day = datetime.datetime.strptime(query.get("dt", ""), "%d.%m.%Y").date()
            except ValueError:
                day = datetime.datetime.now(HELSINKI).date()
            return self.send_xml(200, schedule_xml(day))
        return self.send_xml(404, "<Error>not found</Error>")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"fake Finnkino on http://127.0.0.1:{server.server_address[1]}/xml", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
