#!/usr/bin/env bash
# Serve the game locally at http://127.0.0.1:8000/ exactly as it is deployed.
# Installs the pinned npm packages if needed, vendors PyScript + Pyodide into
# static/vendor/, builds the site into build/site/ (tools/build.py) and serves
# that folder.  Usage: bash scripts/serve.sh  (from any directory)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# npm ci only when node_modules is missing or older than package-lock.json.
# (npm rewrites node_modules/.package-lock.json on every install.)
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
    touch node_modules/.package-lock.json
fi
python3 tools/vendor.py
python3 tools/build.py

# Python's own http.server, with the MIME types module scripts and wasm need spelled out.
exec python3 tools/serve.py --port 8000 --bind 127.0.0.1 build/site
