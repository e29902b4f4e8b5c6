#!/usr/bin/env python3
"""Times reef through a Patroni failover, beside Patroni's own time.

    python3 Benchmarks/reef_failover.py --reef BIN [--runs 3]

Each run starts a new cluster with scripts/pg-patroni (one etcd, two Patroni nodes, ttl 10 s,
loop_wait 1 s), makes a table, opens it in the real reef (ncurses) in tmux on the URL naming both
nodes, and stages an edit. It then kills the leader's Patroni and postmaster with kill -9
(scripts/pg-patroni kill-leader, which notes the moment) and, every 20 ms, asks both nodes'
Patroni `GET /primary` and captures reef's screen. Three times are reported from the kill: when
Patroni's new primary answers 200, when reef's status bar says "reconnected", and when the `w`
sent at that moment has reef say "committed 1 change". Each run checks the value is written once.
Times err long by up to one poll (20 ms plus a capture).

Standard library only; needs tmux, patroni and etcd-server (scripts/setup installs them).
"""

import argparse
import os
import statistics
import subprocess
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SESSION = "reef-failover-bench"


def run(command):
    return subprocess.run(command, shell=True, capture_output=True, text=True, check=False).stdout


def tmux(arguments):
    return run(f"tmux -L {SESSION} -f /dev/null {arguments}")


def answers_primary(rest):
    try:
        return urllib.request.urlopen(rest + "/primary", timeout=0.2).status == 200
    except OSError:
        return False


def one_run(reef):
    lines = run(f"{ROOT}/scripts/pg-patroni start").splitlines()
    folder, url, rests = lines[0], lines[1], lines[2:4]
    try:
        run(f"psql '{url}' -c \"CREATE TABLE t (id int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a')\"")
        tmux(f"new-session -d -s r -x 150 -y 10 \"'{reef}' '{url}' --table t\"")
        deadline = time.time() + 30
        while "1 pending" not in tmux("capture-pane -p -t r") and time.time() < deadline:
            tmux("send-keys -t r l c C-u edited Enter")
            time.sleep(1)
        killed = float(run(f"{ROOT}/scripts/pg-patroni kill-leader {folder}").split()[-1])
        patroni = reconnected = committed = None
        while time.time() - killed < 60 and committed is None:
            now = time.time()
            if patroni is None and any(answers_primary(rest) for rest in rests):
                patroni = now - killed
            status = tmux("capture-pane -p -t r").rstrip("\n").split("\n")[-1]
            if reconnected is None and "reconnected" in status:
                reconnected = now - killed
                tmux("send-keys -t r w")
            elif reconnected is not None and "committed 1 change" in status:
                committed = now - killed
            time.sleep(0.02)
        value = run(f"psql '{url}' -Atc 'SELECT v FROM t'").split()
        return patroni, reconnected, committed, value
    finally:
        tmux("kill-server")
        run(f"{ROOT}/scripts/pg-patroni stop {folder}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reef", required=True, help="the reef program")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    added = []
    for number in range(1, arguments.runs + 1):
        patroni, reconnected, committed, value = one_run(os.path.abspath(arguments.reef))
        if None in (patroni, reconnected, committed) or value != ["edited"]:
            print(f"run {number}: did not complete: {patroni}, {reconnected}, {committed}, {value}")
            continue
        added.append(committed - patroni)
        print(f"run {number}: Patroni {patroni:.2f} s, reef reconnected {reconnected:.2f} s, "
              f"committed {committed:.2f} s (+{committed - patroni:.2f} s), written once", flush=True)
    if added:
        print(f"reef's commit after Patroni's new primary answers: median {statistics.median(added):.2f} s "
              f"[{min(added):.2f}-{max(added):.2f}]")


if __name__ == "__main__":
    main()
