#!/usr/bin/env python3
"""Writes a synthetic, reproducible OSM extract as OPL: a street grid with buildings and cinemas.

    Scripts/synthetic_extract.py NODES SEED OUT.opl

A G×G grid of intersections (G = sqrt(NODES / 6.2)) about 60 m apart, centred on Tampere (61.5° N, 23.8° E) —
for 5 M nodes a 54 × 54 km region. Each block side has two shape nodes; the streets along a grid row or column are
cut into ways of 3–6 blocks. Rows and columns take their class from their index: motorway every 150th, primary
every 25th, secondary every 10th, tertiary every 5th, residential otherwise; 15 % of residential ways are one-way
(half of them `oneway=-1`), maxspeed is set on primaries, secondaries and 30 % of residential ways, and one
intersection in 20 has traffic signals. Beside the roads, 0.3 G² buildings (closed 4-node ways: land the importer
must skip) and ~300 named `amenity=cinema` nodes per 5 M nodes. So 5 M nodes give ≈ 0.6 M ways.

Everything comes from `random.Random(SEED)` in a fixed order and is streamed line by line: node coordinates are
computed from their ids, never stored, so memory stays small whatever NODES is.
"""
import math
import random
import sys

LAT0, LON0 = 61.5, 23.8
SPACING_M = 60.0
SHAPE = 2  # shape nodes per block side


def main() -> None:
    nodes, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    g = max(4, int(math.sqrt(nodes / 6.2)))
    dlat = SPACING_M / 111_320.0
    dlon = SPACING_M / (111_320.0 * math.cos(math.radians(LAT0)))
    south, west = LAT0 - dlat * g / 2, LON0 - dlon * g / 2
    edges = g * (g - 1)  # block sides per direction
    base_h = g * g + 1  # shape nodes of horizontal block sides
    base_v = base_h + edges * SHAPE
    base_b = base_v + edges * SHAPE  # building corners
    buildings = int(0.3 * g * g)
    base_c = base_b + buildings * 4  # cinemas
    cinemas = max(1, round(300 * nodes / 5_000_000))

    def inter(r: int, c: int) -> int:
        return 1 + r * g + c

    def klass(i: int) -> str:
        if i % 150 == 75:
            return "motorway"
        if i % 25 == 0:
            return "primary"
        if i % 10 == 0:
            return "secondary"
        if i % 5 == 0:
            return "tertiary"
        return "residential"

    with open(out, "w", buffering=1 << 20) as f:
        w = f.write
        for r in range(g):
            for c in range(g):
                lat = south + r * dlat + rng.uniform(-0.1, 0.1) * dlat
                lon = west + c * dlon + rng.uniform(-0.1, 0.1) * dlon
                tags = " Thighway=traffic_signals" if rng.random() < 0.05 else " T"
                w(f"n{inter(r, c)} v1{tags} x{lon:.7f} y{lat:.7f}\n")
        for horizontal, base in ((True, base_h), (False, base_v)):
            for a in range(g):  # the row (horizontal) or column (vertical)
                for b in range(g - 1):  # the block side along it
                    for j in range(SHAPE):
                        t = (j + 1) / (SHAPE + 1)
                        if horizontal:
                            lat, lon = south + (a + rng.uniform(-0.15, 0.15)) * dlat, west + (b + t) * dlon
                        else:
                            lat, lon = south + (b + t) * dlat, west + (a + rng.uniform(-0.15, 0.15)) * dlon
                        w(f"n{base + (a * (g - 1) + b) * SHAPE + j} v1 T x{lon:.7f} y{lat:.7f}\n")
        for k in range(buildings):
            r, c = rng.randrange(g - 1), rng.randrange(g - 1)
            lat0 = south + (r + rng.uniform(0.3, 0.6)) * dlat
            lon0 = west + (c + rng.uniform(0.3, 0.6)) * dlon
            s = 0.15
            for j, (dy, dx) in enumerate(((0, 0), (0, s), (s, s), (s, 0))):
                w(f"n{base_b + 4 * k + j} v1 T x{lon0 + dx * dlon:.7f} y{lat0 + dy * dlat:.7f}\n")
        for k in range(cinemas):
            lat = south + rng.uniform(0, g - 1) * dlat
            lon = west + rng.uniform(0, g - 1) * dlon
            w(f"n{base_c + k} v1 Tamenity=cinema,name=Kino%20%{k + 1} x{lon:.7f} y{lat:.7f}\n")

        way_id = 1
        for horizontal, base in ((True, base_h), (False, base_v)):
            for a in range(g):
                highway = klass(a)
                b = 0
                while b < g - 1:
                    span = min(rng.randint(3, 6), g - 1 - b)
                    refs = []
                    for side in range(b, b + span):
                        refs.append(inter(a, side) if horizontal else inter(side, a))
                        refs.extend(base + (a * (g - 1) + side) * SHAPE + j for j in range(SHAPE))
                    end = b + span
                    refs.append(inter(a, end) if horizontal else inter(end, a))
                    tags = [f"highway={highway}", f"name={'Katu' if horizontal else 'Tie'}%20%{a}"]
                    if highway == "residential":
                        if rng.random() < 0.15:
                            tags.append("oneway=yes" if rng.random() < 0.5 else "oneway=-1")
                        if rng.random() < 0.3:
                            tags.append("maxspeed=30")
                    elif highway == "primary":
                        tags.append("maxspeed=60")
                    elif highway == "secondary":
                        tags.append("maxspeed=50")
                    elif highway == "motorway":
                        tags.append("maxspeed=100")
                    w(f"w{way_id} v1 T{','.join(tags)} N{','.join(f'n{x}' for x in refs)}\n")
                    way_id += 1
                    b = end
        for k in range(buildings):
            first = base_b + 4 * k
            refs = [first, first + 1, first + 2, first + 3, first]
            w(f"w{way_id} v1 Tbuilding=yes N{','.join(f'n{x}' for x in refs)}\n")
            way_id += 1
    total_nodes = base_c + cinemas - 1
    print(f"grid {g}x{g}: {total_nodes} nodes, {way_id - 1} ways, {cinemas} cinemas", file=sys.stderr)


if __name__ == "__main__":
    main()
