#!/bin/bash
# scaling.sh - how `vauban sim` scales with threads and MPI ranks.
#
#   bench/scaling.sh [VAUBAN] [MAX] [DIVISOR]
#
# Plays four fixed workloads (seed 1) on 1, 2, 4, ... MAX threads and, where
# `mpirun` is on the PATH, on 1, 2, 4, ... MAX ranks of one thread each, then
# MAX/8 ranks of 8 threads with `--bind-to none` (Open MPI binds each rank to
# one core by default when it starts two or fewer, and a rank's threads then
# share that core). Prints one line per run: wall seconds (process start and
# MPI start-up included), games per second, the speed-up over one thread, and
# a hash of the summary without its timing line: the same seed must give the
# same summary on any number of threads and ranks, and the script exits 1 if
# it does not. DIVISOR (default 1) shrinks every workload for a quick check.
# The README's 16-core figures were measured with this script's workloads.
set -u
V=${1:-build/vauban}
MAX=${2:-$(nproc)}
DIV=${3:-1}
[ -x "$V" ] || { echo "scaling.sh: no program at $V (build it, or name it)" >&2; exit 2; }
case "$MAX$DIV" in *[!0-9]*) echo "scaling.sh: MAX and DIVISOR are numbers" >&2; exit 2 ;; esac
[ "$MAX" -ge 1 ] && [ "$DIV" -ge 1 ] || { echo "scaling.sh: MAX and DIVISOR are at least 1" >&2; exit 2; }

names=(setge-random roi-random piacenza-greedy roi-mcts)
loads=("setge-1714 -n $((12000 / DIV))"
       "roi-soleil -n $((24000 / DIV))"
       "piacenza-1746 -n $((240 / DIV)) --policy franco-spanish=greedy --policy austrian=greedy"
       "roi-soleil -n $((64 / DIV)) --policy france=mcts:200")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0

# run LABEL WORKLOAD-INDEX BASE-SECONDS COMMAND... ; prints a line, sets $secs
run() {
    local label=$1 w=$2 base=$3
    shift 3
    local t0 t1 games hash
    t0=$(date +%s%N)
    "$@" >"$tmp/out" 2>&1 || { echo "$label: failed:"; head -3 "$tmp/out"; bad=1; secs=0; return; }
    t1=$(date +%s%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    games=$(sed -n -E "s/.*: ([0-9]+) games? played.*/\1/p" "$tmp/out" | head -1)
    hash=$(grep -v -E "games? played" "$tmp/out" | md5sum | cut -c1-8)
    [ -f "$tmp/hash$w" ] || echo "$hash" >"$tmp/hash$w"
    [ "$(cat "$tmp/hash$w")" = "$hash" ] || { echo "$label: summary differs from one thread's" >&2; bad=1; }
    awk -v l="$label" -v s="$secs" -v g="$games" -v b="$base" -v h="$hash" 'BEGIN {
        printf "%-34s %8.3f s %10.1f games/s  x%5.2f  %s\n", l, s, g / s, (b > 0 ? b / s : 1), h }'
}

for w in "${!names[@]}"; do
    base=0
    for ((t = 1; t <= MAX; t *= 2)); do
        run "${names[$w]} threads=$t" "$w" "$base" "$V" sim ${loads[$w]} --seed 1 --threads "$t"
        [ "$t" = 1 ] && base=$secs
    done
done

if command -v mpirun >/dev/null 2>&1; then
    M=(mpirun --oversubscribe)
    [ "$(id -u)" = 0 ] && M+=(--allow-run-as-root)
    for w in 0 2; do
        base=0
        for ((r = 1; r <= MAX; r *= 2)); do
            run "${names[$w]} ranks=$r" "$w" "$base" "${M[@]}" -n "$r" "$V" sim ${loads[$w]} --seed 1 --threads 1
            [ "$r" = 1 ] && base=$secs
        done
        if [ "$MAX" -ge 16 ]; then
            run "${names[$w]} ranks=$((MAX / 8)) x threads=8" "$w" "$base" "${M[@]}" --bind-to none \
                -n $((MAX / 8)) "$V" sim ${loads[$w]} --seed 1 --threads 8
        fi
    done
fi
exit $bad
