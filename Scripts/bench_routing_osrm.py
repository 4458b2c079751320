"""OSRM's side of Scripts/bench-routing.sh, in-process through the osrm-bindings Python module, and the report.

    python bench_routing_osrm.py DATASET.osrm PAIRS.csv DESTINATIONS.csv OURS.csv PREP.csv REPEATS

PAIRS.csv holds `lat,lon,lat,lon` lines, DESTINATIONS.csv `lat,lon` lines, OURS.csv the output of
`RoutingBenchmark latency`, PREP.csv `name,seconds` lines of OSRM's preprocessing times. Each query is timed
REPEATS times and the best kept (the machine is shared); the table shows the median over pairs (p90 beside it).

OSRM is queried for the same pairs on both of its algorithms, CH (osrm-contract) and MLD (osrm-partition +
osrm-customize), on one dataset prepared with its own car.lua; the ratio uses the faster. The timer wraps only the
engine call (`engine.Route(params)` / `engine.Table(params)`), parameters being built beforehand, as our timer
wraps only `router.path` / `router.nearestRoutes` (snapping included on both sides).
"""
import gc
import statistics
import sys
import time

import osrm

dataset, pairs_file, destinations_file, ours_file, prep_file, repeats = sys.argv[1:]
repeats = int(repeats)


def rows(path):
    return [[float(x) for x in line.split(",")] for line in open(path) if line.strip()]


pairs = rows(pairs_file)
destinations = rows(destinations_file)
prep = {name: float(value) for name, value in (line.strip().split(",") for line in open(prep_file) if line.strip())}

# Ours, as RoutingBenchmark latency printed it.
ours_import = ours_prepare = 0.0
ours_routes = {}  # pair -> (distance, duration, ms)
ours_nearest = {}  # pair -> (ms, [(destination, duration)])
ours_landmarks = {}  # pair -> (distance, duration, ms): A* with landmarks, the search before the hierarchy
for line in open(ours_file):
    fields = line.rstrip("\n").split(",")
    if fields[0] == "import":
        ours_import = float(fields[1])
    elif fields[0] == "prepare":
        ours_prepare = float(fields[1])
    elif fields[0] == "route":
        ours_routes[int(fields[1])] = (float(fields[2]), float(fields[3]), float(fields[4]))
    elif fields[0] == "landmarks":
        ours_landmarks[int(fields[1])] = (float(fields[2]), float(fields[3]), float(fields[4]))
    elif fields[0] == "nearest":
        found = [(int(j), float(d)) for j, d in (item.split(":") for item in fields[3].split(";") if item)]
        ours_nearest[int(fields[1])] = (float(fields[2]), found)


def best_ms(call):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter_ns()
        answer = call()
        best = min(best, (time.perf_counter_ns() - start) / 1e6)
    return best, answer


def lonlat(lat, lon):
    return (lon, lat)


def run(algorithm):
    start = time.perf_counter()
    engine = osrm.OSRM(algorithm=algorithm, storage_config=dataset, use_shared_memory=False)
    load = time.perf_counter() - start
    result = {"load": load, "route": {}, "table100": {}, "table10": {}, "nearest": []}
    gc.disable()
    # Warm-up, so page faults of the first query land nowhere.
    for la1, lo1, la2, lo2 in pairs[:20]:
        engine.Route(osrm.RouteParameters(coordinates=[lonlat(la1, lo1), lonlat(la2, lo2)], overview="false"))
    for i, (la1, lo1, la2, lo2) in enumerate(pairs):
        params = osrm.RouteParameters(
            coordinates=[lonlat(la1, lo1), lonlat(la2, lo2)], overview="false", generate_hints=False)
        ms, answer = best_ms(lambda: engine.Route(params))
        if answer["code"] == "Ok":
            route = answer["routes"][0]
            result["route"][i] = (route["distance"], route["duration"], ms)
        else:
            result["route"][i] = (float("nan"), float("nan"), ms)
    everywhere = [lonlat(la, lo) for la, lo in destinations]
    for i, (la1, lo1, _, _) in enumerate(pairs):
        # 1×100: the origin to all destinations, then the 10 smallest durations (the same question ours answers).
        params = osrm.TableParameters(
            coordinates=[lonlat(la1, lo1)] + everywhere, sources=[0],
            destinations=list(range(1, len(everywhere) + 1)), annotations=["duration"], generate_hints=False)
        ms, answer = best_ms(lambda: engine.Table(params))
        durations = [(j, d) for j, d in enumerate(answer["durations"][0]) if d is not None]
        result["table100"][i] = (ms, sorted(durations, key=lambda x: x[1])[:10])
        # 1×10: only the 10 destinations ours returned (OSRM cannot pick the 10 nearest by itself).
        mine = [j for j, _ in ours_nearest.get(i, (0, []))[1]]
        if mine:
            params = osrm.TableParameters(
                coordinates=[lonlat(la1, lo1)] + [everywhere[j] for j in mine], sources=[0],
                destinations=list(range(1, len(mine) + 1)), annotations=["duration"], generate_hints=False)
            ms, _ = best_ms(lambda: engine.Table(params))
            result["table10"][i] = ms
        # The binding's floor: a one-point Nearest (snap only, no search).
        params = osrm.NearestParameters(coordinates=[lonlat(la1, lo1)], generate_hints=False)
        ms, _ = best_ms(lambda: engine.Nearest(params))
        result["nearest"].append(ms)
    gc.enable()
    return result


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def p90(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.9))] if values else float("nan")


def cell(values):
    return f"{median(values):.3f} ms (p90 {p90(values):.3f})"


ch = run("CH")
mld = run("MLD")

our_route_ms = [r[2] for r in ours_routes.values()]
our_nearest_ms = [n[0] for n in ours_nearest.values()]
ch_route, mld_route = [r[2] for r in ch["route"].values()], [r[2] for r in mld["route"].values()]
ch_t100, mld_t100 = [t[0] for t in ch["table100"].values()], [t[0] for t in mld["table100"].values()]
ch_t10, mld_t10 = list(ch["table10"].values()), list(mld["table10"].values())
fast_route = min(median(ch_route), median(mld_route))
fast_t100 = min(median(ch_t100), median(mld_t100))
fast_t10 = min(median(ch_t10), median(mld_t10))
faster_route = "CH" if median(ch_route) <= median(mld_route) else "MLD"
faster_t100 = "CH" if median(ch_t100) <= median(mld_t100) else "MLD"

# Agreement, as compare-osrm.sh counts it: both routed, OSRM distance > 50 m; distance ±5 %, duration ±15 %.
compared = [
    (ours_routes[i][0], ours_routes[i][1], d, t) for i, (d, t, _) in ch["route"].items()
    if i in ours_routes and ours_routes[i][0] == ours_routes[i][0] and d == d and d > 50]
dist = [a / c - 1 for a, _, c, _ in compared]
dur = [b / d - 1 for _, b, _, d in compared]
both = sum(1 for x, y in zip(dist, dur) if abs(x) <= 0.05 and abs(y) <= 0.15)
overlaps = [
    len({j for j, _ in ours_nearest[i][1]} & {j for j, _ in ch["table100"][i][1]})
    for i in ours_nearest if i in ch["table100"]]

print(f"Columbus (otp_columbus.osm.pbf), car; {len(pairs)} seeded random pairs, {len(destinations)} seeded random "
      f"destinations; each query best of {repeats}, median over pairs (p90)\n")
print("| | planner (CH over turns; one-to-many Dijkstra) | OSRM CH (in-process) | OSRM MLD (in-process) | ours / OSRM (faster) |")
print("|---|---|---|---|---|")
print(f"| import / preprocess, car | {ours_import:.3f} s import + {ours_prepare:.3f} s router prepare "
      f"| {prep['extract']:.2f} s extract + {prep['contract']:.2f} s contract "
      f"| {prep['extract']:.2f} s extract + {prep['partition']:.2f} s partition + {prep['customize']:.2f} s customize "
      f"| {(ours_import + ours_prepare) / (prep['extract'] + prep['partition'] + prep['customize']):.2f}× (vs MLD) |")
print(f"| load prepared data | — | {ch['load'] * 1000:.0f} ms | {mld['load'] * 1000:.0f} ms | |")
print(f"| one route (point to point) | {cell(our_route_ms)} | {cell(ch_route)} | {cell(mld_route)} "
      f"| **{median(our_route_ms) / fast_route:.2f}×** (vs {faster_route}) |")
if ours_landmarks:
    landmark_ms = [r[2] for r in ours_landmarks.values()]
    print(f"| (ours before: A* with landmarks, same pairs) | {cell(landmark_ms)} | | "
          f"| {median(landmark_ms) / median(mld_route):.2f}× MLD (p90 {p90(landmark_ms) / p90(mld_route):.2f}×) |")
print(f"| 10 nearest of 100 destinations (OSRM: Table 1×100, keep 10 smallest) | {cell(our_nearest_ms)} "
      f"| {cell(ch_t100)} | {cell(mld_t100)} | **{median(our_nearest_ms) / fast_t100:.2f}×** (vs {faster_t100}) |")
print(f"| (OSRM Table 1×10 on the 10 ours returned) | | {cell(ch_t10)} | {cell(mld_t10)} "
      f"| {median(our_nearest_ms) / fast_t10:.2f}× |")
print(f"| (binding floor: OSRM Nearest, 1 point) | | {cell(ch['nearest'])} | {cell(mld['nearest'])} | |")
print()
if ours_landmarks:
    same = sum(1 for i, r in ours_routes.items() if i in ours_landmarks and ours_landmarks[i][:2] == r[:2])
    print(f"Hierarchy and A* with landmarks give the same distance and duration (to 0.1) on {same}/{len(ours_routes)} pairs.")
print(f"One route, ours / OSRM: median {median(our_route_ms) / median(mld_route):.2f}× MLD, "
      f"{median(our_route_ms) / median(ch_route):.2f}× CH; p90 {p90(our_route_ms) / p90(mld_route):.2f}× MLD, "
      f"{p90(our_route_ms) / p90(ch_route):.2f}× CH.")
print()
print(f"Agreement with OSRM CH on the same pairs ({len(compared)} compared: both routed, OSRM distance > 50 m): "
      f"distance within ±5 % {sum(abs(x) <= 0.05 for x in dist)}/{len(compared)} "
      f"(median ratio {1 + statistics.median(dist):.3f}); "
      f"duration within ±15 % {sum(abs(x) <= 0.15 for x in dur)}/{len(compared)} "
      f"(median ratio {1 + statistics.median(dur):.3f}); both {both}/{len(compared)}.")
print(f"10 nearest: ours and OSRM's 10 smallest of the 1×100 table share {statistics.mean(overlaps):.1f} of 10 "
      f"destinations on average; identical sets for {sum(o == 10 for o in overlaps)}/{len(overlaps)} origins.")
ch_vs_mld = sum(1 for i in ch["route"] if abs(ch["route"][i][1] - mld["route"][i][1]) <= 0.5)
print(f"(OSRM CH and MLD durations equal within 0.5 s on {ch_vs_mld}/{len(ch['route'])} pairs.)")
