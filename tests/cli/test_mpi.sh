#!/usr/bin/env bash
# vauban sim under MPI: `mpirun -n 2` writes exactly what `--threads 2` does
# (CSV, JSON, summary), and a rank that dies fails the run with a message.
# Skipped (passes) when Open MPI or an MPI build of vauban is missing.
set -euo pipefail
V=$1
# (grep reads all of ldd's output: with pipefail, grep -q could stop ldd by
# SIGPIPE and fail the test's condition)
if ! command -v mpirun >/dev/null || ! ldd "$V" | grep libmpi >/dev/null; then
    echo "skipped: no mpirun, or vauban built without MPI"
    exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI keeps allocations of its own until exit: under AddressSanitizer,
# leak checking is left to the other tests (this one checks the results).
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for game in molt-soroll setge-1714; do
    n=400
    [ "$game" = setge-1714 ] && n=30
    mpirun -n 2 "$V" sim "$game" -n $n --seed 11 --csv "$d/m.csv" --json "$d/m.json" >"$d/m.out"
    "$V" sim "$game" -n $n --seed 11 --threads 2 --csv "$d/t.csv" --json "$d/t.json" >"$d/t.out"
    cmp "$d/m.csv" "$d/t.csv"
    cmp "$d/m.json" "$d/t.json"
    # the first line names threads, ranks and time; the rest is the same
    diff <(tail -n +2 "$d/m.out") <(tail -n +2 "$d/t.out")
    grep -q "x 2 MPI ranks" "$d/m.out"
done
# A rank killed in the middle: the run fails, and says so.
# The run names its own CSV file in this test's temporary folder, so that
# the victim is one of its ranks and never a rank of another copy of this
# test running at the same time (a mutation pass beside a suite).
mpirun -n 2 "$V" sim setge-1714 -n 100000 --seed 12 --csv "$d/k.csv" >"$d/k.out" 2>"$d/k.err" &
pid=$!
# (up to 60 s for the ranks to start: mpirun is slow on a loaded machine)
victim=
for _ in $(seq 600); do
    victim=$(pgrep -f "sim setge-1714 -n 100000 --seed 12 --csv $d/k.csv" | grep -v "^$pid\$" | tail -1 || true)
    [ -n "$victim" ] && break
    sleep 0.1
done
[ -n "$victim" ] || { echo "no rank of the run started within 60 s" >&2; exit 1; }
sleep 0.5
kill -9 "$victim"
if wait "$pid"; then
    echo "a run with a dead rank exited 0" >&2
    exit 1
fi
grep -qi "exited\|killed\|signal\|abort" "$d/k.err" || { cat "$d/k.err" >&2; exit 1; }
echo "mpi: 2 ranks = 2 threads for both games; a dead rank fails the run"
