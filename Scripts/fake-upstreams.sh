#!/usr/bin/env bash
# Sourced (not run) by Scripts/bench-serve.sh, Scripts/bench-startup.sh and Scripts/output-snapshot.sh: the fake
# TMDb and Finnkino of the server tests (Tests/ServerTests/conftest.py) on loopback, and the environment with which
# the tests point planner at them.
#
#   fakes_start DIR    starts Scripts/fake_tmdb.py and Tests/ServerTests/fake_finnkino.py on free loopback ports, the
#                      tests' way; each appends the path of every request it answers to DIR/tmdb.requests and
#                      DIR/finnkino.requests (so a benchmark can tell that its warm caches kept every request away).
#                      Sets fake_tmdb_url (…/3), fake_finnkino_url (…/xml) and fake_pids; dies (the caller's die)
#                      when either does not start.
#   fakes_stop         stops them (for the caller's cleanup trap; a no-op when none runs).
#   fakes_requests DIR how many requests the two have answered so far, in all.
#   serve_wait_listening PID OUT ERR   waits for `planner serve` to say where it listens; sets base (below).
#   fakes_env DIR      exports the tests' environment (conftest.py's make_workspace): the bundled data, a settings file
#                      DIR/config.json with region FI and "online" unset (TMDb and Finnkino are asked: the fakes), the
#                      database DIR/planner.sqlite, XDG folders and HOME in DIR, TMDB_API_KEY, TMDB_BASE_URL,
#                      FINNKINO_BASE_URL, PLANNER_SHOWTIMES_WEBSITES=never (cinemas' own pages are real sites), and
#                      OVERPASS_URL and NOMINATIM_URL on a closed loopback port (OpenStreetMap's services are never
#                      reached: a search circle past the bundled data notes that Overpass could not be reached);
#                      LC_ALL=C.UTF-8. Every other PLANNER_, TMDB_, OMDB_, FINNKINO_, GRACENOTE_, MOVIEGLU_,
#                      OVERPASS_ and NOMINATIM_ variable is unset. Call it after fakes_start, in a subshell where the
#                      caller's own environment matters.
# Needs python3 (3.9+: zoneinfo) and curl.

fakes_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fake_pids=()
fake_tmdb_url=""
fake_finnkino_url=""
fakes_url=""

# Runs a fake's script with its Handler.do_GET wrapped to log each request's path first; the script itself is
# unchanged (its main() is called as `python3 SCRIPT ARGS…` would call it).
fakes_launcher='
import runpy, sys
script, log = sys.argv[1], sys.argv[2]
sys.argv = [script] + sys.argv[3:]
module = runpy.run_path(script)  # defines Handler and main; main() runs only under __main__
handler = module["Handler"]
answer = handler.do_GET

def do_GET(self):
    with open(log, "a") as f:
        f.write(self.path + "\n")
    return answer(self)

handler.do_GET = do_GET
module["main"]()
'

fakes_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# fakes_launch NAME SCRIPT PATTERN DIR ARGS…: starts one fake and waits for its first stdout line; sets fakes_url to
# the URL that line names and adds the fake's pid to fake_pids. Returns 1 when it exits or says nothing in 20 s.
fakes_launch() {
    local name=$1 script=$2 pattern=$3 dir=$4 pid
    shift 4
    fakes_url=""
    : >"$dir/$name.requests"
    python3 -c "$fakes_launcher" "$script" "$dir/$name.requests" "$@" >"$dir/$name.stdout" 2>"$dir/$name.stderr" &
    pid=$!
    for _ in $(seq 1 200); do
        fakes_url=$(sed -n "s#^$pattern.*#\\1#p" "$dir/$name.stdout" | head -1)
        if [[ -n "$fakes_url" ]]; then
            fake_pids+=("$pid")
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    tail -5 "$dir/$name.stderr" >&2
    return 1
}

fakes_start() {
    local dir=$1 attempt
    mkdir -p "$dir"
    for attempt in 1 2 3; do  # the port is chosen before the script binds it: try another if it was taken
        fakes_launch tmdb "$fakes_root/Scripts/fake_tmdb.py" 'fake TMDb on \(http://[^ ]*/3\)' "$dir" \
            --port "$(fakes_free_port)" && break
        [[ $attempt -lt 3 ]] || die "the fake TMDb (Scripts/fake_tmdb.py) did not start (log: $dir/tmdb.stderr)"
    done
    fake_tmdb_url=$fakes_url
    # fake_finnkino.py binds port 0 and prints the port it got.
    fakes_launch finnkino "$fakes_root/Tests/ServerTests/fake_finnkino.py" 'fake Finnkino on \(http://[^ ]*/xml\)' \
        "$dir" --port 0 ||
        die "the fake Finnkino (Tests/ServerTests/fake_finnkino.py) did not start (log: $dir/finnkino.stderr)"
    fake_finnkino_url=$fakes_url
    curl -sf -o /dev/null "$fake_finnkino_url/TheatreAreas/" ||
        die "the fake Finnkino at $fake_finnkino_url does not answer"
    curl -sf -o /dev/null "$fake_tmdb_url/configuration?api_key=check" ||
        die "the fake TMDb at $fake_tmdb_url does not answer"
    # Those two checks are not the planner's requests.
    : >"$dir/tmdb.requests"
    : >"$dir/finnkino.requests"
}

fakes_stop() {
    local pid
    for pid in "${fake_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${fake_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    fake_pids=()
}

fakes_requests() { cat "$1/tmdb.requests" "$1/finnkino.requests" | wc -l; }

fakes_env() {
    local dir=$1 dead name
    [[ -n "$fake_tmdb_url" && -n "$fake_finnkino_url" ]] || die "fakes_env before fakes_start"
    mkdir -p "$dir/xdg-data" "$dir/xdg-config" "$dir/xdg-cache" "$dir/home"
    [[ -f "$dir/config.json" ]] || echo '{"region": "FI"}' >"$dir/config.json"
    for name in $(compgen -e); do
        case $name in
            PLANNER_* | TMDB_* | OMDB_* | FINNKINO_* | GRACENOTE_* | MOVIEGLU_* | OVERPASS_* | NOMINATIM_*)
                unset "$name" ;;
        esac
    done
    dead="http://127.0.0.1:$(fakes_free_port)"
    export PLANNER_DATA_DIR="$fakes_root/Data" PLANNER_CONFIG="$dir/config.json" PLANNER_DB="$dir/planner.sqlite" \
        TMDB_API_KEY=x TMDB_BASE_URL="$fake_tmdb_url" FINNKINO_BASE_URL="$fake_finnkino_url" \
        PLANNER_SHOWTIMES_WEBSITES=never OVERPASS_URL="$dead/api/interpreter" NOMINATIM_URL="$dead" \
        XDG_DATA_HOME="$dir/xdg-data" XDG_CONFIG_HOME="$dir/xdg-config" XDG_CACHE_HOME="$dir/xdg-cache" \
        HOME="$dir/home" LC_ALL=C.UTF-8
}

# serve_wait_listening PID STDOUT-FILE STDERR-FILE: waits, up to $STARTUP_TIMEOUT s, for the `planner serve` of PID
# to print 'listening on http://127.0.0.1:PORT' to STDOUT-FILE and sets `base` to that address. It calls the
# caller's `die` (after the last lines of STDERR-FILE) when the server exits first or never says so.
serve_wait_listening() {
    local pid=$1 stdout=$2 stderr=$3
    base=""
    for _ in $(seq 1 $((STARTUP_TIMEOUT * 10))); do
        base=$(sed -n 's#^listening on \(http://127\.0\.0\.1:[0-9][0-9]*\)/*$#\1#p' "$stdout" | head -1)
        [[ -n "$base" ]] && return 0
        kill -0 "$pid" 2>/dev/null || {
            tail -20 "$stderr" >&2
            die "planner serve exited before printing 'listening on http://127.0.0.1:PORT'"
        }
        sleep 0.1
    done
    die "planner serve printed no 'listening on http://127.0.0.1:PORT' line within ${STARTUP_TIMEOUT}s"
}
