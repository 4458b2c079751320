#!/usr/bin/env bash
# Writes Scripts/startup-order.txt: the functions the release `planner` runs for its common commands, in the order
# valgrind's callgrind first lists them. The release link (Package.swift, the PlannerCLI target) hands the file to
# lld as --symbol-ordering-file, so that those functions lie together at the start of the binary's code instead of
# spread over its 30 MB: a run then maps a fraction of the pages (the README's search: 34 -> 25 MB of peak RSS, and
# about 450 page faults fewer; BENCHMARKS.md, start-up).
#
# Usage: Scripts/startup-order.sh   (run again after large changes; names no longer in the binary are ignored by the
#                                    link, and functions missing from the list are only not grouped)
# Needs valgrind (Debian: apt-get install -y valgrind), which cannot read the binary's debug information: it runs a
# copy without it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "startup-order: valgrind is missing (apt-get install -y valgrind)" >&2; exit 1; }
build=(swift build -c release --static-swift-stdlib --scratch-path .build-install)
"${build[@]}" --product planner >&2
work=$(mktemp -d "${TMPDIR:-/tmp}/planner-order.XXXXXX")
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/planner" "$("${build[@]}" --show-bin-path)/planner"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" PLANNER_DATA_DIR="$PWD/Data"
mkdir -p "$HOME"
record() {  # record NAME ARGUMENTS...: one callgrind run of the stripped binary
    local name=$1
    shift
    valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$work/run-$name.out" "$work/planner" "$@" >/dev/null 2>&1 || true
    sleep 1.1  # Nominatim's pacing, as a person would run them
}
record 1 nearby --near Helsinki --radius 0.5 --keyword "movie theatre"
record 2 nearby --offline --near 60.1699,24.9384 --format json
record 3 routes --offline --near 60.1699,24.9384
record 4 route --near 60.1699,24.9384 --to Kinopalatsi
record 5 --version
python3 - "$work" >Scripts/startup-order.txt <<'EOF'
import glob, os, sys
seen = set()
for path in sorted(glob.glob(os.path.join(sys.argv[1], "run-*.out"))):
    obj = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            obj = line[3:].strip()
        elif line.startswith("fn=") and obj and obj.endswith("/planner"):
            name = line[3:].strip()
            if name and not name.startswith("0x") and " " not in name and name not in seen:
                seen.add(name)
                print(name)
EOF
echo "startup-order: $(wc -l <Scripts/startup-order.txt) functions in Scripts/startup-order.txt" >&2
