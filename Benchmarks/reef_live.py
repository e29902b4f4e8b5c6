#!/usr/bin/env python3
"""Measures how long another process's commit takes to reach reef's screen.

    python3 Benchmarks/reef_live.py --reef BIN [--trials 30] [--rows 1000,1000000] [--out FILE]

For each table size and journal mode (WAL and rollback journal) it generates a file with the
sqlite3 CLI (`events(id INTEGER PRIMARY KEY, payload TEXT, level INTEGER)`, `payload` =
`p-000000001`...), opens it in the real reef (ncurses) in a private tmux server, and then, trial
after trial, updates row 1's payload to a new value of the same width from this Python process
(another process, as far as reef can tell) and polls `tmux capture-pane -p` every 2 ms until the
new value is on the screen. A time runs from the moment the writer's COMMIT returned to the end of
the first capture that shows the value: it includes reef noticing the commit, reading the rows
again, drawing, and tmux parsing the frame, plus up to one poll and one capture (a few ms), so it
errs long. Trials start at random moments (40-140 ms apart) so they land at every phase of reef's
polling. The first commit after opening is shown on its own: it is the one that makes reef read
which pages belong to which table (in WAL mode), after showing the change.

It also reports reef's CPU time while idle on the open file (10 s, from /proc/PID/stat), the cost
of watching for commits.

Standard library only (uses reef_speed.py's tmux driver).
"""

import argparse
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reef_speed import Tmux, StepTimeout, fmt_count, log, now  # noqa: E402


def generate(path, rows, wal):
    """Writes the file (once per size and mode; reused while it matches)."""
    if os.path.exists(path):
        try:
            con = sqlite3.connect(path)
            count = con.execute("SELECT count(*) FROM events").fetchone()[0]
            mode = con.execute("PRAGMA journal_mode").fetchone()[0]
            con.close()
            if count == rows and (mode == "wal") == wal:
                return
        except sqlite3.Error:
            pass
        os.remove(path)
    script = f"""
PRAGMA journal_mode = {'WAL' if wal else 'DELETE'};
CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT, level INTEGER);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < {rows})
INSERT INTO events SELECT i, printf('p-%09d', i), i % 10 FROM c;
"""
    subprocess.run(["sqlite3", path], input=script, text=True, check=True, stdout=subprocess.DEVNULL)


def cpu_seconds(pid):
    """utime + stime of `pid` in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def wait_shown(pane, marker, since, timeout):
    """Seconds from `since` to the end of the first capture showing `marker`."""
    deadline = since + timeout
    while True:
        screen = pane.capture()
        t = now()
        if marker in screen:
            return t - since
        if t > deadline:
            raise StepTimeout(f"{marker} not seen within {timeout:.0f} s; last screen:\n{screen}")
        time.sleep(0.002)


def measure(reef, path, trials, size):
    columns, rows = size
    tmux = Tmux(columns, rows, poll_ms=2, socket=f"reef-live-{os.getpid()}")
    try:
        pane, _ = tmux.start([reef, path, "--table", "events"])
        pane.wait_for(lambda s: "p-000000002" in s, now(), 60, "first rows")
        # The count and the key snapshot first: a refresh then competes with nothing.
        total = "/" + fmt_count(rows_of(path))
        pane.wait_for(lambda s: total in s, now(), 120, "row count")
        pid = pane.pid()
        idle_before = cpu_seconds(pid)
        t_idle = now()
        time.sleep(10)
        idle_cpu = (cpu_seconds(pid) - idle_before) / (now() - t_idle)
        writer = sqlite3.connect(path, isolation_level=None)
        writer.execute("PRAGMA busy_timeout = 5000")
        times = []
        for trial in range(1, trials + 1):
            time.sleep(random.uniform(0.04, 0.14))
            marker = f"L-{trial:09d}"
            writer.execute("BEGIN IMMEDIATE")
            writer.execute("UPDATE events SET payload = ? WHERE id = 1", (marker,))
            writer.execute("COMMIT")
            t0 = now()
            times.append(wait_shown(pane, marker, t0, 30) * 1000)
        writer.close()
        pane.quit(["q"])
        return times, idle_cpu
    finally:
        tmux.kill_server()


def rows_of(path):
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        con.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", required=True, help="the reef binary (a release build)")
    parser.add_argument("--trials", type=int, default=31, help="commits per file (the first shown apart)")
    parser.add_argument("--rows", default="1000,1000000", help="table sizes, comma-separated")
    parser.add_argument("--modes", default="wal,rollback", help="journal modes: wal, rollback")
    parser.add_argument("--size", default="120x40", help="terminal COLUMNSxROWS")
    parser.add_argument("--data-dir", default=os.environ.get("REEF_SPEED_DIR", "/tmp/reef-speed"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="also write the Markdown table here")
    args = parser.parse_args()
    random.seed(args.seed)
    size = tuple(int(x) for x in args.size.split("x"))
    os.makedirs(args.data_dir, exist_ok=True)
    lines = [
        f"Commit by another process → new value on reef's screen ({args.trials} trials each, tmux {args.size}; "
        f"load average {os.getloadavg()[0]:.1f} at the start)",
        "",
        "| rows | journal | first commit | then: median | p10–p90 | min–max | reef CPU while idle |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for rows in (int(x) for x in args.rows.split(",")):
        for mode in args.modes.split(","):
            wal = mode == "wal"
            path = os.path.join(args.data_dir, f"live-{rows}-{mode}.db")
            log(f"{fmt_count(rows)} rows, {mode}: generating {path}")
            generate(path, rows, wal)
            log(f"{fmt_count(rows)} rows, {mode}: {args.trials} trials")
            try:
                times, idle = measure(args.reef, path, args.trials, size)
            except StepTimeout as error:
                log(f"failed: {error}")
                lines.append(f"| {fmt_count(rows)} | {mode} | failed | | | | |")
                continue
            first, rest = times[0], times[1:]
            deciles = statistics.quantiles(rest, n=10)
            lines.append(
                f"| {fmt_count(rows)} | {'WAL' if wal else 'rollback journal'} | {first:.0f} ms "
                f"| {statistics.median(rest):.0f} ms | {deciles[0]:.0f}–{deciles[-1]:.0f} ms "
                f"| {min(rest):.0f}–{max(rest):.0f} ms | {idle * 100:.2f} % |")
            log(lines[-1])
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
