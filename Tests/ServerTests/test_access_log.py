"""The access log (the server's standard error): one line per request, and never a token or a feed key."""

import requests


def test_the_access_log_has_one_line_per_request_and_never_a_token_or_feed_key(start_server, workspace):
    user = workspace.add_user("logged")
    server = start_server()
    secret_token, secret_key = user.token, user.feed_key

    made = {"/healthz": server.health_probes, "/v1/me/watchlist": 0, "/v1/me/upcoming.ics": 0, "/v1/me/stats": 0, "/v1/theaters": 0}

    def call(method, path, **kwargs):
        requests.request(method, server.url + path, timeout=60, **kwargs)
        made[path.split("?")[0]] += 1

    for _ in range(3):
        call("GET", "/healthz")
    call("GET", "/v1/me/watchlist", headers=user.auth)
    call("POST", "/v1/me/watchlist", headers=user.auth, json={"id": 553})
    call("GET", "/v1/me/watchlist", headers={"Authorization": f"Bearer {secret_key}"})  # refused: a feed key
    call("GET", "/v1/me/upcoming.ics", params={"key": secret_key})
    call("GET", "/v1/me/upcoming.ics", headers=user.auth)
    call("GET", "/v1/me/stats", headers={"Authorization": f"Bearer {secret_token}x"})  # refused: unknown token
    call("GET", "/v1/me/stats", params={"key": secret_token})  # a token where it does not belong
    call("GET", "/v1/theaters", params={"near": "91,0"})

    assert server.stop() == 0
    log = server.log()
    for secret in (secret_token, secret_key):
        assert secret not in log, "the access log holds a secret"
        # Nor the random part alone, nor a long piece of it.
        body = secret[4:]
        assert body not in log
        assert not any(body[i:i + 16] in log for i in range(0, len(body) - 16)), "the log holds part of a secret"

    lines = log.splitlines()
    for path, expected in made.items():
        found = [line for line in lines if path in line and (path != "/v1/me/watchlist" or "watchlist/" not in line)]
        assert len(found) == expected, (
            f"{expected} requests to {path}, {len(found)} log lines:\n" + "\n".join(found) + f"\n--- log:\n{log[-3000:]}")
