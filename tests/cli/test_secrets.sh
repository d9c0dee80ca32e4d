#!/usr/bin/env bash
# test_secrets.sh - "a role sees only its view", end to end through `vauban`
# for the games with secrets: two games that differ only in one side's
# hidden choice (a Piacenza wing marker or objective, a cabinet strategy
# marker, an initiative bet) must look the same to the other side in every
# output it gets - `show --as` (text, --json, --svg), its legal actions when
# it decides, and `analyze --as` (the AI's advice, seeded from the view) -
# and no output of a role holds the seed or a word of the generator.
set -u
VB=${1:?usage: test_secrets.sh path/to/vauban}
. "$(dirname "$0")/lib.sh"

# reach GAME SEED ERE [new args...]: a new game played on (actions matching
# $PREFER, then end-, stop, done, no- actions first, else the first action)
# until the prompt matches ERE;
# leaves it in $T/r.json. The game's own rules decide the way, so the test
# needs no stored record (a record breaks with every rules version).
reach() {
    local game=$1 seed=$2 ere=$3 a i
    shift 3
    "$VB" new "$game" --seed "$seed" "$@" >"$T/r.json" 2>/dev/null || { bad "new $game"; return 1; }
    for i in $(seq 1 200); do
        "$VB" actions "$T/r.json" >"$T/a.json" 2>/dev/null || { bad "actions $game"; return 1; }
        grep -qE "\"prompt\": \"$ere" "$T/a.json" && return 0
        a=$(grep -oE "\"text\": \"(${PREFER:-}${PREFER:+|}end-[a-z-]*|stop|done|no-[a-z-]*)\"" \
            "$T/a.json" | head -1 | sed 's/"text": "\(.*\)"/\1/')
        "$VB" apply "$T/r.json" "${a:-1}" >"$T/r2.json" 2>/dev/null || { bad "apply $game ${a:-1}"; return 1; }
        mv "$T/r2.json" "$T/r.json"
    done
    bad "$game: no prompt /$ere/ in 200 decisions"
    return 1
}

# nth N: the text of the Nth legal action in $T/a.json
nth() { sed -n 's/^      "text": "\(.*\)",$/\1/p' "$T/a.json" | sed -n "${1}p"; }

# outputs FILE ROLE PREFIX: everything ROLE gets from FILE, in PREFIX.*;
# with AREAS (names, one a line), also `show --area` of each
outputs() {
    "$VB" show "$1" --as "$2" >"$3.text" 2>&1
    "$VB" show "$1" --as "$2" --json >"$3.json" 2>&1
    "$VB" show "$1" --as "$2" --svg "$3.svg" >/dev/null 2>&1 || echo none >"$3.svg"
    : >"$3.area"
    local n
    while IFS= read -r n; do
        [ -n "$n" ] && "$VB" show "$1" --as "$2" --area "$n" >>"$3.area" 2>&1
    done <<<"${AREAS:-}"
    : >"$3.actions"
    if "$VB" actions "$1" 2>/dev/null | grep -q "\"to_move\": \"$2\""; then
        "$VB" actions "$1" >"$3.actions" 2>&1
        "$VB" analyze "$1" --as "$2" -n 200 --games 1 --top 3 >"$3.analyze" 2>&1
    else
        : >"$3.analyze"
    fi
    # the generator and the seed of the referee's file, in none of them
    local w
    for w in $(python3 -c "import json,sys;j=json.load(open(sys.argv[1]));print(' '.join(j['rng']))" "$1") \
        '"seed"' '"rng"'; do
        grep -qF -- "$w" "$3".* && bad "$1 as $2: '$w' of the generator shown"
    done
}

# twin BASE ACT1 ACT2 ROLE WHAT: ROLE sees the same after ACT1 and ACT2
twin() {
    "$VB" apply "$1" "$2" >"$T/t1.json" 2>/dev/null || { bad "$5: apply '$2'"; return; }
    "$VB" apply "$1" "$3" >"$T/t2.json" 2>/dev/null || { bad "$5: apply '$3'"; return; }
    cmp -s "$T/t1.json" "$T/t2.json" && { bad "$5: '$2' and '$3' give the same game"; return; }
    outputs "$T/t1.json" "$4" "$T/o1"
    outputs "$T/t2.json" "$4" "$T/o2"
    local k
    for k in text json svg area actions analyze; do
        cmp -s "$T/o1.$k" "$T/o2.$k" && ok ||
            bad "$5: $4's $k tells '$2' from '$3': $(diff "$T/o1.$k" "$T/o2.$k" | head -4)"
    done
}

# ---- Piacenza 1746: the objectives (13.0) and the wing markers (3.0 A)
if reach piacenza-1746 3 'franco-spanish: note geographic objective'; then
    AREAS=$'San Lazzaro\nLe Mose\nMontale\nMucinasso\nSan Bonico\nCastellaro\nTurro\nGariga' \
        twin "$T/r.json" "$(nth 1)" "$(nth 2)" austrian "piacenza objective"
    # the Franco-Spanish see the objective they noted, by its hex
    "$VB" apply "$T/r.json" "$(nth 1)" >"$T/t1.json" 2>/dev/null
    noted=$(nth 1 | sed 's/^[a-z-]* //; s/-/ /g')
    "$VB" show "$T/t1.json" --as franco-spanish --area "$noted" >"$T/hex" 2>&1
    has "$T/hex" 'noted by the Franco-Spanish \(secret\)' "piacenza: the noted objective in its hex ($noted)"
fi
if reach piacenza-1746 3 'franco-spanish: choose a wing activation marker'; then
    cp "$T/r.json" "$T/p.json"
    twin "$T/p.json" "$(nth 1)" "$(nth 2)" austrian "piacenza wing marker"
    # the Austrian decides next: its menu and the AI's advice are checked too
    grep -q '"to_move": "austrian"' "$T/o1.actions" && ok || bad "piacenza: austrian does not decide"
    # the odds of a wing marker: the initiative roll, rerolled on a draw
    # (3.0 A), starts over rather than enumerating 5 million states
    timeout 30 "$VB" odds piacenza-1746 --state "$T/p.json" "$(nth 1)" >"$T/odds" 2>&1
    has "$T/odds" '^ +100\.0000%  1/1 +no effect$' "odds of an initiative with rerolls"
    [ -s "$T/o1.analyze" ] && grep -q 'Best actions for austrian' "$T/o1.analyze" && ok ||
        bad "piacenza: no advice for austrian: $(head -c 200 "$T/o1.analyze")"
fi

# ---- Les Guerres du Roi Soleil: cabinet markers (9) and bets (12)
if reach roi-soleil 1 'france: choose cabinet strategy markers'; then
    twin "$T/r.json" "take battle" "take siege" coalition "roi-soleil cabinet marker"
fi
if reach roi-soleil 1 '[a-z]+: secret initiative bet'; then
    who=$(sed -n 's/^  "prompt": "\([a-z]*\): secret.*/\1/p' "$T/a.json")
    other=coalition
    [ "$who" = coalition ] && other=france
    twin "$T/r.json" "bet 0" "bet 1" "$other" "roi-soleil bet"
fi

# ---- `odds` inside `play` logs nothing: its outcomes are hypotheses (they
# were shown as played - every die face of the fire - and on a role's view
# a game may be asked to name what the view hides: Piacenza read the hidden
# wing marker at index -2 while enumerating an initiative roll)
"$VB" new setge-1714 --seed 3 >"$T/g.json" 2>/dev/null
printf 'odds fire Bourbon-Battery-1 Diputacio-1\nend-artillery\nquit\n' |
    "$VB" play setge-1714 --load "$T/g.json" --no-confirm >"$T/play" 2>&1
has "$T/play" '50\.00%  target eliminated' "play: odds of the fire"
hasnt "$T/play" 'fires at Diputaci' "play: the odds' hypothetical fire logged as played"

# ---- the closed game (rule 6): which kind France recruits stays hidden,
# in the army and in the Reserve it comes from
if PREFER='recruit-in [A-Za-z-]+' reach roi-soleil 1 'france: recruitment in ' --option closed=1; then
    z=$(sed -n 's/^      "text": "recruit France-inf \(.*\)",$/\1/p' "$T/a.json" | head -1)
    AREAS=$z twin "$T/r.json" "recruit France-inf $z" "recruit France-cav $z" coalition \
        "roi-soleil closed game recruitment"
fi

finish test_secrets
