"""Limits: bodies over 1 MB, and the per-token rate limit."""

import socket
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

import requests

from conftest import assert_problem


def raw_post(url: str, path: str, headers: dict, body: bytes, timeout: float = 30,
             method: str = "POST") -> tuple[int, dict, bytes]:
    """Sends `body` (POST unless `method` says otherwise) over a plain socket, reading the answer while still sending.

    A server may answer 413 and close as soon as it sees the Content-Length or the first megabyte; a client that
    only reads after sending everything would then see a reset instead of the answer.
    """
    parsed = urlparse(url)
    sock = socket.create_connection((parsed.hostname, parsed.port), timeout=timeout)
    received = bytearray()
    done = threading.Event()

    def reader():
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                received.extend(chunk)
                if _complete(received):
                    break
        except OSError:
            pass
        finally:
            done.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    head = [f"{method} {path} HTTP/1.1", f"Host: {parsed.hostname}:{parsed.port}", f"Content-Length: {len(body)}",
            "Connection: close"] + [f"{k}: {v}" for k, v in headers.items()]
    try:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        view = memoryview(body)
        for start in range(0, len(body), 65536):
            if done.is_set():
                break
            sock.sendall(view[start:start + 65536])
    except OSError:
        pass  # the server stopped reading: its answer is what matters
    done.wait(timeout)
    sock.close()
    head_bytes, _, rest = bytes(received).partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").split("\r\n")
    assert lines and lines[0].startswith("HTTP/1."), f"no HTTP answer to a {len(body)}-byte body: {bytes(received)[:200]!r}"
    status = int(lines[0].split()[1])
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, rest


def _complete(data: bytearray) -> bool:
    head, sep, rest = bytes(data).partition(b"\r\n\r\n")
    if not sep:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(rest) >= int(value.strip())
    return False


def test_a_2_mb_post_body_is_a_413_problem(server, users):
    body = b'{"id": 550, "padding": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    status, fields, content = raw_post(server.url, "/v1/me/watchlist",
                                       {**users["grace"].auth, "Content-Type": "application/json"}, body)
    assert status == 413, content[:300]
    assert fields.get("content-type", "").split(";")[0] == "application/problem+json"
    # The server is still fine afterwards.
    assert server.get("/healthz").status_code == 200


def test_a_2_mb_body_to_a_rating_is_a_413_too(server, users):
    body = b'{"rating": 4, "padding": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    status, _, content = raw_post(server.url, "/v1/me/ratings/550",
                                  {**users["grace"].auth, "Content-Type": "application/json"}, body, method="PUT")
    assert status == 413, content[:300]


def test_a_body_just_under_1_mb_is_not_refused_for_its_size(server, users):
    body = b'{"id": 105, "padding": "' + b"x" * (1000 * 1000 - 100) + b'"}'
    status, _, content = raw_post(server.url, "/v1/me/watchlist",
                                  {**users["grace"].auth, "Content-Type": "application/json"}, body)
    assert status in (200, 201), content[:300]


def test_hammering_one_token_past_the_rate_limit_gets_429_with_retry_after(start_server, workspace):
    user = workspace.add_user("hammer")
    other = workspace.add_user("calm")
    server = start_server("--rate-limit", "5")

    def hit(_):
        return requests.get(server.url + "/v1/me/stats", headers=user.auth, timeout=30)

    with ThreadPoolExecutor(max_workers=8) as pool:
        responses = list(pool.map(hit, range(40)))
    statuses = [r.status_code for r in responses]
    assert 200 in statuses, statuses
    limited = [r for r in responses if r.status_code == 429]
    assert limited, f"no 429 among {statuses}"
    for response in limited:
        assert_problem(response, 429)
        retry_after = response.headers.get("Retry-After", "")
        assert retry_after.isdigit(), f"Retry-After is {retry_after!r}"
        assert 0 <= int(retry_after) <= 60
    assert all(s in (200, 429) for s in statuses), statuses

    # The limit is per token: another user is not throttled by the first one's burst.
    assert requests.get(server.url + "/v1/me/stats", headers=other.auth, timeout=30).status_code == 200
    # And it refills: after waiting as told, the first token works again.
    time.sleep(max(int(r.headers["Retry-After"]) for r in limited) + 0.5)
    assert requests.get(server.url + "/v1/me/stats", headers=user.auth, timeout=30).status_code == 200


def test_a_body_nested_past_64_levels_is_a_400_problem(server, users):
    body = b'{"id": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    status, _, content = raw_post(server.url, "/v1/me/watchlist",
                                  {**users["grace"].auth, "Content-Type": "application/json"}, body)
    assert status == 400, content[:300]
    assert b"more than 64 deep" in content



def test_requests_get_through_while_writes_wait_on_a_locked_database(workspace, start_server):
    # Given a server, and another program holding the database's write lock
    user = workspace.add_user("ada")
    server = start_server()
    holder = sqlite3.connect(workspace.db, timeout=1, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    locked = True
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            # When 8 watchlist writes wait for it (in the database's writer, off the handler threads)
            writes = [pool.submit(server.request, "POST", "/v1/me/watchlist", json={"id": 550 + i},
                                  headers=user.auth, timeout=60) for i in range(8)]
            time.sleep(1.0)
            assert not any(write.done() for write in writes), "a write got through the lock"
            # Then the server still answers requests that need no database at once
            started = time.monotonic()
            health = server.get("/healthz", timeout=20)
            document = server.get("/openapi.json", timeout=20)
            elapsed = time.monotonic() - started
            holder.execute("COMMIT")
            locked = False
            assert health.status_code == 200
            assert document.status_code == 200 and document.json()["openapi"].startswith("3.1")
            assert elapsed < 2.0, f"other requests waited {elapsed:.1f} s behind the blocked writes"
            # And the writes go through once the lock is let go
            statuses = [write.result().status_code for write in writes]
        assert all(200 <= status < 300 for status in statuses), statuses
        listed = server.get("/v1/me/watchlist", headers=user.auth).json()
        assert len(listed["films"] if isinstance(listed, dict) else listed) == 8
    finally:
        if locked:
            holder.execute("COMMIT")
        holder.close()
