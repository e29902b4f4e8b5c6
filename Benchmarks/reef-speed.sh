#!/usr/bin/env bash
# reef vs VisiData vs the sqlite3 CLI on one generated SQLite file; prints a Markdown table.
#
#   Benchmarks/reef-speed.sh                 1,000,000 rows, 5 runs each
#   Benchmarks/reef-speed.sh --10m           10,000,000 rows (generation takes a minute or more)
#   Benchmarks/reef-speed.sh --rows N --runs 3 --no-visidata --no-build --regen --out FILE
#
# Needs: swift, sqlite3, tmux, python3 (with venv), /usr/bin/time; network access to PyPI the
# first time (VisiData goes into Benchmarks/.venv-visidata). See Benchmarks/REEF-SPEED.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

rows=1000000
runs=5
vd_runs=""
build=1
visidata=1
regen=0
size="160x45"
out=""
data_dir="${REEF_SPEED_DIR:-${TMPDIR:-/tmp}/reef-speed}"
scratch="$root/.build-speed"
venv="$here/.venv-visidata"
vd_spec="${VISIDATA_SPEC:-visidata}"
time_limit="${REEF_SPEED_TIMEOUT:-3600}"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --10m) rows=10000000 ;;
    --rows) rows="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --vd-runs) vd_runs="$2"; shift ;;
    --size) size="$2"; shift ;;
    --no-build) build=0 ;;
    --no-visidata) visidata=0 ;;
    --regen) regen=1 ;;
    --data-dir) data_dir="$2"; shift ;;
    --out) out="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "reef-speed: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
[[ "$rows" =~ ^[0-9]+$ && "$rows" -ge 1000 ]] || { echo "reef-speed: --rows takes a number >= 1000" >&2; exit 2; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "reef-speed: --runs takes a positive number" >&2; exit 2; }

say() { printf '[reef-speed] %s\n' "$*" >&2; }
for tool in sqlite3 tmux python3; do
  command -v "$tool" >/dev/null || { echo "reef-speed: $tool is required" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "reef-speed: /usr/bin/time is required (apt-get install time)" >&2; exit 1; }

# 1. reef, release build, in its own scratch path.
if [ "$build" = 1 ]; then
  say "building reef (release, --scratch-path $scratch)"
  (cd "$root" && swift build -c release --product reef --scratch-path "$scratch" >&2)
fi
reef="$(cd "$root" && swift build -c release --product reef --scratch-path "$scratch" --show-bin-path)/reef"
[ -x "$reef" ] || { echo "reef-speed: no release reef at $reef (run without --no-build)" >&2; exit 1; }

# 2. VisiData from PyPI in a local venv (ignored by git: Benchmarks/.venv-*).
vd=""
if [ "$visidata" = 1 ]; then
  if [ ! -x "$venv/bin/vd" ]; then
    say "installing $vd_spec into $venv"
    python3 -m venv "$venv"
    timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check "$vd_spec" >&2
  fi
  vd="$venv/bin/vd"
fi

# 3. The data file: generated once per row count, reused while its row count matches.
mkdir -p "$data_dir"
db="$data_dir/events-$rows.db"
if [ "$regen" = 1 ] || [ ! -f "$db" ] || \
   [ "$(sqlite3 "file:$db?mode=ro" 'SELECT count(*) FROM events' 2>/dev/null || echo 0)" != "$rows" ]; then
  say "generating $db ($rows rows)"
  rm -f "$db" "$db-journal" "$db-wal" "$db-shm"
  timeout 1800 sqlite3 "$db" <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
BEGIN;
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  at REAL NOT NULL,
  kind TEXT NOT NULL,
  level INTEGER NOT NULL,
  payload TEXT
);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
INSERT INTO events (at, kind, level, payload)
SELECT 1700000000 + i * 0.5,
       CASE i % 5 WHEN 0 THEN 'login' WHEN 1 THEN 'view' WHEN 2 THEN 'click' WHEN 3 THEN 'purchase' ELSE 'logout' END,
       (i * 7919) % 10,
       'evt-' || printf('%07d', (i * 7919) % 1000003) || '-' || i
FROM n;
CREATE INDEX events_kind ON events(kind);
COMMIT;
SQL
fi
# Warm the OS cache so every tool starts from the same state.
cat "$db" >/dev/null

# 4. Measure and print.
reef_version="$("$reef" --version 2>/dev/null | head -1) ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$root" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo '+changes'))"
swift_version="$(swift --version 2>/dev/null | grep -o 'Swift version [0-9.]*' | head -1 | sed 's/Swift version //')"
python_version="$(python3 -c 'import platform; print(platform.python_version())')"
args=(--db "$db" --rows "$rows" --reef "$reef" --runs "$runs" --size "$size"
      --version "reef=$reef_version" --version "Swift=${swift_version:-?}" --version "Python=$python_version")
[ -n "$vd" ] && args+=(--vd "$vd")
[ -n "$vd_runs" ] && args+=(--vd-runs "$vd_runs")
[ -n "$out" ] && args+=(--out "$out")
# The helper runs everything in a private tmux server (-L $socket) and kills it on exit; the trap
# covers the helper itself being killed. `timeout` bounds the whole measurement.
socket="reef-speed-$$"
trap 'tmux -L "$socket" kill-server >/dev/null 2>&1 || true' EXIT
args+=(--tmux-socket "$socket")
timeout --kill-after=30 "$time_limit" python3 "$here/reef_speed.py" "${args[@]}"
