#!/usr/bin/env bash
# Serve the site locally at http://127.0.0.1:8000/ (works offline).
# Installs the pinned npm packages if needed and vendors PyScript + Pyodide
# into static/vendor/ first.  Usage: bash scripts/serve.sh  (from any directory)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# npm ci only when node_modules is missing or older than package-lock.json.
# (npm rewrites node_modules/.package-lock.json on every install.)
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
    touch node_modules/.package-lock.json
fi
python3 tools/vendor.py

echo "Serving MAGDAGDON at http://127.0.0.1:8000/  (Ctrl-C to stop)"
exec python3 -m http.server 8000 --bind 127.0.0.1
