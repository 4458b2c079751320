"""`routing.walk` set to a real `osrm-routed` (foot profile, Helsinki): the planner's walk times and routes are
OSRM's, labelled `osrm`, at one /table request for the nearest-N, and fall back when the engine is away."""

from __future__ import annotations

import json

from engines import ask, closed_port, helsinki, home, osrm, planner  # noqa: F401 - fixtures

ORIGIN = "60.1699,24.9384"


def test_nearby_walk_times_are_osrms_table_in_one_request(osrm, home):
    port, proxy = osrm
    proxy.reset()
    home["PLANNER_ROUTING_WALK"] = f"osrm:{proxy.url}"
    run = planner(home, "nearby", "--near", ORIGIN, "--format", "json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    theaters = answer["theaters"]
    assert theaters, "the bundled Helsinki has theaters near the origin"
    assert proxy.counts == {"table": 1}, f"one /table for walking and nothing else, not {proxy.counts}"
    # OSRM's own table from the origin, asked directly.
    points = ";".join([f"{ORIGIN.split(',')[1]},{ORIGIN.split(',')[0]}"]
                      + [f"{t['lon']},{t['lat']}" for t in theaters])
    status, table = ask(port, "GET", f"/table/v1/foot/{points}?sources=0&annotations=duration,distance")
    assert status == 200 and table["code"] == "Ok"
    for theater, duration in zip(theaters, table["durations"][0][1:]):
        assert theater["duration_source"] == "osrm", theater
        assert abs(theater["duration_s"]["walk"] - duration) <= 1, (theater["name"], theater["duration_s"], duration)
    assert not any("OSRM" in note for note in answer["notes"]), answer["notes"]


def test_the_table_says_where_walk_times_come_from(osrm, home):
    _, proxy = osrm
    home["PLANNER_ROUTING_WALK"] = f"osrm:{proxy.url}"
    run = planner(home, "nearby", "--near", ORIGIN, "--mode", "walk")
    assert run.returncode == 0, run.stderr
    assert "Walk times follow the roads (source: osrm)" in run.stdout


def test_a_route_to_a_theater_is_osrms_line_and_distance(osrm, home):
    port, proxy = osrm
    proxy.reset()
    home["PLANNER_ROUTING_WALK"] = f"osrm:{proxy.url}"
    run = planner(home, "route", "--near", ORIGIN, "--to", "Kinopalatsi", "--mode", "walk", "--format", "geojson")
    assert run.returncode == 0, run.stderr
    features = json.loads(run.stdout)["features"]
    line = next(f for f in features if f["properties"].get("role") == "route")
    theater = next(f for f in features if f["properties"].get("role") == "theater")
    lon, lat = theater["geometry"]["coordinates"]
    status, answer = ask(
        port, "GET", f"/route/v1/foot/24.9384,60.1699;{lon},{lat}?overview=full&geometries=geojson")
    assert status == 200 and answer["code"] == "Ok"
    route = answer["routes"][0]
    assert line["properties"]["source"] == "osrm"
    assert abs(line["properties"]["distance_m"] - route["distance"]) <= 1
    assert abs(line["properties"]["duration_s"] - route["duration"]) <= 1
    assert line["properties"]["origin_snap_m"] == round(answer["waypoints"][0]["distance"], 1)
    assert len(line["geometry"]["coordinates"]) == len(route["geometry"]["coordinates"])
    assert proxy.counts == {"route": 1}


def test_with_the_engine_stopped_nearby_answers_from_the_bundled_area(home):
    home["PLANNER_ROUTING_WALK"] = f"osrm:http://127.0.0.1:{closed_port()}/osrm"
    run = planner(home, "nearby", "--near", ORIGIN, "--mode", "walk")
    assert run.returncode == 0, run.stderr
    notes = [line for line in run.stdout.splitlines() if "OSRM" in line]
    assert len(notes) == 1, run.stdout
    assert "could not be reached" in notes[0] and "from the area helsinki" in notes[0], notes[0]
    assert "Walk times follow the roads (source: road-network)" in run.stdout
    as_json = json.loads(planner(home, "nearby", "--near", ORIGIN, "--format", "json").stdout)
    assert {t["duration_source"] for t in as_json["theaters"]} == {"road-network"}


def test_a_setting_that_is_not_an_engine_is_one_line(home):
    run = planner(home, "config", "set", "routing.walk", "osrm:ftp://nowhere")
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0 and "routing.walk" in run.stderr, run.stderr
    home["PLANNER_ROUTING_DRIVE"] = "graphhopper:http://x"
    run = planner(home, "nearby", "--near", ORIGIN)
    assert run.returncode != 0 and "PLANNER_ROUTING_DRIVE" in run.stderr and run.stderr.strip().count("\n") == 0, run.stderr


def test_the_setting_is_saved_and_shown_without_a_password(osrm, home):
    run = planner(home, "config", "set", "routing.walk", "osrm:http://user:s3cret@127.0.0.1:5000/")
    assert run.returncode == 0, run.stderr
    shown = planner(home, "config", "show").stdout
    assert "routing.walk  osrm:http://user:***@127.0.0.1:5000  (setting)" in shown, shown
    assert "s3cret" not in shown


def test_a_server_routes_on_the_engine_and_rests_it_when_it_fails(osrm, home, tmp_path):
    import re
    import subprocess
    import urllib.request

    from engines import PLANNER, stop

    _, proxy = osrm
    proxy.reset()
    log = tmp_path / "serve.log"
    server = subprocess.Popen(
        [str(PLANNER), "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(tmp_path / "serve.sqlite"),
         "--routing-walk", f"osrm:{proxy.url}"], env=home, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    try:
        line = server.stdout.readline()
        base = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line).group(1)

        def theaters(near: str = ORIGIN) -> dict:
            with urllib.request.urlopen(f"{base}/v1/theaters?near={near}&mode=walk", timeout=30) as answer:
                return json.load(answer)

        first = theaters()
        assert {t["duration_source"] for t in first["theaters"]} == {"osrm"}
        assert proxy.counts == {"table": 1}
        theaters()
        assert proxy.counts == {"table": 1}, "the same question is answered from memory"
        proxy.down = True
        down = theaters("60.1702,24.9410")
        assert {t["duration_source"] for t in down["theaters"]} == {"road-network"}
        assert any("answered HTTP 502" in note for note in down["notes"]), down["notes"]
        assert proxy.counts == {"table": 2}
        # Another origin: the engine is resting, so it is not asked, and the answer says so.
        resting = theaters("60.1705,24.9420")
        assert {t["duration_source"] for t in resting["theaters"]} == {"road-network"}
        assert any("a moment ago (asked again in" in note for note in resting["notes"]), resting["notes"]
        assert proxy.counts == {"table": 2}
    finally:
        stop(server)
    assert "user:" not in log.read_text()
