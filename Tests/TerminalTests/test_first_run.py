"""A first run at a terminal, as a person meets it: `planner nearby` with no home and no --near asks where you are.

Run from the repository root after building: `python3 -m pytest Tests/TerminalTests -q` (PLANNER=path overrides
.build/debug/planner). The terminal is a real pseudo-terminal (Python's pty); the bundled data answers, and
OpenStreetMap's services point at a closed loopback port.
"""

import os
import pty
import re
import select
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PLANNER = Path(os.environ.get("PLANNER") or REPO / ".build" / "debug" / "planner").resolve()


@pytest.fixture
def env(tmp_path):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PLANNER_", "TMDB_", "CI"))
               or k == "PLANNER_ERROR_LOG"}
    environment.update({
        "PLANNER_DATA_DIR": str(REPO / "Data"),
        "PLANNER_CONFIG": str(tmp_path / "config.json"),
        "PLANNER_DB": str(tmp_path / "planner.sqlite"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter",
        "NOMINATIM_URL": "http://127.0.0.1:9",
        "TZ": "Europe/Helsinki",
        "TERM": "dumb",
    })
    return environment


def run_at_terminal(arguments, env, answer=None, timeout=60):
    """Runs planner on a pseudo-terminal; types `answer` and Enter when asked. Returns (status, screen text)."""
    main, secondary = pty.openpty()
    process = subprocess.Popen([str(PLANNER), *arguments], stdin=secondary, stdout=secondary, stderr=secondary,
                               env=env, cwd=env["XDG_DATA_HOME"].rsplit("/", 1)[0], close_fds=True)
    os.close(secondary)
    screen, answered, deadline = b"", False, time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(main, 4096)
                except OSError:
                    break  # the program ended and closed the terminal
                if not chunk:
                    break
                screen += chunk
                if answer is not None and not answered and b"Where are you?" in screen:
                    os.write(main, answer.encode() + b"\r")
                    answered = True
            elif process.poll() is not None:
                break
        return process.wait(timeout=10), screen.decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)


def test_a_first_run_asks_where_you_are_offers_the_time_zones_city_and_the_next_run_does_not_ask(env):
    status, screen = run_at_terminal(["nearby", "--radius", "0.5", "--keyword", "movie theatre"], env, answer="Helsinki")
    assert "Where are you? (a place or lat,lon) [Helsinki]:" in screen, screen
    assert status == 0, screen
    assert "Kinopalatsi" in screen
    assert "saved Helsinki, FI as your home" in screen

    status, screen = run_at_terminal(["nearby", "--radius", "0.5", "--keyword", "movie theatre"], env)
    assert status == 0, screen
    assert "Where are you?" not in screen
    assert "Kinopalatsi" in screen


def test_pressing_enter_takes_the_offered_city(env):
    status, screen = run_at_terminal(["nearby", "--limit", "2"], env, answer="")
    assert status == 0, screen
    assert re.search(r"saved Helsinki, FI as your home", screen), screen
    assert "Bio Rex" in screen


def test_without_a_terminal_the_first_run_is_still_one_line_and_asks_nothing(env):
    result = subprocess.run([str(PLANNER), "nearby"], env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            timeout=60)
    assert result.returncode != 0
    assert "Where are you?" not in result.stdout + result.stderr
    assert result.stderr.count("\n") == 1
    assert "no starting point" in result.stderr
