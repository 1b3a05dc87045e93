"""Stockfish searching a different number of nodes than it is told.

Training games for `umax tune` from Stockfish playing itself at a fixed node
count: two identical players would play both games of an opening pair alike
(the tuner drops such duplicates), so the second player is this wrapper,
which turns every `go nodes N` into `go nodes M`:

    python3 ../shared/tools/match.py --engine1 /usr/games/stockfish --proto1 uci \
        --engine2 "python3 -u bench/stockfish_nodes.py 7000" --name2 sf7000 --proto2 uci \
        --nodes 5000 --games 20000 --concurrency 2 \
        --openings ../shared/openings/8moves_v3.epd --shuffle --seed 9002 --pgn FILE
"""

import subprocess
import sys

nodes = sys.argv[1]
engine = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    if line.startswith("go nodes"):
        line = f"go nodes {nodes}\n"
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == "quit":
        break
engine.wait()
