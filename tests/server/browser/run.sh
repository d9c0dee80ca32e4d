#!/usr/bin/env bash
# The browser tests (e2e.mjs) for ctest: `run.sh PATH-TO-VAUBAN`. Skipped
# (exit 77) when Node.js, npm or Debian's chromium is missing; installs
# playwright-core from package-lock.json on first use (npm ci). Screenshots
# go to $SHOTS (ctest sets it to the build directory's shots/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
vauban="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
for tool in node npm; do
    command -v "$tool" >/dev/null || { echo "browser tests skipped: no $tool"; exit 77; }
done
chromium="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || { echo "browser tests skipped: no $chromium (Debian package chromium)"; exit 77; }
cd "$here"
if [ ! -d node_modules/playwright-core ]; then
    npm ci --no-audit --no-fund --loglevel=error ||
        { echo "browser tests skipped: npm ci failed (no registry?)"; exit 77; }
fi
VAUBAN="$vauban" CHROMIUM="$chromium" SHOTS="${SHOTS:-$here/shots}" node --test e2e.mjs
