"""`routing.walk` set to a real `valhalla_service` (pedestrian costing, Helsinki tiles)."""

from __future__ import annotations

import json

from engines import ask, closed_port, helsinki, home, planner, valhalla  # noqa: F401 - fixtures

ORIGIN = (60.1699, 24.9384)


def test_nearby_walk_times_are_valhallas_matrix_in_one_request(valhalla, home):
    port, proxy = valhalla
    proxy.reset()
    home["PLANNER_ROUTING_WALK"] = f"valhalla:{proxy.url}"
    run = planner(home, "nearby", "--near", f"{ORIGIN[0]},{ORIGIN[1]}", "--format", "json")
    assert run.returncode == 0, run.stderr
    theaters = json.loads(run.stdout)["theaters"]
    assert theaters
    assert proxy.counts == {"sources_to_targets": 1}, proxy.counts
    status, matrix = ask(port, "POST", "/sources_to_targets", {
        "sources": [{"lat": ORIGIN[0], "lon": ORIGIN[1]}],
        "targets": [{"lat": t["lat"], "lon": t["lon"]} for t in theaters], "costing": "pedestrian"})
    assert status == 200, matrix
    for theater, cell in zip(theaters, matrix["sources_to_targets"][0]):
        assert theater["duration_source"] == "valhalla", theater
        assert abs(theater["duration_s"]["walk"] - cell["time"]) <= 1, (theater["name"], cell)


def test_a_route_is_valhallas_shape_and_length(valhalla, home):
    port, proxy = valhalla
    proxy.reset()
    home["PLANNER_ROUTING_WALK"] = f"valhalla:{proxy.url}"
    run = planner(home, "route", "--near", f"{ORIGIN[0]},{ORIGIN[1]}", "--to", "Kinopalatsi", "--mode", "walk",
                  "--format", "geojson")
    assert run.returncode == 0, run.stderr
    features = json.loads(run.stdout)["features"]
    line = next(f for f in features if f["properties"].get("role") == "route")
    lon, lat = next(f for f in features if f["properties"].get("role") == "theater")["geometry"]["coordinates"]
    status, answer = ask(port, "POST", "/route", {
        "locations": [{"lat": ORIGIN[0], "lon": ORIGIN[1]}, {"lat": lat, "lon": lon}], "costing": "pedestrian",
        "units": "kilometers"})
    assert status == 200, answer
    assert line["properties"]["source"] == "valhalla"
    assert abs(line["properties"]["distance_m"] - answer["trip"]["summary"]["length"] * 1000) <= 1
    assert abs(line["properties"]["duration_s"] - answer["trip"]["summary"]["time"]) <= 1
    assert len(line["geometry"]["coordinates"]) > 2
    assert proxy.counts == {"route": 1}


def test_a_place_far_from_any_road_is_no_route_and_falls_back(valhalla, home):
    _, proxy = valhalla
    home["PLANNER_ROUTING_WALK"] = f"valhalla:{proxy.url}"
    # A point in the sea, some 60 km out: Valhalla finds no road near it (its error 171) and the planner says so.
    run = planner(home, "route", "--near", f"{ORIGIN[0]},{ORIGIN[1]}", "--to", "59.70,24.90", "--mode", "walk",
                  "--format", "geojson")
    assert run.returncode == 0, run.stderr
    line = next(f for f in json.loads(run.stdout)["features"] if f["properties"].get("role") == "route")
    assert line["properties"]["source"] in ("road-network", "estimate")
    assert "found no walk route" in run.stderr, run.stderr


def test_with_the_service_stopped_nearby_falls_back(home):
    home["PLANNER_ROUTING_WALK"] = f"valhalla:http://127.0.0.1:{closed_port()}"
    run = planner(home, "nearby", "--near", f"{ORIGIN[0]},{ORIGIN[1]}", "--mode", "walk")
    assert run.returncode == 0, run.stderr
    assert sum("Valhalla" in line for line in run.stdout.splitlines()) == 1, run.stdout
