#!/usr/bin/env bash
# Quick start, step 2: run every test. First installs, where missing, the system packages planner needs and the
# tools the tests check output with: Python's geojson, icalendar, pytest, requests, openapi-spec-validator and
# schemathesis (PyPI), and headless Chromium, sqlite3 and man (Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh --with-test-tools
python3 Scripts/python-test-tools.py || pip install --quiet -r Scripts/test-requirements.txt
swift build --build-tests
# A hung test fails the run after 30 minutes instead of holding CI to its limit.
timeout --kill-after=30 1800 swift test --skip-build
# A first run on a real pseudo-terminal (Tests/TerminalTests), --output on devices, FIFOs, links and a full disk
# (Tests/OutputTests), the HTTP service, black-box: a real `planner serve` on loopback, driven as a client would
# (Tests/ServerTests), and the install: Scripts/install.sh into a temporary prefix (the debug build just made, so no
# release build here), then the installed binary run from elsewhere, its man page and completions (Tests/InstallTests).
timeout --kill-after=30 1500 python3 -m pytest Tests/TerminalTests Tests/OutputTests Tests/ServerTests Tests/InstallTests \
    -q -p no:cacheprovider
