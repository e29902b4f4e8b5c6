#!/usr/bin/env python3
"""reef beside VisiData on the analysis of issue #42: aggregates per group, two key columns, pivot, join.

    python3 Benchmarks/reef_analysis.py --db FILE --rows N --reef BIN [--vd BIN] [--runs 3] [--join]
    python3 Benchmarks/reef_analysis.py --postgres [--conninfo STR] --rows N --reef BIN [--runs 3] [--join]

With --join, the join of reef_join.py (`events` joined with a lookup table, then counted) instead.

On the `events` table that reef-speed.sh generates (SQLite) or reef_postgres.py makes (PostgreSQL;
without --conninfo a throwaway server from scripts/pg-cluster), each program in a private tmux
server as reef_speed.py drives it, a fresh process per run (one discarded warm-up run first):

- *F with sum and mean*: to `at`, `+` sum and mean (reef `+s+a`; VisiData `+` and `sum mean`), to
  `kind`, untimed; then `F`, timed until the five groups show with both aggregates;
- *two key columns*: `!` on `kind` and `level` (VisiData: `id` taken out of its keys first),
  untimed; then `gF`, timed until the groups show;
- *pivot*: `!` on `kind`, the cursor to `level`, untimed; then `W`, timed until the table (five
  rows of kinds, ten columns of levels) shows;
- *computed column*: `=` `level * 2 AS twice` (VisiData: `=` `level * 2` on `level`), untimed;
  then `F` on it, timed until its ten values show;
- *plot*: `!` on `at` (VisiData: `id` taken out of its keys first), the cursor to `level`, untimed;
  then `.`, timed until the plot shows (VisiData: its graph sheet says every point is loaded);
- *histogram* (reef alone: VisiData has none): the cursor to `at`, then `H`, until it shows.

The drill-downs (`Enter` on a summary opens the rows it stands for) set up the summary untimed and
wait for it, then time `Enter` until the opened rows show (reef: its `RESULTS` grid titled with the
filter, its first row drawn; the count of those rows, `1/N`, is timed apart as `NAME_count`):

- *freq_rows*: `F` on `kind`, then `Enter` on its first row (200,000 rows a kind a million);
  VisiData: `F` on `kind`, `Enter` until the group's sheet shows its rows;
- *pivot_rows* (reef alone: VisiData's pivot opens a row's rows, not a cell's): the pivot above,
  the cursor four columns right (`click` by level 3: 100,000 rows a million; on PostgreSQL three,
  level 2, as its table pairs them), then `Enter`;
- *histogram_rows* (reef alone): `H` on `at`, `Enter` on the cursor bar (10,000 rows a million);
- *plot_rows*: the plot above, `Enter` on the cursor cell (reef: its cell in the middle, two up,
  on level 5: 672 rows a million in 160x45; VisiData: its cursor box, one character cell at the
  bottom left, its `dive-cursor`).

VisiData works on the rows it has loaded, so its keys are sent after the whole table is loaded
(its load time is listed apart); reef's as soon as the first rows show. Each time runs from the
`send-keys` of the timed key to the first capture showing the result (the same polling as
reef_speed.py). Memory: the program's peak resident memory (VmHWM) at the end of the run.

Standard library only.
"""

import argparse
import os
import re
import sys
import time

import reef_join

from reef_speed import (Results, StepTimeout, Tmux, cell_regex, clean_up_on_signals, emit, fmt_mem, fmt_time, log,
                        now, payload_of, run_quiet, run_trials, status_line)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, what the table says, reef's untimed keys, reef's timed keys, VisiData's untimed keys (groups of keys sent
# half a second apart; VisiData makes the table's primary key `id` a key column: `!` takes it out; `c` goes to a
# column by name), VisiData's timed keys
OPERATIONS = [
    ("aggregates", "`F` with sum and mean of `at`, by `kind`",
     ["l", "+", "s", "+", "a", "l"], ["F"],
     [["c"], ["^at$", "Enter"], ["+"], ["sum mean", "Enter"], ["c"], ["^kind$", "Enter"]], ["F"]),
    ("two_keys", "`gF` by two key columns (`kind`, `level`)",
     ["l", "l", "!", "l", "!"], ["g", "F"],
     [["!"], ["c"], ["^kind$", "Enter"], ["!"], ["c"], ["^level$", "Enter"], ["!"]], ["g", "F"]),
    ("pivot", "`W`: pivot of `kind` by `level`",
     ["l", "l", "!", "l"], ["W"],
     [["!"], ["c"], ["^kind$", "Enter"], ["!"], ["c"], ["^level$", "Enter"]], ["W"]),
    ("computed", "`=` computed column (`level * 2`), then `F` on it",
     ["=", "level * 2 AS twice", "Enter", "$"], ["F"],
     [["!"], ["c"], ["^level$", "Enter"], ["="], ["level * 2", "Enter"]], ["F"]),
    # The histogram is reef's alone (VisiData's keys None: VisiData has none).
    ("plot", "`.`: plot of `level` against `at`", ["l", "!", "l", "l"], ["."],
     [["!"], ["c"], ["^at$", "Enter"], ["!"], ["c"], ["^level$", "Enter"]], ["."]),
    ("histogram", "`H`: histogram of `at`", ["l"], ["H"], None, None),
]

# The drill-downs: name, what the table says, reef's untimed keys to the summary, the operation whose
# `reef_done` says the summary shows (None: `F` on `kind`), reef's keys from there to the cell, what the
# opened rows' status holds; VisiData's untimed key groups, its summary's keys and `vd_done` operation
# (None: no equivalent), the summary sheet's name that the opened one's follows in the status.
DRILLS = [
    ("freq_rows", "`Enter` on a frequency row (`kind` = `click`): its rows",
     ["l", "l", "F"], None, [], "where kind = ",
     [["c"], ["^kind$", "Enter"]], ["F"], "freq", "_kind_freq"),
    ("pivot_rows", "`Enter` on a pivot cell (`click` by a level): its rows",
     ["l", "l", "!", "l", "W"], "pivot", ["l", "l", "l", "l"], "AND level = 3",
     None, None, None, None),
    ("histogram_rows", "`Enter` on a histogram bar of `at`: its rows",
     ["l", "H"], "histogram", [], "where at >= ",
     None, None, None, None),
    ("plot_rows", "`Enter` on a plot region (`level` against `at`): its rows",
     ["l", "!", "l", "l", "."], "plot", ["Up", "Up"], "where at BETWEEN ",
     [["!"], ["c"], ["^at$", "Enter"], ["!"], ["c"], ["^level$", "Enter"]], ["."], "plot", "_graph"),
]

# reef_postgres.py's `events` pairs kinds and levels otherwise: its `click` rows hold levels 2 and 7.
POSTGRES_MOVES = {"pivot_rows": (["l", "l", "l"], "AND level = 2")}

ONLY = set()


def selected(operations):
    """The operations --only names (all without it)."""
    return [operation for operation in operations if not ONLY or operation[0] in ONLY]


KINDS = ["click", "login", "logout", "purchase", "view"]


def reef_done(name):
    """What reef's screen shows when operation `name` is done."""
    position = re.compile(r"(?:^|\s)1/[0-9]+(?:\s|$)")
    mode = " PIVOT " if name == "pivot" else " FREQUENCY "
    if name in ("plot", "histogram"):
        # The picture's screen opens once the database has reduced the rows.
        picture = " PLOT " if name == "plot" else " HISTOGRAM "
        return lambda screen: status_line(screen).startswith(picture) and " rows" in screen.splitlines()[0]

    def done(screen):
        status = status_line(screen)
        if not status.startswith(mode) or not position.search(status):
            return False
        if name == "aggregates":
            return "at_mean" in screen and all(kind in screen for kind in KINDS)
        if name == "pivot":
            return "Total" in screen and all(kind in screen for kind in KINDS)
        if name == "computed":
            return "twice" in screen.splitlines()[0]
        return "level" in screen.splitlines()[0]
    return done


def vd_done(name):
    """What VisiData's screen shows when operation `name` is done (its sheet made, no progress left)."""
    def done(screen):
        status = status_line(screen)
        if name == "plot":  # its graph sheet, its message once every point is read
            return "_graph" in status and re.search(r"loaded [0-9]+ points \(", screen) is not None
        if "%" in status or "…" in status:
            return False
        if name == "pivot":  # its sheet named (the status echoes the command's name at once), its rows counted
            return "_pivot_" in status and re.search(r"\b5 (?:grouped )?rows\b", status) is not None
        if name == "computed":  # the frequency table of the new column, its ten values
            return "bins" in status and "level * 2" in screen.splitlines()[1]
        if "bins" not in status or not all(kind in screen for kind in KINDS):
            return False
        if name == "aggregates":
            return "at_mean" in screen
        return name == "freq" or "level" in screen
    return done


def reef_frequency_shown(screen):
    """`F` on `kind`: its five groups counted."""
    return status_line(screen).startswith(" FREQUENCY ") and all(kind in screen for kind in KINDS) \
        and re.search(r"(?:^|\s)1/[0-9]+(?:\s|$)", status_line(screen)) is not None


def reef_rows_shown(where):
    """The rows a drill-down opened: reef's `RESULTS` grid titled with its filter, its first row drawn."""
    first_row = re.compile(r"^\s*1│", re.MULTILINE)
    return lambda screen: status_line(screen).startswith(" RESULTS ") and where in status_line(screen) \
        and first_row.search(screen) is not None


def reef_rows_counted(where):
    """As reef_rows_shown, and their count shown (`1/N`)."""
    shown = reef_rows_shown(where)
    return lambda screen: shown(screen) and re.search(r"\s1/[0-9][0-9,]*\s", status_line(screen)) is not None


def vd_rows_shown(summary):
    """VisiData's sheet of the opened rows: pushed after its summary's (`… | 4›events_view`), its rows counted."""
    def shown(screen):
        status = status_line(screen)
        return summary + " | " in status and "%" not in status and "…" not in status \
            and re.search(r"\b[0-9]+ rows\b", status) is not None
    return shown


def measure_reef_drills(reef, target, rows, tmux, runs, res):
    total = re.compile(r"/" + re.escape(f"{rows:,}") + r"(?:\s|$)")
    first_cell = cell_regex(payload_of(1))
    for name, _, prep, summary, moves, where, *_ in selected(DRILLS):
        if not os.path.exists(target):
            moves, where = POSTGRES_MOVES.get(name, (moves, where))
        def trial(pane, t0, sample, prep=prep, summary=summary, moves=moves, where=where, name=name):
            pane.wait_for(lambda s: bool(first_cell.search(s)) and bool(total.search(status_line(s))), t0, 600, "reef counted")
            for key in prep:
                pane.send(key)
            t1 = now()
            pane.wait_for(reef_done(summary) if summary else reef_frequency_shown, t1, 900, f"reef {name} summary")
            for key in moves:
                pane.send(key)
            time.sleep(0.5)
            t2 = now()
            pane.send("Enter")
            sample[name] = pane.wait_for(reef_rows_shown(where), t2, 900, f"reef {name}")[0]
            sample[name + "_count"] = pane.wait_for(reef_rows_counted(where), t2, 900, f"reef {name} count")[0]
            sample[name + "_rss"] = pane.peak_rss_kb()
        run_trials("reef", "reef.", runs, res, lambda: tmux.start([reef, target, "--table", "events"]), trial, ["Q"])


def measure_visidata_drills(vd, db, rows, tmux, runs, res, loaded, home):
    for name, *_, prep, summary_keys, summary, sheet in selected(DRILLS):
        if prep is None:
            continue
        def trial(pane, t0, sample, prep=prep, summary_keys=summary_keys, summary=summary, sheet=sheet, name=name):
            sample["load"], _ = pane.wait_for(loaded, t0, 900, "vd loaded")
            for group in prep:
                pane.send(*group)
                time.sleep(0.5)
            sample[name + "_summary"] = pane.timed(summary_keys, vd_done(summary), 900, f"vd {name} summary")
            time.sleep(0.5)
            sample[name] = pane.timed(["Enter"], vd_rows_shown(sheet), 900, f"vd {name}")
            sample[name + "_rss"] = pane.peak_rss_kb()
        run_trials("vd", "vd.", runs, res, lambda: tmux.start([vd, db, "+0:events::"], env={"HOME": home}), trial,
                   ["g", "q"])


def measure_reef(reef, target, rows, tmux, runs, res):
    first_cell = cell_regex(payload_of(1))
    total = re.compile(r"/" + re.escape(f"{rows:,}") + r"(?:\s|$)")
    for name, _, prep, keys, _, _ in selected(OPERATIONS):
        def trial(pane, t0, sample, prep=prep, keys=keys, name=name):
            # As VisiData's keys wait for its load, reef's wait for its row count.
            pane.wait_for(lambda s: bool(first_cell.search(s)) and bool(total.search(status_line(s))), t0, 600, "reef counted")
            for key in prep:
                pane.send(key)
            time.sleep(0.5)
            sample[name] = pane.timed(keys, reef_done(name), 900, f"reef {name}")
            sample[name + "_rss"] = pane.peak_rss_kb()
        run_trials("reef", "reef.", runs, res, lambda: tmux.start([reef, target, "--table", "events"]), trial, ["Q"])
    measure_reef_drills(reef, target, rows, tmux, runs, res)


def measure_visidata(vd, db, rows, tmux, runs, res):
    loaded_text = re.compile(r"(?:^|\s)" + str(rows) + r" rows")
    home = os.path.join(tmux.tmpdir, "vd-home")
    os.makedirs(home, exist_ok=True)

    def loaded(screen):
        status = status_line(screen)
        return bool(loaded_text.search(status)) and "loading" not in status

    for name, _, _, _, prep, keys in selected(OPERATIONS):
        if keys is None:
            continue
        def trial(pane, t0, sample, prep=prep, keys=keys, name=name):
            sample["load"], _ = pane.wait_for(loaded, t0, 900, "vd loaded")
            for group in prep:
                pane.send(*group)
                time.sleep(0.5)
            sample[name] = pane.timed(keys, vd_done(name), 900, f"vd {name}")
            sample[name + "_rss"] = pane.peak_rss_kb()
        run_trials("vd", "vd.", runs, res, lambda: tmux.start([vd, db, "+0:events::"], env={"HOME": home}), trial, ["g", "q"])
    measure_visidata_drills(vd, db, rows, tmux, runs, res, loaded, home)


def report(args, res, where):
    lines = [f"{args.rows:,} rows, {where}, terminal {args.size}; median of {args.runs} runs (min–max)", "",
             "| operation | reef | reef peak memory | VisiData | VisiData peak memory |", "| --- | --- | --- | --- | --- |"]
    if res.samples.get("vd.load"):
        lines.append(f"| VisiData loads the table first | — | — | {fmt_time(res, 'vd.load')} | — |")
    # The join's two steps run in one process: one peak for both.
    operations = [(name, label, "join") for name, label in reef_join.OPERATIONS] if args.join \
        else [(name, label, name) for name, label, *_ in selected(OPERATIONS)] \
        + [(name, label, name) for name, label, *_ in selected(DRILLS)] \
        + [(name + "_count", label + ", counted (`1/N`)", name) for name, label, *_ in selected(DRILLS)]
    for name, label, peak in operations:
        lines.append(f"| {label} | {fmt_time(res, 'reef.' + name)} | {fmt_mem(res, 'reef.' + peak + '_rss')} | "
                     f"{fmt_time(res, 'vd.' + name)} | {fmt_mem(res, 'vd.' + peak + '_rss')} |")
    lines += [""] + [f"- {note}" for note in res.notes]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="the SQLite file of reef-speed.sh")
    parser.add_argument("--postgres", action="store_true", help="on PostgreSQL (see --conninfo)")
    parser.add_argument("--conninfo", help="a libpq connection string (omit to start a throwaway server)")
    parser.add_argument("--rows", type=int, required=True, help="rows in events")
    parser.add_argument("--reef", required=True, help="the release reef binary")
    parser.add_argument("--vd", help="the vd executable (omit to skip VisiData; SQLite only)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--vd-runs", type=int, help="runs for VisiData (default: --runs)")
    parser.add_argument("--size", default="160x45", help="terminal COLSxROWS")
    parser.add_argument("--poll-ms", type=float, default=5)
    parser.add_argument("--out", help="also write the Markdown table to this file")
    parser.add_argument("--only", action="append", default=[], choices=[op[0] for op in OPERATIONS + DRILLS],
                        help="measure this operation only (again for several)")
    parser.add_argument("--no-reef", action="store_true", help="measure VisiData only")
    parser.add_argument("--join", action="store_true", help="measure the join (reef_join.py) instead")
    args = parser.parse_args()
    ONLY.update(args.only)
    columns, rows = (int(x) for x in args.size.split("x"))
    tmux = Tmux(columns, rows, args.poll_ms)
    res = Results()
    folder = None
    if args.postgres:
        from reef_postgres import make_table
        conninfo = args.conninfo
        if not conninfo:
            started = run_quiet([os.path.join(ROOT, "scripts", "pg-cluster"), "start"], timeout=300)
            if started.returncode != 0:
                sys.exit(f"reef_analysis.py: could not start a server: {started.stderr.strip()}")
            folder, conninfo = started.stdout.strip().splitlines()[-2:]

        def stop_server():
            tmux.kill_server()
            if folder:
                run_quiet([os.path.join(ROOT, "scripts", "pg-cluster"), "stop", folder], timeout=120)
        clean_up_on_signals(stop_server)
        try:
            make_table(conninfo, args.rows)
            if args.join:
                reef_join.make_levels_postgres(conninfo)
                reef_join.measure_reef(args.reef, conninfo, args.rows, tmux, args.runs, res)
            else:
                measure_reef(args.reef, conninfo, args.rows, tmux, args.runs, res)
        finally:
            stop_server()
        emit(report(args, res, "PostgreSQL"), args.out)
        return
    if not args.db:
        sys.exit("reef_analysis.py: --db FILE or --postgres")
    clean_up_on_signals(tmux.kill_server)
    if args.join:
        reef_join.make_levels_sqlite(args.db)
        if not args.no_reef:
            reef_join.measure_reef(args.reef, args.db, args.rows, tmux, args.runs, res)
        if args.vd:
            home = os.path.join(tmux.tmpdir, "vd-home")
            os.makedirs(home, exist_ok=True)
            reef_join.measure_visidata(args.vd, args.db, args.rows, tmux, args.vd_runs or args.runs, res, home)
        emit(report(args, res, "SQLite"), args.out)
        return
    if not args.no_reef:
        measure_reef(args.reef, args.db, args.rows, tmux, args.runs, res)
    if args.vd:
        measure_visidata(args.vd, args.db, args.rows, tmux, args.vd_runs or args.runs, res)
    emit(report(args, res, "SQLite"), args.out)


if __name__ == "__main__":
    main()
