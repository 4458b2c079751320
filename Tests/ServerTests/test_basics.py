"""The server's own routes: health, the OpenAPI document (and a schemathesis run against it), metrics. The page, in a
browser, is test_web_app.py's."""

import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import OPENAPI_FILE, media_type


def test_healthz_answers_status_ok(server):
    response = server.get("/healthz")
    assert response.status_code == 200
    assert media_type(response) == "application/json"
    assert response.json() == {"status": "ok"}


def test_openapi_json_is_a_valid_openapi_3_1_document_with_the_routes_of_the_contract(server):
    validator = pytest.importorskip("openapi_spec_validator", reason="pip install openapi-spec-validator")
    response = server.get("/openapi.json")
    assert response.status_code == 200
    assert media_type(response) == "application/json"
    spec = response.json()
    validator.validate(spec)
    assert spec["openapi"].startswith("3.1")
    assert set(spec["paths"]) == set(json.loads(OPENAPI_FILE.read_text())["paths"]), (
        "the served document's paths differ from Sources/PlannerServer/OpenAPI/openapi.json")
    for path in ["/healthz", "/v1/theaters", "/v1/routes", "/v1/route", "/v1/films/{id}", "/v1/me/watchlist",
                 "/v1/me/upcoming.ics"]:
        assert path in spec["paths"], path


def test_the_bundled_openapi_file_is_valid():
    validator = pytest.importorskip("openapi_spec_validator", reason="pip install openapi-spec-validator")
    validator.validate(json.loads(OPENAPI_FILE.read_text()))


# Every check holds for this API, positive data acceptance (a place the gazetteer does not know is a 404, and the
# schema's patterns and maxima refuse what the server refuses) and unsupported methods (405 with Allow) included.
# PLANNER_SCHEMATHESIS_EXCLUDE leaves some out when looking into one.
SCHEMATHESIS_EXCLUDE = os.environ.get("PLANNER_SCHEMATHESIS_EXCLUDE", "")


def test_a_bounded_schemathesis_run_finds_no_server_error_and_no_schema_violation(server, users, tmp_path):
    executable = shutil.which("schemathesis") or shutil.which("st")
    if executable is None:
        pytest.skip("schemathesis is not installed (pip install schemathesis)")
    # Methods the spec does not list are tried with the ones every router must handle; TRACE and the new QUERY
    # method (schemathesis' defaults too) say more about the HTTP parser than about this API.
    config = tmp_path / "schemathesis.toml"
    # A 502 or 504 is an upstream's failure (Overpass and Nominatim are out of reach here), not the server's.
    config.write_text('[phases.coverage]\nunexpected-methods = ["get", "put", "post", "delete", "patch"]\n'
                      '[checks.not_a_server_error]\nexpected-statuses = ["2xx", "3xx", "4xx", "502", "504"]\n')
    command = [
        executable, "--config-file", str(config), "--no-color", "run", f"{server.url}/openapi.json",
        "--checks", "all", *(["--exclude-checks", SCHEMATHESIS_EXCLUDE] if SCHEMATHESIS_EXCLUDE else []),
        "--max-examples", os.environ.get("PLANNER_SCHEMATHESIS_EXAMPLES", "10"),
        "--header", f"Authorization: Bearer {users['schema'].token}",
        # The feed key is tried by hand in test_users; generated keys next to a valid token prove nothing.
        "--generation-with-security-parameters", "false",
        "--generation-database", "none",
        "--seed", "20261122",
        # One worker: schemathesis 4.32's coverage phase can fail inside itself with two threads on Python 3.11.
        "--workers", "1",
        "--request-timeout", "60",
    ]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=900,
                            stdin=subprocess.DEVNULL)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"schemathesis exited {result.returncode}:\n{output[-20000:]}"
    # Still state the two things the run is for, in case a future version exits 0 on warnings.
    assert "Server error" not in output, output[-20000:]
    assert "Response violates schema" not in output, output[-20000:]


def test_metrics_count_requests_by_route_and_status_and_have_a_latency_histogram(server):
    assert server.get("/healthz").status_code == 200
    assert server.get("/v1/theaters", params={"near": "91,0"}).status_code == 400
    response = server.get("/metrics")
    assert response.status_code == 200
    assert media_type(response) in ("text/plain", "application/openmetrics-text")
    text = response.text
    counters = [line for line in text.splitlines()
                if re.match(r"^[a-zA-Z_:][a-zA-Z0-9_:]*requests?_total\{", line)]
    assert counters, f"no *_requests_total counter:\n{text[:3000]}"
    route_label = re.compile(r'\b(route|path|handler|endpoint|uri)="')
    status_label = re.compile(r'\b(status|code|status_code)="')
    labelled = [line for line in counters if route_label.search(line) and status_label.search(line)]
    assert labelled, f"the request counter has no route and status labels:\n{chr(10).join(counters[:20])}"
    assert any(re.search(r'"200"', line) for line in labelled), "\n".join(labelled[:20])
    assert any("theaters" in line and re.search(r'"400"', line) for line in labelled), "\n".join(labelled[:20])
    assert re.search(r"^# TYPE \S+ histogram$", text, re.M), f"no histogram:\n{text[:3000]}"
    assert re.search(r'^\S+_bucket\{[^}]*le="\+Inf"[^}]*\} \d', text, re.M), "no +Inf bucket"
    assert re.search(r"^\S+_sum(\{[^}]*\})? [0-9.eE+-]+$", text, re.M), "no histogram _sum"
    assert re.search(r"^\S+_count(\{[^}]*\})? \d+", text, re.M), "no histogram _count"
