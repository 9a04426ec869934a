#!/usr/bin/env bash
# CI for the wide search (scripts/dask/wide.py): installs dask[distributed] from PyPI into a
# venv kept with the user's caches, as cargo keeps the crates it downloads (a new clone reuses
# it; $SATDOKU_DASK_VENV names another place), runs the sharded search on a local cluster of
# two workers for a few seconds, and checks the merged puzzles (distinct, unique under
# `satdoku check`). Skips, saying so, when python3, venv, pip or the registry is unavailable.
set -uo pipefail
cd "$(dirname "$0")/../.."
satdoku=${1:-target/release/satdoku}
venv=${SATDOKU_DASK_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/satdoku/dask-venv}
skip() { echo "SKIPPED: $*"; exit 0; }

command -v python3 >/dev/null || skip "no python3"
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" >/dev/null 2>&1 || { rm -rf "$venv"; skip "python3 -m venv failed"; }
fi
if ! "$venv/bin/python" -c "import dask.distributed" 2>/dev/null; then
  "$venv/bin/pip" install -q "dask[distributed]" >/dev/null 2>&1 ||
    skip "pip could not install dask[distributed] (no registry?)"
fi
set -e
report=$("$venv/bin/python" scripts/dask/wide.py --satdoku "$satdoku" --workers 2 \
  --seconds 2 --rules classic --json)
echo "$report"
"$venv/bin/python" - "$satdoku" "$report" <<'PY'
import json, subprocess, sys
satdoku, report = sys.argv[1], json.loads(sys.argv[2])
assert report["workers"] == 2, report
assert report["distinct"] > 0, report
assert len(report["found_per_second_per_worker"]) == 2, report
assert report["rated"] == report["distinct"], report
best = report["best"].split(" #")[0]
check = subprocess.run([satdoku, "check", "-f", "line"], input=best + "\n",
                       capture_output=True, text=True)
assert check.stdout.strip() == "unique", check
print("dask: ok")
PY
