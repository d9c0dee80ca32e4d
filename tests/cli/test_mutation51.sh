#!/usr/bin/env bash
# test_mutation51.sh - checks of the command line added by the fifty-first
# session's seed-51 mutation pass (the lead; docs/core.md "Mutation pass,
# fifty-first session (the lead)"); messages "M51:".
set -u
VB=$(realpath "${1:?usage: test_mutation51.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
export COLUMNS=100
cd "$T" || exit 1

# ---- `vauban sim --svg FILE` (PLplot) whose file can no longer be written
# when the plot is drawn: the games ran, the summary is printed, and the
# command says it cannot write the file, exit 2 (sim_plot.c:69, the probe's
# `return -1` -> `-0`: the failure taken for success, exit 0 and no word).
# The file is opened when the run starts (a path that cannot be written is
# refused before any game, with the system's reason); here it is replaced
# by a directory while the games run, then the run is stopped by SIGINT
# (test_mutation48.sh) so that it plots what it has. Skipped without
# PLplot (the SVG is then drawn by hand into the file opened at the start).
if "$VB" sim setge-1714 -n 1 --svg probe.svg >/dev/null 2>&1 && grep -q '<polyline' probe.svg 2>/dev/null; then
    timeout -s KILL 60 "$VB" sim setge-1714 -n 100000 --threads 1 --seed 5 --svg gone.svg >gone.out 2>gone.err &
    pid=$!
    for _ in $(seq 100); do
        [ -e gone.svg ] && break
        sleep 0.1
    done
    rm -f gone.svg && mkdir gone.svg
    sleep 0.3
    kill -INT "$pid"
    wait "$pid"
    rc=$?
    [ "$rc" -eq 2 ] && grep -qx "vauban sim: cannot write 'gone.svg'" gone.err && ok ||
        bad "M51: sim --svg to a path gone when plotting: exit $rc: $(cat gone.err)"
    grep -q '^setge-1714 .* games played of 100000' gone.out && ok ||
        bad "M51: sim --svg to a path gone when plotting: no summary: $(head -3 gone.out)"
else
    echo "sim --svg FILE without PLplot: skipped"
fi

# ---- `vauban sim --json FILE`: one JSON document, the list of games then
# the summary's members (cmd_sim.c:314, the summary's text written from
# `text + 2` -> `text - 2`: two bytes before the text, a file no JSON
# reader takes).
expect 0 "M51: sim --json" -- "$VB" sim setge-1714 -n 2 --seed 3 --json sim.json
python3 - sim.json <<'PY' >sim.why && ok || bad "M51: sim --json: $(cat sim.why)"
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError as e:
    print("not JSON: %s" % e)
    sys.exit(1)
if len(d.get("game_list", [])) != 2 or d.get("games") != 2 or d.get("game") != "setge-1714":
    print("unexpected members: %s" % sorted(d))
    sys.exit(1)
PY

# ---- `vauban sim --only SEED --record FILE`: the game's record indented
# by 2, as every state file and record the program writes (cmd_sim.c:847,
# JSON_INDENT(2) -> 1), and readable by `vauban show`.
expect 0 "M51: sim --only --record" -- "$VB" sim setge-1714 --only 5 --record rec.json
[ "$(sed -n 2p rec.json)" = '  "game": "setge-1714",' ] && ok ||
    bad "M51: sim --record: its second line '$(sed -n 2p rec.json)', not indented by 2"
"$VB" new setge-1714 --seed 1 >new.json 2>/dev/null
[ "$(sed -n 2p new.json | sed 's/"[^"]*$//')" = "$(sed -n 2p rec.json | sed 's/"[^"]*$//')" ] && ok ||
    bad "M51: sim --record and new indent differently"
expect 0 "M51: show the record" -- "$VB" show rec.json

finish "$(basename "$0")"
