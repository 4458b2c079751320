#!/usr/bin/env bash
# Writes Scripts/startup-order.txt: the functions the release `planner` runs for its common commands (the README's
# searches, then the film and showtimes commands with warm caches), in the order valgrind's callgrind first lists
# them. The release link (Package.swift, the PlannerCLI target) hands the file to lld as --symbol-ordering-file, so
# that those functions lie together at the start of the binary's code instead of spread over all of it: a run then
# maps a fraction of the pages (the figures: BENCHMARKS.md, start-up).
#
# Usage: Scripts/startup-order.sh   (run again after large changes; names no longer in the binary are ignored by the
#                                    link, and functions missing from the list are only not grouped)
# Needs valgrind (Debian: apt-get install -y valgrind), which cannot read the binary's debug information: it runs a
# copy without it; python3 (3.9+) and curl, for the fakes.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "startup-order: valgrind is missing (apt-get install -y valgrind)" >&2; exit 1; }
# shellcheck source=Scripts/release-build.sh
. Scripts/release-build.sh
build=("${release_build[@]}")
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
# The film and showtimes commands with warm caches (#30), run as Scripts/bench-startup.sh runs them: TMDb and
# Finnkino are the tests' fakes on loopback (Scripts/fake-upstreams.sh), films 100 and 101 on the watchlist, and
# each command run once before it is recorded, so that the recording is of a run that reads its caches.
# shellcheck source=Scripts/fake-upstreams.sh
. Scripts/fake-upstreams.sh
die() { echo "startup-order: $*" >&2; exit 1; }
trap 'fakes_stop; rm -rf "$work"' EXIT
fakes_start "$work/fakes"
fakes_env "$work/cached"
day=$(python3 -c 'import datetime, zoneinfo
print(datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Helsinki")).date() + datetime.timedelta(days=1))')
"$work/planner" watchlist add 100 >/dev/null
"$work/planner" watchlist add 101 >/dev/null
cached=("now-playing --region FI" "showtimes --near 60.1699,24.9384 --date $day"
    "plan --near 60.1699,24.9384 --date $day --after 18:00" "suggest --near 60.1699,24.9384 --region FI"
    "watchlist list")
for i in "${!cached[@]}"; do
    # shellcheck disable=SC2086  # the arguments hold no spaces
    "$work/planner" ${cached[$i]} >/dev/null || die "planner ${cached[$i]} failed"
    # shellcheck disable=SC2086
    record $((6 + i)) ${cached[$i]}
done
python3 - "$work" >Scripts/startup-order.txt <<'EOF'
import glob, os, re, sys
seen = set()
runs = glob.glob(os.path.join(sys.argv[1], "run-*.out"))
for path in sorted(runs, key=lambda path: int(re.search(r"run-(\d+)\.out$", path).group(1))):
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
