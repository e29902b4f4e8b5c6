#!/usr/bin/env python3
"""reef beside VisiData on a file that is not a database: opening a CSV and filtering it by a regex.

    python3 Benchmarks/reef_import.py --reef BIN [--vd BIN] [--lines 1000000] [--runs 3]

Generates a CSV of --lines rows (once, in $REEF_SPEED_DIR or /tmp/reef-speed), then, in a private
tmux server as reef_speed.py does, times for each program:

- open: from exec to the whole file loaded (reef: the status bar's row count says all of it, the
  import into its temporary database done; VisiData: its status says `N rows`, loading finished);
- frequency table: `F` on the `country` column until the table of its six values shows, then on
  `amount` (100,000 distinct values) until its table shows with its count;
- column summary: `I` until every column's statistics are in (reef: the status bar leaves its
  progress for its keys; VisiData: its describe sheet's `note` row shows its distinct count and the
  status no longer says `calculating`). VisiData reads a CSV as text and describes min, max, median,
  mean and stdev only of numeric columns, so `id` is typed `#` and `amount` `%` first (untimed);
  reef summarises every column (quartiles, histogram, dates as dates);
- regex filter: from the key that runs it to the filtered view showing its row count (reef:
  `f note REGEXP 'quot'`, a filter over every row; VisiData: `|quot` on the note column, which
  selects the matching rows, then `"` opening them as a sheet);
- memory: resident once loaded, and the peak (VmHWM) at the end.

Every tenth row's note matches, so both must find --lines / 10 rows. Standard library only.
"""

import argparse
import csv
import os
import re
import sys

from reef_speed import Results, clean_up_on_signals, emit, Tmux, first_line, fmt_mem, fmt_time, log, now, run_quiet, run_trials, status_line

COLUMNS = ["id", "name", "country", "amount", "day", "note"]


def generate(path, lines):
    """Writes the CSV: a header, then `lines` rows with Unicode, quoted commas and quotes."""
    if os.path.exists(path):
        return
    log(f"generating {path} ({lines:,} lines)")
    countries = ["UK", "JP", "DK", "US", "FR", "GR"]
    temporary = path + ".part"
    with open(temporary, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        for i in range(1, lines + 1):
            note = f'a "quoted", note {i}' if i % 10 == 0 else f"plain {i % 977}"
            writer.writerow([i, f"name {i} Zoë", countries[i % 6], f"{(i * 7919) % 100000 / 100:.2f}",
                             f"2024-{i % 12 + 1:02d}-{i % 28 + 1:02d}", note])
    os.replace(temporary, path)


def count_pattern(count, with_commas):
    text = f"{count:,}" if with_commas else str(count)
    return re.compile(r"(?:^|[\s/])" + re.escape(text) + r"(?![0-9,])")


def measure_reef(reef, path, lines, tmux, runs, res):
    whole = count_pattern(lines, True)
    matched = count_pattern(lines // 10, True)

    def trial(pane, t0, sample):
        elapsed, _ = pane.wait_for(lambda s: bool(whole.search(status_line(s))) and "import" in status_line(s),
                                   t0, 900, "reef open")
        sample["open"] = elapsed
        sample["rss_open"] = pane.rss_kb()
        pane.send("l", "l")  # to the country column (untimed)
        sample["frequency"] = pane.timed(["F"], lambda s: "FREQUENCY" in status_line(s) and "1/6" in status_line(s),
                                         600, "reef frequency table")
        pane.send("Escape")
        pane.wait_for(lambda s: "BROWSE" in status_line(s), now(), 60, "reef back from the frequency table")
        pane.send("l")  # to the amount column: 100,000 distinct values (untimed)
        sample["frequency_many"] = pane.timed(["F"], lambda s: "FREQUENCY" in status_line(s) and f"/{min(lines, 100_000):,}" in status_line(s),
                                              600, "reef frequency table of amount")
        pane.send("Escape")
        pane.wait_for(lambda s: "BROWSE" in status_line(s), now(), 60, "reef back from the frequency table")
        sample["summary"] = pane.timed(["I"], lambda s: "SUMMARY" in status_line(s) and "Enter: go to the column" in status_line(s),
                                       900, "reef column summary")
        sample["rss_summary"] = pane.peak_rss_kb()
        pane.send("Escape")
        pane.wait_for(lambda s: "BROWSE" in status_line(s), now(), 60, "reef back from the column summary")
        sample["filter"] = pane.timed(["f", "note REGEXP 'quot'", "Enter"],
                                      lambda s: bool(matched.search(status_line(s))) and "REGEXP" in status_line(s),
                                      600, "reef regex filter")
        sample["rss_peak"] = pane.peak_rss_kb()

    run_trials("reef", "reef.", runs, res, lambda: tmux.start([reef, path]), trial, ["Q"])


def measure_visidata(vd, path, lines, tmux, runs, res):
    whole = re.compile(r"(?:^|\s)" + str(lines) + r" rows")
    matched = re.compile(r"(?:^|\s)" + str(lines // 10) + r" rows")
    selected = re.compile("•" + str(lines // 10) + r"(?![0-9])")
    six = re.compile(r"(?:^|\s)6 bins")  # VisiData counts a frequency sheet's rows as bins
    hundred_thousand = re.compile(r"(?:^|\s)" + str(min(lines, 100_000)) + " bins")
    notes = len({f"plain {i % 977}" if i % 10 else "" for i in range(1, lines + 1)} - {""}) + lines // 10

    def described(screen):
        status = status_line(screen)
        note_row = next((line for line in screen.splitlines() if line.lstrip().startswith("note ")), "")
        return "describe" in status and "calculating" not in status and "categorizing" not in status \
            and re.search(r"(?:^|\s)" + str(notes) + r"(?![0-9])", note_row) is not None
    home = os.path.join(tmux.tmpdir, "vd-home")
    os.makedirs(home, exist_ok=True)

    def loaded(pattern):
        def check(screen):
            status = status_line(screen)
            return bool(pattern.search(status)) and "loading" not in status
        return check

    def trial(pane, t0, sample):
        elapsed, _ = pane.wait_for(loaded(whole), t0, 900, "vd open")
        sample["open"] = elapsed
        sample["rss_open"] = pane.rss_kb()
        pane.send("l", "l")  # to the country column (untimed)
        sample["frequency"] = pane.timed(["F"], loaded(six), 600, "vd frequency table")
        pane.send("q")
        pane.wait_for(loaded(whole), now(), 60, "vd back from the frequency table")
        pane.send("l")  # to the amount column (untimed)
        sample["frequency_many"] = pane.timed(["F"], loaded(hundred_thousand), 600, "vd frequency table of amount")
        pane.send("q")
        pane.wait_for(loaded(whole), now(), 60, "vd back from the frequency table")
        pane.send("g", "h", "#", "l", "l", "l", "%")  # id as int, amount as float (untimed)
        sample["summary"] = pane.timed(["I"], described, 900, "vd describe sheet")
        sample["rss_summary"] = pane.peak_rss_kb()
        pane.send("q")
        pane.wait_for(loaded(whole), now(), 60, "vd back from the describe sheet")
        pane.send("g", "l")  # the last column, note (untimed; the keys are read in order)
        t1 = now()
        pane.send("|")
        pane.send("-l", "quot")
        pane.send("Enter")
        pane.wait_for(lambda s: bool(selected.search(status_line(s))), t1, 600, "vd select")
        pane.send('"')
        elapsed, _ = pane.wait_for(loaded(matched), t1, 600, "vd filtered sheet")
        sample["filter"] = elapsed
        sample["rss_peak"] = pane.peak_rss_kb()

    run_trials("VisiData", "vd.", runs, res, lambda: tmux.start([vd, path], env={"HOME": home}), trial, ["g", "q"])


def ratio(res, key):
    reef, vd = res.median("reef." + key), res.median("vd." + key)
    return "—" if not reef or not vd else f"{vd / reef:.1f}x"


def report(args, res, versions, size_mb):
    lines = [
        f"CSV of {args.lines:,} lines ({size_mb:.0f} MB), {args.runs} runs each after a warm-up, "
        f"median (min–max); " + ", ".join(f"{k} {v}" for k, v in versions.items()),
        "",
        "| | reef | VisiData | VisiData / reef |",
        "| --- | --- | --- | --- |",
        f"| open, whole file loaded | {fmt_time(res, 'reef.open')} | {fmt_time(res, 'vd.open')} | {ratio(res, 'open')} |",
        f"| frequency table of `country` (6 values; reef `F`, VisiData `F`) | {fmt_time(res, 'reef.frequency')} "
        f"| {fmt_time(res, 'vd.frequency')} | {ratio(res, 'frequency')} |",
        f"| frequency table of `amount` ({min(args.lines, 100_000):,} values) | {fmt_time(res, 'reef.frequency_many')} "
        f"| {fmt_time(res, 'vd.frequency_many')} | {ratio(res, 'frequency_many')} |",
        f"| column summary of all 6 columns (reef `I`, VisiData `I`) | {fmt_time(res, 'reef.summary')} "
        f"| {fmt_time(res, 'vd.summary')} | {ratio(res, 'summary')} |",
        f"| regex filter (`note` matches `quot`: {args.lines // 10:,} rows) | {fmt_time(res, 'reef.filter')} "
        f"| {fmt_time(res, 'vd.filter')} | {ratio(res, 'filter')} |",
        f"| resident once loaded | {fmt_mem(res, 'reef.rss_open')} | {fmt_mem(res, 'vd.rss_open')} | {ratio(res, 'rss_open')} |",
        f"| peak resident after the column summary | {fmt_mem(res, 'reef.rss_summary')} | {fmt_mem(res, 'vd.rss_summary')} "
        f"| {ratio(res, 'rss_summary')} |",
        f"| peak resident | {fmt_mem(res, 'reef.rss_peak')} | {fmt_mem(res, 'vd.rss_peak')} | {ratio(res, 'rss_peak')} |",
    ]
    lines += [f"\nNote: {note}" for note in res.notes]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reef", required=True, help="the release reef binary")
    parser.add_argument("--vd", help="the vd executable (omit to skip VisiData)")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="160x45")
    parser.add_argument("--poll-ms", type=float, default=5)
    parser.add_argument("--out", help="also write the Markdown table to this file")
    args = parser.parse_args()
    columns, rows = (int(x) for x in args.size.lower().split("x"))
    if run_quiet(["sh", "-c", "command -v tmux"]).returncode != 0:
        sys.exit("reef_import.py: tmux is required")

    folder = os.environ.get("REEF_SPEED_DIR", os.path.join(os.environ.get("TMPDIR", "/tmp"), "reef-speed"))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"import-{args.lines}.csv")
    generate(path, args.lines)

    versions = {"tmux": first_line(["tmux", "-V"]).replace("tmux ", "")}
    if args.vd:
        versions["VisiData"] = first_line([args.vd, "--version"]).split("VisiData ")[-1]
    res = Results()
    tmux = Tmux(columns, rows, args.poll_ms)

    clean_up_on_signals(tmux.kill_server)

    log(f"reef in tmux ({args.runs} runs + warm-up)")
    measure_reef(args.reef, path, args.lines, tmux, args.runs, res)
    if args.vd:
        log(f"VisiData in tmux ({args.runs} runs + warm-up)")
        measure_visidata(args.vd, path, args.lines, tmux, args.runs, res)
    tmux.kill_server()

    text = report(args, res, versions, os.path.getsize(path) / 1e6)
    emit(text, args.out)


if __name__ == "__main__":
    main()
