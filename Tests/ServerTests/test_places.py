"""Theaters, routes, showtimes and plans: the same answers as the CLI, and one-line 400s for bad parameters."""

import json

import pytest

from conftest import assert_problem, media_type, without


def cli_json(workspace, *args):
    """The CLI's --format json answer, with a database of its own (nothing cached, nothing on a list)."""
    return workspace.cli_json(*args, db=workspace.root / "cli.sqlite")


def test_theaters_near_a_coordinate_equal_the_cli_nearby_json(server, shared_workspace):
    response = server.get("/v1/theaters", params={
        "near": "60.1699,24.9384", "radius": "0.5", "keyword": "movie theatre"})
    assert response.status_code == 200, response.text
    assert media_type(response) == "application/json"
    served = response.json()
    expected = cli_json(shared_workspace, "nearby", "--near", "60.1699,24.9384", "--radius", "0.5",
                        "--keyword", "movie theatre")
    assert [t["name"] for t in served["theaters"]] == [t["name"] for t in expected["theaters"]]
    assert [t["distance_m"] for t in served["theaters"]] == [t["distance_m"] for t in expected["theaters"]]
    assert served["theaters"] == expected["theaters"]
    assert without(served, "notes") == without(expected, "notes")


def test_theaters_with_every_option_equal_the_cli(server, shared_workspace):
    response = server.get("/v1/theaters", params={
        "near": "Helsinki", "radius": "800m", "keyword": "theatre", "limit": "3", "mode": "bike"})
    assert response.status_code == 200, response.text
    expected = cli_json(shared_workspace, "nearby", "--near", "Helsinki", "--radius", "800m", "--keyword", "theatre",
                        "--limit", "3", "--mode", "bike")
    assert without(response.json(), "notes") == without(expected, "notes")
    assert len(response.json()["theaters"]) == 3


def test_theaters_as_geojson_by_parameter_or_accept_header_equal_the_cli(server, shared_workspace):
    geojson = pytest.importorskip("geojson", reason="pip install geojson==3.3.0")
    expected = json.loads(shared_workspace.cli("nearby", "--near", "Helsinki", "--format", "geojson",
                                               db=shared_workspace.root / "cli.sqlite").stdout)
    by_parameter = server.get("/v1/theaters", params={"near": "Helsinki", "format": "geojson"})
    by_header = server.get("/v1/theaters", params={"near": "Helsinki"}, headers={"Accept": "application/geo+json"})
    for response in (by_parameter, by_header):
        assert response.status_code == 200, response.text
        assert media_type(response) in ("application/geo+json", "application/json")
        assert geojson.loads(response.text).is_valid
        assert response.json() == expected


def test_theaters_as_csv_equal_the_cli(server, shared_workspace):
    response = server.get("/v1/theaters", params={"near": "Helsinki", "format": "csv"})
    assert response.status_code == 200, response.text
    assert media_type(response) == "text/csv"
    expected = shared_workspace.cli("nearby", "--near", "Helsinki", "--format", "csv",
                                    db=shared_workspace.root / "cli.sqlite").stdout.decode()
    assert response.content.decode("utf-8").strip().splitlines() == expected.strip().splitlines()


def test_routes_near_helsinki_are_valid_geojson_equal_to_the_cli(server, shared_workspace):
    geojson = pytest.importorskip("geojson", reason="pip install geojson==3.3.0")
    response = server.get("/v1/routes", params={"near": "Helsinki", "format": "geojson"})
    assert response.status_code == 200, response.text
    assert media_type(response) in ("application/geo+json", "application/json")
    parsed = geojson.loads(response.text)
    assert parsed.is_valid, parsed.errors()
    expected = json.loads(shared_workspace.cli("routes", "--near", "Helsinki", "--format", "geojson",
                                               db=shared_workspace.root / "cli.sqlite").stdout)
    assert response.json() == expected
    roles = [f["properties"]["role"] for f in response.json()["features"]]
    assert roles.count("origin") == 1 and "theater" in roles and "route" in roles


def test_routes_default_to_geojson(server):
    response = server.get("/v1/routes", params={"near": "Helsinki"})
    assert response.status_code == 200, response.text
    assert response.json()["type"] == "FeatureCollection"


def test_routes_as_json_equal_the_cli(server, shared_workspace):
    response = server.get("/v1/routes", params={"near": "Helsinki", "format": "json"})
    assert response.status_code == 200, response.text
    assert media_type(response) == "application/json"
    assert response.json() == cli_json(shared_workspace, "routes", "--near", "Helsinki")


def test_one_route_from_helsinki_to_kinopalatsi_is_valid_geojson_equal_to_the_cli_file(server, shared_workspace):
    geojson = pytest.importorskip("geojson", reason="pip install geojson==3.3.0")
    response = server.get("/v1/route", params={"near": "Helsinki", "to": "Kinopalatsi"})
    assert response.status_code == 200, response.text
    parsed = geojson.loads(response.text)
    assert parsed.is_valid, parsed.errors()
    lines = [f for f in response.json()["features"] if f["geometry"]["type"] in ("LineString", "MultiLineString")]
    assert len(lines) == 1 and lines[0]["properties"]["theater_name"] == "Kinopalatsi"
    out = shared_workspace.root / "route.geojson"
    shared_workspace.cli("route", "--near", "Helsinki", "--to", "Kinopalatsi", "--geojson", str(out),
                         db=shared_workspace.root / "cli.sqlite")
    assert response.json() == json.loads(out.read_text())


@pytest.mark.parametrize("params", [
    pytest.param({"near": "91,0"}, id="latitude 91"),
    pytest.param({"near": "Helsinki", "radius": "abc"}, id="radius abc"),
    pytest.param({"near": "Helsinki", "limit": "-1"}, id="limit -1"),
    pytest.param({"near": "Helsinki", "limit": "ten"}, id="limit ten"),
    pytest.param({"near": "x" * 10_240}, id="a 10 KB near"),
    pytest.param({"near": "Helsinki", "mode": "fly"}, id="mode fly"),
    pytest.param({"near": "Helsinki", "format": "xml"}, id="format xml"),
    pytest.param({}, id="no near"),
])
def test_bad_theater_parameters_answer_400_problems_with_a_one_line_detail(server, params):
    body = assert_problem(server.get("/v1/theaters", params=params), 400)
    detail = body.get("detail", "")
    assert detail and "\n" not in detail and "\r" not in detail, body
    assert not detail.startswith("planner: error:"), body


@pytest.mark.parametrize("path,params", [
    pytest.param("/v1/routes", {"near": "Helsinki", "mode": "fly"}, id="routes mode fly"),
    pytest.param("/v1/route", {"near": "Helsinki"}, id="route without to"),
    pytest.param("/v1/films/now-playing", {"page": "0"}, id="page 0"),
    pytest.param("/v1/films/popular", {"region": "Finland"}, id="region Finland"),
    pytest.param("/v1/showtimes", {"near": "Helsinki", "date": "yesterday-ish"}, id="date"),
    pytest.param("/v1/plan", {"near": "Helsinki", "after": "25:00"}, id="after 25:00"),
])
def test_bad_parameters_elsewhere_answer_400_problems_too(server, path, params):
    body = assert_problem(server.get(path, params=params), 400)
    assert "\n" not in body.get("detail", "")


def test_showtimes_for_tomorrow_equal_the_cli(server, shared_workspace):
    response = server.get("/v1/showtimes", params={"near": "Helsinki", "date": "tomorrow"})
    assert response.status_code == 200, response.text
    expected = cli_json(shared_workspace, "showtimes", "--near", "Helsinki", "--date", "tomorrow")
    # `source` says whether Finnkino's answer came from the cache, which differs between the two.
    assert without(response.json(), "source") == without(expected, "source")
    assert any(s["theater"].get("name") == "Kinopalatsi" for s in response.json()["shows"])


def test_an_evening_plan_for_tomorrow_equals_the_cli(server, shared_workspace):
    params = {"near": "Helsinki", "date": "tomorrow", "after": "18:00", "buffer": "15m"}
    response = server.get("/v1/plan", params=params)
    assert response.status_code == 200, response.text
    expected = cli_json(shared_workspace, "plan", "--near", "Helsinki", "--date", "tomorrow", "--after", "18:00",
                        "--buffer", "15m")
    assert without(response.json(), "source") == without(expected, "source")
