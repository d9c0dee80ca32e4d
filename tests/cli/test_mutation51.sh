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

finish "$(basename "$0")"
