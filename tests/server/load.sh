#!/usr/bin/env bash
# Load test of `vauban serve` on loopback with wrk (Debian package wrk),
# bounded in time: `tests/server/load.sh build/vauban [SECONDS] [DB]`.
# Prints requests per second and p50/p99 latency for views (GET) and for
# durable writes (an action and its undo in turn, each one commit: SQLite
# with synchronous=FULL, or PostgreSQL when DB is a postgresql:// URL),
# with 1, 4 and 16 clients each in its own game, answered with the seat's
# new view (what the browser asks) or minimally (Prefer: return=minimal).
# Runs follow each other on the same games, so a run may begin with a
# refused request (at most one "Non-2xx" per client).
set -euo pipefail
vauban="$1"
secs="${2:-5}"
db="${3:-}"
here="$(cd "$(dirname "$0")" && pwd)"
command -v wrk >/dev/null || { echo "load.sh: needs wrk (apt-get install wrk)"; exit 1; }
dir="$(mktemp -d)"
"$vauban" serve --port 0 --db "${db:-$dir/load.sqlite}" --threads 16 >"$dir/out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do grep -q listening "$dir/out" && break; sleep 0.1; done
base=$(grep -o 'http://[0-9.]*:[0-9]*' "$dir/out")
# 16 games that open with the Two Crowns' artillery (no random events).
: >"$dir/games"
while [ "$(wc -l <"$dir/games")" -lt 16 ]; do
    r=$(curl -s -XPOST "$base/api/games" \
        -d '{"game":"setge-1714","scenario":"2p","options":{"events":0}}')
    id=$(sed -E 's/.*"id":"([0-9a-f]+)".*/\1/' <<<"$r")
    tok=$(sed -E 's/.*"bourbon":\{"kind":"human","token":"([0-9a-f]+)".*/\1/' <<<"$r")
    echo "$id $tok" >>"$dir/games"
done
read -r id tok <"$dir/games"
echo "== views: GET /api/games/ID/view, 8 connections, ${secs}s"
wrk -t2 -c8 -d"${secs}s" --latency -H "Authorization: Bearer $tok" "$base/api/games/$id/view" |
    grep -E "^ +(50|99)%|Requests/sec"
for minimal in 0 1; do
    answer="the new view"
    [ "$minimal" = 1 ] && answer="minimal answers"
    for c in 1 4 16; do
        echo "== durable writes: action and undo in turn, $answer, $c client(s) in $c game(s), ${secs}s"
        VB_LOAD_MINIMAL=$minimal VB_LOAD_GAMES="$dir/games" wrk -t"$c" -c"$c" -d"${secs}s" \
            --latency -s "$here/load_actions.lua" "$base" |
            grep -E "^ +(50|99)%|Requests/sec|Non-2xx"
    done
done
