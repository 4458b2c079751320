"""Exits 0 when every package of Scripts/test-requirements.txt is installed at its pinned version, else 1."""
import sys
from importlib import metadata
from pathlib import Path

wanted = [line.split("==") for line in (Path(__file__).parent / "test-requirements.txt").read_text().splitlines()
          if line and not line.startswith("#")]
missing = []
for name, version in wanted:
    try:
        if metadata.version(name) != version:
            missing.append(f"{name}=={version}")
    except metadata.PackageNotFoundError:
        missing.append(f"{name}=={version}")
if missing:
    print("planner: installing " + " ".join(missing), file=sys.stderr)
sys.exit(1 if missing else 0)
