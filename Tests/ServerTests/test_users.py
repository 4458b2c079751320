"""Per-user routes: authentication, isolation between users, lists, ratings, reviews, stats, the calendar feed."""

import re

import pytest

from conftest import FEED_KEY_RE, assert_problem, media_type, without


def watchlist_ids(server, user, path="/v1/me/watchlist"):
    response = server.get(path, headers=user.auth)
    assert response.status_code == 200, response.text
    assert media_type(response) == "application/json"
    return [item["id"] for item in response.json()]


def add(server, user, film_id, path="/v1/me/watchlist"):
    return server.request("POST", path, headers=user.auth, json={"id": film_id})


# ------------------------------------------------------------------------------------------- authentication


def test_the_watchlist_without_a_token_is_a_401_problem_with_www_authenticate(server):
    response = server.get("/v1/me/watchlist")
    assert_problem(response, 401)
    assert response.headers.get("WWW-Authenticate", "").lower().startswith("bearer")


@pytest.mark.parametrize("authorization", [
    pytest.param("Bearer plt_" + "A" * 43, id="unknown token"),
    pytest.param("Bearer ", id="empty token"),
    pytest.param("Basic YWxpY2U6c2VjcmV0", id="basic auth"),
    pytest.param("bearer", id="scheme only"),
])
def test_the_watchlist_with_a_wrong_token_is_a_401_problem(server, authorization):
    response = server.get("/v1/me/watchlist", headers={"Authorization": authorization})
    assert_problem(response, 401)
    assert response.headers.get("WWW-Authenticate", "").lower().startswith("bearer")


@pytest.mark.parametrize("method,path", [
    ("POST", "/v1/me/watchlist"), ("DELETE", "/v1/me/watchlist/550"), ("GET", "/v1/me/favorites"),
    ("PUT", "/v1/me/ratings/550"), ("DELETE", "/v1/me/reviews/550"), ("GET", "/v1/me/stats"),
    ("GET", "/v1/me/suggest?near=Helsinki"), ("GET", "/v1/me/upcoming.ics"),
])
def test_every_per_user_route_needs_a_token(server, method, path):
    body = {"id": 550} if method == "POST" else {"rating": 4} if method == "PUT" else None
    assert_problem(server.request(method, path, json=body), 401)


def test_a_bearer_token_in_the_key_parameter_is_not_a_feed_key(server, users):
    # The feed route takes a feed key in ?key=; a token there is refused.
    response = server.get("/v1/me/upcoming.ics", params={"key": users["erin"].token})
    assert_problem(response, (401, 403))


# ------------------------------------------------------------------------------------------- lists


def test_alice_adding_550_never_shows_on_bobs_list_and_bob_deleting_it_is_404(server, users):
    alice, bob = users["alice"], users["bob"]
    response = add(server, alice, 550)
    assert response.status_code == 201, response.text
    item = response.json()
    assert item["id"] == 550 and item["title"] == "Northern Lights 550"
    assert 550 in watchlist_ids(server, alice)
    assert 550 not in watchlist_ids(server, bob)

    assert_problem(server.request("DELETE", "/v1/me/watchlist/550", headers=bob.auth), 404)
    assert 550 in watchlist_ids(server, alice)
    assert 550 not in watchlist_ids(server, bob)

    # Bob's own 550 is his alone too.
    assert add(server, bob, 550).status_code == 201
    assert server.request("DELETE", "/v1/me/watchlist/550", headers=bob.auth).status_code == 204
    assert 550 in watchlist_ids(server, alice)


def test_adding_a_film_twice_answers_201_then_200_and_lists_it_once(server, users):
    grace = users["grace"]
    first, second = add(server, grace, 101), add(server, grace, 101)
    assert first.status_code == 201, first.text
    assert second.status_code == 200, second.text
    assert second.json()["id"] == 101
    assert watchlist_ids(server, grace).count(101) == 1


def test_removing_a_film_answers_204_and_then_404(server, users):
    grace = users["grace"]
    assert add(server, grace, 102).status_code in (200, 201)
    response = server.request("DELETE", "/v1/me/watchlist/102", headers=grace.auth)
    assert response.status_code == 204 and response.content == b""
    assert 102 not in watchlist_ids(server, grace)
    assert_problem(server.request("DELETE", "/v1/me/watchlist/102", headers=grace.auth), 404)


def test_favorites_are_a_list_of_their_own(server, users):
    grace = users["grace"]
    assert add(server, grace, 104, "/v1/me/favorites").status_code == 201
    assert 104 in watchlist_ids(server, grace, "/v1/me/favorites")
    assert 104 not in watchlist_ids(server, grace)
    assert server.request("DELETE", "/v1/me/favorites/104", headers=grace.auth).status_code == 204
    assert 104 not in watchlist_ids(server, grace, "/v1/me/favorites")


@pytest.mark.parametrize("body", [
    pytest.param(b'{"id": 550', id="truncated json"),
    pytest.param(b"not json at all", id="not json"),
    pytest.param(b'{"id": "fight club"}', id="id not a number"),
    pytest.param(b"{}", id="no id"),
    pytest.param(b"[550]", id="an array"),
])
def test_a_malformed_json_body_is_a_400_problem(server, users, body):
    response = server.request("POST", "/v1/me/watchlist", data=body,
                              headers={**users["grace"].auth, "Content-Type": "application/json"})
    problem = assert_problem(response, 400)
    assert "\n" not in problem.get("detail", "")


# ------------------------------------------------------------------------------------------- diary


def test_ratings_and_reviews_round_trip_and_appear_in_the_watchlist_json(server, users):
    carol = users["carol"]
    assert add(server, carol, 550).status_code == 201

    response = server.request("PUT", "/v1/me/ratings/550", headers=carol.auth, json={"rating": 4.5})
    assert response.status_code == 200, response.text
    assert response.json() == {"id": 550, "rating": 4.5}
    response = server.request("PUT", "/v1/me/reviews/550", headers=carol.auth, json={"review": "Still holds up."})
    assert response.status_code == 200, response.text
    assert response.json() == {"id": 550, "review": "Still holds up."}

    item = next(i for i in server.get("/v1/me/watchlist", headers=carol.auth).json() if i["id"] == 550)
    assert item["rating"] == 4.5 and item["review"] == "Still holds up."

    # Another user's view of the same film has neither.
    alice_items = server.get("/v1/me/watchlist", headers=users["alice"].auth).json()
    for other in (i for i in alice_items if i["id"] == 550):
        assert other.get("rating") is None and other.get("review") is None

    assert server.request("DELETE", "/v1/me/ratings/550", headers=carol.auth).status_code == 204
    assert server.request("DELETE", "/v1/me/reviews/550", headers=carol.auth).status_code == 204
    item = next(i for i in server.get("/v1/me/watchlist", headers=carol.auth).json() if i["id"] == 550)
    assert item.get("rating") is None and item.get("review") is None


@pytest.mark.parametrize("rating", [0, 4.3, 5.5, -1, "four"])
def test_a_rating_off_the_half_star_scale_is_a_400_problem(server, users, rating):
    carol = users["carol"]
    assert add(server, carol, 551).status_code in (200, 201)
    assert_problem(server.request("PUT", "/v1/me/ratings/551", headers=carol.auth, json={"rating": rating}), 400)


def test_rating_or_reviewing_a_film_that_is_in_no_list_is_a_404_problem(server, users):
    carol = users["carol"]
    assert_problem(server.request("PUT", "/v1/me/ratings/987654", headers=carol.auth, json={"rating": 3}), 404)
    assert_problem(server.request("PUT", "/v1/me/reviews/987654", headers=carol.auth, json={"review": "?"}), 404)
    assert_problem(server.request("DELETE", "/v1/me/ratings/987654", headers=carol.auth), 404)


def test_stats_count_one_users_lists_and_ratings(server, users):
    dave = users["dave"]
    empty = server.get("/v1/me/stats", headers=dave.auth)
    assert empty.status_code == 200, empty.text
    assert without(empty.json(), "rating_histogram", "average_rating") == {
        "watchlist": 0, "favorites": 0, "watched": 0, "rated": 0}
    assert empty.json().get("average_rating") is None

    assert add(server, dave, 550).status_code == 201
    assert add(server, dave, 104).status_code == 201
    assert add(server, dave, 550, "/v1/me/favorites").status_code == 201
    assert server.request("PUT", "/v1/me/ratings/550", headers=dave.auth, json={"rating": 4}).status_code == 200
    assert server.request("PUT", "/v1/me/ratings/104", headers=dave.auth, json={"rating": 3}).status_code == 200

    stats = server.get("/v1/me/stats", headers=dave.auth).json()
    assert without(stats, "rating_histogram") == {
        "watchlist": 2, "favorites": 1, "watched": 0, "rated": 2, "average_rating": 3.5}
    histogram = {bucket["stars"]: bucket["count"] for bucket in stats["rating_histogram"]}
    assert histogram == {s / 2: (1 if s in (6, 8) else 0) for s in range(1, 11)}


def test_suggestions_for_a_user_equal_the_cli_suggest_for_the_same_watchlist(server, users, shared_workspace):
    grace = users["grace"]
    for film_id in (100, 103, 552):  # now playing; out in 10 days; out in 40 days
        assert add(server, grace, film_id).status_code in (200, 201)
    response = server.get("/v1/me/suggest", params={"near": "Helsinki"}, headers=grace.auth)
    assert response.status_code == 200, response.text
    served = response.json()
    in_theaters = [entry["film"]["id"] for entry in served["in_theaters"]]
    assert 100 in in_theaters

    # The CLI's own user, in a database of its own, with the same films on the watchlist.
    db = shared_workspace.root / "cli-suggest.sqlite"
    for film_id in watchlist_ids(server, grace):
        shared_workspace.cli("watchlist", "add", str(film_id), db=db)
    expected = shared_workspace.cli_json("suggest", "--near", "Helsinki", db=db)
    assert served == expected


# ------------------------------------------------------------------------------------------- calendar feed


def test_the_upcoming_feed_with_the_feed_key_parses_as_icalendar(server, users):
    icalendar = pytest.importorskip("icalendar", reason="pip install icalendar==7.3.0")
    erin = users["erin"]
    for film_id in (552, 553):  # the fake TMDb releases these 40 and 10 days from today in FI
        assert add(server, erin, film_id).status_code in (200, 201)
    response = server.get("/v1/me/upcoming.ics", params={"key": erin.feed_key})
    assert response.status_code == 200, response.text
    assert media_type(response) == "text/calendar"
    calendar = icalendar.Calendar.from_ical(response.content)
    events = [component for component in calendar.walk("VEVENT")]
    assert sorted(str(e["UID"]) for e in events) == ["tmdb-552-release-FI@planner", "tmdb-553-release-FI@planner"]
    # The token works for the feed as well.
    with_token = server.get("/v1/me/upcoming.ics", headers=erin.auth)
    assert with_token.status_code == 200
    assert len(icalendar.Calendar.from_ical(with_token.content).walk("VEVENT")) == 2


def test_the_feed_key_used_as_a_bearer_token_is_refused(server, users):
    erin = users["erin"]
    response = server.get("/v1/me/watchlist", headers={"Authorization": f"Bearer {erin.feed_key}"})
    assert_problem(response, (403, 401))
    # And it grants no writes either.
    response = server.request("POST", "/v1/me/watchlist", json={"id": 550},
                              headers={"Authorization": f"Bearer {erin.feed_key}"})
    assert_problem(response, (403, 401))
    # Nor does ?key= open anything but the feed.
    assert_problem(server.get("/v1/me/watchlist", params={"key": erin.feed_key}), (401, 403))


def test_after_rotating_the_feed_key_the_old_key_is_401_and_the_new_one_works(server, users, shared_workspace):
    frank = users["frank"]
    assert add(server, frank, 553).status_code in (200, 201)
    assert server.get("/v1/me/upcoming.ics", params={"key": frank.feed_key}).status_code == 200

    out = shared_workspace.cli("users", "rotate", "frank", "--feed-key", "--db", str(server.db)).stdout.decode()
    match = FEED_KEY_RE.search(out)
    assert match, out
    assert not re.search(r"^token:", out, re.M), "rotating only the feed key printed a token"
    new_key = match.group(1)
    assert new_key != frank.feed_key

    assert_problem(server.get("/v1/me/upcoming.ics", params={"key": frank.feed_key}), 401)
    assert server.get("/v1/me/upcoming.ics", params={"key": new_key}).status_code == 200
    # The token is unchanged.
    assert server.get("/v1/me/watchlist", headers=frank.auth).status_code == 200
