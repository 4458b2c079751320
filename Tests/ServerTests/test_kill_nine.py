"""A fault test for the database: every writer killed with SIGKILL 20 times, at random moments.

The writers are `planner sync` and `planner watchlist import` here, and `planner areas import` and `planner serve`
under a write load in test_kill_nine_server.py. Each round starts the writer, kills it after a random delay drawn from the time an uninterrupted run takes,
and then checks three things: `PRAGMA integrity_check` says ok, nothing written by an earlier run that
finished (or, for the server, answered) is missing, and the next command runs. Each test also asserts that at least a
quarter of the kills landed while the writer was still running, so that it cannot pass by killing finished
processes.

PLANNER_KILL_ROUNDS sets the number of rounds (default 20).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from conftest import PLANNER, Workspace, _die_with_parent, _track

ROUNDS = int(os.environ.get("PLANNER_KILL_ROUNDS", "20"))
# Films in each watchlist import: enough that most of a run is its one transaction (a debug build's start is a few
# hundredths of a second of it), few enough for 20 rounds of a killed import and a whole one within the test command's
# budget.
FILMS_PER_IMPORT = 500


def integrity(db: Path) -> str:
    """`PRAGMA integrity_check` of the database file (opened read-write, so that a WAL left behind is recovered)."""
    connection = sqlite3.connect(str(db), timeout=30)
    try:
        return ";".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
    finally:
        connection.close()


def watchlist_ids(db: Path) -> set[int]:
    connection = sqlite3.connect(str(db), timeout=30)
    try:
        return {row[0] for row in connection.execute(
            "SELECT filmId FROM listEntry JOIN user ON user.id = listEntry.userId "
            "WHERE user.name = 'local' AND listEntry.list = 'watchlist'")}
    finally:
        connection.close()


def timed_run(workspace: Workspace, *args: str) -> float:
    started = time.monotonic()
    workspace.cli(*args)
    return time.monotonic() - started


def run_and_kill(workspace: Workspace, args: list[str], delay: float) -> bool:
    """Starts `planner ARGS`, SIGKILLs it after `delay` seconds; True if it was still running when killed."""
    env = dict(workspace.env)
    env["PLANNER_DB"] = str(workspace.db)
    process = _track(subprocess.Popen([str(PLANNER), *args], env=env, stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      preexec_fn=_die_with_parent))
    time.sleep(delay)
    running = process.poll() is None
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    return running


def assert_kills_landed(running: list[bool]):
    """At least a quarter of the kills must find the writer running, or the test proves nothing (the delays are
    drawn from one timed run, and a loaded machine makes the runs vary)."""
    assert sum(running) >= len(running) // 4, (
        f"only {sum(running)} of {len(running)} kills found the writer still running: the delays are too long")


def without_age(answer: bytes):
    """A JSON answer without its `source` (the cache's age in seconds changes while the test runs)."""
    document = json.loads(answer)
    if isinstance(document, dict):
        document.pop("source", None)
    return document


def snapshot(first_id: int, count: int) -> dict:
    films = [{"film": {"id": first_id + i, "title": f"Kill test film {first_id + i}", "needsDetails": False},
              "releases": [], "diary": {}} for i in range(count)]
    entries = [{"filmID": first_id + i, "addedAt": "2026-01-01T00:00:00Z", "priority": 0} for i in range(count)]
    return {"formatVersion": 1, "films": films, "watchlist": entries, "favorites": []}


def test_watchlist_import_killed_20_times_imports_all_or_nothing_and_loses_nothing(workspace):
    rng = random.Random(11)
    files = []
    for round_number in range(ROUNDS + 1):
        path = workspace.root / f"import-{round_number}.json"
        path.write_text(json.dumps(snapshot(1_000_000 + round_number * 10_000, FILMS_PER_IMPORT)))
        files.append(path)
    # The first file, imported whole, is the acknowledged write every round must keep; it also times a run.
    duration = timed_run(workspace, "watchlist", "import", str(files[0]))
    kept = set(range(1_000_000, 1_000_000 + FILMS_PER_IMPORT))
    running = []
    for round_number in range(1, ROUNDS + 1):
        running.append(run_and_kill(workspace, ["watchlist", "import", str(files[round_number])],
                                    rng.uniform(0, duration)))
        assert integrity(workspace.db) == "ok", f"round {round_number}"
        stored = watchlist_ids(workspace.db)
        assert kept <= stored, f"round {round_number}: {len(kept - stored)} imported films are gone"
        first = 1_000_000 + round_number * 10_000
        this_round = {i for i in stored if first <= i < first + FILMS_PER_IMPORT}
        assert len(this_round) in (0, FILMS_PER_IMPORT), f"round {round_number}: a half import of {len(this_round)} films"
        # The next command runs, and finishes the import.
        workspace.cli("watchlist", "import", str(files[round_number]))
        kept |= set(range(first, first + FILMS_PER_IMPORT))
        assert kept <= watchlist_ids(workspace.db)
    assert_kills_landed(running)


def test_sync_killed_20_times_leaves_a_sound_cache_and_the_next_sync_runs(workspace):
    rng = random.Random(12)
    duration = timed_run(workspace, "sync", "--region", "FI", "--refresh")
    # What the finished sync cached answers offline.
    before = workspace.cli("now-playing", "--offline", "--format", "json").stdout
    assert without_age(before), "the finished sync cached no now-playing films"
    running = []
    for round_number in range(ROUNDS):
        running.append(run_and_kill(workspace, ["sync", "--region", "FI", "--refresh"], rng.uniform(0, duration)))
        assert integrity(workspace.db) == "ok", f"round {round_number}"
        after = workspace.cli("now-playing", "--offline", "--format", "json").stdout
        assert without_age(after) == without_age(before), f"round {round_number}: the cached answer changed"
        workspace.cli("sync", "--region", "FI", "--refresh")
    assert_kills_landed(running)
