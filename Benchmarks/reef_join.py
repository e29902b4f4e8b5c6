"""The join of issue #42 for reef_analysis.py (`--join`): `events` joined with a lookup table, then counted.

The lookup table `levels` (10 rows: `level` its primary key, `name`, `weight`) is added beside
`events` (SQLite: into the file; PostgreSQL: into the database) once. Each program, a fresh process
per run after a discarded warm-up:

- *join*: reef: the cursor to `level`, `J` `levels` `Enter` (the columns step offers `level`),
  untimed; then `inner` `Enter` at the kind step, timed until the joined view shows with its count
  (the status bar's `1/1,000,000`). VisiData (`vd FILE +0:events:: +0:levels::`, both sheets
  loaded, `level` made the key column of `events`, `id` taken out of its keys, both sheets
  selected in the sheets sheet), untimed; then `&` `inner` `Enter`, timed until the joined sheet
  shows with every row and no progress left;
- *count the joined view*: the cursor to `levels.name` (VisiData: `name`), untimed; then `F`,
  timed until the ten levels show.

Memory: the program's peak resident memory (VmHWM) at the end of the run.
"""

import re
import time

from reef_speed import StepTimeout, cell_regex, payload_of, run_trials, status_line

LEVELS = [f"level {chr(65 + n)}" for n in range(10)]

OPERATIONS = [
    ("join", "`J` `levels` on `level` (inner): the joined view and its count"),
    ("join_count", "then `F` on the joined `levels.name`"),
]

LEVELS_SQL = ("CREATE TABLE IF NOT EXISTS levels (level integer PRIMARY KEY, name text NOT NULL, weight integer NOT NULL);"
              " INSERT INTO levels SELECT n, 'level ' || chr(65 + n), n * 10 FROM generate_series(0, 9) AS n"
              " ON CONFLICT DO NOTHING;")


def make_levels_sqlite(db):
    """Adds `levels` to the SQLite file `db` (unless it has it)."""
    import sqlite3
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("CREATE TABLE IF NOT EXISTS levels (level INTEGER PRIMARY KEY, name TEXT NOT NULL, weight INTEGER NOT NULL)")
        connection.executemany("INSERT OR IGNORE INTO levels VALUES (?, ?, ?)", [(n, LEVELS[n], n * 10) for n in range(10)])
    connection.close()


def make_levels_postgres(conninfo):
    """Adds `levels` to the PostgreSQL database (unless it has it)."""
    from reef_postgres import psql
    psql(conninfo, LEVELS_SQL)
    psql(conninfo, "ANALYZE levels")


def levels_shown(screen):
    return all(level in screen for level in LEVELS)


def measure_reef(reef, target, rows, tmux, runs, res):
    first_cell = cell_regex(payload_of(1))
    total = re.compile(r"/" + re.escape(f"{rows:,}") + r"(?:\s|$)")

    def joined(screen):
        return "levels.name" in screen and bool(total.search(screen)) and "⋈" in status_line(screen)

    def counted(screen):
        return status_line(screen).startswith(" FREQUENCY ") and levels_shown(screen)

    def trial(pane, t0, sample):
        pane.wait_for(lambda s: bool(first_cell.search(s)) and bool(total.search(status_line(s))), t0, 600, "reef counted")
        for keys in (["l", "l", "l", "J"], ["levels", "Enter"], ["Enter"]):
            pane.send(*keys)
            time.sleep(0.5)
        sample["join"] = pane.timed(["inner", "Enter"], joined, 900, "reef join")
        pane.send("$")
        pane.send("h")
        time.sleep(0.5)
        sample["join_count"] = pane.timed(["F"], counted, 900, "reef join_count")
        sample["join_rss"] = pane.peak_rss_kb()
    run_trials("reef", "reef.", runs, res, lambda: tmux.start([reef, target, "--table", "events"]), trial, ["Q"])


def measure_visidata(vd, db, rows, tmux, runs, res, home):
    loaded_text = re.compile(r"(?:^|\s)" + str(rows) + r" rows")

    def loaded(screen):
        status = status_line(screen)
        return bool(loaded_text.search(status)) and "loading" not in status and "%" not in status

    def joined(screen):
        status = status_line(screen)
        return ("levels+events" in status or "events+levels" in status) and loaded(screen)

    def counted(screen):
        status = status_line(screen)
        return "bins" in status and "%" not in status and "…" not in status and levels_shown(screen)

    def trial(pane, t0, sample):
        pane.wait_for(lambda s: "10 rows" in status_line(s), t0, 300, "vd levels loaded")
        # In the sheets sheet, `/` to the events sheet's row and `Enter` loads it.
        for keys in (["S"], ["/"], ["^events$", "Enter"], ["Enter"]):
            pane.send(*keys)
            time.sleep(0.5)
        sample["load"], _ = pane.wait_for(loaded, t0, 900, "vd events loaded")
        for keys in (["!"], ["c"], ["^level$", "Enter"], ["!"], ["S"], ["|"], ["^(events|levels)$", "Enter"]):
            pane.send(*keys)
            time.sleep(0.5)
        screen = pane.capture()
        if "•2" not in status_line(screen):
            raise StepTimeout(f"vd: the two sheets are not selected; last screen:\n{screen}")
        sample["join"] = pane.timed(["&", "inner", "Enter"], joined, 900, "vd join")
        for keys in (["c"], ["^name$", "Enter"]):
            pane.send(*keys)
            time.sleep(0.5)
        sample["join_count"] = pane.timed(["F"], counted, 900, "vd join_count")
        sample["join_rss"] = pane.peak_rss_kb()
    run_trials("vd", "vd.", runs, res, lambda: tmux.start([vd, db, "+0:events::", "+0:levels::"], env={"HOME": home}), trial,
               ["g", "q"])
