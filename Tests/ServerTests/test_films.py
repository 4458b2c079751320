"""Film routes against the fake TMDb: the CLI's JSON, and a problem when TMDb is down."""

import time

import pytest

from conftest import assert_problem, closed_port, media_type, without

# (route, query, the CLI's arguments)
FILM_ROUTES = [
    pytest.param("/v1/films/now-playing", {}, ["now-playing"], id="now-playing"),
    pytest.param("/v1/films/upcoming", {}, ["upcoming-releases"], id="upcoming"),
    pytest.param("/v1/films/trending", {}, ["trending"], id="trending"),
    pytest.param("/v1/films/popular", {}, ["popular"], id="popular"),
    pytest.param("/v1/films/popular", {"limit": "5"}, ["popular", "--limit", "5"], id="popular limit 5"),
    pytest.param("/v1/films/now-playing", {"region": "GB", "page": "1"}, ["now-playing", "--region", "GB", "--page", "1"],
                 id="now-playing region GB"),
    pytest.param("/v1/films/search", {"q": "nights"}, ["search", "nights"], id="search"),
    pytest.param("/v1/films/search", {"q": "fight"}, ["search", "fight"], id="search without results"),
    pytest.param("/v1/films/550", {}, ["movie", "550"], id="movie 550"),
    pytest.param("/v1/films/553", {"region": "FI"}, ["movie", "553", "--region", "FI"], id="movie 553 in FI"),
]


@pytest.mark.parametrize("path,params,cli_args", FILM_ROUTES)
def test_film_routes_answer_the_same_json_as_the_cli(server, shared_workspace, path, params, cli_args):
    response = server.get(path, params=params)
    assert response.status_code == 200, response.text
    assert media_type(response) == "application/json"
    expected = shared_workspace.cli_json(*cli_args, db=shared_workspace.root / "cli-films.sqlite")
    # `source` says whether the answer came from TMDb or the cache, and how old it is: that may differ.
    served = response.json()
    assert without(served, "source") == without(expected, "source")
    assert served["source"]["origin"] in ("network", "cache")


def test_a_film_id_that_is_not_a_positive_number_is_a_problem(server):
    # The CLI refuses `planner movie 0` ("the TMDb id must be a positive number"); the fake TMDb knows every other id.
    assert_problem(server.get("/v1/films/0"), (400, 404))


def test_film_routes_answer_502_or_503_problems_when_tmdb_is_down(start_server, workspace):
    server = start_server(env={"TMDB_BASE_URL": f"http://127.0.0.1:{closed_port()}/3"})
    started = time.monotonic()
    for path in ("/v1/films/popular", "/v1/films/550", "/v1/films/search?q=nights"):
        body = assert_problem(server.get(path, timeout=120), (502, 503))
        assert "\n" not in body.get("detail", "")
    assert time.monotonic() - started < 120
    # The rest of the service is unaffected.
    assert server.get("/healthz").status_code == 200
    assert server.get("/v1/theaters", params={"near": "Helsinki"}).status_code == 200
