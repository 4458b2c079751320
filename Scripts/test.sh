#!/usr/bin/env bash
# Quick start, step 2: run every test. First installs, where missing, the system packages planner needs and the
# reference tools the tests check output with: Python's geojson and icalendar packages, and headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh --with-test-tools
python3 -c 'import geojson, icalendar' 2>/dev/null || pip install --quiet 'geojson==3.3.0' 'icalendar==7.3.0'
swift build --build-tests
swift test --skip-build
