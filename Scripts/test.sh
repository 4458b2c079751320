#!/usr/bin/env bash
# Quick start, step 2: run every test (the system packages are installed first where missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh
swift build --build-tests
swift test --skip-build
