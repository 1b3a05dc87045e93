#!/usr/bin/env python3
"""Compare umax's search speed with Fairy-Max's on the bench positions.

Runs `umax bench DEPTH` and, in the same run, Fairy-Max (micro-Max 4.8's
descendant, `apt-get install fairymax`) on the same 30 positions, each searched
to a fixed depth, and prints both engines' nodes per second and their ratio.
Repeat with --runs N to get medians (these machines are shared and noisy).

Fairy-Max has no `setboard`, so positions go through the referee's shim
(../shared/tools/xbshim.py), which sets them up with the old `edit` command.
Fairy-Max's node count and time are read from its last thinking line
("depth score centiseconds nodes pv"), which must be at the requested depth:
it gets a time per move (`st`) long enough that its clock never cuts a search.

Node counts are defined the same way: micro-Max and Fairy-Max count one node
per pass of the internal deepening loop (`N++` inside the loop), and so does
umax (`Searcher::count_node`, the scoring pass included).

usage: python3 bench/fairymax_nps.py [--umax target/release/umax] [--set preset=micromax]
           [--fairymax /usr/games/fairymax] [--depth 8] [--fairy-depth 9] [--runs 3]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHIM = os.path.join(ROOT, "..", "shared", "tools", "xbshim.py")


def bench_positions():
    """The FENs of umax's bench, read from src/laboratory/tools.rs so there is one list."""
    source = open(os.path.join(ROOT, "src", "laboratory", "tools.rs")).read()
    block = source.split("pub const BENCH_POSITIONS")[1].split("];")[0]
    return re.findall(r'"([^"]+)"', block)


def run_umax(umax, depth, settings):
    command = [umax, "bench", str(depth)] + [arg for spec in settings for arg in ("--set", spec)]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    seconds = float(re.search(r"Time: ([\d.]+) s", out).group(1))
    return nodes, seconds


def run_fairymax(fairymax, fens, depth):
    """Total nodes and seconds of Fairy-Max searching every FEN to `depth`."""
    proc = subprocess.Popen(
        [sys.executable, SHIM, "--", fairymax],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(pattern):
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("fairymax exited unexpectedly")
            if re.match(pattern, line):
                return line

    send("xboard")
    send("protover 2")
    read_until(r"feature .*done=1")
    total_nodes = 0
    total_seconds = 0.0
    thinking = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s")
    for fen in fens:
        send("new")
        send("force")
        send("setboard " + fen)
        send("post")
        # Without a time per move Fairy-Max keeps its default clock, which cuts
        # searches short of `depth` (and, once spent, to a ply or two).
        send("st 100000")
        send("sd %d" % depth)
        send("go")
        last = None
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("fairymax exited unexpectedly")
            match = thinking.match(line)
            if match:
                last = match
            if line.startswith("move ") or "resign" in line or re.match(r"^(1-0|0-1|1/2-1/2)", line):
                break
        if not last or int(last.group(1)) != depth:
            raise SystemExit("Fairy-Max stopped short of depth %d on %s" % (depth, fen))
        total_nodes += int(last.group(4))
        total_seconds += int(last.group(3)) / 100.0
    send("quit")
    proc.wait(timeout=10)
    return total_nodes, total_seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--umax", default=os.path.join(ROOT, "target", "release", "umax"))
    parser.add_argument("--fairymax", default="/usr/games/fairymax")
    parser.add_argument("--depth", type=int, default=8, help="umax bench depth")
    parser.add_argument("--fairy-depth", type=int, default=9,
                        help="Fairy-Max sd (its reported depth is sd - 2 in umax's plies ... roughly)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a switch for umax's bench, e.g. --set preset=micromax (micro-Max's search)")
    args = parser.parse_args()

    fens = bench_positions()
    ratios, umax_rates, fairy_rates = [], [], []
    for run in range(args.runs):
        u_nodes, u_seconds = run_umax(args.umax, args.depth, args.set)
        f_nodes, f_seconds = run_fairymax(args.fairymax, fens, args.fairy_depth)
        u_rate = u_nodes / u_seconds
        f_rate = f_nodes / max(f_seconds, 1e-9)
        umax_rates.append(u_rate)
        fairy_rates.append(f_rate)
        ratios.append(u_rate / f_rate)
        print("run %d: umax %d nodes in %.2f s = %.0f n/s; Fairy-Max %d nodes in %.2f s = %.0f n/s; ratio %.2f"
              % (run + 1, u_nodes, u_seconds, u_rate, f_nodes, f_seconds, f_rate, u_rate / f_rate), flush=True)
    print("median: umax %.0f n/s, Fairy-Max %.0f n/s, ratio %.2f"
          % (statistics.median(umax_rates), statistics.median(fairy_rates), statistics.median(ratios)))


if __name__ == "__main__":
    main()
