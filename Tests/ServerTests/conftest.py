"""Black-box tests of `planner serve`, the HTTP service, run from outside as a client would.

Run from the repository root, after building:

    swift build
    python3 -m pytest Tests/ServerTests -q                      # uses .build/debug/planner
    PLANNER=/path/to/planner python3 -m pytest Tests/ServerTests -q

Needs Python 3.11+ with pytest and requests; some tests also need openapi-spec-validator, schemathesis, geojson,
icalendar, selenium and axe-selenium-python (`pip install -r Scripts/test-requirements.txt`) and Debian's `chromium`
and `chromium-driver` (test_web_app.py), and are skipped, saying so, when one is missing.

Everything runs on loopback and offline: a fake TMDb (Scripts/fake_tmdb.py) and a fake Finnkino
(Tests/ServerTests/fake_finnkino.py) on free ports, the bundled data (PLANNER_DATA_DIR=Data), a settings file with
region FI (PLANNER_CONFIG; "online" unset, so OpenStreetMap's services are never asked, and OVERPASS_URL and
NOMINATIM_URL point at a closed port anyway), and a database and XDG folders in pytest's temporary directory.
Each server is `planner serve --host 127.0.0.1 --port 0 --db FILE`; the tests read its one stdout line,
`listening on http://127.0.0.1:PORT`, to learn the port, and keep its stderr (the access log) in a file.

Most tests share one server (the `server` fixture, with users made before it starts, a high --rate-limit so
that fast tests are not throttled); tests that stop, kill or throttle a server, or need a database of their own,
start their own through `start_server`. Every server and fake service is stopped at the end of its fixture, with
SIGKILL if SIGTERM is not enough, and once more at the end of the session, so that no process outlives the run
even when a test fails (and, on Linux, each child gets PR_SET_PDEATHSIG, so even a SIGKILLed pytest leaves none).

Knobs: PLANNER (the binary), PLANNER_STARTUP_TIMEOUT (seconds to wait for the `listening on` line, default 60),
PLANNER_SCHEMATHESIS_EXAMPLES (default 10) and PLANNER_SCHEMATHESIS_EXCLUDE (the checks left out; see test_basics).
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import requests

# Tests/, where the black-box suites keep what they share (loopback.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from loopback import closed_port  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PLANNER = Path(os.environ.get("PLANNER") or REPO / ".build" / "debug" / "planner").resolve()
OPENAPI_FILE = REPO / "Sources" / "PlannerServer" / "OpenAPI" / "openapi.json"

TOKEN_RE = re.compile(r"^token:\s*(plt_[A-Za-z0-9_-]{43})\s*$", re.M)
FEED_KEY_RE = re.compile(r"^feed key:\s*(plf_[A-Za-z0-9_-]{43})\s*$", re.M)
LISTENING_RE = re.compile(r"listening on (http://127\.0\.0\.1:(\d+))")

STARTUP_TIMEOUT = float(os.environ.get("PLANNER_STARTUP_TIMEOUT", "60"))

# Every process the tests start, so that none is left behind whatever happens.
_PROCESSES: list[subprocess.Popen] = []
_LOCK = threading.Lock()


def _die_with_parent() -> None:
    """In the child, before exec: be killed when pytest dies, even by SIGKILL (Linux only; best effort)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - not Linux, or no libc: the atexit and session hooks still apply
        pass


def _track(process: subprocess.Popen) -> subprocess.Popen:
    with _LOCK:
        _PROCESSES.append(process)
    return process


def stop_process(process: subprocess.Popen, grace: float = 10.0) -> int | None:
    """SIGTERM, then SIGKILL after `grace` seconds; returns the exit status (None if it could not be reaped)."""
    if process.poll() is None:
        try:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
        except ProcessLookupError:
            pass
    try:
        return process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        return None


def _kill_all() -> None:
    with _LOCK:
        processes = list(_PROCESSES)
    for process in processes:
        if process.poll() is None:
            try:
                process.kill()
                process.wait(timeout=5)
            except Exception:  # noqa: BLE001 - best effort at exit
                pass


atexit.register(_kill_all)


def pytest_sessionfinish(session, exitstatus):  # noqa: ARG001 - pytest hook signature
    _kill_all()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _read_first_line(process: subprocess.Popen, pattern: re.Pattern, timeout: float, what: str) -> re.Match:
    """Reads `process`'s stdout until a line matches; keeps draining stdout afterwards so the pipe never fills."""
    lines: queue.Queue = queue.Queue()

    def pump():
        for raw in iter(process.stdout.readline, b""):
            lines.put(raw.decode("utf-8", "replace"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            process.kill()
            raise RuntimeError(f"{what} printed no matching line within {timeout:.0f} s; stdout so far: {seen!r}")
        try:
            line = lines.get(timeout=remaining)
        except queue.Empty:
            continue
        if line is None:
            status = process.wait(timeout=5)
            raise RuntimeError(f"{what} exited ({status}) before printing a matching line; stdout: {seen!r}")
        seen.append(line)
        match = pattern.search(line)
        if match:
            return match


# ---------------------------------------------------------------------------------------------- fake services


@dataclass
class FakeService:
    process: subprocess.Popen
    url: str


def _start_fake(script: Path, pattern: re.Pattern, port: int, what: str) -> FakeService:
    process = _track(subprocess.Popen(
        [sys.executable, str(script), "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent))
    match = _read_first_line(process, pattern, 20, what)
    return FakeService(process, match.group(1))


@pytest.fixture(scope="session")
def fake_tmdb():
    """Scripts/fake_tmdb.py on a free port; `.url` is the TMDB_BASE_URL (…/3)."""
    last_error = None
    for _ in range(3):  # the port is chosen before the script binds it: retry if someone took it meanwhile
        try:
            service = _start_fake(REPO / "Scripts" / "fake_tmdb.py", re.compile(r"fake TMDb on (http://\S+/3)"),
                                  free_port(), "fake TMDb")
            break
        except RuntimeError as error:
            last_error = error
    else:
        raise last_error
    yield service
    stop_process(service.process, grace=5)


@pytest.fixture(scope="session")
def fake_finnkino():
    """Tests/ServerTests/fake_finnkino.py on a free port; `.url` is the FINNKINO_BASE_URL (…/xml)."""
    service = _start_fake(HERE / "fake_finnkino.py", re.compile(r"fake Finnkino on (http://\S+/xml)"), 0,
                          "fake Finnkino")
    yield service
    stop_process(service.process, grace=5)


# ---------------------------------------------------------------------------------------------- planner


@dataclass
class Workspace:
    """A database, a settings file and XDG folders in one temporary directory, and the environment to use them."""

    root: Path
    db: Path
    env: dict

    def cli(self, *args: str, check: bool = True, timeout: float = 120, db: Path | None = None,
            env: dict | None = None) -> subprocess.CompletedProcess:
        """Runs `planner ARGS` with this workspace's environment (and its database unless `db` is given)."""
        run_env = dict(self.env)
        run_env["PLANNER_DB"] = str(db or self.db)
        if env:
            run_env.update(env)
        result = subprocess.run([str(PLANNER), *args], env=run_env, capture_output=True, timeout=timeout,
                                stdin=subprocess.DEVNULL)
        if check and result.returncode != 0:
            raise AssertionError(
                f"planner {' '.join(args)} exited {result.returncode}\nstdout: {result.stdout.decode(errors='replace')}"
                f"\nstderr: {result.stderr.decode(errors='replace')}")
        return result

    def cli_json(self, *args: str, db: Path | None = None):
        return json.loads(self.cli(*args, "--format", "json", db=db).stdout)

    def add_user(self, name: str) -> "User":
        out = self.cli("users", "add", name, "--db", str(self.db)).stdout.decode()
        token, feed_key = TOKEN_RE.search(out), FEED_KEY_RE.search(out)
        assert token and feed_key, f"'planner users add {name}' printed no token and feed key lines: {out!r}"
        return User(name, token.group(1), feed_key.group(1))


@dataclass
class User:
    name: str
    token: str
    feed_key: str

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


def make_workspace(root: Path, tmdb_url: str, finnkino_url: str) -> Workspace:
    root.mkdir(parents=True, exist_ok=True)
    config = root / "config.json"
    # No "online" setting: TMDb and Finnkino are asked (the fakes), OpenStreetMap's services never.
    config.write_text(json.dumps({"region": "FI"}))
    for sub in ("xdg-data", "xdg-config", "xdg-cache", "home"):
        (root / sub).mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PLANNER_", "TMDB_", "OMDB_", "FINNKINO_", "GRACENOTE_", "OVERPASS_", "NOMINATIM_"))
               or k == "PLANNER_ERROR_LOG"}
    dead = f"http://127.0.0.1:{closed_port()}"
    env.update({
        "PLANNER_DATA_DIR": str(REPO / "Data"),
        "PLANNER_CONFIG": str(config),
        "PLANNER_DB": str(root / "planner.sqlite"),
        "TMDB_API_KEY": "x",
        "TMDB_BASE_URL": tmdb_url,
        "FINNKINO_BASE_URL": finnkino_url,
        # Cinemas' own pages are real web sites: never read from a test.
        "PLANNER_SHOWTIMES_WEBSITES": "never",
        # Never the real OpenStreetMap services, even if online were switched on.
        "OVERPASS_URL": f"{dead}/api/interpreter",
        "NOMINATIM_URL": dead,
        "XDG_DATA_HOME": str(root / "xdg-data"),
        "XDG_CONFIG_HOME": str(root / "xdg-config"),
        "XDG_CACHE_HOME": str(root / "xdg-cache"),
        "HOME": str(root / "home"),
        "LC_ALL": "C.UTF-8",
    })
    return Workspace(root, root / "planner.sqlite", env)


@dataclass
class Server:
    """A running `planner serve`."""

    process: subprocess.Popen
    url: str
    workspace: Workspace
    log_path: Path
    args: list = field(default_factory=list)
    #: How many GET /healthz requests the start-up made (they are in the access log too).
    health_probes: int = 0

    @property
    def db(self) -> Path:
        return self.workspace.db

    def get(self, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", 60)
        return requests.get(self.url + path, **kwargs)

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", 60)
        return requests.request(method, self.url + path, **kwargs)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, grace: float = 10.0) -> int | None:
        return stop_process(self.process, grace)


def start_planner_server(workspace: Workspace, *extra: str, env: dict | None = None, name: str = "server",
                         database: str | None = None) -> Server:
    """`planner serve` on the workspace's SQLite file, or on the PostgreSQL `database` (postgres://…) when given."""
    if not PLANNER.exists():
        pytest.fail(f"no planner binary at {PLANNER}: build it (swift build) or set PLANNER=/path/to/planner")
    run_env = dict(workspace.env)
    if env:
        run_env.update(env)
    log_path = workspace.root / f"{name}-{time.monotonic_ns()}.stderr.log"
    store = ["--database", database] if database else ["--db", str(workspace.db)]
    args = [str(PLANNER), "serve", "--host", "127.0.0.1", "--port", "0", *store, *extra]
    with open(log_path, "wb") as log:
        process = _track(subprocess.Popen(args, env=run_env, stdout=subprocess.PIPE, stderr=log,
                                          stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent))
    try:
        match = _read_first_line(process, LISTENING_RE, STARTUP_TIMEOUT, "planner serve")
    except RuntimeError as error:
        stop_process(process, grace=1)
        raise RuntimeError(f"{error}\nstderr:\n{log_path.read_text(errors='replace')[-4000:]}") from None
    server = Server(process, match.group(1), workspace, log_path, args)
    # The line says it is listening; make sure it answers before handing it out.
    deadline = time.monotonic() + 10
    while True:
        try:
            probe = requests.get(server.url + "/healthz", timeout=5)
            server.health_probes += 1  # answered, so logged
            if probe.status_code == 200:
                break
        except requests.RequestException:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            stop_process(process, grace=1)
            raise RuntimeError(f"planner serve at {server.url} never answered /healthz\n{server.log()[-4000:]}")
        time.sleep(0.1)
    return server


@pytest.fixture
def workspace(tmp_path, fake_tmdb, fake_finnkino) -> Workspace:
    """A fresh workspace for this test."""
    return make_workspace(tmp_path / "ws", fake_tmdb.url, fake_finnkino.url)


@pytest.fixture
def start_server(workspace):
    """Starts servers on this test's workspace (or another one); all are stopped when the test ends."""
    servers: list[Server] = []

    def start(*extra: str, env: dict | None = None, ws: Workspace | None = None) -> Server:
        server = start_planner_server(ws or workspace, *extra, env=env)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop(grace=10)


SHARED_USERS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "schema",
                "wendy", "walter", "wanda", "wilma", "xavier", "yvonne"]  # the last six: test_web_app


@pytest.fixture(scope="session")
def shared_workspace(tmp_path_factory, fake_tmdb, fake_finnkino) -> Workspace:
    return make_workspace(tmp_path_factory.mktemp("shared"), fake_tmdb.url, fake_finnkino.url)


@pytest.fixture(scope="session")
def users(shared_workspace) -> dict[str, User]:
    """Users of the shared server, made before it starts; each test uses its own ones."""
    return {name: shared_workspace.add_user(name) for name in SHARED_USERS}


@pytest.fixture(scope="session")
def server(shared_workspace, users) -> Server:  # noqa: ARG001 - the users must exist before the server starts
    """The shared server; its rate limit is high enough that no test here is throttled."""
    server = start_planner_server(shared_workspace, "--rate-limit", "100000", name="shared")
    yield server
    server.stop(grace=10)


# ---------------------------------------------------------------------------------------------- helpers


def assert_problem(response: requests.Response, status: int | tuple[int, ...]) -> dict:
    """Asserts an RFC 9457 problem with that status (or one of them); returns its body."""
    statuses = (status,) if isinstance(status, int) else status
    assert response.status_code in statuses, (
        f"{response.request.method} {response.url[:200]}: expected {statuses}, got {response.status_code}: "
        f"{response.text[:500]}")
    content_type = response.headers.get("Content-Type", "")
    assert content_type.split(";")[0].strip() == "application/problem+json", (
        f"expected application/problem+json, got {content_type!r}")
    body = response.json()
    assert body.get("status") == response.status_code, body
    assert isinstance(body.get("title"), str) and body["title"], body
    assert isinstance(body.get("type"), str) and body["type"], body
    if "detail" in body:
        assert isinstance(body["detail"], str), body
    return body


def without(document, *keys):
    """A copy of a JSON object without `keys` (for the fields that say where an answer came from)."""
    return {k: v for k, v in document.items() if k not in keys}


def media_type(response: requests.Response) -> str:
    return response.headers.get("Content-Type", "").split(";")[0].strip().lower()
