#!/usr/bin/env bash
# Quick start, step 1: install the system packages, build, and run the main job on the bundled data.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh
swift build --product planner
.build/debug/planner nearby --near Helsinki --radius 0.5 --keyword "movie theatre"
