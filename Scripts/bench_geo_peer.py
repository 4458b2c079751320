#!/usr/bin/env python3
"""scipy cKDTree peer for Scripts/bench-geo.sh.

Reads the points and query centers planner-bench wrote (points.bin: int64 point count, int64 query count,
then float64 (lat, lon) pairs), builds a cKDTree over the 3-D unit vectors, and times per-query calls:
query_ball_point with the chord of each radius, and query(k=10). Writes the raw answers (scipy-results.bin)
and the timings (scipy-timings.json) for planner-bench, which applies the exact haversine filter to the radius
answers with the same Swift function every peer uses, and compares them with PointIndex's.
"""
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
import scipy
from scipy.spatial import cKDTree

EARTH_RADIUS_METERS = 6_371_008.8
RADII_METERS = [1_000, 10_000, 100_000]
K = 10


def unit_vectors(lat_lon):
    phi = np.radians(lat_lon[:, 0])
    lam = np.radians(lat_lon[:, 1])
    cos_phi = np.cos(phi)
    return np.column_stack((cos_phi * np.cos(lam), cos_phi * np.sin(lam), np.sin(phi)))


def main():
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else "bench-out")
    raw = (directory / "points.bin").read_bytes()
    point_count, query_count = np.frombuffer(raw[:16], dtype="<i8")
    values = np.frombuffer(raw[16:], dtype="<f8").reshape(-1, 2)
    points, queries = values[:point_count], values[point_count:point_count + query_count]
    xyz = unit_vectors(points)
    centers = unit_vectors(queries)

    start = time.perf_counter()
    tree = cKDTree(xyz)
    build_seconds = time.perf_counter() - start
    timings = {"build_seconds": build_seconds, "scipy_version": scipy.__version__, "queries": int(query_count)}
    print(f"cKDTree built in {build_seconds:.2f} s over {point_count} points", file=sys.stderr)

    answers = []
    for radius in RADII_METERS:
        # A hair wider than the exact chord, so that rounding never drops a point the haversine keeps.
        chord = 2 * math.sin(radius / EARTH_RADIUS_METERS / 2) * (1 + 1e-9)
        query = tree.query_ball_point
        for c in centers[:200]:  # warm-up, untimed
            query(c, chord)
        start = time.perf_counter()
        found = [query(c, chord) for c in centers]
        seconds = time.perf_counter() - start
        timings[f"radius_{radius}"] = seconds
        answers.append(found)
        print(f"cKDTree radius {radius} m: {query_count / seconds:,.0f} q/s", file=sys.stderr)

    query = tree.query
    for c in centers[:200]:
        query(c, k=K)
    start = time.perf_counter()
    found = [query(c, k=K)[1] for c in centers]
    seconds = time.perf_counter() - start
    timings[f"nearest_{K}"] = seconds
    answers.append(found)
    print(f"cKDTree nearest-{K}: {query_count / seconds:,.0f} q/s", file=sys.stderr)

    # For context only (not in the comparison): the same queries as one batched call each, which removes the
    # per-call Python overhead that dominates the per-query figures above.
    for radius in RADII_METERS:
        chord = 2 * math.sin(radius / EARTH_RADIUS_METERS / 2) * (1 + 1e-9)
        start = time.perf_counter()
        tree.query_ball_point(centers, chord, workers=1)
        timings[f"batched_radius_{radius}"] = time.perf_counter() - start
    start = time.perf_counter()
    tree.query(centers, k=K, workers=1)
    timings[f"batched_nearest_{K}"] = time.perf_counter() - start

    with open(directory / "scipy-results.bin", "wb") as out:
        for found in answers:
            out.write(np.array([len(found)], dtype="<i8").tobytes())
            out.write(np.array([len(ids) for ids in found], dtype="<i4").tobytes())
            for ids in found:
                out.write(np.asarray(ids, dtype="<i4").tobytes())
    (directory / "scipy-timings.json").write_text(json.dumps(timings, indent=2) + "\n")


if __name__ == "__main__":
    main()
