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

Standard library only (uses reef_speed.py's tmux driver).
"""

import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reef_speed import Tmux, now  # noqa: E402


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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", required=True)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--data-dir", default=os.environ.get("REEF_SPEED_DIR", "/tmp/reef-speed"))
    args = parser.parse_args()
    os.makedirs(args.data_dir, exist_ok=True)
    db = os.path.join(args.data_dir, "long-values.db")
    generate(db)
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
