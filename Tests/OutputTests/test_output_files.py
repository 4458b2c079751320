"""`--output` as a person uses it: devices, FIFOs, symbolic links, `-`, and a full disk.

Run from the repository root after building: `python3 -m pytest Tests/OutputTests -q` (PLANNER=path overrides
.build/debug/planner). The device tests make their own /dev/full twin with mknod (root only) rather than touch
the real one; the full-disk test mounts a 64 KiB tmpfs (root only), and each says why when it skips.
"""

import os
import stat
import subprocess
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PLANNER = Path(os.environ.get("PLANNER") or REPO / ".build" / "debug" / "planner").resolve()
NEARBY = ["nearby", "--near", "60.1699,24.9384", "--offline"]


@pytest.fixture
def env(tmp_path):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PLANNER_", "TMDB_"))
               or k == "PLANNER_ERROR_LOG"}
    environment.update({"PLANNER_DATA_DIR": str(REPO / "Data"), "PLANNER_CONFIG": str(tmp_path / "config.json"),
                        "PLANNER_DB": str(tmp_path / "planner.sqlite")})
    return environment


def planner(env, *arguments, **kwargs):
    return subprocess.run([str(PLANNER), *arguments], env=env, capture_output=True, text=True, timeout=60, **kwargs)


def test_output_to_a_full_device_is_one_line_and_a_non_zero_exit_and_the_device_stays_a_device(env, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mknod of a /dev/full twin needs root")
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    result = planner(env, *NEARBY, "--output", str(full))
    assert result.returncode != 0
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr, result.stderr
    assert stat.S_ISCHR(os.stat(full).st_mode), "the device node was replaced"


def test_output_to_dev_null_and_to_dash_work(env):
    assert planner(env, *NEARBY, "--output", "/dev/null").returncode == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    dash = planner(env, *NEARBY, "--output", "-")
    assert dash.returncode == 0 and "Kinopalatsi" in dash.stdout


def test_output_to_a_fifo_reaches_its_reader(env, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    result = planner(env, *NEARBY, "--output", str(fifo))
    reader.join(timeout=30)
    assert result.returncode == 0, result.stderr
    assert "Kinopalatsi" in received[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symbolic_link_stays_a_link_and_the_file_it_points_to_is_replaced(env, tmp_path):
    (tmp_path / "real.txt").write_text("old\n")
    (tmp_path / "link.txt").symlink_to("real.txt")
    result = planner(env, *NEARBY, "--output", str(tmp_path / "link.txt"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "link.txt").is_symlink()
    assert "Kinopalatsi" in (tmp_path / "real.txt").read_text()


def test_relative_links_are_followed_from_their_own_folder_and_nothing_is_written_outside_it(env, tmp_path):
    """`link.json -> t.json` named from its own folder once wrote `/t.json`: a relative target was read against `/`."""
    work = tmp_path / "work"
    (work / "sub").mkdir(parents=True)
    (work / "link.json").symlink_to("t.json")
    (work / "sub" / "l2.json").symlink_to("../t2.json")
    before = set(os.listdir("/")), set(os.listdir(tmp_path))
    for name, target in (("link.json", "t.json"), ("sub/l2.json", "t2.json")):
        result = planner(env, *NEARBY, "--format", "json", "--output", name, cwd=work)
        assert result.returncode == 0, result.stderr
        assert '"Kinopalatsi"' in (work / target).read_text(), target
    assert (work / "link.json").is_symlink() and (work / "sub" / "l2.json").is_symlink()
    assert sorted(os.listdir(work)) == ["link.json", "sub", "t.json", "t2.json"]
    assert sorted(os.listdir(work / "sub")) == ["l2.json"]
    assert (set(os.listdir("/")), set(os.listdir(tmp_path))) == before, "a file appeared outside the folder"


def test_a_chain_of_relative_links_through_folders_ends_at_the_last_target(env, tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "first.json").symlink_to("a/second.json")
    (tmp_path / "a" / "second.json").symlink_to("b/third.json")
    (tmp_path / "a" / "b" / "third.json").symlink_to("../../final.json")
    result = planner(env, *NEARBY, "--format", "json", "--output", "first.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"Kinopalatsi"' in (tmp_path / "final.json").read_text()
    assert all(p.is_symlink() for p in (tmp_path / "first.json", tmp_path / "a" / "second.json",
                                         tmp_path / "a" / "b" / "third.json"))


def test_a_full_disk_is_one_line_and_leaves_the_existing_file_as_it_was(env, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("this machine does not let a test mount a tmpfs")
    try:
        target = disk / "out.txt"
        target.write_text("the old answer\n")
        with open(disk / "filler", "wb", buffering=0) as filler:  # every block taken
            try:
                while True:
                    filler.write(b"x" * 1024)
            except OSError:
                pass
        result = planner(env, *NEARBY, "--output", str(target))
        assert result.returncode != 0
        assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr, result.stderr
        assert target.read_text() == "the old answer\n"
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "out.txt"], "a temporary file was left behind"
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_standard_output_that_cannot_be_written_is_one_line_and_a_non_zero_exit(env):
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(PLANNER), *NEARBY], env=env, stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=60)
    assert result.returncode != 0
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr, result.stderr
