#!/usr/bin/env bash
# Quick start, step 2: run every test. First installs, where missing, the system packages planner needs and the
# tools the tests check output with: Python's geojson, icalendar, pytest, requests, openapi-spec-validator and
# schemathesis (PyPI), and headless Chromium, sqlite3 and man (Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh --with-test-tools
python3 Scripts/python-test-tools.py || pip install --quiet -r Scripts/test-requirements.txt
swift build --build-tests
# Every error line a test provokes, from the CLI or as a problem document's detail, is copied here and checked at
# the end for internals (Error Domain=, (null), Swift type names, DecodingError dumps) and length.
export PLANNER_ERROR_LOG
PLANNER_ERROR_LOG="$(mktemp "${TMPDIR:-/tmp}/planner-error-lines.XXXXXX")"
trap 'rm -f "$PLANNER_ERROR_LOG"' EXIT
# A hung test fails the run after 30 minutes instead of holding CI to its limit.
timeout --kill-after=30 1800 swift test --skip-build
# A first run on a real pseudo-terminal (Tests/TerminalTests), --output on devices, FIFOs, links and a full disk
# (Tests/OutputTests), the HTTP service, black-box: a real `planner serve` on loopback, driven as a client would
# (Tests/ServerTests), and the install: Scripts/install.sh into a temporary prefix (the debug build just made, so no
# release build here), then the installed binary run from elsewhere, its man page and completions (Tests/InstallTests).
timeout --kill-after=30 1500 python3 -m pytest Tests/TerminalTests Tests/OutputTests Tests/ServerTests Tests/InstallTests \
    -q -p no:cacheprovider
python3 Scripts/check-error-lines.py "$PLANNER_ERROR_LOG"
# Every fuzz target, briefly (20 s each, about 5.5 min with the sanitizer build): a crash fails the run, and its
# input is left in bench-out/fuzz. Scripts/fuzz.sh alone runs each for 10 minutes (FUZZING.md).
Scripts/fuzz.sh 20
