"""The fault test of test_kill_nine.py for the two other writers: `planner areas import`, and `planner serve` under a
write load, each killed with SIGKILL 20 times at random moments (PLANNER_KILL_ROUNDS sets the number).
"""

from __future__ import annotations

import json
import random
import threading

import pytest

from conftest import REPO
from test_durability import list_ids, sigkill_after, write_under_load
from test_kill_nine import ROUNDS, assert_kills_landed, integrity, run_and_kill, timed_run

SHARED_OSM = REPO.parent / "shared" / "data" / "osm"
MONACO = (43.7396, 7.4246)


@pytest.mark.skipif(not (SHARED_OSM / "osrm_monaco.osm.pbf").exists(),
                    reason="../shared/data/osm/osrm_monaco.osm.pbf is absent (CI always has it)")
def test_areas_import_killed_20_times_keeps_the_area_it_replaces(workspace):
    rng = random.Random(13)
    extract = SHARED_OSM / "osrm_monaco.osm.pbf"
    near = f"{MONACO[0]},{MONACO[1]}"
    duration = timed_run(workspace, "areas", "import", str(extract), "--name", "monaco")
    expected = workspace.cli("nearby", "--near", near, "--format", "json").stdout
    running = []
    for round_number in range(ROUNDS):
        running.append(run_and_kill(workspace, ["areas", "import", str(extract), "--name", "monaco"],
                                    rng.uniform(0, duration)))
        listed = workspace.cli("areas", "list").stdout.decode()
        assert "monaco" in listed, f"round {round_number}: the imported area is gone\n{listed}"
        answer = workspace.cli("nearby", "--near", near, "--format", "json").stdout
        assert json.loads(answer) == json.loads(expected), f"round {round_number}: the area answers differently"
        if workspace.db.exists():
            assert integrity(workspace.db) == "ok", f"round {round_number}"
        workspace.cli("areas", "import", str(extract), "--name", "monaco")
    leftovers = [p.name for p in (workspace.db.parent / "areas").iterdir() if not p.name.endswith(".roadgraph")]
    assert not leftovers, f"files other than areas were left behind: {leftovers}"
    assert_kills_landed(running)


def test_planner_serve_killed_20_times_under_write_load_loses_no_answered_write(start_server, workspace):
    rng = random.Random(14)
    user = workspace.add_user("killed")
    answered: set[int] = set()
    kills_under_load = 0
    for round_number in range(ROUNDS):
        server = start_server("--rate-limit", "100000")
        stop = threading.Event()
        acknowledged, workers = write_under_load(server, user, stop, threads=8, first_id=2_000_000 + round_number * 100_000)
        kills_under_load += sigkill_after(server, stop, workers, rng.uniform(0.2, 0.8), check=lambda: bool(acknowledged))
        answered |= acknowledged
        assert integrity(workspace.db) == "ok", f"round {round_number}"
        restarted = start_server("--rate-limit", "100000")
        stored = list_ids(restarted, user)
        missing = answered - stored
        assert not missing, f"round {round_number}: {len(missing)} of {len(answered)} answered writes are gone"
        assert restarted.stop() == 0
    assert kills_under_load >= ROUNDS // 2, f"only {kills_under_load} kills came after a write was answered"
