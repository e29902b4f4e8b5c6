#!/usr/bin/env python3
"""Measures reef's keys and memory with 50 MB values on screen.

    python3 Benchmarks/reef_long_values.py --reef BIN [--rounds 10] [--data-dir DIR]

Generates `long-values.db` (sqlite3 CLI, WAL): `t(id INTEGER PRIMARY KEY, name TEXT, body TEXT,
data BLOB)`, 100 short rows, row 3's body 10 MB of text, row 5's body 50 MB of text and its data
a 50 MB blob. Opens it in the real reef in a private tmux server (120x40), puts the cursor on
row 5 and times, from `tmux send-keys` to the first capture showing the result: `j`/`k` between
rows 5 and 6 in the grid (the status bar's position), Enter into the record view ("Record 5 of
100"), and `j`/`k` between its fields (the status bar's column name). Resident memory (VmRSS)
after the grid keys and after the record keys, and the peak (VmHWM), from /proc.

With `--paths`, runs reef headless (120x40) once per path instead, on the same file, and reports
each run's peak resident memory (the process's VmHWM, by GNU time's `%M`) and wall time:
opening the table, a search (`/`) that finds nothing, `F` on `body`, `I`, exports to CSV, JSON and
`.sql`, and `select * from t` at the SQL prompt. Headless keys wait for background work, so each
run ends once its path is done; the final screen is checked for the path's result.

With `--postgres [CONNINFO]`, the same table on a PostgreSQL server (`body text`, `data bytea`;
without CONNINFO a throwaway one, started and stopped with scripts/pg-cluster) and the paths
headless there: opening it, `/`, `F` and `I` on `body`, exports to CSV, TSV, JSON, JSON lines and
`.sql` (`X`), and `Y` (the row) and `y` (the cell) on row 5's `body`.

Standard library only (uses reef_speed.py's tmux driver, reef_postgres.py's server).
"""

import argparse
import os
import tempfile
import time
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reef_speed import Tmux, now, run_quiet  # noqa: E402
from reef_postgres import ROOT, psql, server_for  # noqa: E402


def generate(path):
    if os.path.exists(path):
        return
    script = """
PRAGMA journal_mode = WAL;
CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body TEXT, data BLOB);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100)
INSERT INTO t SELECT i, 'row ' || i, 'short ' || i, x'0102' FROM c;
UPDATE t SET body = replace(hex(zeroblob(5 * 1024 * 1024)), '00', 'ab') WHERE id = 3;
UPDATE t SET body = replace(hex(zeroblob(25 * 1024 * 1024)), '0', 'x'), data = zeroblob(50 * 1024 * 1024) WHERE id = 5;
"""
    subprocess.run(["sqlite3", path], input=script, text=True, check=True, stdout=subprocess.DEVNULL)


# Each path: its name, the keys after opening `t` (cursor on row 1, column id), and a text the final
# screen shows once it is done ({out} is a file in a temporary directory).
PATHS = [
    ("open", "<wait:10>", "t  1/100"),
    ("search, not found", "/zzzq<Enter><wait:10>", "not found"),
    ("F on body", "llF<wait:10>", "count"),
    ("I", "I<wait:10>", "body"),
    ("export .csv", "X{out}.csv<Enter><wait:20000>", "exported"),
    ("export .json", "X{out}.json<Enter><wait:20000>", "exported"),
    ("export .sql", "X{out}.sql<Enter><wait:20000>", "exported"),
    ("select * at the prompt", "eselect * from t<Enter><wait:10>", "query"),
    ("select id, body at the prompt", "eselect id, body from t<Enter><wait:10>", "query"),
    ("select id, data at the prompt", "eselect id, data from t<Enter><wait:10>", "query"),
]


# The paths measured on PostgreSQL, as PATHS.
PG_PATHS = [
    ("open", "<wait:10>", "t  1/100"),
    ("search, not found", "/zzzq<Enter><wait:10>", "not found"),
    ("F on body", "llF<wait:10>", "count"),
    ("I", "I<wait:10>", "body"),
    ("export .csv", "X{out}.csv<Enter><wait:10>", "exported"),
    ("export .tsv", "X{out}.tsv<Enter><wait:10>", "exported"),
    ("export .json", "X{out}.json<Enter><wait:10>", "exported"),
    ("export .jsonl", "X{out}.jsonl<Enter><wait:10>", "exported"),
    ("export .sql", "X{out}.sql<Enter><wait:10>", "exported"),
    ("Y on row 5", "jjjjY<wait:10>", "cop"),
    ("y on row 5's body", "jjjjllly<wait:10>", "cop"),
]


def generate_postgres(conninfo):
    """Makes `t` on the server as `generate` makes it in SQLite, unless it is there."""
    if psql(conninfo, "SELECT to_regclass('t') IS NOT NULL").split()[2] == "t":
        return
    psql(conninfo, """
CREATE TABLE t (id integer PRIMARY KEY, name text, body text, data bytea);
INSERT INTO t SELECT i, 'row ' || i, 'short ' || i, '\\x0102'::bytea FROM generate_series(1, 100) AS i;
UPDATE t SET body = repeat('ab', 5 * 1024 * 1024) WHERE id = 3;
UPDATE t SET body = repeat('x', 50 * 1024 * 1024), data = decode(repeat('00', 50 * 1024 * 1024), 'hex') WHERE id = 5;""")


def measure_paths(reef, db, only=None, paths=PATHS):
    """Runs reef headless once per path; prints each one's peak resident memory and time."""
    with tempfile.TemporaryDirectory() as directory:
        for name, keys, expected in paths:
            if only and not any(word in name for word in only):
                continue
            keys = keys.replace("{out}", os.path.join(directory, "out"))
            start = time.monotonic()
            peak_file = os.path.join(directory, "peak")
            # GNU time's %M is the child's largest resident set (its VmHWM when it ends), in KB.
            process = subprocess.run(
                ["/usr/bin/time", "-f", "%M", "-o", peak_file,
                 reef, db, "--table", "t", "--headless", "120x40", "--keys", keys],
                capture_output=True, text=True, timeout=900)
            elapsed = time.monotonic() - start
            with open(peak_file) as file:
                peak_kb = int(file.read().split()[-1])
            ok = expected in process.stdout and process.returncode == 0
            print(f"{name}: peak {peak_kb / 1024:.1f} MB, {elapsed:.2f} s"
                  + ("" if ok else f"  (UNEXPECTED: exit {process.returncode}, "
                                   f"{process.stderr.strip()[-200:]!r}, {process.stdout.strip()[-300:]!r})"),
                  flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", required=True)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--data-dir", default=os.environ.get("REEF_SPEED_DIR", "/tmp/reef-speed"))
    parser.add_argument("--paths", nargs="*", help="measure each path headless (or those whose names hold these words)")
    parser.add_argument("--postgres", nargs="?", const="", metavar="CONNINFO",
                        help="measure the paths on PostgreSQL (a throwaway server unless CONNINFO is given)")
    args = parser.parse_args()
    if args.postgres is not None:
        folder, conninfo = server_for(args.postgres, "reef_long_values.py")
        try:
            generate_postgres(conninfo)
            measure_paths(args.reef, conninfo, args.paths, PG_PATHS)
        finally:
            if folder:
                run_quiet([os.path.join(ROOT, "scripts", "pg-cluster"), "stop", folder], timeout=120)
        return
    os.makedirs(args.data_dir, exist_ok=True)
    db = os.path.join(args.data_dir, "long-values.db")
    generate(db)
    if args.paths is not None:
        measure_paths(args.reef, db, args.paths)
        return
    tmux = Tmux(120, 40, poll_ms=2, socket=f"reef-long-{os.getpid()}")
    try:
        pane, t0 = tmux.start([args.reef, db, "--table", "t"])
        pane.wait_for(lambda s: "t  1/100" in s, t0, 300, "open")
        for row in range(2, 6):
            pane.timed(["j"], lambda s, r=row: f"t  {r}/100" in s, 300, "down")
        grid = []
        for _ in range(args.rounds):
            grid.append(pane.timed(["j"], lambda s: "t  6/100" in s, 300, "j") * 1000)
            grid.append(pane.timed(["k"], lambda s: "t  5/100" in s, 300, "k") * 1000)
        rss_grid = pane.rss_kb()
        opening = pane.timed(["Enter"], lambda s: "Record 5 of 100" in s, 600, "record view") * 1000
        record = []
        for _ in range(args.rounds):
            for key, field in zip("jjjkkk", ["name", "body", "data", "body", "name", "id"]):
                record.append(pane.timed(
                    [key], lambda s, f=field: s.rstrip().splitlines()[-1].rstrip().endswith(f), 600, key) * 1000)
        print(f"grid j/k: median {statistics.median(grid):.1f} ms, max {max(grid):.1f} ms ({len(grid)} keys); "
              f"record view opened in {opening:.0f} ms; its j/k: median {statistics.median(record):.1f} ms, "
              f"max {max(record):.1f} ms ({len(record)} keys); resident {pane.rss_kb() / 1024:.1f} MB "
              f"(grid {rss_grid / 1024:.1f} MB), peak {pane.peak_rss_kb() / 1024:.1f} MB; "
              f"load average {os.getloadavg()[0]:.1f}")
        pane.quit(["q", "q"])
    finally:
        tmux.kill_server()


if __name__ == "__main__":
    main()
