#!/usr/bin/env bash
# Quick start, step 1: install the system packages, build planner and planner-server, and run the main job on the
# bundled data.
# It builds the release binary with the Swift runtime linked in, the one Scripts/install.sh installs (in the same
# folder, .build-install, so that installing afterwards rebuilds nothing of it): the first run shows the real speed.
# The tests (Scripts/test.sh) build and use the debug binary in .build, so the two never undo each other's work.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/system-packages.sh
# shellcheck source=Scripts/release-build.sh
. Scripts/release-build.sh
build=("${release_build[@]}")
"${build[@]}" --product planner
# planner-server beside it: `planner serve`, `users` and `db` hand over to it, so the service runs from here too.
"${build[@]}" --product planner-server
"$("${build[@]}" --show-bin-path)/planner" nearby --near Helsinki --radius 0.5 --keyword "movie theatre"
