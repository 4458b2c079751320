"""Black-box tests of Scripts/install.sh: install into a temporary PREFIX, then use what was installed, from elsewhere.

Run from the repository root, after building (Scripts/test.sh runs it after the server suite):

    swift build
    python3 -m pytest Tests/InstallTests -q

The script is run once, with PLANNER_BUILD=debug and PLANNER_BIN_DIR: it installs the debug build the suite already
made without building (a release build takes minutes; `bash Scripts/install.sh /tmp/somewhere` checks that path by
hand, and the Quick start builds as install.sh does), generating the man page with
swift-argument-parser's generate-manual plugin and the completions with the installed binary. Every run of the
installed binary is offline and private: no PLANNER_DATA_DIR (unless the test is about it), settings, database and
XDG folders in pytest's temporary directory, and OpenStreetMap's services on a closed port.

Needs Python 3.11+ and pytest. The man page check needs `man` (Debian's man-db and groff-base) and is skipped, saying
so, without it. Knob: PLANNER_INSTALL_TIMEOUT (seconds for install.sh, default 1200: the first run builds the plugin).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Tests/, where the black-box suites keep what they share (loopback.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from loopback import closed_port  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
INSTALL_TIMEOUT = float(os.environ.get("PLANNER_INSTALL_TIMEOUT", "1200"))
# The debug build the test command made, installed as it is (install.sh builds it where it is missing).
DEBUG_BIN = REPO / ".build" / "debug"

INSTALLED_FILES = [
    "bin/planner",
    "bin/planner-server",
    "share/planner/theaters.csv",
    "share/planner/places.csv",
    "share/planner/places.index",
    "share/planner/place-names.csv",
    "share/planner/coverage.csv",
    "share/planner/areas/helsinki.roadgraph",
    "share/man/man1/planner.1",
    "share/bash-completion/completions/planner",
    "share/zsh/site-functions/_planner",
    "share/fish/vendor_completions.d/planner.fish",
]


@pytest.fixture(scope="module")
def prefix(tmp_path_factory) -> Path:
    """A PREFIX that Scripts/install.sh has installed the debug build into."""
    prefix = tmp_path_factory.mktemp("prefix")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PLANNER_") or k == "PLANNER_ERROR_LOG"}
    env["PLANNER_BUILD"] = "debug"
    if all((DEBUG_BIN / name).is_file() for name in ("planner", "planner-server")):
        env["PLANNER_BIN_DIR"] = str(DEBUG_BIN)
    result = subprocess.run(["bash", str(REPO / "Scripts" / "install.sh"), str(prefix)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=INSTALL_TIMEOUT, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"install.sh exited {result.returncode}\n{result.stdout}\n{result.stderr[-6000:]}"
    assert f"into {prefix}" in result.stdout, result.stdout
    return prefix


@pytest.fixture
def user_env(tmp_path) -> dict:
    """An environment with nothing of planner's from the caller's: private settings and database, no data folder."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PLANNER_", "TMDB_", "OMDB_", "FINNKINO_", "OVERPASS_", "NOMINATIM_", "XDG_"))
               or k == "PLANNER_ERROR_LOG"}
    dead = f"http://127.0.0.1:{closed_port()}"
    (tmp_path / "home").mkdir()
    env.update({
        "PLANNER_CONFIG": str(tmp_path / "config.json"),
        "PLANNER_DB": str(tmp_path / "planner.sqlite"),
        "OVERPASS_URL": f"{dead}/api/interpreter",
        "NOMINATIM_URL": dead,
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "HOME": str(tmp_path / "home"),
        "LC_ALL": "C.UTF-8",
    })
    return env


def run(args: list[str], env: dict, cwd: str | Path = "/") -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_the_install_lays_out_the_binary_the_data_the_man_page_and_the_completions(prefix):
    missing = [path for path in INSTALLED_FILES if not (prefix / path).is_file()]
    assert not missing, f"not installed: {missing}"
    assert os.access(prefix / "bin" / "planner", os.X_OK)
    for path in sorted((REPO / "Data").rglob("*")):
        if path.is_file():
            copy = prefix / "share" / "planner" / path.relative_to(REPO / "Data")
            assert copy.read_bytes() == path.read_bytes(), f"{copy} differs from {path}"


def test_the_installed_binary_run_from_another_folder_finds_its_data(prefix, user_env):
    result = run([str(prefix / "bin" / "planner"), "nearby", "--near", "Helsinki"], user_env)
    assert result.returncode == 0, result.stderr
    assert "Kinopalatsi" in result.stdout
    # The bundled road graph came along too: times follow the roads.
    assert "source: road-network" in result.stdout


def test_the_installed_binary_found_through_path_finds_its_data(prefix, user_env):
    # A shell runs `planner` from PATH with argv[0] just "planner".
    user_env["PATH"] = f"{prefix / 'bin'}{os.pathsep}{user_env.get('PATH', '')}"
    result = run(["planner", "nearby", "--near", "Helsinki", "--limit", "3"], user_env)
    assert result.returncode == 0, result.stderr
    assert "Kinopalatsi" in result.stdout


def test_the_installed_planner_hands_users_over_to_the_planner_server_beside_it(prefix, user_env):
    # A shell runs `planner` from PATH; `planner users` is planner-server's, found beside the real planner.
    user_env["PATH"] = f"{prefix / 'bin'}{os.pathsep}{user_env.get('PATH', '')}"
    added = run(["planner", "users", "add", "alice"], user_env)
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("token: plt_"), added.stdout
    listed = run(["planner", "users", "list"], user_env)
    assert listed.returncode == 0, listed.stderr
    assert "alice" in listed.stdout
    # Its errors read as planner's: one line, exit 64 for a bad option.
    bad = run(["planner", "serve", "--port", "70000"], user_env)
    assert bad.returncode == 64
    assert bad.stderr == "planner: error: --port must be from 0 to 65535, not 70000\n"


def test_a_planner_without_planner_server_beside_it_says_how_to_get_it(prefix, user_env, tmp_path):
    lonely = tmp_path / "lonely" / "bin"
    lonely.mkdir(parents=True)
    shutil.copy2(prefix / "bin" / "planner", lonely / "planner")
    result = run([str(lonely / "planner"), "serve", "--port", "0"], user_env)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("planner: error: 'planner serve' is run by planner-server, which is not beside planner")
    assert "--product planner-server" in lines[0]


def test_a_planner_data_dir_that_holds_data_wins_over_the_installed_data(prefix, user_env, tmp_path):
    # Given a copy of the data with Kinopalatsi renamed
    mine = tmp_path / "my-data"
    shutil.copytree(prefix / "share" / "planner", mine)
    theaters = mine / "theaters.csv"
    theaters.write_text(theaters.read_text(encoding="utf-8").replace("Kinopalatsi", "Kinopalatsi Mine"),
                        encoding="utf-8")
    user_env["PLANNER_DATA_DIR"] = str(mine)
    # Then the installed binary reads that copy
    result = run([str(prefix / "bin" / "planner"), "nearby", "--near", "Helsinki"], user_env)
    assert result.returncode == 0, result.stderr
    assert "Kinopalatsi Mine" in result.stdout


def test_a_binary_without_data_names_the_three_places_it_looked(prefix, user_env, tmp_path):
    # Given the binary alone in a bin folder, with no share/planner beside it
    lonely = tmp_path / "lonely" / "bin"
    lonely.mkdir(parents=True)
    shutil.copy2(prefix / "bin" / "planner", lonely / "planner")
    user_env["PLANNER_DATA_DIR"] = str(tmp_path / "nothing-here")
    result = run([str(lonely / "planner"), "nearby", "--near", "Helsinki"], user_env)
    assert result.returncode != 0
    line = result.stderr.strip()
    assert line.startswith("planner: error: "), line
    assert f"PLANNER_DATA_DIR={tmp_path / 'nothing-here'}" in line
    assert f"{lonely}/Data" in line
    assert f"{tmp_path / 'lonely'}/share/planner" in line


def test_the_installed_man_page_renders(prefix, user_env):
    if shutil.which("man") is None:
        pytest.skip("`man` is not installed (Debian: apt-get install man-db groff-base), so the page was not rendered")
    user_env.update({"MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"})
    result = run(["man", "-l", str(prefix / "share" / "man" / "man1" / "planner.1")], user_env)
    assert result.returncode == 0, result.stderr
    assert "NAME" in result.stdout and "SYNOPSIS" in result.stdout
    for word in ("planner", "nearby", "--near", "watchlist"):
        assert word in result.stdout, f"{word!r} is not in the rendered page"


def test_the_man_page_keeps_unicode_and_lists_the_environment_and_the_exit_codes(prefix, user_env):
    if shutil.which("man") is None:
        pytest.skip("`man` is not installed (Debian: apt-get install man-db groff-base), so the page was not rendered")
    user_env.update({"MANWIDTH": "200", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    result = run(["man", "-l", str(prefix / "share" / "man" / "man1" / "planner.1")], user_env)
    assert result.returncode == 0, result.stderr
    page = re.sub(r"[ \t]+", " ", re.sub(r".\x08", "", result.stdout))  # no overstrike bold, no justification
    assert "0.5 ≈ 55.6 km" in page, "the radius' ≈ was lost"
    assert "1–500" in page
    environment = page.split("ENVIRONMENT", 1)[1].split("EXIT STATUS", 1)[0]
    for variable in ("TMDB_READ_ACCESS_TOKEN", "TMDB_API_KEY", "OMDB_API_KEY", "GRACENOTE_API_KEY", "PLANNER_DB",
                     "PLANNER_CONFIG", "PLANNER_DATA_DIR"):
        assert variable in environment, f"{variable} is not under ENVIRONMENT"
    exit_status = page.split("EXIT STATUS", 1)[1]
    for code in ("0", "1", "2", "64", "74"):
        assert re.search(rf"^ ?{code}\b", exit_status, re.M), f"exit code {code} is not under EXIT STATUS"


def test_the_installed_completions_are_for_planner(prefix):
    bash = prefix / "share" / "bash-completion" / "completions" / "planner"
    syntax = subprocess.run(["bash", "-n", str(bash)], capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr
    assert "complete" in bash.read_text() and "nearby" in bash.read_text()
    assert (prefix / "share" / "zsh" / "site-functions" / "_planner").read_text().startswith("#compdef planner")
    fish = (prefix / "share" / "fish" / "vendor_completions.d" / "planner.fish").read_text()
    assert "complete -c 'planner'" in fish and "nearby" in fish


def test_a_bin_dir_without_the_binaries_is_one_line_and_installs_nothing(tmp_path, user_env):
    empty = tmp_path / "empty"
    empty.mkdir()
    prefix = tmp_path / "prefix"
    env = dict(user_env, PLANNER_BUILD="debug", PLANNER_BIN_DIR=str(empty))
    result = subprocess.run(["bash", str(REPO / "Scripts" / "install.sh"), str(prefix)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip().splitlines() == [
        f"planner: error: PLANNER_BIN_DIR is '{empty}', which holds no executable planner"], result.stderr
    assert not any(prefix.rglob("*")), list(prefix.rglob("*"))
