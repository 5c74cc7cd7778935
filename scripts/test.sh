#!/usr/bin/env bash
# The one command that installs and runs every test, on a fresh Debian machine
# that has python3 and node/npm (root, or a user with sudo for the apt step):
#   apt: chromium + fonts-noto-core, WebKitGTK + xvfb, firefox-esr (+ python3-venv if venv is broken)
#   .venv/ with requirements-test.txt, node_modules/ via npm ci, static/vendor/
#   then: ruff check . && ruff format --check . && mypy && pytest "$@"   (types; unit tests, e2e browser tests, doctests)
# Usage: bash scripts/test.sh [pytest args...]   e.g. bash scripts/test.sh -m "not e2e"
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Playwright's own browser download is unreachable here: tests drive Debian's
# /usr/bin/chromium (see tests/e2e/conftest.py).
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export PIP_DISABLE_PIP_VERSION_CHECK=1

# --- apt (only when something is missing) ----------------------------------
SUDO=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
fi
apt_updated=""
apt_install() {
    if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
        echo "test.sh: need root or sudo to apt-get install $*" >&2
        exit 1
    fi
    if [ -z "$apt_updated" ]; then
        "${SUDO[@]}" apt-get update -q
        apt_updated=1
    fi
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# Noto gives Chromium glyphs for every UI language (e.g. Tamil) in screenshots.
dpkg -s fonts-noto-core >/dev/null 2>&1 || missing+=(fonts-noto-core)
# The other engines (tests/engines): WebKit (WebKitGTK, driven from the system Python's
# bindings in a virtual X server) and Firefox ESR (driven through Marionette).
for package in gir1.2-webkit2-4.1 python3-gi python3-gi-cairo xvfb firefox-esr; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt_install "${missing[@]}"
fi

# --- Python test tools in .venv ---------------------------------------------
# A half-made .venv (e.g. venv failed for lack of ensurepip) has no working pip.
if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    rm -rf .venv
    if ! python3 -m venv .venv; then
        rm -rf .venv
        apt_install python3-venv
        python3 -m venv .venv
    fi
fi
# Reinstall only when requirements-test.txt differs from what was installed.
if ! cmp -s requirements-test.txt .venv/requirements-test.installed; then
    .venv/bin/python -m pip install -q -r requirements-test.txt
    cp requirements-test.txt .venv/requirements-test.installed
fi

# --- PyScript + Pyodide, vendored from npm ------------------------------------
# npm ci only when node_modules is missing or older than package-lock.json
# (npm rewrites node_modules/.package-lock.json on every install).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
    touch node_modules/.package-lock.json
fi
python3 tools/vendor.py

# --- Debian's own Node.js, unpacked beside the machine's -------------------------
# The Pages workflow builds the site in Debian bookworm with Debian's Node.js (18); the build must
# give the same bytes with it as with this machine's node (tests/unit/test_deploy.py builds with
# both). Unpacked into .venv/debian-node, never installed over the machine's node; nothing to do
# where the machine's node is Debian's, or where apt cannot fetch it (the test says so).
DEBIAN_NODE=.venv/debian-node
if [ ! -x "$DEBIAN_NODE/usr/bin/node" ] && command -v apt-get >/dev/null 2>&1 \
    && ! node --version 2>/dev/null | grep -q '^v18\.'; then
    fetch_debian_node() {
        local version
        version=$(apt-cache madison nodejs | awk -F'|' '$2 ~ /^ *18\./ {gsub(/ /, "", $2); print $2; exit}')
        [ -n "$version" ] || return 1
        rm -rf "$DEBIAN_NODE.tmp" && mkdir -p "$DEBIAN_NODE.tmp"
        (cd "$DEBIAN_NODE.tmp" && apt-get download -q "nodejs=$version" "libnode108=$version" \
            libc-ares2 libuv1 libnghttp2-14 libbrotli1 libicu72 2>/dev/null) || return 1
        for deb in "$DEBIAN_NODE.tmp"/*.deb; do dpkg -x "$deb" "$DEBIAN_NODE.tmp/root"; done
        LD_LIBRARY_PATH="$DEBIAN_NODE.tmp/root/usr/lib/x86_64-linux-gnu" \
            "$DEBIAN_NODE.tmp/root/usr/bin/node" --version >/dev/null || return 1
        rm -rf "$DEBIAN_NODE" && mv "$DEBIAN_NODE.tmp/root" "$DEBIAN_NODE" && rm -rf "$DEBIAN_NODE.tmp"
    }
    # (Debian's node reads some of its own built-in modules from these packages of plain JavaScript)
    node_parts=()
    for package in node-cjs-module-lexer node-undici node-acorn; do
        dpkg -s "$package" >/dev/null 2>&1 || node_parts+=("$package")
    done
    if [ ${#node_parts[@]} -gt 0 ] && { [ "$(id -u)" -eq 0 ] || [ ${#SUDO[@]} -gt 0 ]; }; then
        apt_install "${node_parts[@]}" || echo "test.sh: could not install ${node_parts[*]}"
    fi
    if ! fetch_debian_node; then
        # (the package lists may be stale: once more after an update)
        if [ -z "$apt_updated" ] && { [ "$(id -u)" -eq 0 ] || [ ${#SUDO[@]} -gt 0 ]; }; then
            "${SUDO[@]}" apt-get update -q && apt_updated=1
        fi
        fetch_debian_node || echo "test.sh: Debian's Node.js 18 not found: the build is compared with one node"
    fi
    rm -rf "$DEBIAN_NODE.tmp"
fi

echo "test.sh: set-up done in ${SECONDS}s"

# --- tests ------------------------------------------------------------------
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python -m mypy
# A whole run (no arguments) runs in two pytest-xdist workers (one process on a one-core machine),
# a run of the tests named in one process; MAGDAGDON_WORKERS=N sets N workers (0: one process).
# Each worker has its own server and browser (the site is built once for all of them), and runs
# a test file whole, in order. The browser tests are bound by the processor (one process keeps
# 1.4 of 2 cores busy here): on this 2-core machine two workers take about a fifth less time
# than one process, and three took longer than one.
cores=$(nproc 2>/dev/null || echo 1)
whole=$((cores >= 2 ? 2 : 0))
# The 25 slowest tests are listed at the end of every run (where to make the suite cheaper).
# magdagdon/ui/ (the controller and its parts, the painters, the shell) decides what every tap,
# key and button may do, what each screen shows and what the page does;
# a whole run (no arguments) also requires its own CPython tests to reach at least 95% of its
# lines (README: "Set up"): those tests then run once, under coverage, after the others.
UI_TESTS=(tests/unit/test_ui.py tests/unit/test_controls.py tests/unit/test_hints.py
    tests/unit/test_data_screens.py tests/unit/test_daily_ui.py tests/unit/test_guide.py
    tests/unit/test_view.py tests/unit/test_review_ui.py tests/unit/test_taps.py
    tests/unit/test_backup_screen.py tests/unit/test_practice_ui.py tests/unit/test_keeping_ui.py
    tests/unit/test_puzzles_ui.py
    tests/unit/test_shell.py tests/unit/test_painters.py tests/unit/test_frame.py)
if [ $# -eq 0 ]; then
    ignored=()
    for file in "${UI_TESTS[@]}"; do ignored+=(--ignore "$file"); done
    .venv/bin/python -m pytest -n "${MAGDAGDON_WORKERS:-$whole}" --dist loadfile --durations=25 \
        "${ignored[@]}"
    .venv/bin/python -m coverage run --data-file=.venv/coverage-ui --include="magdagdon/ui/*" \
        -m pytest -q --no-header "${UI_TESTS[@]}"
    .venv/bin/python -m coverage report --data-file=.venv/coverage-ui --show-missing --fail-under=95
else
    .venv/bin/python -m pytest -n "${MAGDAGDON_WORKERS:-0}" --dist loadfile --durations=25 "$@"
fi
