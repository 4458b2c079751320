#!/usr/bin/env bash
# Quick start, step 2: run every test. First installs, where missing, the system packages planner needs and the
# reference tools the tests check output with: Python's geojson and icalendar packages, and headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh --with-test-tools
python3 -c 'import geojson, icalendar' 2>/dev/null || pip install --quiet 'geojson==3.3.0' 'icalendar==7.3.0'
swift build --build-tests
# A hung test fails the run after 30 minutes instead of holding CI to its limit.
timeout --kill-after=30 1800 swift test --skip-build
