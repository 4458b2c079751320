#!/usr/bin/env bash
# Fuzzing with libFuzzer (FUZZING.md): builds `planner-fuzz` with -sanitize=fuzzer,address in .build-fuzz, then
# runs every parser's target for SECONDS each (default 600), one after the other.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET …]     # e.g. Scripts/fuzz.sh 20 for a test run, Scripts/fuzz.sh 60 csv gzip
#
# Each target starts from its seeds in Fuzz/Corpus/TARGET (plus, where ../shared/data is present, a few of its
# small files) and from what earlier runs found, kept in bench-out/fuzz/TARGET/corpus. A crash, a hang (an input
# taking over 10 s), an AddressSanitizer report or a run past 2 GB of memory leaves its input in
# bench-out/fuzz/TARGET/ (crash-…, timeout-…, oom-…, leak-…) with the log beside it, and makes the script exit 1
# after the other targets have run. Replay one with:
#
#   .build-fuzz/debug/planner-fuzz TARGET bench-out/fuzz/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/fuzz.sh [SECONDS] [TARGET …]" >&2; exit 64; }
shift $(( $# > 0 ? 1 : 0 ))

# -sanitize=fuzzer instruments the Swift code for coverage and links libFuzzer; address adds AddressSanitizer.
# libFuzzer's own `main` cannot be used (SwiftPM aliases `main` to the executable's entry point), so the entry
# point of `planner-fuzz` hands over to libFuzzer's driver (Fuzz/PlannerFuzz). PLANNER_FUZZ=1 makes Package.swift
# declare it.
build=(swift build -c debug --product planner-fuzz -Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz)
out=bench-out/fuzz
mkdir -p "$out"
echo "== PLANNER_FUZZ=1 ${build[*]}"
started=$(date +%s)
# ld.gold warns once per ASan helper symbol that it cannot export: those lines are left out of what is shown.
if ! PLANNER_FUZZ=1 "${build[@]}" >"$out/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$out/build.log" >&2
    echo "fuzz.sh: the build failed" >&2
    exit 1
fi
grep -v "Cannot export local symbol" "$out/build.log" | tail -1
fuzzer="$(PLANNER_FUZZ=1 "${build[@]}" --show-bin-path)/planner-fuzz"
echo "== built in $(( $(date +%s) - started )) s"

mapfile -t known < <("$fuzzer" 2>&1 | awk '/^  [a-z]/ { print $1 }')
targets=("${@:-${known[@]}}")
for target in "${targets[@]}"; do
    if [[ " ${known[*]} " != *" $target "* ]]; then
        echo "fuzz.sh: no target '$target' (targets: ${known[*]})" >&2
        exit 64
    fi
done

# Small real files from ../shared/data, read where present but never copied into the project.
shared_seeds() {
    local data=../shared/data
    [[ -d $data ]] || return 0
    case "$1" in
        csv | catalog-csv) ls "$data"/osm/cinemas_in_osm_extracts.csv ;;
        catalog-geojson) ls "$data"/osm/cinemas_in_osm_extracts.geojson ;;
        film-json) ls "$data"/tmdb/*/*.json ;;
    esac 2>/dev/null | paste -sd, -
}

failed=()
printf '%-16s %9s %7s %7s  %s\n' target "exec/s" cov ft result
for target in "${targets[@]}"; do
    dir="$out/$target"
    mkdir -p "$dir/corpus"
    options=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$dir/")
    # The XML targets check for leaks once, at exit: Foundation's XMLParser, which read them once, leaked on every
    # parse error and made libFuzzer check each such input (over ten times slower). Kept as it was measured.
    case "$target" in osm-xml | finnkino) options+=(-detect_leaks=0) ;; esac
    seeds="$(shared_seeds "$target")"
    [[ -z $seeds ]] || options+=(-seed_inputs="$seeds")
    status=0
    # Swift's own crash reporter would hold the process after a trap; libFuzzer reports and saves the input itself.
    # Leaks inside the toolchain's Foundation are suppressed by name (Fuzz/lsan.supp); planner's own still count.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" \
        timeout --kill-after=30 $(( seconds + 300 )) \
        "$fuzzer" "$target" "${options[@]}" "$dir/corpus" "Fuzz/Corpus/$target" >"$dir/log" 2>&1 || status=$?
    last="$(grep -E "^#[0-9]+" "$dir/log" | tail -1 || true)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log")"
    if [[ $status -eq 0 ]]; then
        result=ok
    else
        cause="$(grep -m1 -E 'ERROR: |SUMMARY: |Fatal error' "$dir/log" || true)"
        result="FOUND (exit $status): $cause — see $dir/log"
        failed+=("$target")
    fi
    printf '%-16s %9s %7s %7s  %s\n' "$target" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
echo "== $(( $(date +%s) - started )) s in all"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz.sh: findings in ${failed[*]} (inputs in $out/)" >&2
    exit 1
fi
