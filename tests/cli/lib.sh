# lib.sh - sourced by the shell tests: a scratch directory $T (removed at
# exit unless the test sets its own trap), the pass/fail counters and
#   ok / bad MESSAGE        count a check; bad prints "FAIL: MESSAGE" and
#                           ends the script at once with status 1 (a
#                           terminal test would otherwise wait out every
#                           later prompt's timeout after its first failure)
#   has FILE ERE WHAT       FILE matches the extended regex
#   hasnt FILE ERE WHAT     FILE does not
#   expect STATUS DESCRIPTION -- COMMAND...
#                           the exit status; for a status of at least
#                           $ONE_LINE_FROM (default 1): one line on stderr
#                           starting "vauban " and nothing on stdout
#   errhas TEXT / outlacks TEXT   about the last expect's stderr / stdout
#   finish NAME             the summary; the test's exit status
# glibc fills what malloc returns with one byte (here 0x5a, 'Z') instead of
# what the heap held, so that a read of memory never written (a buffer
# printed past its last byte) shows in the output every time rather than
# now and then; ignored under AddressSanitizer.
export MALLOC_PERTURB_=${MALLOC_PERTURB_:-165}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ONE_LINE_FROM=${ONE_LINE_FROM:-1}
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
    echo "$(basename "$0"): stopped at the first failure ($pass passed before it)"
    exit 1
}
has() { grep -qE -- "$2" "$1" && ok || bad "$3: no /$2/ in: $(head -c 600 "$1")"; }
hasnt() { grep -qE -- "$2" "$1" && bad "$3: /$2/ found" || ok; }

expect() {
    local want=$1 desc=$2
    shift 3
    "$@" >"$T/out" 2>"$T/err"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        bad "$desc: exit $got, expected $want ($(head -c 300 "$T/err"))"
        return
    fi
    if [ "$want" -ne 0 ] && [ "$want" -ge "$ONE_LINE_FROM" ]; then
        if [ "$(wc -l <"$T/err")" -ne 1 ] || ! grep -q '^vauban ' "$T/err"; then
            bad "$desc: expected one error line, got: $(head -c 300 "$T/err")"
            return
        fi
        if [ -s "$T/out" ]; then
            bad "$desc: printed something on error"
            return
        fi
    fi
    ok
}
errhas() { grep -q -- "$1" "$T/err" && ok || bad "stderr lacks '$1': $(cat "$T/err")"; }
outlacks() { grep -q -- "$1" "$T/out" && bad "stdout has '$1'" || ok; }

finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
