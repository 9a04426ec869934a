#!/usr/bin/env python3
"""A wide `generate --hard`: the sharded vicinity search and batch rating on Dask distributed.

Runs N shards of `satdoku generate --hard --shard K/N` (each a deterministic, disjoint part of
the neighbourhood) as tasks on a Dask cluster, merges and de-duplicates the puzzles the workers
stream (every puzzle at or above --min-score, one line each), rates the merged puzzles in
batches with `satdoku rate` on the same workers, and reports the throughput per worker against
one process running the same search alone for the same time.

    python3 scripts/dask/wide.py --satdoku target/release/satdoku --workers 2 --seconds 20

Without --scheduler it starts a local cluster of --workers processes (one thread each); with
--scheduler tcp://HOST:8786 it uses a running cluster, whose workers must reach the satdoku
binary at the same path.
"""

import argparse
import json
import subprocess
import sys
import time


def search(satdoku, flags, shard, seconds):
    """One shard's search: its stdout lines (puzzles found) and the seconds it ran."""
    command = [satdoku, "generate", "--quiet", "-f", "line", "--jobs", "1",
               "--count", "1000000000", "--attempts", "1000000000000",
               "--time", str(seconds), *flags]
    if shard:
        command += ["--shard", shard]
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):  # 1: fewer puzzles than --count, as expected
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")
    return done.stdout.splitlines(), time.monotonic() - start


def rate(satdoku, lines):
    """`satdoku rate -f line` on a batch of puzzle lines: one result line each."""
    done = subprocess.run([satdoku, "rate", "--quiet", "-f", "line", "--jobs", "1"],
                          input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):  # 1: a puzzle the logic cannot finish
        raise RuntimeError(f"rate exited {done.returncode}: {done.stderr}")
    return done.stdout.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--satdoku", default="target/release/satdoku")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a running scheduler's address")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--from", dest="seeds", help="seed puzzles for --from")
    parser.add_argument("--min-score", default="0")
    parser.add_argument("--batch", type=int, default=50, help="puzzles per rating task")
    parser.add_argument("--json", action="store_true", help="the report as one JSON object")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster, as_completed

    flags = ["--seed", str(args.seed), "--min-score", args.min_score]
    flags += ["--from", args.seeds] if args.seeds else ["--rules", args.rules]
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    workers = len(client.scheduler_info()["workers"])
    shards = [f"{k}/{workers}" for k in range(1, workers + 1)]

    # The wide search: one task per shard, merged as each completes.
    start = time.monotonic()
    futures = [client.submit(search, args.satdoku, flags, shard, args.seconds, pure=False)
               for shard in shards]
    merged, streamed, per_shard = {}, 0, []
    for future in as_completed(futures):
        lines, seconds = future.result()
        streamed += len(lines)
        per_shard.append(len(lines) / seconds)
        for line in lines:
            givens = line.split(" #")[0]
            merged.setdefault(givens, line)
    wide_seconds = time.monotonic() - start

    # Batch rating of the merged puzzles on the same workers.
    puzzles = sorted(merged)
    start = time.monotonic()
    batches = [puzzles[i:i + args.batch] for i in range(0, len(puzzles), args.batch)]
    rated = sum(len(r) for r in client.gather(
        [client.submit(rate, args.satdoku, b, pure=False) for b in batches]))
    rate_seconds = time.monotonic() - start

    # One process alone, the whole neighbourhood, the same time.
    alone, alone_seconds = search(args.satdoku, flags, None, args.seconds)
    client.close()

    best = max(merged.values(), key=lambda line: float(line.split("score ")[1].split()[0]),
               default=None)
    report = {
        "workers": workers,
        "seconds": round(wide_seconds, 1),
        "streamed": streamed,
        "distinct": len(merged),
        "duplicates": streamed - len(merged),
        "found_per_second_per_worker": [round(x, 2) for x in sorted(per_shard)],
        "found_per_second_alone": round(len(alone) / alone_seconds, 2),
        "rated": rated,
        "rated_per_second": round(rated / rate_seconds, 1) if rate_seconds else None,
        "best": best,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
