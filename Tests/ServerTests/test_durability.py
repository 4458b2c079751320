"""Concurrent writers, a graceful stop under load (SIGTERM) and a crash under load (SIGKILL): no answered write is lost."""

import signal
import sqlite3
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import count

import requests

_local = threading.local()


def session() -> requests.Session:
    """One keep-alive session per thread (a Session is not meant to be shared between threads)."""
    if not hasattr(_local, "session"):
        _local.session = requests.Session()
    return _local.session


def list_ids(server, user) -> set[int]:
    response = requests.get(server.url + "/v1/me/watchlist", headers=user.auth, timeout=60)
    assert response.status_code == 200, response.text
    return {item["id"] for item in response.json()}


def stored_film_ids(db, low: int, high: int, user_name: str | None = None) -> set[int]:
    """The watchlist film ids from `low` to `high` in the database file itself (read-only)."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(listEntry)")}
        sql = "SELECT listEntry.filmId FROM listEntry"
        args: list = []
        where = ["listEntry.filmId BETWEEN ? AND ?"]
        args += [low, high]
        if "list" in columns:
            where.append("listEntry.list = 'watchlist'")
        if user_name and "userId" in columns:
            sql += " JOIN user ON user.id = listEntry.userId"
            where.append("user.name = ?")
            args.append(user_name)
        rows = connection.execute(sql + " WHERE " + " AND ".join(where), args).fetchall()
    finally:
        connection.close()
    return {row[0] for row in rows}


def test_four_users_posting_250_films_each_concurrently_keep_exactly_their_250(start_server, workspace):
    users = [workspace.add_user(f"writer{k}") for k in range(4)]
    server = start_server("--rate-limit", "100000")
    jobs = [(user, 10_000 * (k + 1) + i) for k, user in enumerate(users) for i in range(250)]
    # A server that hangs or fails must fail the test in seconds, not after 1000 timeouts: the first failure
    # stops the rest.
    abort = threading.Event()

    def post(job):
        user, film_id = job
        if abort.is_set():
            return job, None, "not sent: an earlier POST failed"
        try:
            response = session().post(server.url + "/v1/me/watchlist", json={"id": film_id}, headers=user.auth,
                                      timeout=30)
        except requests.RequestException as error:
            abort.set()
            return job, None, repr(error)
        if response.status_code != 201:
            abort.set()
        return job, response.status_code, response.text[:200]

    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(post, jobs))
    failures = [(user.name, film_id, status, text) for (user, film_id), status, text in results if status != 201]
    sent = [f for f in failures if not f[3].startswith("not sent")]
    assert not failures, (
        f"{len(sent)} POSTs failed (and {len(failures) - len(sent)} were not sent after that), e.g. {sent[:5]}")

    for k, user in enumerate(users):
        expected = {10_000 * (k + 1) + i for i in range(250)}
        items = requests.get(server.url + "/v1/me/watchlist", headers=user.auth, timeout=60).json()
        assert len(items) == 250, f"{user.name} has {len(items)} films"
        assert {item["id"] for item in items} == expected
        assert stored_film_ids(server.db, 10_000 * (k + 1), 10_000 * (k + 1) + 999, user.name) == expected
    assert server.stop() == 0


def write_under_load(server, user, stop: threading.Event, threads: int = 16,
                     first_id: int = 20_000) -> tuple[set[int], list]:
    """POSTs distinct film ids from `threads` threads until `stop` is set (then each thread tries at most 3 more
    times, for the answers still in flight); returns the ids answered 2xx, and the threads (to join).
    Callers set `stop` in a `finally`, so that no thread outlives a failed test."""
    acknowledged: set[int] = set()
    lock = threading.Lock()
    ids = count(first_id)

    def worker():
        failures_in_a_row = 0
        while failures_in_a_row < 3 or not stop.is_set():
            with lock:
                film_id = next(ids)
            try:
                response = session().post(server.url + "/v1/me/watchlist", json={"id": film_id},
                                          headers=user.auth, timeout=10)
            except requests.RequestException:
                failures_in_a_row += 1
                if stop.is_set():
                    time.sleep(0.05)
                    continue
                time.sleep(0.01)
                continue
            failures_in_a_row = 0 if not stop.is_set() else failures_in_a_row + 1
            if 200 <= response.status_code < 300:
                with lock:
                    acknowledged.add(film_id)

    workers = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for worker_thread in workers:
        worker_thread.start()
    return acknowledged, workers


def sigkill_after(server, stop: threading.Event, workers: list, seconds: float, check=None):
    """Waits `seconds` under the write load, runs `check` (what must hold, or be counted, just before the kill), then
    SIGKILLs the server and ends the load, joining its threads whatever happened; returns what `check` returned."""
    try:
        time.sleep(seconds)
        checked = check() if check else None
        server.process.send_signal(signal.SIGKILL)
        stop.set()
        server.process.wait(timeout=10)
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=40)
    return checked


def test_sigterm_under_load_exits_0_within_10_s_and_keeps_every_answered_write(start_server, workspace):
    user = workspace.add_user("steady")
    server = start_server("--rate-limit", "100000")
    stop = threading.Event()
    acknowledged, workers = write_under_load(server, user, stop)
    try:
        time.sleep(1.5)
        assert acknowledged, "no write was answered before SIGTERM"
        server.process.send_signal(signal.SIGTERM)
        stop.set()
        started = time.monotonic()
        try:
            status = server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            raise AssertionError("planner serve did not exit within 10 s of SIGTERM") from None
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=40)
    assert status == 0, f"exit status {status} after SIGTERM\n{server.log()[-3000:]}"
    assert elapsed < 10

    restarted = start_server("--rate-limit", "100000")
    stored = list_ids(restarted, user)
    missing = acknowledged - stored
    assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged writes are gone: {sorted(missing)[:10]}"
    assert stored_film_ids(restarted.db, 20_000, 10_000_000, "steady") >= acknowledged


def test_kill_9_in_the_middle_of_a_write_load_loses_no_answered_write(start_server, workspace):
    user = workspace.add_user("crashy")
    server = start_server("--rate-limit", "100000")
    stop = threading.Event()
    acknowledged, workers = write_under_load(server, user, stop)

    def answered_before_the_kill():
        assert acknowledged, "no write was answered before the kill"

    sigkill_after(server, stop, workers, 1.5, check=answered_before_the_kill)
    # Snapshot after every thread has finished: an answer received just before the kill still counts.
    answered = set(acknowledged)

    restarted = start_server("--rate-limit", "100000")
    stored = list_ids(restarted, user)
    missing = answered - stored
    assert not missing, f"{len(missing)} of {len(answered)} acknowledged writes are gone: {sorted(missing)[:10]}"
