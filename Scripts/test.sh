#!/usr/bin/env bash
# Quick start, step 2: run every test, then say where the time went (also when a step fails). First installs, where
# missing, the system packages planner needs and, while it builds, the tools the tests check output with: Python's
# geojson, icalendar, pytest, requests, openapi-spec-validator, schemathesis, selenium and axe-selenium-python (PyPI),
# and headless Chromium with its driver, sqlite3, man and PostgreSQL (Debian).
# Budget: 8 minutes on 2 cores from a fresh clone, build included.
set -euo pipefail
cd "$(dirname "$0")/.."

# Seconds per phase: `phase NAME` ends the one running and starts NAME; the EXIT trap prints them all.
timings=()
error_log=""
tools_pid=""
tools_log="$(mktemp "${TMPDIR:-/tmp}/planner-test-tools.XXXXXX")"
resolve_log="$(mktemp "${TMPDIR:-/tmp}/planner-resolve.XXXXXX")"
phase_name=""
phase_started=$SECONDS
phase() {
    [[ -z $phase_name ]] || timings+=("$(printf '  %-24s %5d s' "$phase_name" $((SECONDS - phase_started)))")
    phase_name=$1
    phase_started=$SECONDS
}
finish() {
    local status=$?
    # An install left running is waited for, never killed: a killed apt-get can leave dpkg half-configured.
    [[ -z $tools_pid ]] || wait "$tools_pid" 2>/dev/null || true
    rm -f "$tools_log" "$resolve_log"
    [[ -z $error_log ]] || rm -f "$error_log"
    [[ -z $phase_name ]] || timings+=("$(printf '  %-24s %5d s%s' "$phase_name" $((SECONDS - phase_started)) \
        "$([[ $status -eq 0 ]] || echo "   <- failed here (exit $status)")")")
    echo "== Scripts/test.sh: where the time went ($SECONDS s in all; the budget is 480 s on 2 cores)"
    printf '%s\n' "${timings[@]}"
    exit "$status"
}
trap finish EXIT

# The packages the build needs, with the Swift packages fetched beside them (both mostly wait on the network).
phase "system packages, fetch"
swift package resolve >"$resolve_log" 2>&1 &
resolve_pid=$!
bash Scripts/system-packages.sh
wait "$resolve_pid" || { cat "$resolve_log" >&2; exit 1; }

# The architecture's import rules and the README's generated module diagram, before anything is built.
phase "architecture"
python3 Scripts/check-imports.py
python3 Scripts/module-diagram.py --check

# The test tools install while the build runs: the build keeps both cores busy, the install mostly waits on downloads.
(bash Scripts/system-packages.sh --test-tools &&
    { python3 Scripts/python-test-tools.py || pip install --quiet -r Scripts/test-requirements.txt; }) >"$tools_log" 2>&1 &
tools_pid=$!

# A build for running the tests, not for a debugger: no index store (the tests' entry point, Tests/XCTMain.swift,
# needs none) and no debug information, together a third of the build's work (docs/benchmarks-history.md, #29).
# A folder a developer's `swift build` has built (it has an index) keeps that build's flags: changing flags would
# rebuild everything.
phase "build"
build_flags=(--disable-index-store -Xswiftc -gnone)
[[ ! -d "$(swift build --show-bin-path)/index" ]] || build_flags=()
swift build --build-tests "${build_flags[@]}"

phase "test tools (waited for)"
wait "$tools_pid" || { tools_pid=""; cat "$tools_log" >&2; echo "test.sh: installing the test tools failed" >&2; exit 1; }
tools_pid=""
cat "$tools_log"

# Every error line a test provokes, from the CLI or as a problem document's detail, is copied here and checked at
# the end for internals (Error Domain=, (null), Swift type names, DecodingError dumps) and length.
error_log="$(mktemp "${TMPDIR:-/tmp}/planner-error-lines.XXXXXX")"
export PLANNER_ERROR_LOG="$error_log"

# The in-process tests, and the fuzz replay: every fuzz target fed its seeds and the inputs fuzzing found
# (Tests/FuzzReplayTests). Exploring is Scripts/fuzz.sh's, not this command's (FUZZING.md).
# A hung test fails the run after 30 minutes instead of holding CI to its limit.
#
# Run as `swift test --skip-build` would run it, with one option `swift test` cannot pass: at most 8 tests at once.
# Swift Testing otherwise starts all 855 together, and every job of theirs queues on the same two pool threads as
# the in-process fake servers; with the queue that long a fake server answered after the client's 10 s timeout
# (CI failed so, twice). Eight keep the queue short and the cores as busy: the phase takes as long.
phase "swift test"
timeout --kill-after=30 1800 "$(swift build --show-bin-path)/plannerPackageTests.xctest" --testing-library swift-testing \
    --experimental-maximum-parallelization-width 8

# Black-box, for what only a real process shows: a first run on a real pseudo-terminal (TerminalTests), --output on
# devices, FIFOs, links and a full disk (OutputTests), a real `planner serve` on loopback: signals, kill -9, the access
# log, durability, PostgreSQL, the browser (ServerTests), and Scripts/install.sh into a temporary prefix with the
# debug build just made (InstallTests), and routing on real OSRM and Valhalla engines started from their PyPI wheels
# (EngineTests). --durations: the slowest tests, to see where this phase's time goes.
# Two workers (pytest-xdist): alone, the suite ran one process at a time and left a core idle. Each takes half the
# tests and steals from the other when it runs out (a file at a time left one worker idle for a minute); a fixture a
# file shares (a server, PostgreSQL, an engine, the install) then starts once in each worker that needs it.
phase "pytest"
timeout --kill-after=30 1500 python3 -m pytest Tests/ServerTests Tests/InstallTests Tests/EngineTests Tests/TerminalTests \
    Tests/OutputTests \
    -q -p no:cacheprovider --durations=15 -n 2 --dist worksteal

phase "checks"
python3 Scripts/check-error-lines.py "$error_log"
