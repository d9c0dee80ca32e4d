#!/usr/bin/env bash
# test_mutation49.sh - checks of the command line added by the forty-ninth
# session's seed-49 mutation pass (the lead; docs/core.md "Mutation pass,
# forty-ninth session (the lead)"); messages "M49:". No random game.
set -u
VB=$(realpath "${1:?usage: test_mutation49.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
export COLUMNS=100
cd "$T" || exit 1

# ---- `vauban actions` gives each action its probability at a chance
# decision only (main.c:194, `who == VB_CHANCE` -> `!=`: the person's
# actions had a probability and the die's outcomes none). Molt soroll,
# seed 7, edited: the offensive against the Noblesa catalana rolled now, a
# die of six faces; the same game at the king's first decision.
"$VB" new molt-soroll --seed 7 >new.json 2>/dev/null
python3 - new.json roll.json <<'PY' || bad "M49: the offensive's position not written"
import json, sys
s = json.load(open(sys.argv[1]))
s.pop("history", None)
s.pop("prompt", None)
s["to_move"] = "chance"
s["state"]["phase"] = "offensive"
s["state"]["pending"] = {"offensive": "Noblesa-catalana", "almogavar": False, "fleet": False}
json.dump(s, open(sys.argv[2], "w"))
PY
expect 0 "M49: actions at the offensive's die" -- "$VB" actions roll.json
python3 - "$T/out" <<'PY' && ok || bad "M49: actions at a chance decision: not six faces of 1/6 each: $(head -c 400 "$T/out")"
import json, sys
j = json.load(open(sys.argv[1]))
a = j["actions"]
assert j["to_move"] == "chance" and len(a) == 6
assert [x["text"] for x in a] == ["1", "2", "3", "4", "5", "6"]
assert all(abs(x["probability"] - 1 / 6) < 1e-12 for x in a)
PY
expect 0 "M49: actions at the king's decision" -- "$VB" actions new.json
python3 - "$T/out" <<'PY' && ok || bad "M49: actions at a person's decision: a probability given: $(head -c 400 "$T/out")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["to_move"] == "king" and len(j["actions"]) > 1
assert all(set(x) == {"n", "text", "code"} for x in j["actions"])
PY

# ---- `vauban play ... --color` with no value after it: a usage error
# naming the flag (play.c:808, `i + 1 < argc` -> `<=`: the value read past
# the arguments, a null pointer).
expect 1 "M49: play --color last" -- "$VB" play setge-1714 --color
errhas "vauban play: unknown flag '--color'"

# ---- `vauban sim --max-decisions N`: N in 1-1,000,000,000, the upper bound
# as its message says (cmd_sim.c:733, 1000000000 -> 1000000001).
expect 0 "M49: sim --max-decisions 1000000000" -- "$VB" sim molt-soroll -n 1 --max-decisions 1000000000
expect 2 "M49: sim --max-decisions 1000000001" -- "$VB" sim molt-soroll -n 1 --max-decisions 1000000001
errhas "vauban sim: --max-decisions: 1000000001 is out of range 1-1000000000"

# ---- analyze where one action only is legal names it (play_advice.c:124,
# `acts[0]` -> `acts[1]`: "Only one action is legal: ?"). Setge 1714, seed
# 1, 33 decisions on: the assault on the Reducte de Santa Eulalia, the
# Catalans' one retreat.
"$VB" new setge-1714 --seed 1 >s1.json 2>/dev/null
"$VB" apply s1.json 9 1 17 1 32 4 31 4 51 2 7 4 2 4 28 1 45 4 18 2 38 1 21 1 2 1 42 5 1 4 1 4 1 \
    >retreat.json 2>/dev/null || bad "M49: the retreat position not reached"
expect 0 "M49: analyze with one legal action" -- "$VB" analyze retreat.json
[ "$(tail -n 1 "$T/out")" = "Only one action is legal: retreat Coronela-Santa-Madrona-2 Fossat-de-Llevant" ] && ok ||
    bad "M49: analyze with one legal action: $(tail -n 2 "$T/out")"

# ---- Molt soroll's odds words: `mod=N` modifies an influence roll (the
# card's parchment, 2.2; 8, "Influence the Nobility": "mod=1" makes 1/2 a 2/3; ms_odds.c:86,
# `strcmp(proc, "influence") == 0` -> `== 1`: refused as "no modifier");
# `box=N` describes a front's force, refused for an influence roll, which
# has none (ms_odds.c:89, `strncmp(w, "box=", 4) == 0` -> `== 1`: accepted
# and ignored).
expect 0 "M49: odds influence nobility mod=1" -- "$VB" odds molt-soroll influence nobility mod=1
has "$T/out" '^ +66\.6667%  2/3 +marker moves right$' "M49: odds influence nobility mod=1"
expect 1 "M49: odds influence nobility box=3" -- "$VB" odds molt-soroll influence nobility box=3
errhas "vauban odds: odds influence: 'box=3' does not apply here: it describes a front's force"

# ---- Setge 1714's area text: each convent's zone says which convent it
# is part of and its 4 VP to the side holding all of it (rule 13), the
# first convent's (Jonqueres) too (sg_board.c:243, `zp->convent >= 0` ->
# `> 0`: the Convent de Jonqueres's line left out).
"$VB" new setge-1714 --seed 1 >sg1.json 2>/dev/null
for zc in "Convent-de-Jonqueres:Jonqueres" "Sant-Pere-de-les-Puelles:Sant Pere de les Puel·les" \
    "Convent-de-Santa-Clara:Santa Clara" "Sant-Agusti-Esglesia:Sant Agustí Vell" \
    "Sant-Agusti-Claustres:Sant Agustí Vell" "Convent-de-Santa-Caterina:Santa Caterina"; do
    expect 0 "M49: show --area ${zc%%:*}" -- "$VB" show sg1.json --area "${zc%%:*}"
    tr -s ' \n' ' ' <"$T/out" | grep -qF "Part of ${zc#*:}: 4 VP to the side holding all of it (rule 13)." && ok ||
        bad "M49: the area ${zc%%:*} does not name its convent ${zc#*:}: $(head -3 "$T/out")"
done

# ---- A yes/no answer is not a line of the history: the up arrow and
# ~/.vauban_history keep the orders typed, not the "n" that took one back
# (play.c:404, ask_yes's `play_read(p, question, 0)` -> `1`: the answer
# written to the history file). Molt soroll, seed 7, at a terminal: an
# offensive (a die follows: the question), `n`, then quit.
. "$D/pty.sh" # (skips the rest without tmux)
if ldd "$VB" 2>/dev/null | grep -q libedit; then
    pty_start "$VB" play molt-soroll --seed 7
    pty_wait '^king> ' || exit 1
    pty_mark
    pty_line 'offensive Noblesa-catalana'
    pty_wait 'take it back: ' && ok
    pty_line n
    pty_wait 'taken back: nothing was played' && ok
    # Tab completion reads at most 511 bytes before the word completed:
    # after `list` and 507 blanks the words are still completed, after 512
    # blanks nothing is (play_input.c:90, `start >= sizeof typed` -> `>`,
    # wrote its end byte past the copy; :87, the copy one byte longer,
    # completed `board` there) and the session goes on. The first also
    # reads the moved words' end byte inside the copy (:101, `+ 1` -> `+ 2`,
    # read one byte past it: stops the sanitizer build's vauban).
    pty_mark
    pty_send -l "list$(printf '%507s' '')off"
    pty_send Tab
    pty_wait 'king> list {507}offensive' && ok
    pty_send C-u
    pty_mark
    pty_send -l "$(printf '%512s' '')boa"
    pty_send Tab
    sleep 0.5
    if pty_since | grep -q 'board'; then
        bad "M49: 512 blanks, then boa and Tab: completed: $(pty_since | tail -3)"
    else
        ok
    fi
    pty_send C-u
    pty_line quit
    pty_wait '__EXIT__0' && ok
    pty_stop
    [ "$(grep -v '^_HiStOrY_V2_$' "$T/.vauban_history" | tr '\n' '|')" = 'offensive\040Noblesa-catalana|quit|' ] && ok ||
        bad "M49: the history after an offensive taken back: $(tr '\n' '|' <"$T/.vauban_history" 2>&1)"
else
    echo "vauban was built without libedit: the terminal check skipped"
fi

finish test_mutation49
