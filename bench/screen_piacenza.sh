#!/bin/sh
# screen_piacenza.sh - one screen of candidate evaluation weights for the
# Piacenza battle (thirty-sixth session, helper pcw): plays GAMES games of
# FS_SPEC against AU_SPEC with bench/fit_piacenza (game seeds
# vb_sim_game_seed(SEED, i)), a spec ending in @cand playing the weights
# W ("B,W1,...,W10", pc_term_name's order), and keeps the per-game lines
# and the summary in OUT.
#   bench/screen_piacenza.sh BUILD OUT W FS_SPEC AU_SPEC SEED GAMES [START]
# e.g. bench/screen_piacenza.sh build-rel /tmp/c.log \
#   -2.4926,0,0.4528,2.1853,0,0,1.4652,1.2385,-2.1724,2.2444,2.0712 \
#   mcts:200@cand random 24 50
set -e
[ $# -ge 7 ] || { sed -n 2,12p "$0"; exit 2; }
b=$1 out=$2 w=$3 fs=$4 au=$5 seed=$6 n=$7 start=${8:-0}
echo "# $(date -u +%FT%TZ) PC_CAND=$w $fs $au seed $seed games $n start $start" >"$out"
PC_CAND=$w nice -n 10 "$b/bench/fit_piacenza" "$fs" "$au" "$seed" "$n" 1000000 "$start" - "$start" \
    2>>"$out" >/dev/null
echo "# $(date -u +%FT%TZ) done" >>"$out"
