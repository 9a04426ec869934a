#!/usr/bin/env bash
# The hard-puzzle searches' benchmarks (docs/hard-puzzles.md): each search runs SECONDS
# (default 600, the issue's targets) in one process of two lanes (-j 2, one per core); prints
# each result line, whether each puzzle is new (in no file of the datasets), and the CPU time
# the search took (user + sys). Not a test: what the time buys depends on the machine and its load.
#   scripts/hard-bench.sh [SECONDS] [SATDOKU]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
satdoku=${2:-target/release/satdoku}
datasets=${SATDOKU_DATASETS:-../shared/datasets}
out=$(mktemp); se11=$(mktemp); trap 'rm -f "$out" "$se11"' EXIT
run() { # NAME ARGS...: the search's printed puzzles, each marked new or known, then its CPU time
  local name=$1; shift
  echo "== $name: $satdoku generate $* --time $seconds"
  /usr/bin/time -o "$out.time" -f "   cpu %U s user + %S s sys, %e s wall" \
    "$satdoku" generate --quiet --attempts 1000000000000 --time "$seconds" -j 2 -f line "$@" \
    > "$out" || true
  while IFS= read -r line; do
    if grep -rqF -- "${line%% #*}" "$datasets"; then echo "$line   [in the datasets]";
    else echo "$line   [new]"; fi
  done < "$out"
  cat "$out.time"; rm -f "$out.time"
}
grep -m 20 -v '^#' "$datasets/forum-hardest-1905-se11plus-48766.txt" > "$se11"
for seed in 1 2 3; do run "classic from scratch, seed $seed" --hard --seed "$seed"; done
run "from 20 SE 11+ puzzles" --from "$se11" --count 3
for rules in diagonal anti-knight miracle; do run "$rules from scratch" --hard --rules "$rules"; done
run "classic fewest" --fewest --seed 1
run "diagonal fewest" --fewest --rules diagonal --seed 1
run "anti-knight fewest" --fewest --rules anti-knight --seed 1
