#!/usr/bin/env bash
# test_serve38.sh - what the thirty-eighth session's mutation pass of
# src/server/serve.c (and a look at store_pg.c's messages) found untested
# in `vauban serve` itself (docs/core.md, "Mutation pass, thirty-eighth
# session (helper srv)"): --help, the flags' ranges and missing values,
# an idle server that sleeps and evicts on time, and no password of a
# PostgreSQL URL in any output. Passes (checks nothing) in a build
# without the server.
set -u
VB=$(realpath "${1:?usage: test_serve38.sh path/to/vauban}")
. "$(dirname "$0")/../cli/lib.sh"
cd "$T" || exit 1

if "$VB" serve --help 2>&1 | grep -q 'this build has no server'; then
    echo "test_serve38: no server in this build, nothing checked"
    exit 0
fi

# --help and -h: the usage on stdout, status 0 (serve.c:57 == -> !=)
for h in --help -h; do
    expect 0 "serve $h" -- "$VB" serve "$h"
    has out '^usage: vauban serve' "M38: serve $h prints the usage"
done
# a flag without its value, an unknown flag: one line, status 1
for f in --port --db --host --web --threads --evict; do
    expect 1 "M38: serve $f without a value" -- "$VB" serve "$f"
    errhas "'$f' needs a value"
done
expect 1 "M38: serve --colour red" -- "$VB" serve --colour red
errhas "unknown flag '--colour'"
# the ranges: a value in range gets as far as the address (an address
# that is none, so that nothing listens); one past it is refused at once
# (serve.c:70 1000000 -> 1000001)
inrange() {
    expect 1 "M38: serve $1 $2 is accepted" -- "$VB" serve "$1" "$2" --db "$T/r.sqlite" --host nohost
    errhas "--host 'nohost'"
}
outrange() {
    expect 2 "M38: serve $1 $2 is refused" -- "$VB" serve "$1" "$2" --db "$T/r.sqlite"
    errhas "$1: $2 is out of range $3"
}
inrange --evict 1
inrange --evict 1000000
outrange --evict 0 1-1000000
outrange --evict 1000001 1-1000000
inrange --threads 64
outrange --threads 0 1-64
outrange --threads 65 1-64
inrange --port 65535
outrange --port 65536 0-65535

# start_server ARGS...: `vauban serve --port 0 ARGS` in the background;
# sets $pid and $port once it listens (its first line in $T/srv.out)
start_server() {
    "$VB" serve --port 0 "$@" >"$T/srv.out" 2>"$T/srv.err" &
    pid=$!
    port=""
    for _ in $(seq 1 200); do
        port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$T/srv.out")
        [ -n "$port" ] && return 0
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    bad "the server did not start: $(cat "$T/srv.err")"
}
stop_server() {
    kill -TERM "$pid"
    wait "$pid" && ok || bad "M38: the server did not stop cleanly: $(cat "$T/srv.err")"
}
held() {
    curl -s "http://127.0.0.1:$port/api/status" | sed -n 's/.*"games_held": *\([0-9]*\).*/\1/p'
}
cpu_ticks() {
    awk '{print $14 + $15}' "/proc/$1/stat"
}

# An idle server sleeps between its rounds (evictions, pings): over three
# seconds it takes well under a third of a second of processor time
# (serve.c:117 1 -> 0 and + -> -: a zero wait, a busy loop). And with
# --evict 1 an idle game leaves memory within two seconds, not five
# (serve.c:117 < -> >: the five-second round for a short --evict).
if command -v curl >/dev/null && [ -r /proc/self/stat ]; then
    start_server --db "$T/s.sqlite" --evict 1
    created=$(curl -s -X POST -d '{"game":"molt-soroll"}' "http://127.0.0.1:$port/api/games")
    case "$created" in *'"id"'*) ok ;; *) bad "create: $created" ;; esac
    [ "$(held)" = 1 ] && ok || bad "M38: the new game is not held"
    t_end=$(($(date +%s%N) / 1000000 + 3000))
    gone=""
    while [ "$(($(date +%s%N) / 1000000))" -lt "$t_end" ]; do
        [ "$(held)" = 0 ] && gone=1 && break
        sleep 0.1
    done
    [ -n "$gone" ] && ok || bad "M38: --evict 1: the idle game still held after three seconds"
    hz=$(getconf CLK_TCK)
    t0=$(cpu_ticks "$pid")
    sleep 3
    t1=$(cpu_ticks "$pid")
    [ $((t1 - t0)) -lt $((hz * 3 / 10)) ] && ok ||
        bad "M38: an idle server used $((t1 - t0)) ticks of $hz a second over three seconds"
    stop_server
fi

# Eight HTTP threads unless --threads says otherwise: the default server
# runs as many threads as one with --threads 8, one more than with
# --threads 7 (serve.c:44 8 -> 7).
if [ -d /proc/self/task ]; then
    tasks() {
        start_server --db "$T/t.sqlite" "$@"
        sleep 0.5
        ls "/proc/$pid/task" | wc -l
        stop_server >/dev/null
    }
    n_def=$(tasks)
    n8=$(tasks --threads 8)
    n7=$(tasks --threads 7)
    [ "$n_def" = "$n8" ] && [ "$n7" = $((n8 - 1)) ] && ok ||
        bad "M38: threads: $n_def by default, $n8 with --threads 8, $n7 with --threads 7"
fi

# The client's files from --web: an empty one is served, empty (200),
# with its type; a missing one is 404 (http.c:228 0 -> 1 and >= -> >: an
# empty file taken for an unreadable one, 500).
if command -v curl >/dev/null; then
    mkdir -p "$T/web"
    : >"$T/web/app.js"
    printf 'body{}' >"$T/web/style.css"
    start_server --db "$T/w.sqlite" --web "$T/web"
    code=$(curl -s -o "$T/got" -D "$T/head" -w '%{http_code}' "http://127.0.0.1:$port/app.js")
    [ "$code" = 200 ] && [ ! -s "$T/got" ] && ok || bad "M38: an empty client file: $code $(cat "$T/got")"
    has "$T/head" '^Content-Type: text/javascript' "M38: the empty file's type"
    code=$(curl -s -o "$T/got" -w '%{http_code}' "http://127.0.0.1:$port/style.css")
    [ "$code" = 200 ] && [ "$(cat "$T/got")" = 'body{}' ] && ok || bad "M38: style.css: $code"
    code=$(curl -s -o "$T/got" -w '%{http_code}' "http://127.0.0.1:$port/index.html")
    [ "$code" = 404 ] && ok || bad "M38: a missing client file: $code, expected 404"
    stop_server
fi

# A PostgreSQL URL's password is in no output: not in the line saying
# where the server listens, not in the error when the URL cannot be read
# (libpq quotes the URL: store_pg.c now shows *** for the password).
expect 2 "M38: a URL libpq cannot read" -- "$VB" serve --port 0 --db 'postgresql://bob:hunter2@[::1/x'
outlacks hunter2
grep -q hunter2 "$T/err" && bad "M38: the password is in the error: $(cat "$T/err")" || ok
# the whole password replaced, not one character less (store_pg.c:191,
# the password found from its colon, not after it: "bob***2@", M48)
grep -q 'postgresql://bob:\*\*\*@\[::1/x' "$T/err" && ok ||
    bad "M48: the password not replaced whole by ***: $(cat "$T/err")"
expect 2 "M38: a URL with a bad password query" -- "$VB" serve --port 0 --db 'postgresql://bob@h/x?password=hun%zzter2'
grep -q 'hun%zzter2' "$T/err" && bad "M38: the password is in the error: $(cat "$T/err")" || ok
src=${VB_SOURCE_DIR:-$(dirname "$0")/../..}
if url=$(bash "$src/tests/server/pg_tmp.sh" start $$ 2>/dev/null); then
    dir=$(echo "$url" | sed 's/.*host=\([^&]*\).*/\1/')
    start_server --db "$url&password=hunter2"
    has "$T/srv.out" 'database PostgreSQL\)' "M38: the listening line names the kind of database"
    grep -q hunter2 "$T/srv.out" "$T/srv.err" && bad "M38: the password is shown" || ok
    stop_server
    bash "$src/tests/server/pg_tmp.sh" stop "$dir"
fi
finish test_serve38
