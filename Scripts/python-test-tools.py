"""Exits 0 when every package of Scripts/test-requirements.txt is installed at its pinned version and its module is
there to import, else 1.

Scripts/test.sh runs pip only when this fails, so that a machine with the tools does not wait on the package index.
"""
import importlib.util
import sys
from importlib import metadata
from pathlib import Path

wanted = [line.split("==") for line in (Path(__file__).parent / "test-requirements.txt").read_text().splitlines()
          if line and not line.startswith("#")]
missing = []
for name, version in wanted:
    try:
        installed = metadata.version(name) == version
    except metadata.PackageNotFoundError:
        installed = False
    # Each package imports as its name with '_' for '-' (selenium, axe_selenium_python, openapi_spec_validator),
    # but pytest-xdist, which imports as xdist.
    module = {"pytest-xdist": "xdist"}.get(name, name.replace("-", "_"))
    if not installed or importlib.util.find_spec(module) is None:
        missing.append(f"{name}=={version}")
if missing:
    print("planner: installing " + " ".join(missing), file=sys.stderr)
sys.exit(1 if missing else 0)
