#!/usr/bin/env python3
"""reef's peak resident memory for each operation of issue #42, on SQLite or PostgreSQL.

    python3 Benchmarks/reef_peaks.py --reef BIN --target FILE_OR_CONNINFO --rows N [--out FILE]

On the `events` table of reef-speed.sh (SQLite) or reef_postgres.py (PostgreSQL), with the lookup
table `levels` of reef_join.py beside it, starts reef once per operation in a private tmux server
(160x45) as reef_speed.py does, waits for the first rows, sends the operation's keys and waits
until its result is on screen (the status bar's `FREQUENCY`, `PIVOT`, `PLOT` or `HISTOGRAM`);
then reads the process's peak resident memory (VmHWM) and the seconds from the first key to the
result.

Standard library only.
"""

import argparse
import os
import time

import reef_join
from reef_speed import StepTimeout, Tmux, cell_regex, clean_up_on_signals, emit, log, now, payload_of, status_line

# name, groups of keys sent half a second apart (on events: id, at, kind, level, payload), the
# status bar's start once the result shows
OPERATIONS = [
    ("`F` with sum and mean of `at` by `kind`", [["l", "+", "s", "+", "a", "l", "F"]], " FREQUENCY "),
    ("`W`: pivot of `kind` by `level`", [["l", "l", "!", "l", "W"]], " PIVOT "),
    ("`=` computed column, then `F` on it", [["="], ["level * 2 AS twice", "Enter"], ["$", "F"]], " FREQUENCY "),
    ("`.`: plot of `level` against `at`", [["l", "!", "l", "l", "."]], " PLOT "),
    ("`H`: histogram of `at`", [["l", "H"]], " HISTOGRAM "),
    ("`J` `levels` on `level` (inner), then `F` on `levels.name`",
     [["l", "l", "l", "J"], ["levels", "Enter"], ["Enter"], ["inner", "Enter"], ["$", "h", "F"]], " FREQUENCY "),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", required=True)
    parser.add_argument("--target", required=True, help="the SQLite file or the PostgreSQL connection string")
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--out")
    args = parser.parse_args()
    on_sqlite = os.path.exists(args.target)
    if on_sqlite:
        reef_join.make_levels_sqlite(args.target)
    else:
        reef_join.make_levels_postgres(args.target)
    tmux = Tmux(160, 45, 5)
    clean_up_on_signals(tmux.kill_server)
    first_cell = cell_regex(payload_of(1))
    lines = [f"{args.rows:,} rows, {'SQLite' if on_sqlite else 'PostgreSQL'}, terminal 160x45", "",
             "| operation | reef peak resident | first key to result |", "| --- | --- | --- |"]
    for label, groups, mode in OPERATIONS:
        pane, t0 = tmux.start([args.reef, args.target, "--table", "events"])
        try:
            pane.wait_for(lambda s: bool(first_cell.search(s)), t0, 600, "reef's first rows")
            started = now()
            for keys in groups:
                pane.send(*keys)
                time.sleep(0.5)
            elapsed, _ = pane.wait_for(lambda s, mode=mode: status_line(s).startswith(mode), started, 1800, label)
            peak = pane.peak_rss_kb()
            log(f"{label}: {peak} kB, {elapsed:.1f} s")
            lines.append(f"| {label} | {peak / 1024:.1f} MB | {elapsed:.1f} s |")
        except StepTimeout as error:
            log(f"{label}: {error}")
            lines.append(f"| {label} | timed out | — |")
        finally:
            pane.quit(["Q"], timeout=20)
    emit("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    main()
