#!/usr/bin/env python3
"""Measures reef, VisiData and the sqlite3 CLI on one generated SQLite file.

Called by reef-speed.sh (which builds reef, installs VisiData and generates the file); it can
also be run by hand:

    python3 Benchmarks/reef_speed.py --db FILE --rows N --reef BIN [--vd BIN] [--runs 5]

The interactive numbers come from the real programs in a private tmux server (own socket,
no user config): the program is started in a pane, keys are sent with `tmux send-keys`, and
`tmux capture-pane -p` is polled every --poll-ms until the screen shows what the step should
show. A time is "key sent (or process exec'd) -> first poll that saw the expected screen", so
it includes up to one poll interval plus one capture (a few ms) of measurement slack.

Standard library only.
"""

import argparse
import atexit
import os
import platform
import re
import shlex
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

# ---------------------------------------------------------------------------------------------
# Small helpers


def log(message):
    print(f"[reef-speed] {message}", file=sys.stderr, flush=True)


def now():
    return time.perf_counter()


def fmt_count(n):
    return f"{n:,}"


def read_status_kb(pid, field):
    """VmHWM / VmRSS of `pid` in kB, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def run_quiet(argv, timeout=60, **kwargs):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=timeout, **kwargs)


class StepTimeout(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# tmux driver


class Tmux:
    """A private tmux server (its own -L socket, -f /dev/null) that is killed at exit."""

    def __init__(self, columns, rows, poll_ms, socket=None):
        self.socket = socket or f"reef-speed-{os.getpid()}"
        self.columns, self.rows = columns, rows
        self.poll = poll_ms / 1000.0
        self.counter = 0
        self.tmpdir = tempfile.mkdtemp(prefix="reef-speed-")
        atexit.register(self.kill_server)
        # Keep the server up between sessions (otherwise it exits with the last session and the
        # next new-session can race its shutdown).
        self.tmux("start-server", ";", "set-option", "-s", "exit-empty", "off")

    def tmux(self, *args, timeout=10):
        return run_quiet(["tmux", "-L", self.socket, "-f", "/dev/null", *args], timeout=timeout)

    def kill_server(self):
        try:
            run_quiet(["tmux", "-L", self.socket, "kill-server"], timeout=10)
        except Exception:
            pass
        shutil.rmtree(self.tmpdir, ignore_errors=True)

    def start(self, argv, env=None):
        """Starts `argv` in a new session, gated on a FIFO so tmux start-up is not timed.

        Returns (Pane, t0) where t0 is the moment the program was released (it then only has
        to exec)."""
        self.counter += 1
        name = f"s{self.counter}"
        fifo = os.path.join(self.tmpdir, f"go-{self.counter}")
        os.mkfifo(fifo)
        exports = "".join(f"export {k}={shlex.quote(v)}; " for k, v in (env or {}).items())
        shell = f"{exports}read _ < {shlex.quote(fifo)}; exec {shlex.join(argv)}"
        result = self.tmux("new-session", "-d", "-s", name, "-x", str(self.columns), "-y", str(self.rows),
                           "sh", "-c", shell)
        if result.returncode != 0:
            raise RuntimeError(f"tmux new-session failed: {result.stderr.strip()}")
        # Keep the pane after the program exits so a crash is visible instead of a vanished session.
        self.tmux("set-option", "-t", name, "remain-on-exit", "on")
        pane = Pane(self, name)
        # Open the FIFO for writing without blocking forever: retry until the shell reads it.
        deadline = now() + 10
        while True:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:
                if now() > deadline:
                    pane.kill()
                    raise StepTimeout("the pane's shell never opened the start FIFO")
                time.sleep(0.002)
        t0 = now()
        os.write(fd, b"go\n")
        os.close(fd)
        os.unlink(fifo)
        return pane, t0


class Pane:
    def __init__(self, server, name):
        self.server, self.name = server, name
        self._pid = None

    def capture(self):
        result = self.server.tmux("capture-pane", "-p", "-t", self.name)
        return result.stdout if result.returncode == 0 else ""

    def pid(self):
        """The program's pid (the pane's shell exec'd it)."""
        if self._pid is None:
            out = self.server.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").stdout.strip()
            self._pid = int(out) if out.isdigit() else None
        return self._pid

    def dead(self):
        out = self.server.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}").stdout.strip()
        return out != "0"

    def send(self, *keys):
        self.server.tmux("send-keys", "-t", self.name, *keys)

    def wait_for(self, predicate, since, timeout, what):
        """Polls until predicate(screen) is true; returns (seconds since `since`, screen).

        Polls every --poll-ms for the first moments, then backs off to elapsed/20 (at most 50 ms)
        so a long wait (VisiData loading, a sort) costs little CPU and the error stays ~5 %."""
        deadline = now() + timeout
        next_dead_check = now() + 0.5
        while True:
            t = now()
            screen = self.capture()
            if predicate(screen):
                return t - since, screen
            if t > deadline:
                raise StepTimeout(f"{what}: not seen within {timeout:.0f} s; last screen:\n{screen}")
            if t > next_dead_check:
                next_dead_check = t + 0.5
                if self.dead():
                    raise StepTimeout(f"{what}: the program exited; last screen:\n{screen}")
            time.sleep(max(self.server.poll, min(0.05, (t - since) / 20)))

    def timed(self, keys, predicate, timeout, what):
        """Sends `keys` (one send-keys call) and returns the seconds until predicate(screen)."""
        t0 = now()
        self.send(*keys)
        return self.wait_for(predicate, t0, timeout, what)[0]

    def peak_rss_kb(self):
        pid = self.pid()
        return read_status_kb(pid, "VmHWM") if pid else None

    def rss_kb(self):
        pid = self.pid()
        return read_status_kb(pid, "VmRSS") if pid else None

    def quit(self, keys, timeout=10):
        """Sends `keys` to quit, waits for the program to exit, then kills the session."""
        try:
            if keys:
                self.send(*keys)
            deadline = now() + timeout
            while now() < deadline and not self.dead():
                time.sleep(0.05)
            if not self.dead():
                pid = self.pid()
                if pid:
                    try:
                        os.kill(pid, signal.SIGTERM)
                    except OSError:
                        pass
        finally:
            self.kill()

    def kill(self):
        self.server.tmux("kill-session", "-t", self.name)


# ---------------------------------------------------------------------------------------------
# The data set: what the generator writes (see reef-speed.sh).


def payload_of(i):
    return f"evt-{(i * 7919) % 1000003:07d}-{i}"


def at_text(i):
    return f"{1700000000 + i * 0.5:.2f}"


def cell_regex(text):
    """`text` as a whole cell: not followed by another digit (so row 1 is not row 10)."""
    return re.compile(re.escape(text) + r"(?![0-9])")


def status_line(screen):
    lines = [line for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


# ---------------------------------------------------------------------------------------------
# Measurements


class Results:
    """name -> list of samples (seconds or kB); notes per tool."""

    def __init__(self):
        self.samples = {}
        self.notes = []

    def add(self, key, value):
        if value is not None:
            self.samples.setdefault(key, []).append(value)

    def median(self, key):
        values = self.samples.get(key)
        return statistics.median(values) if values else None

    def spread(self, key):
        values = self.samples.get(key)
        return (min(values), max(values), len(values)) if values else None


def headless_screen(reef, db, size, keys):
    argv = [reef, db, "--table", "events", "--headless", size]
    if keys:
        argv += ["--keys", keys]
    result = run_quiet(argv, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"reef headless failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def reef_position(screen):
    """The `row/total` position in reef's status bar, as (row, total) ints."""
    match = re.search(r"(?:^|\s)([0-9][0-9,]*)/([0-9][0-9,]*)(?:\s|$)", status_line(screen))
    if not match:
        return None
    return int(match.group(1).replace(",", "")), int(match.group(2).replace(",", ""))


def grid_cells(line):
    """The stripped cell texts of a reef grid line, without the table list on the left.

    Column widths grow with the rows seen, so lines are compared cell by cell, not as text."""
    if not line:
        return None
    return [cell.strip() for cell in line.split("\u2502")[1:]]


def grid_first_data_line(screen):
    """The first grid line below the header of a reef screen (a line of cells)."""
    lines = screen.splitlines()
    for index, line in enumerate(lines):
        if re.search(r"\bid\b", line) and re.search(r"\bpayload\b", line):
            for following in lines[index + 1:]:
                if re.search(r"evt-[0-9]{7}-[0-9]+", following):
                    return following.strip()
    return None


def measure_sqlite3(db, runs, res):
    argv = ["sqlite3", db, "SELECT * FROM events LIMIT 40"]
    for _ in range(2):  # warm-up
        run_quiet(argv)
    for _ in range(max(runs * 4, 10)):
        t0 = now()
        result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        elapsed = now() - t0
        if result.returncode == 0:
            res.add("sqlite3.limit40", elapsed)
    # Peak RSS of the same command.
    result = run_quiet(["/usr/bin/time", "-f", "%M", *argv])
    if result.returncode == 0:
        try:
            res.add("sqlite3.rss", int(result.stderr.strip().splitlines()[-1]))
        except (ValueError, IndexError):
            pass


def measure_reef_headless(reef, db, size, runs, res):
    """Process start -> exit of `reef --headless` with no keys: an upper bound on the first screen
    (it also opens, renders, waits for the background row count and prints)."""
    argv = ["/usr/bin/time", "-f", "%M", reef, db, "--table", "events", "--headless", size]
    run_quiet(argv[3:], timeout=120)  # warm-up
    for _ in range(runs):
        t0 = now()
        result = run_quiet(argv, timeout=120)
        elapsed = now() - t0
        if result.returncode == 0:
            res.add("reef.headless", elapsed)
            try:
                res.add("reef.headless.rss", int(result.stderr.strip().splitlines()[-1]))
            except (ValueError, IndexError):
                pass


def reef_plan(reef, db, rows, size):
    """Expected screens for each reef step, taken from the headless mode with the same keys."""
    total = fmt_count(rows)
    plan = {}
    pgdn = headless_screen(reef, db, size, "<PgDn>" * 50)
    position = reef_position(pgdn)
    if not position:
        raise RuntimeError("cannot read the position after 50 PgDn from the headless screen:\n" + pgdn)
    plan["pgdn_row"] = position[0]
    for key, column_keys, name in (("sort_kind", "ll", "kind"), ("sort_payload", "llll", "payload")):
        screen = headless_screen(reef, db, size, column_keys + "s")
        first = grid_first_data_line(screen)
        if not first or f"sort {name}" not in status_line(screen):
            raise RuntimeError(f"unexpected headless screen after sorting by {name}:\n{screen}")
        plan[key] = first
    plan["total"] = total
    return plan


def measure_reef_tmux(reef, db, rows, tmux, runs, res, plan):
    total = plan["total"]
    first_cell = cell_regex(payload_of(1))

    def at_position(row):
        pattern = re.compile(r"(?:^|\s)" + re.escape(f"{fmt_count(row)}/{total}") + r"(?:\s|$)")
        return lambda screen: bool(pattern.search(status_line(screen)))

    def sorted_by(name, first_line):
        expected = grid_cells(first_line)
        return lambda screen: (f"sort {name}" in status_line(screen)
                               and grid_cells(grid_first_data_line(screen)) == expected)

    def column_is(name):
        return lambda screen: re.search(r"\s" + re.escape(name) + r"(\s|$)", status_line(screen)) is not None

    for run in range(runs + 1):
        warmup = run == 0
        pane, t0 = tmux.start([reef, db, "--table", "events"])
        try:
            elapsed, _ = pane.wait_for(lambda s: bool(first_cell.search(s)), t0, 30, "reef first rows")
            sample = {"first": elapsed}
            # G at once, like a user who opens the table and jumps to the end; on the way, note when
            # the total row count (counted in the background) first shows.
            counted = re.compile(r"/" + re.escape(total) + r"(?:\s|$)")
            seen = {}

            def last_row_shown(screen):
                if "count" not in seen and counted.search(status_line(screen)):
                    seen["count"] = now() - t0
                return at_position(rows)(screen)

            sample["G_early"] = pane.timed(["G"], last_row_shown, 60, "reef G at once")
            sample["count"] = seen.get("count")
            sample["rss_open"] = pane.rss_kb()
            sample["gg"] = pane.timed(["g", "g"], at_position(1), 60, "reef gg")
            sample["G"] = pane.timed(["G"], at_position(rows), 60, "reef G")
            pane.timed(["g", "g"], at_position(1), 60, "reef gg")
            sample["pgdn"] = pane.timed(["NPage"] * 50, at_position(plan["pgdn_row"]), 60, "reef 50 PgDn")
            pane.timed(["g", "g"], at_position(1), 60, "reef gg")
            target = rows // 2
            sample["goto"] = pane.timed([f":{target}", "Enter"], at_position(target), 60, "reef :N")
            pane.timed(["g", "g"], at_position(1), 60, "reef gg")
            pane.timed(["l", "l"], column_is("kind"), 10, "reef ll")
            sample["sort_kind"] = pane.timed(["s"], sorted_by("kind", plan["sort_kind"]), 60,
                                             "reef sort kind")
            pane.timed(["l", "l"], column_is("payload"), 10, "reef ll")
            sample["sort_payload"] = pane.timed(["s"], sorted_by("payload", plan["sort_payload"]), 300,
                                                "reef sort payload")
            sample["G_sorted"] = pane.timed(["G"], at_position(rows), 120, "reef G (sorted by payload)")
            sample["rss_peak"] = pane.peak_rss_kb()
        except StepTimeout as error:
            log(f"reef run {run}: {error}")
            res.notes.append(f"reef run {run} timed out: {str(error).splitlines()[0]}")
            sample = None
        finally:
            pane.quit(["Q"])
        if sample and not warmup:
            for key, value in sample.items():
                res.add("reef." + key, value)
        log(f"reef run {run}{' (warm-up, discarded)' if warmup else ''}: "
            + (", ".join(f"{k}={v * 1000:.0f}ms" if isinstance(v, float) else f"{k}={v}"
                         for k, v in sample.items()) if sample else "failed"))


def vd_rows_visible(screen):
    """Row ids visible in a VisiData screen, read from the `at` column (at = 1.7e9 + id/2)."""
    ids = []
    for match in re.finditer(r"\b(17[0-9]{8}\.[0-9]{2})\b", screen):
        ids.append(round((float(match.group(1)) - 1700000000) * 2))
    return ids


def vd_first_row_at(screen):
    """The `at` text of VisiData's first data row (the line after the column header)."""
    lines = screen.splitlines()
    for index, line in enumerate(lines):
        if re.search(r"\bid\b", line) and re.search(r"\bpayload\b", line):
            for following in lines[index + 1:index + 2]:
                match = re.search(r"\b(17[0-9]{8}\.[0-9]{2})\b", following)
                return match.group(1) if match else None
    return None


def measure_visidata(vd, db, rows, tmux, runs, res, first_sorted_id, first_by_kind):
    first_cell = cell_regex(payload_of(1))
    last_at = cell_regex(at_text(rows))
    loaded_text = re.compile(r"(?:^|\s)" + str(rows) + r" rows")
    home = os.path.join(tmux.tmpdir, "vd-home")
    os.makedirs(home, exist_ok=True)
    env = {"HOME": home}  # no ~/.visidatarc, and VisiData's own files go to a scratch folder

    def loaded(screen):
        status = status_line(screen)
        return bool(loaded_text.search(status)) and "loading" not in status

    for run in range(runs + 1):
        warmup = run == 0
        # `+0:events::` opens the events table of the first source directly (like reef --table).
        pane, t0 = tmux.start([vd, db, "+0:events::"], env=env)
        try:
            elapsed, _ = pane.wait_for(lambda s: bool(first_cell.search(s)), t0, 60, "vd first rows")
            sample = {"first": elapsed}
            # G at once: as soon as the first rows show, while the rest is loading.
            t_g = now()
            pane.send("G")
            elapsed, screen = pane.wait_for(lambda s: not first_cell.search(s) and vd_rows_visible(s),
                                            t_g, 60, "vd G at once")
            sample["G_early"] = elapsed
            sample["G_early_row"] = max(vd_rows_visible(screen))
            elapsed, _ = pane.wait_for(loaded, t0, 600, "vd fully loaded")
            sample["loaded"] = elapsed
            sample["rss_loaded"] = pane.rss_kb()
            sample["G"] = pane.timed(["G"], lambda s: bool(last_at.search(s)), 60, "vd G")
            sample["gg"] = pane.timed(["g", "g"], lambda s: bool(first_cell.search(s)), 60, "vd gg")
            # Sort by payload: move to the payload column, `[` sorts ascending.
            # Wide cells are cut ("evt-0000001-65…"), so the sorted first row is recognised by
            # its `at` cell, on the first data line.
            pane.send("l", "l")  # to the kind column (untimed)
            time.sleep(0.3)
            sorted_at = at_text(first_by_kind)
            sample["sort_kind"] = pane.timed(["["], lambda s: vd_first_row_at(s) == sorted_at,
                                             600, "vd sort kind")
            pane.send("l", "l")  # to the payload column (untimed)
            time.sleep(0.3)
            sorted_at = at_text(first_sorted_id)
            sample["sort_payload"] = pane.timed(["["], lambda s: vd_first_row_at(s) == sorted_at,
                                                600, "vd sort payload")
            sample["rss_peak"] = pane.peak_rss_kb()
        except StepTimeout as error:
            log(f"vd run {run}: {error}")
            res.notes.append(f"VisiData run {run} timed out: {str(error).splitlines()[0]}")
            sample = None
        finally:
            pane.quit(["g", "q"], timeout=20)
        if sample and not warmup:
            for key, value in sample.items():
                res.add("vd." + key, value)
        log(f"vd run {run}{' (warm-up, discarded)' if warmup else ''}: "
            + (", ".join(f"{k}={v * 1000:.0f}ms" if isinstance(v, float) else f"{k}={v}"
                         for k, v in sample.items()) if sample else "failed"))


def run_trials(tool, prefix, runs, res, start, trial, quit_keys):
    """Runs `trial(pane, t0, sample)` on a fresh pane `runs` times after a discarded warm-up.

    `start()` returns (pane, t0); `trial` fills `sample` with its figures. A step that times out
    drops the run and is noted; the pane is quit with `quit_keys` in any case. Figures are added
    to `res` under `prefix` + their name."""
    for run in range(runs + 1):
        warmup = run == 0
        pane, t0 = start()
        sample = {}
        try:
            trial(pane, t0, sample)
        except StepTimeout as error:
            log(f"{tool} run {run}: {error}")
            res.notes.append(f"{tool} run {run} timed out: {str(error).splitlines()[0]}")
            sample = None
        finally:
            pane.quit(quit_keys, timeout=20)
        if sample and not warmup:
            for key, value in sample.items():
                res.add(prefix + key, value)
        log(f"{tool} run {run}{' (warm-up, discarded)' if warmup else ''}: "
            + (", ".join(f"{k}={v * 1000:.0f}ms" if isinstance(v, float) else f"{k}={v}"
                         for k, v in sample.items()) if sample else "failed"))


# ---------------------------------------------------------------------------------------------
# Report


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def first_line(argv):
    try:
        result = run_quiet(argv, timeout=30)
        text = (result.stdout or result.stderr).strip()
        return text.splitlines()[0] if text else "unknown"
    except Exception:
        return "unknown"


def emit(text, out):
    """Prints the report, and writes it to `out` too when given."""
    print(text)
    if out:
        with open(out, "w") as file:
            file.write(text + "\n")


def clean_up_on_signals(cleanup):
    """Runs `cleanup` (kill the tmux server, stop a server) on SIGTERM and SIGINT, then exits."""
    def on_signal(signum, _frame):
        cleanup()
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)


def fmt_time(res, key):
    value = res.median(key)
    if value is None:
        return "—"
    spread = res.spread(key)
    lo, hi, n = spread
    if value >= 10:
        text = f"{value:.1f} s"
    elif value >= 1:
        text = f"{value:.2f} s"
    else:
        text = f"{value * 1000:.0f} ms"
    if n > 1:
        text += f" ({lo * 1000:.0f}–{hi * 1000:.0f})" if hi < 1 else f" ({lo:.1f}–{hi:.1f} s)"
    return text


def fmt_mem(res, key):
    value = res.median(key)
    return "—" if value is None else f"{value / 1024:.0f} MB"


def fmt_plain(res, key, fmt):
    value = res.median(key)
    return "—" if value is None else fmt(value)


def report(args, res, versions):
    rows = fmt_count(args.rows)
    size_mb = os.path.getsize(args.db) / 1e6
    lines = []
    lines.append(f"### reef vs VisiData vs sqlite3 — {rows}-row table")
    lines.append("")
    load = os.getloadavg()
    lines.append(f"Machine: {cpu_model()}, nproc {os.cpu_count()}, {platform.system()} {platform.release()}, "
                 f"load average at the end {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}.  ")
    lines.append("Versions: " + "; ".join(f"{k} {v}" for k, v in versions.items()) + ".  ")
    lines.append(f"File: `events(id INTEGER PRIMARY KEY, at REAL, kind TEXT, level INTEGER, payload TEXT)`, "
                 f"{rows} rows, index on `kind`, {size_mb:.0f} MB, warm OS cache. "
                 f"Terminal {args.size} in tmux {versions.get('tmux', '')}; "
                 f"median of {args.runs} runs (min–max in brackets, ms unless marked), "
                 f"after one discarded warm-up run; screen polled every {args.poll_ms} ms.")
    lines.append("")
    lines.append("| Measure | reef (release) | VisiData | sqlite3 CLI |")
    lines.append("|---|---|---|---|")

    def row(label, reef="—", vd="—", sq="—"):
        lines.append(f"| {label} | {reef} | {vd} | {sq} |")

    row("Start → first rows on screen (real terminal, tmux)", fmt_time(res, "reef.first"), fmt_time(res, "vd.first"))
    row("Start → exit, headless first screen (upper bound)", fmt_time(res, "reef.headless"))
    row("`SELECT * FROM events LIMIT 40`, start → exit", sq=fmt_time(res, "sqlite3.limit40"))
    row(f"Start → total shown (reef: background count) / all {rows} rows loaded (vd)",
        fmt_time(res, "reef.count"), fmt_time(res, "vd.loaded"))
    early = res.median("vd.G_early_row")
    vd_early = fmt_time(res, "vd.G_early")
    if early is not None and vd_early != "—":
        vd_early += f", but lands on row ~{fmt_count(int(early))} (what had loaded)"
    row(f"`G` pressed as soon as rows show → row {rows} on screen", fmt_time(res, "reef.G_early"), vd_early)
    vd_g = fmt_time(res, "vd.G")
    row("`G` → last row (vd: after the full load)", fmt_time(res, "reef.G"), vd_g)
    row("`gg` → first row", fmt_time(res, "reef.gg"), fmt_time(res, "vd.gg"))
    row(f"50 × PgDn sent at once → row {fmt_count(args.pgdn_row) if args.pgdn_row else '?'}", fmt_time(res, "reef.pgdn"))
    row(f"`:{args.rows // 2}` Enter → row {fmt_count(args.rows // 2)}", fmt_time(res, "reef.goto"))
    row("Sort by `kind` (indexed) → sorted first screen", fmt_time(res, "reef.sort_kind"), fmt_time(res, "vd.sort_kind"))
    row("Sort by `payload` (no index) → sorted first screen", fmt_time(res, "reef.sort_payload"),
        fmt_time(res, "vd.sort_payload"))
    row("`G` while sorted by `payload`", fmt_time(res, "reef.G_sorted"))
    row("Resident memory: reef after first screen and G / vd after full load",
        fmt_mem(res, "reef.rss_open"), fmt_mem(res, "vd.rss_loaded"))
    row("Peak resident memory (VmHWM, whole session incl. sorts)", fmt_mem(res, "reef.rss_peak"),
        fmt_mem(res, "vd.rss_peak"), fmt_mem(res, "sqlite3.rss"))
    row("Peak resident memory, headless first screen", fmt_mem(res, "reef.headless.rss"))
    if res.notes:
        lines.append("")
        for note in res.notes:
            lines.append(f"- {note}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True)
    parser.add_argument("--rows", type=int, required=True, help="rows in events (as generated)")
    parser.add_argument("--reef", required=True, help="the release reef binary")
    parser.add_argument("--vd", help="the vd executable (omit to skip VisiData)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--vd-runs", type=int, help="runs for VisiData (default: --runs)")
    parser.add_argument("--size", default="160x45", help="terminal COLSxROWS")
    parser.add_argument("--poll-ms", type=float, default=5)
    parser.add_argument("--version", action="append", default=[], metavar="NAME=VERSION")
    parser.add_argument("--tmux-socket", help="tmux -L socket name (default: reef-speed-PID)")
    parser.add_argument("--out", help="also write the Markdown table to this file")
    args = parser.parse_args()
    columns, rows = (int(x) for x in args.size.lower().split("x"))

    for name in ("tmux", "sqlite3"):
        if run_quiet(["sh", "-c", f"command -v {name}"]).returncode != 0:
            sys.exit(f"reef_speed.py: {name} is required")
    count = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True).execute("SELECT count(*) FROM events").fetchone()[0]
    if count != args.rows:
        sys.exit(f"reef_speed.py: {args.db} has {count} rows in events, expected {args.rows}")

    versions = {}
    for item in args.version:
        key, _, value = item.partition("=")
        versions[key] = value
    versions.setdefault("sqlite3", first_line(["sqlite3", "--version"]).split(" ")[0])
    versions.setdefault("tmux", first_line(["tmux", "-V"]).replace("tmux ", ""))
    if args.vd:
        versions.setdefault("VisiData", first_line([args.vd, "--version"]).split("VisiData ")[-1])

    res = Results()
    tmux = Tmux(columns, rows, args.poll_ms, args.tmux_socket)

    clean_up_on_signals(tmux.kill_server)

    log("sqlite3 CLI")
    measure_sqlite3(args.db, args.runs, res)
    log("reef headless")
    measure_reef_headless(args.reef, args.db, args.size, args.runs, res)
    log("reef: expected screens from the headless mode")
    plan = reef_plan(args.reef, args.db, args.rows, args.size)
    args.pgdn_row = plan["pgdn_row"]
    log(f"reef in tmux ({args.runs} runs + warm-up)")
    measure_reef_tmux(args.reef, args.db, args.rows, tmux, args.runs, res, plan)
    if args.vd:
        first_sorted = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True).execute(
            "SELECT id FROM events ORDER BY payload LIMIT 1").fetchone()[0]
        vd_runs = args.vd_runs or args.runs
        log(f"VisiData in tmux ({vd_runs} runs + warm-up)")
        # VisiData's sort is stable on the loaded (rowid) order.
        first_by_kind = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True).execute(
            "SELECT id FROM events ORDER BY kind, id LIMIT 1").fetchone()[0]
        measure_visidata(args.vd, args.db, args.rows, tmux, vd_runs, res, first_sorted, first_by_kind)
    tmux.kill_server()

    text = report(args, res, versions)
    emit(text, args.out)


if __name__ == "__main__":
    main()
