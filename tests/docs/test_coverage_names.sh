#!/usr/bin/env bash
# test_coverage_names.sh - every name a table of docs/<game>.md quotes as
# code (`name`: a function, a test, a data key, an action word) exists in
# src/, tests/ or data/: a coverage row cannot point at code or a test that
# was renamed or removed. (The argument, the vauban program, is not used.)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
fail=0
n=0
for doc in "$root"/docs/*.md; do
    game=$(basename "$doc" .md)
    [ -d "$root/src/games/$game" ] || continue
    for t in $(grep '^|' "$doc" | grep -o '`[a-z][a-z0-9_]*`' | tr -d '`' | sort -u); do
        n=$((n + 1))
        if ! grep -rqw -- "$t" "$root/src" "$root/tests" "$root/data"; then
            echo "FAIL: docs/$game.md names \`$t\`, found nowhere in src/, tests/ or data/"
            fail=$((fail + 1))
        fi
    done
done
echo "test_coverage_names: $n names checked, $fail missing"
[ "$fail" -eq 0 ]
