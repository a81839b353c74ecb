#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/sim/test_web.sh - the game in a browser (make web, sim/web/): the
# page's simulated Uno in Node (tests/sim/web/machine_test.js: the USART
# work-around), then the page itself in Debian's headless Chromium
# (tests/sim/web/browser_test.mjs).  make test-web and make test install
# Chromium and build the site first; without them the test is skipped and
# says why, except on CI (CI set), where that is a failure.
set -u
BUILD=${BUILD:-build}
. tests/support.sh

CHROMIUM=${CHROMIUM:-chromium}
missing=""
command -v node >/dev/null 2>&1 || missing="node is not installed"
[ -f "$BUILD/web/index.html" ] && [ -f "$BUILD/web/tests/machine_test.js" ] || missing="${missing:+$missing; }the site is not built (make web)"
command -v "$CHROMIUM" >/dev/null 2>&1 || missing="${missing:+$missing; }Chromium is not installed (.ci/install-deps chromium)"
if [ -n "$missing" ]; then
    if [ -n "${CI:-}" ]; then
        fail "the browser test runs on CI" "$missing"
    else
        echo "  skipped: the browser test ($missing)"
    fi
    finish "web"
    exit
fi

# report: a line a case from the Node scripts, counted here.
report() {
    status=0
    while IFS="$(printf '\t')" read -r verdict name reason; do
        case $verdict in
            ok) ok "$name" ;;
            fail) fail "$name" "$reason" ;;
            *) echo "$verdict${name:+ $name}" ;;
        esac
    done
}

mkdir -p "$BUILD/web/tests"
node "$BUILD/web/tests/machine_test.js" "$BUILD/web/demo.hex" > "$tmp/machine" 2>&1 \
    || echo "fail	tests/sim/web/machine_test.js ends with status 0	status $?" >> "$tmp/machine"
node tests/sim/web/browser_test.mjs "$BUILD" "$(command -v "$CHROMIUM")" > "$tmp/browser" 2>&1 \
    || echo "fail	tests/sim/web/browser_test.mjs ends with status 0	status $?" >> "$tmp/browser"
report < "$tmp/machine"
report < "$tmp/browser"
[ -f "$BUILD/web/tests/screenshot.png" ] && echo "  screenshot: $BUILD/web/tests/screenshot.png"
finish "web"
