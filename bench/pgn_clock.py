#!/usr/bin/env python3
"""Each engine's mean time and depth a move in a match's PGN.

Reads the comments match.py writes after each move ("{ +0.46/7 0.20s }": score,
depth, seconds) and prints, for every player, the mean time and depth of its
first 40 moves of each game (the middle game, before the clock runs short), the
median depth, and the mean time it used a game. Depths are each engine's own
count, so compare an engine with itself at another time control.

usage: python3 bench/pgn_clock.py GAMES.pgn   (needs python-chess: pip install chess)
"""
import re
import statistics
import sys
from collections import defaultdict

import chess.pgn

MOVES_COUNTED = 40
COMMENT = re.compile(r"(?:[+-]?[\d.]+|[+-]?M\d+)/(\d+) ([\d.]+)s")


def main(path):
    times, depths, per_game = defaultdict(list), defaultdict(list), defaultdict(list)
    with open(path) as games:
        while (game := chess.pgn.read_game(games)) is not None:
            names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
            used = {chess.WHITE: 0.0, chess.BLACK: 0.0}
            for ply, node in enumerate(game.mainline()):
                mover = not node.board().turn
                found = COMMENT.search(node.comment or "")
                if not found:
                    continue
                depth, seconds = int(found.group(1)), float(found.group(2))
                used[mover] += seconds
                if ply < 2 * MOVES_COUNTED:
                    times[names[mover]].append(seconds)
                    depths[names[mover]].append(depth)
            for color, name in names.items():
                per_game[name].append(used[color])
    for name in times:
        print(f"{name}: {len(times[name])} moves, {statistics.mean(times[name]):.3f} s "
              f"and depth {statistics.mean(depths[name]):.1f} a move "
              f"(median {statistics.median(depths[name])}), "
              f"{statistics.mean(per_game[name]):.2f} s a game")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
