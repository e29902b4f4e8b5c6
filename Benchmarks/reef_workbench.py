#!/usr/bin/env python3
"""reef's SQL prompt on PostgreSQL beside psql, pgcli and Harlequin: how many times the server runs
each statement, how long after the server's own time the rows are on screen, and a
10-million-row result scrolled, sorted and exported in bounded memory.

    python3 Benchmarks/reef_workbench.py --reef BIN [--pgcli BIN] [--harlequin BIN] [--conninfo STR]
                                         [--rows 1000000] [--big 10000000] [--runs 3]

Without --conninfo, starts a throwaway server with scripts/pg-cluster, loads pg_stat_statements
into it (a restart) and stops it at the end; a server of yours needs `pg_stat_statements` in
`shared_preload_libraries`. Makes `events` as reef_postgres.py does (--rows rows) and a function
`slow_square(n)` that sleeps 0.3 s and counts its calls in a sequence, then, for each tool in tmux
(each run a fresh start, `--runs` runs after a discarded warm-up):

- the heavy aggregate (AGGREGATE below: a GROUP BY over every row) and the slow function (SLOW):
  typed at the tool's prompt, Enter (Harlequin: ctrl+j) until the rows are on screen; then the
  server's own count of executions of the statement (`pg_stat_statements.calls`, reset before the
  statement is typed) and of the function (its sequence), and the server's own execution time
  (`mean_exec_time`), which the time on screen is compared with;
- reef alone on BIG (a --big-row result of generate_series): Enter until the first rows show, until
  every row has arrived, `G` to the last row, `s` on the text column until sorted, `X` to a CSV
  file until exported (the file's lines checked), the statement's executions, and reef's peak
  resident memory (`VmHWM`); psql running BIG to /dev/null for its peak memory beside it.

Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

from reef_postgres import make_table, psql, server_for, stopper
from reef_speed import (Results, StepTimeout, Tmux, clean_up_on_signals, emit, fmt_count, fmt_mem, fmt_time, log, now,
                        run_quiet, run_trials, status_line)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AGGREGATE = ("SELECT kind, level, count(*) AS n, avg(at) AS mean_at, max(payload) AS top "
             "FROM events GROUP BY kind, level ORDER BY kind, level")
SLOW = "SELECT slow_square(7) AS answer"
# What pg_stat_statements keeps of each (constants become $n).
AGGREGATE_KEY = "FROM events GROUP BY kind, level ORDER BY kind, level"
SLOW_KEY = "SELECT slow_square($1) AS answer"
# The pictures of reef's spinner: work still under way.
SPINNER = set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")


def big_statement(rows):
    return f"SELECT i, md5(i::text) AS h FROM generate_series(1, {rows}) AS i"


def load_statistics(conninfo, folder):
    """Loads pg_stat_statements into the throwaway server in `folder` (a restart) and creates it."""
    psql(conninfo, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
    bin_folder = os.environ.get("REEF_PG_BIN") or os.path.join(
        "/usr/lib/postgresql", sorted(os.listdir("/usr/lib/postgresql"), key=int)[-1], "bin")
    # The server's output to its log (as scripts/pg-cluster starts it): a server holding the pipes
    # run_quiet reads would keep it waiting for their end.
    argv = [os.path.join(bin_folder, "pg_ctl"), "-D", os.path.join(folder, "data"), "-l", os.path.join(folder, "data.log"),
            "-w", "-t", "120", "restart"]
    if os.getuid() == 0:
        argv = ["runuser", "-u", "postgres", "--"] + argv
    restarted = run_quiet(argv, timeout=180)
    if restarted.returncode != 0:
        raise RuntimeError(f"pg_ctl restart failed: {restarted.stderr.strip()}")
    psql(conninfo, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")


def make_function(conninfo):
    psql(conninfo, """
        CREATE SEQUENCE IF NOT EXISTS slow_calls;
        CREATE OR REPLACE FUNCTION slow_square(n integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
        BEGIN PERFORM nextval('slow_calls'); PERFORM pg_sleep(0.3); RETURN n * n; END $$;""")


def value(conninfo, sql):
    """The one value `sql` returns, as text."""
    out = run_quiet(["psql", "-X", "-q", "-A", "-t", "-d", conninfo, "-c", sql], timeout=60)
    if out.returncode != 0:
        raise RuntimeError(f"psql failed: {out.stderr.strip()}")
    return out.stdout.strip()


def function_calls(conninfo):
    return int(value(conninfo, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM slow_calls"))


def reset_statistics(conninfo):
    value(conninfo, "SELECT pg_stat_statements_reset()")


def statement_calls(conninfo, key):
    """Executions of the statements whose text holds `key` since the reset, and their mean time in
    seconds (the server's own execution time)."""
    text = value(conninfo, "SELECT coalesce(sum(calls), 0) || ' ' || coalesce(avg(mean_exec_time), 0) "
                           "FROM pg_stat_statements WHERE strpos(query, " + literal(key) + ") > 0 "
                           "AND query NOT LIKE '%pg_stat_statements%'")
    calls, mean_ms = text.split()
    return int(calls), float(mean_ms) / 1000


def literal(text):
    return "'" + text.replace("'", "''") + "'"


def measure_statements(tool, res, runs, conninfo, start, submit, shown, quit_keys, end=""):
    """Both statements typed at `tool`'s prompt (followed by `end`), one fresh start each:
    `start()` returns (pane, t0) once the tool waits for input; `submit` is the key that runs;
    `shown(name, sql)` is a predicate on the screen for that statement's rows."""
    for name, sql, key in (("aggregate", AGGREGATE + end, AGGREGATE_KEY), ("slow", SLOW + end, SLOW_KEY)):
        def trial(pane, _t0, sample, name=name, sql=sql, key=key):
            reset_statistics(conninfo)
            functions_before = function_calls(conninfo)
            for attempt in range(10):  # keys sent while a tool draws its first screen can be lost
                pane.send("-l", sql)
                try:
                    pane.wait_for(lambda s: sql[:12] in s, now(), 3, f"{tool} typing")
                    break
                except StepTimeout:
                    if attempt == 9:
                        raise
            pane.wait_for(lambda s: sql[-30:] in s.replace("\n", ""), now(), 60, f"{tool} typing")
            sample[name] = pane.timed([submit], shown(name, sql), 300, f"{tool} {name} rows")
            calls, server = statement_calls(conninfo, key)
            sample[name + "_calls"] = calls
            sample[name + "_server"] = server
            if name == "slow":
                sample["slow_function_calls"] = function_calls(conninfo) - functions_before
        run_trials(tool, tool + ".", runs, res, start, trial, quit_keys)


def reef_start(reef, conninfo, tmux):
    def start():
        pane, t0 = tmux.start([reef, conninfo, "--table", "events"])
        pane.wait_for(lambda s: "events" in status_line(s) and "/" in status_line(s), t0, 120, "reef first rows")
        pane.send("e")
        pane.wait_for(lambda s: "SQL>" in s, now(), 30, "reef SQL prompt")
        return pane, t0
    return start


def reef_shown(_name, _sql):
    timing = re.compile(r"server [0-9.]+ m?s, rows [0-9.]+ m?s")
    return lambda screen: bool(timing.search(status_line(screen)))


def measure_reef_big(reef, conninfo, rows, tmux, runs, res):
    total = fmt_count(rows)
    sql = big_statement(rows)
    folder = tempfile.mkdtemp(prefix="reef-workbench-", dir=tmux.tmpdir)

    def position(row):
        pattern = re.compile(r"(?:^|\s)" + re.escape(f"{fmt_count(row)}/{total}") + r"(?:\s|$)")
        return lambda screen: bool(pattern.search(status_line(screen)))

    def trial(pane, _t0, sample):
        reset_statistics(conninfo)
        pane.send("-l", sql)
        pane.wait_for(lambda s: sql in s, now(), 30, "reef typing")
        t0 = now()
        pane.send("Enter")
        sample["big_first"], _ = pane.wait_for(lambda s: "RESULTS" in status_line(s), t0, 600, "reef first rows")
        sample["big_all"], _ = pane.wait_for(lambda s: position(1)(s) and "server" in status_line(s), t0, 3600,
                                             "reef every row")
        sample["big_G"] = pane.timed(["G"], position(rows), 600, "reef G")
        sample["big_sort"] = pane.timed(["l", "s"], lambda s: "sort h" in status_line(s) and not SPINNER & set(status_line(s)),
                                        3600, "reef sort")
        path = os.path.join(folder, f"big-{now():.0f}.csv")
        pane.send("X")
        pane.wait_for(lambda s: "export" in status_line(s).lower(), now(), 30, "reef export prompt")
        pane.send("-l", path)
        sample["big_export"] = pane.timed(["Enter"], lambda s: "exported" in status_line(s), 3600, "reef export")
        with open(path, "rb") as file:
            lines = sum(1 for _ in file)
        if lines != rows + 1:
            raise StepTimeout(f"the export holds {lines} lines, not {rows + 1}")
        os.remove(path)
        sample["big_calls"], _ = statement_calls(conninfo, "generate_series")
        sample["big_rss"] = pane.peak_rss_kb()

    run_trials("reef", "reef.", runs, res, reef_start(reef, conninfo, tmux), trial, ["Q"])


def measure_psql_big(conninfo, rows, runs, res):
    for run in range(runs):
        t0 = now()
        process = subprocess.Popen(["psql", "-X", "-q", "-d", conninfo, "-c", big_statement(rows)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            raise RuntimeError(f"psql failed: {process.stderr.read().decode().strip()}")
        res.add("psql.big_all", now() - t0)
        res.add("psql.big_rss", usage.ru_maxrss)
        log(f"psql big run {run}: {now() - t0:.1f} s, peak {usage.ru_maxrss / 1024:.0f} MB")


def calls_text(res, key):
    values = res.samples.get(key)
    if not values:
        return "—"
    low, high = min(values), max(values)
    return f"{low}" if low == high else f"{low}–{high}"


def report(args, res, server):
    load = os.getloadavg()
    tools = ["reef", "psql", "pgcli", "harlequin"]
    names = {"reef": "reef", "psql": "psql", "pgcli": "pgcli", "harlequin": "Harlequin"}

    def row(label, fmt, key):
        return f"| {label} | " + " | ".join(fmt(res, f"{tool}.{key}") for tool in tools) + " |"

    def beyond_server(res, key):
        shown, server = res.samples.get(key), res.samples.get(key + "_server")
        if not shown or not server:
            return "—"
        gaps = sorted(s - v for s, v in zip(shown, server))
        return f"{gaps[len(gaps) // 2] * 1000:.0f} ms"

    lines = [
        f"PostgreSQL {server}, `events` of {args.rows:,} rows, {args.runs} runs each after a warm-up, "
        f"median (min–max); load average at the end {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f}",
        "",
        "| | " + " | ".join(names[tool] for tool in tools) + " |",
        "| --- | " + " | ".join("---" for _ in tools) + " |",
        row("aggregate: run → rows on screen", fmt_time, "aggregate"),
        row("aggregate: the server's execution time", fmt_time, "aggregate_server"),
        row("aggregate: on screen beyond the server's time", beyond_server, "aggregate"),
        row("aggregate: executions on the server", calls_text, "aggregate_calls"),
        row("slow function: run → rows on screen", fmt_time, "slow"),
        row("slow function: on screen beyond the server's time", beyond_server, "slow"),
        row("slow function: statement executions, function calls", lambda r, k: f"{calls_text(r, k + '_calls')}, "
            f"{calls_text(r, k + '_function_calls')}", "slow"),
    ]
    if args.big:
        lines += [
            "",
            f"A result of {args.big:,} rows (`{big_statement(args.big)}`):",
            "",
            "| | reef | psql (to /dev/null) |",
            "| --- | --- | --- |",
            f"| run → first rows on screen | {fmt_time(res, 'reef.big_first')} | |",
            f"| run → every row arrived | {fmt_time(res, 'reef.big_all')} | {fmt_time(res, 'psql.big_all')} |",
            f"| `G` → last row | {fmt_time(res, 'reef.big_G')} | |",
            f"| `s` on `h` → sorted | {fmt_time(res, 'reef.big_sort')} | |",
            f"| `X` → CSV written | {fmt_time(res, 'reef.big_export')} | |",
            f"| executions on the server | {calls_text(res, 'reef.big_calls')} | 1 |",
            f"| peak resident | {fmt_mem(res, 'reef.big_rss')} | {fmt_mem(res, 'psql.big_rss')} |",
        ]
    lines += [f"\nNote: {note}" for note in res.notes]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", help="reef's executable, its release build (omit to skip reef)")
    parser.add_argument("--conninfo", help="a server with pg_stat_statements loaded (omit to start a throwaway one)")
    parser.add_argument("--pgcli", help="the pgcli executable (omit to skip pgcli)")
    parser.add_argument("--harlequin", help="the harlequin executable with harlequin-postgres (omit to skip it)")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--big", type=int, default=10_000_000, help="rows of the big result (0 skips it)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="220x50")  # Harlequin scrolls a long line out of sight below ~200
    parser.add_argument("--poll-ms", type=float, default=5)
    parser.add_argument("--out", help="also write the Markdown table to this file")
    args = parser.parse_args()
    columns, rows = (int(x) for x in args.size.lower().split("x"))

    folder, conninfo = server_for(args.conninfo, "reef_workbench.py")
    tmux = Tmux(columns, rows, args.poll_ms)
    stop_server = stopper(folder, tmux)
    clean_up_on_signals(stop_server)
    try:
        if folder:
            load_statistics(conninfo, folder)
        make_table(conninfo, args.rows)
        make_function(conninfo)
        server = value(conninfo, "SHOW server_version").split()[0]
        res = Results()
        if args.reef:
            log(f"reef ({args.runs} runs + warm-up a statement)")
            measure_statements("reef", res, args.runs, conninfo, reef_start(args.reef, conninfo, tmux), "Enter",
                               reef_shown, ["Q"])
        log(f"psql ({args.runs} runs + warm-up a statement)")
        prompt = re.compile(r"^reef=# *$", re.MULTILINE)

        def psql_start():
            pane, t0 = tmux.start(["psql", "-X", "-P", "pager=off", "-d", conninfo])
            pane.wait_for(lambda s: bool(prompt.search(s)), t0, 60, "psql prompt")
            return pane, t0
        measure_statements("psql", res, args.runs, conninfo, psql_start, "Enter",
                           lambda name, _: lambda s: re.search(r"^\((10|1) rows?\)", s, re.MULTILINE) is not None,
                           ["C-d"], end=" \\g")  # tmux takes a trailing ";" for its command separator
        if args.pgcli:
            log(f"pgcli ({args.runs} runs + warm-up a statement)")
            home = os.path.join(tmux.tmpdir, "pgcli-home")
            os.makedirs(home, exist_ok=True)
            config = os.path.join(home, "pgclirc")
            with open(config, "w") as file:
                file.write("[main]\nenable_pager = False\nless_chatty = True\nhistory_file = default\n")
            pgcli_prompt = re.compile(r"^\S*> *$", re.MULTILINE)

            def pgcli_start():
                pane, t0 = tmux.start([args.pgcli, "--pgclirc", config, conninfo], env={"HOME": home})
                pane.wait_for(lambda s: bool(pgcli_prompt.search(s)), t0, 120, "pgcli prompt")
                return pane, t0
            measure_statements("pgcli", res, args.runs, conninfo, pgcli_start, "Enter",
                               lambda name, _: lambda s: re.search(r"^SELECT (10|1)\b", s, re.MULTILINE) is not None,
                               ["C-d"])
        if args.harlequin:
            log(f"Harlequin ({args.runs} runs + warm-up a statement)")

            def harlequin_start():
                home = tempfile.mkdtemp(prefix="harlequin-home-", dir=tmux.tmpdir)
                pane, t0 = tmux.start([args.harlequin, "-a", "postgres", conninfo],
                                      env={"HOME": home, "XDG_CACHE_HOME": home + "/cache",
                                           "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"})
                pane.wait_for(lambda s: "Database Connected." in s, t0, 120, "harlequin connected")
                return pane, t0
            measure_statements("harlequin", res, args.runs, conninfo, harlequin_start, "C-j",
                               lambda name, _: lambda s: re.search(r"\((10|1) Records?\)", s) is not None, ["C-q"])
        if args.reef and args.big:
            log(f"reef on a {args.big:,}-row result ({args.runs} runs + warm-up)")
            measure_reef_big(args.reef, conninfo, args.big, tmux, args.runs, res)
            measure_psql_big(conninfo, args.big, 1, res)
    finally:
        stop_server()

    emit(report(args, res, server), args.out)


if __name__ == "__main__":
    main()
