"""Several `planner serve` instances on one PostgreSQL: no lost update, one Nominatim pace for the deployment,
`planner db copy`, and a newer schema refused.

A throwaway cluster is started for the session by Scripts/throwaway-postgres.sh (initdb in a temporary folder,
pg_ctl on a free loopback port) and stopped at the end; each test gets a database of its own. Where PostgreSQL is
not installed the tests skip, saying so; the test command installs it, so CI runs them.
"""

from __future__ import annotations

import glob
import json
import os
import sqlite3
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import count

import pytest
import requests

from conftest import PLANNER, REPO, TOKEN_RE, User, start_planner_server

THROWAWAY = REPO / "Scripts" / "throwaway-postgres.sh"
_databases = count(1)


def postgres_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return found[-1].rsplit("/", 1)[0] if found else None


@pytest.fixture(scope="session")
def postgres_cluster(tmp_path_factory):
    """The session's cluster: its base address (postgres://planner@127.0.0.1:PORT/)."""
    if not postgres_bin():
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql; the test command does it)")
    directory = tmp_path_factory.mktemp("postgres") / "cluster"
    started = subprocess.run(["bash", str(THROWAWAY), "start", str(directory)], capture_output=True, text=True,
                             timeout=120)
    assert started.returncode == 0, f"the throwaway PostgreSQL did not start: {started.stderr[-2000:]}"
    url = started.stdout.strip().splitlines()[-1]
    yield url.rsplit("/", 1)[0] + "/"
    subprocess.run(["bash", str(THROWAWAY), "stop", str(directory)], capture_output=True, timeout=60)


@pytest.fixture
def database(postgres_cluster) -> str:
    """A fresh, empty database on the cluster, migrated with `planner db migrate`."""
    name = f"serve_{next(_databases)}_{int(time.time() * 1000) % 100000}"
    port = postgres_cluster.rsplit(":", 1)[1].strip("/")
    subprocess.run([f"{postgres_bin()}/createdb", "-h", "127.0.0.1", "-p", port, "-U", "planner", name], check=True,
                   capture_output=True, timeout=60)
    url = postgres_cluster + name
    migrated = subprocess.run([str(PLANNER), "db", "migrate", "--database", url], capture_output=True, text=True,
                              timeout=60)
    assert migrated.returncode == 0, migrated.stderr
    assert migrated.stdout.startswith("applied 3 migrations"), migrated.stdout
    return url


def test_db_migrate_takes_the_database_from_planner_database_url_and_without_one_says_how_in_one_line(
        postgres_cluster):
    name = f"from_env_{int(time.time() * 1000) % 100000}"
    port = postgres_cluster.rsplit(":", 1)[1].strip("/")
    subprocess.run([f"{postgres_bin()}/createdb", "-h", "127.0.0.1", "-p", port, "-U", "planner", name], check=True,
                   capture_output=True, timeout=60)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PLANNER_")}
    migrated = subprocess.run([str(PLANNER), "db", "migrate"], capture_output=True, text=True, timeout=60,
                              env=dict(env, PLANNER_DATABASE_URL=postgres_cluster + name))
    assert migrated.returncode == 0, migrated.stderr
    assert migrated.stdout.startswith("applied 3 migrations"), migrated.stdout
    refused = subprocess.run([str(PLANNER), "db", "migrate"], capture_output=True, text=True, timeout=60, env=env)
    assert refused.returncode != 0
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "PLANNER_DATABASE_URL" in lines[0], refused.stderr


def psql(url: str, sql: str) -> str:
    result = subprocess.run([f"{postgres_bin()}/psql", url, "-tAc", sql], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def add_user(workspace, url: str, name: str) -> User:
    out = workspace.cli("users", "add", name, "--database", url).stdout.decode()
    token = TOKEN_RE.search(out)
    assert token, out
    return User(name, token.group(1), "")


def test_two_instances_on_one_postgresql_keep_exactly_1000_adds_from_4_users_and_each_sees_their_own(
        workspace, database):
    users = [add_user(workspace, database, f"writer{k}") for k in range(4)]
    servers = [start_planner_server(workspace, "--rate-limit", "100000", database=database, name=f"pg{i}")
               for i in range(2)]
    jobs = [(k, user, 10_000 * (k + 1) + i) for k, user in enumerate(users) for i in range(250)]
    abort = threading.Event()
    sessions = threading.local()

    def post(job):
        k, user, film_id = job
        if abort.is_set():
            return None
        if not hasattr(sessions, "session"):
            sessions.session = requests.Session()
        server = servers[film_id % 2]  # spread across both instances
        response = sessions.session.post(server.url + "/v1/me/watchlist", json={"id": film_id}, headers=user.auth,
                                         timeout=60)
        if response.status_code != 201:
            abort.set()
            return (film_id, response.status_code, response.text[:200])
        return None

    with ThreadPoolExecutor(max_workers=32) as pool:
        failures = [f for f in pool.map(post, jobs) if f]
    assert not failures, failures[:5]

    assert psql(database, "SELECT count(*) FROM list_entry WHERE list = 'watchlist'") == "1000"
    for k, user in enumerate(users):
        expected = {10_000 * (k + 1) + i for i in range(250)}
        for server in servers:
            items = server.get("/v1/me/watchlist", headers=user.auth).json()
            assert {item["id"] for item in items} == expected, f"{user.name} on {server.url}"
    for server in servers:
        assert server.stop() == 0


class FakeNominatim(ThreadingHTTPServer):
    """Answers every search with one place in central Helsinki, and notes when each request came."""

    def __init__(self):
        self.arrivals: list[float] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), self.Handler)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the http.server name
            with self.server.lock:
                self.server.arrivals.append(time.monotonic())
            body = json.dumps([{"lat": "60.1699", "lon": "24.9384", "display_name": "Somewhere, Helsinki, Finland",
                                "name": "Somewhere", "osm_type": "node", "osm_id": 1, "category": "place",
                                "type": "square", "address": {"country_code": "fi"}}]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet
            pass


def test_two_instances_asked_for_5_uncached_lookups_at_once_send_nominatim_one_request_a_second(
        workspace, database):
    fake = FakeNominatim()
    threading.Thread(target=fake.serve_forever, daemon=True).start()
    try:
        env = {"NOMINATIM_URL": f"http://127.0.0.1:{fake.server_address[1]}"}
        servers = [start_planner_server(workspace, database=database, env=env, name=f"paced{i}") for i in range(2)]
        places = [f"Nowhereville {n}" for n in range(5)]

        def ask(n):
            server = servers[n % 2]
            return server.get("/v1/theaters", params={"near": places[n], "radius": "1km"}, timeout=120)

        with ThreadPoolExecutor(max_workers=5) as pool:
            answers = list(pool.map(ask, range(5)))
        for answer in answers:
            assert answer.status_code == 200, answer.text
        arrivals = sorted(fake.arrivals)
        # Five searches at least (a place may also be looked up in reverse for its label).
        assert len(arrivals) >= 5, arrivals
        gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
        assert min(gaps) >= 0.99, f"requests came {', '.join(f'{g:.3f}' for g in gaps)} s apart"
        for server in servers:
            assert server.stop() == 0
    finally:
        fake.shutdown()


# The copy writes row by row, a round trip each: 2,000 films, every tenth with a release date and every hundredth
# with a rating, reach the same code as a larger store in a fraction of the time.
def test_db_copy_moves_2000_films_and_running_it_again_changes_nothing(workspace, database):
    source = workspace.root / "two-thousand.sqlite"
    films = [{"film": {"id": 500_000 + i, "title": f"Copied film {i}", "needsDetails": False},
              "releases": [{"region": "FI", "date": "2026-12-01"}] if i % 10 == 0 else [],
              "diary": {"rating": 4.5} if i % 100 == 0 else {}} for i in range(2_000)]
    entries = [{"filmID": 500_000 + i, "addedAt": "2026-01-01T00:00:00Z", "priority": 0} for i in range(2_000)]
    export = workspace.root / "two-thousand.json"
    export.write_text(json.dumps({"formatVersion": 1, "films": films, "watchlist": entries, "favorites": []}))
    workspace.cli("watchlist", "import", str(export), db=source)
    add_user(workspace, database, "already-there")

    first = workspace.cli("db", "copy", "--from", str(source), "--to", database, timeout=600).stdout.decode()
    assert "films 2000 (2000 new)" in first, first
    assert "list entries 2000 (2000 new)" in first, first
    assert "diary entries 20 (20 new)" in first, first
    assert "release dates 200 (200 new)" in first, first
    dump = psql(database, "SELECT md5(string_agg(film_id || ':' || added_at::text, ',' ORDER BY film_id)) FROM list_entry")

    second = workspace.cli("db", "copy", "--from", str(source), "--to", database, timeout=600).stdout.decode()
    assert "films 2000 (0 new)" in second and "list entries 2000 (0 new)" in second, second
    assert "(0 new), " in second and " new)" in second and "(1 new)" not in second, second
    assert psql(database, "SELECT md5(string_agg(film_id || ':' || added_at::text, ',' ORDER BY film_id)) FROM list_entry") == dump
    # The copy is what the SQLite store holds, read back through the server.
    connection = sqlite3.connect(source)
    assert connection.execute("SELECT count(*) FROM listEntry").fetchone()[0] == 2_000
    connection.close()


def test_a_server_on_a_database_migrated_by_a_newer_planner_refuses_to_start_in_one_line(workspace, database):
    psql(database, "INSERT INTO planner_migration (id, applied_at) VALUES ('pg-v9-from-the-future', now())")
    result = subprocess.run([str(PLANNER), "serve", "--port", "0", "--database", database], env=workspace.env,
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "was migrated by a newer planner (pg-v9-from-the-future); upgrade planner" in lines[0], lines[0]
    assert "listening" not in result.stdout


def test_the_database_password_never_appears_in_output_or_the_access_log(workspace, database):
    with_password = database.replace("planner@", "planner:hunter2secret@")
    server = start_planner_server(workspace, database=with_password, name="secret")
    server.get("/healthz")
    assert server.stop() == 0
    assert "hunter2secret" not in server.log()
    wrong = subprocess.run([str(PLANNER), "db", "migrate", "--database",
                            with_password.replace("127.0.0.1:", "127.0.0.1:1")],
                           capture_output=True, text=True, timeout=60)
    assert wrong.returncode != 0 and "hunter2secret" not in wrong.stderr + wrong.stdout, wrong.stderr
