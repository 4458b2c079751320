#!/usr/bin/env bash
# `planner serve` on SQLite against PostgreSQL, and two instances on one PostgreSQL, with wrk; pgbench's own
# TPC-B-like figure on the same cluster, for scale. One run, one machine.
#
# The load (Scripts/wrk_mixed.lua): one write for every nine reads, each request one of 16 users at random. Writes alternate
# between POST /v1/me/watchlist (a film from a pool of 200; the fake TMDb answers its details, cached after the
# first time) and PUT /v1/me/ratings/100; reads between GET /v1/me/watchlist and GET /v1/me/suggest (near central
# Helsinki: the watchlist joined with now playing and the nearest cinemas, routed). Configurations:
#   sqlite   one instance, --db a fresh SQLite file
#   pg1      one instance, --database a fresh PostgreSQL database
#   pg2      two instances on one fresh PostgreSQL database, two wrk processes at once (half the connections each)
# Each runs WARMUP s unreported, then DURATION s at CONNS connections in all. Then pgbench -i -s 10 and
# pgbench -c CONNS -j 2 -T DURATION (TPC-B-like) on the same cluster.
#
# Usage: Scripts/bench-storage.sh   (table on stdout, raw output in bench-out/storage/)
# Environment: DURATION (15), CONNS (32), WARMUP (3), PLANNER_BIN (instead of building .build/release/planner).
# Needs: wrk and postgresql (Debian; installed when missing and root), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
DURATION=${DURATION:-15}
CONNS=${CONNS:-32}
WARMUP=${WARMUP:-3}
out="$root/bench-out/storage"
mkdir -p "$out"
die() { echo "bench-storage: error: $*" >&2; exit 1; }

for tool in wrk:wrk pgbench:postgresql; do
    command -v "${tool%%:*}" > /dev/null && continue
    [[ $(id -u) -eq 0 ]] || die "${tool%%:*} is missing: apt-get install -y ${tool#*:}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool#*:}" > /dev/null
done

if [[ -n ${PLANNER_BIN:-} ]]; then planner=$PLANNER_BIN; else
    echo "== swift build -c release --product planner, then planner-server (which runs 'planner serve')" >&2
    { swift build -c release --product planner && swift build -c release --product planner-server; } \
        > "$out/build.log" 2>&1 || die "the release build failed: $out/build.log"
    planner=$root/.build/release/planner
fi

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2> /dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
    bash "$root/Scripts/throwaway-postgres.sh" stop "$work/pg" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

base=$(bash "$root/Scripts/throwaway-postgres.sh" start "$work/pg")
base=${base%/*}
port=${base##*:}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

tmdb_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/Scripts/fake_tmdb.py" --port "$tmdb_port" --latency-ms 0 --pages 2 > /dev/null 2>&1 &
pids+=($!)
echo '{"region": "FI"}' > "$work/config.json"
export PLANNER_DATA_DIR="$root/Data" PLANNER_CONFIG="$work/config.json" TMDB_API_KEY=bench \
    TMDB_BASE_URL="http://127.0.0.1:$tmdb_port/3" FINNKINO_BASE_URL="http://127.0.0.1:9/xml" \
    OVERPASS_URL="http://127.0.0.1:9/api/interpreter" NOMINATIM_URL="http://127.0.0.1:9" \
    XDG_DATA_HOME="$work/xdg" PLANNER_DB="$work/unused.sqlite"
for _ in $(seq 1 50); do curl -s "http://127.0.0.1:$tmdb_port/" > /dev/null 2>&1 && break; sleep 0.1; done

# store_args CONFIG: a fresh store for one configuration, with 16 users whose tokens go in $work/CONFIG.tokens.
fresh_store() {
    local config=$1 args
    if [[ $config == sqlite ]]; then
        args=(--db "$work/$config.sqlite")
    else
        "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U planner "$config"
        args=(--database "$base/$config")
        "$planner" db migrate "${args[@]}" > /dev/null
    fi
    local tokens=()
    for k in $(seq 1 16); do
        tokens+=("$("$planner" users add "user$k" "${args[@]}" 2> /dev/null | sed -n 's/^token: //p')")
    done
    (IFS=,; echo "${tokens[*]}") > "$work/$config.tokens"
    printf '%s\n' "${args[@]}"
}

# start_server ARGS…: prints the URL once it answers.
start_server() {
    local log="$work/serve-$RANDOM.log"
    "$planner" serve --host 127.0.0.1 --port 0 --rate-limit 1000000 "$@" > "$log.out" 2> "$log" &
    pids+=($!)
    for _ in $(seq 1 600); do
        local url
        url=$(sed -n 's/^listening on //p' "$log.out")
        [[ -n $url ]] && curl -sf "$url/healthz" > /dev/null && { echo "$url"; return; }
        sleep 0.1
    done
    die "planner serve did not start: $(tail -3 "$log")"
}

# prepare URL TOKENS: every user puts film 100 on their list, so that the ratings have something to rate.
prepare() {
    local url=$1 token
    IFS=, read -ra list <<< "$2"
    for token in "${list[@]}"; do
        curl -sf -X POST -H "Authorization: Bearer $token" -d '{"id":100}' "$url/v1/me/watchlist" > /dev/null
    done
}

# run NAME URL CONNECTIONS: one wrk run; its SUMMARY line in $out/NAME.txt.
run() {
    TOKENS=$(cat "$work/$config.tokens") wrk -t 2 -c "$3" -d "${DURATION}s" --latency -s "$root/Scripts/wrk_mixed.lua" \
        "$2" > "$out/$1.txt" 2>&1
}
field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" "$out/$1.txt" | head -1; }

declare -A rps p99 errors
for config in sqlite pg1 pg2; do
    echo "== $config" >&2
    mapfile -t args < <(fresh_store "$config")
    tokens=$(cat "$work/$config.tokens")
    first=$(start_server "${args[@]}")
    prepare "$first" "$tokens"
    if [[ $config == pg2 ]]; then
        second=$(start_server "${args[@]}")
        TOKENS=$tokens wrk -t 1 -c 8 -d "${WARMUP}s" -s "$root/Scripts/wrk_mixed.lua" "$first" > /dev/null 2>&1 &
        TOKENS=$tokens wrk -t 1 -c 8 -d "${WARMUP}s" -s "$root/Scripts/wrk_mixed.lua" "$second" > /dev/null 2>&1
        wait $!
        run "$config-a" "$first" $((CONNS / 2)) &
        run "$config-b" "$second" $((CONNS / 2))
        wait $!
        rps[$config]=$(python3 -c "print(round($(field "$config-a" rps) + $(field "$config-b" rps)))")
        p99[$config]=$(python3 -c "print(round(max($(field "$config-a" p99_us), $(field "$config-b" p99_us)) / 1000, 1))")
        errors[$config]=$(( $(field "$config-a" status) + $(field "$config-b" status) ))
    else
        TOKENS=$tokens wrk -t 2 -c 8 -d "${WARMUP}s" -s "$root/Scripts/wrk_mixed.lua" "$first" > /dev/null 2>&1
        run "$config" "$first" "$CONNS"
        rps[$config]=$(python3 -c "print(round($(field "$config" rps)))")
        p99[$config]=$(python3 -c "print(round($(field "$config" p99_us) / 1000, 1))")
        errors[$config]=$(field "$config" status)
    fi
    for pid in "${pids[@]:1}"; do kill -TERM "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
    pids=("${pids[0]}")
done

echo "== pgbench" >&2
"$pgbin/createdb" -h 127.0.0.1 -p "$port" -U planner pgbench
pgbench -h 127.0.0.1 -p "$port" -U planner -i -s 10 -q pgbench > "$out/pgbench-init.txt" 2>&1
pgbench -h 127.0.0.1 -p "$port" -U planner -c "$CONNS" -j 2 -T "$DURATION" pgbench > "$out/pgbench.txt" 2>&1
tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$out/pgbench.txt" | head -1)
latency=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$out/pgbench.txt" | head -1)

echo "| configuration | requests/s | p99 ms | non-2xx |"
echo "|---|---:|---:|---:|"
echo "| one instance, SQLite | ${rps[sqlite]} | ${p99[sqlite]} | ${errors[sqlite]} |"
echo "| one instance, PostgreSQL | ${rps[pg1]} | ${p99[pg1]} | ${errors[pg1]} |"
echo "| two instances, one PostgreSQL | ${rps[pg2]} | ${p99[pg2]} | ${errors[pg2]} |"
echo "| pgbench TPC-B-like, $CONNS clients, same cluster | ${tps%.*} tps | avg ${latency} | |"
echo
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); ${DURATION} s per run at $CONNS connections; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
