#!/usr/bin/env python3
"""When umax's lost games were lost, by Stockfish's labels.

Reads games of umax against another engine (match.py's PGN, whose comments give White's
score) and positions labelled by `bench/sf_labels.py` from those games. For each game umax
lost, it finds the first labelled position where Stockfish's score, from umax's side, is
-150 cp or worse, and reports how many moves after the opening book that came (the book
positions start at move 1) and what umax itself said of it (its score from that
position's move, or from its move before).

    python3 bench/sf_labels.py bench/matches/*.pgn --out labels.txt --depth 8 --every 2
    python3 bench/lost_when.py labels.txt bench/matches/toga2_10s*.pgn
"""
import re
import statistics
import sys

import chess
import chess.pgn

LOST = -150
SPANS = [(1, 20), (21, 40), (41, 60), (61, 10_000)]


def position_key(fen):
    """A FEN without its move counters: the same position however it was reached."""
    return " ".join(fen.split()[:4])


labels = {}
with open(sys.argv[1]) as handle:
    for line in handle:
        fen, _, cp, _ = line.rstrip("\n").split(";")
        labels[position_key(fen)] = int(cp)

lost_games = 0
by_span = {span: 0 for span in SPANS}
never = 0
umax_said = []
for path in sys.argv[2:]:
    with open(path) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            umax_white = game.headers["White"] == "umax"
            result = game.headers["Result"]
            if result == "1/2-1/2" or (result == "1-0") == umax_white:
                continue
            lost_games += 1
            sign = 1 if umax_white else -1
            board, said, first = game.board(), None, None
            for node in game.mainline():
                # umax's score from its move out of this position, if it is
                # umax's turn; else from its move before.
                if (board.turn == chess.WHITE) == umax_white:
                    score = re.match(r"\s*([+-]?\d+\.\d+)/", node.comment)
                    if score:
                        said = sign * float(score.group(1)) * 100
                label = labels.get(position_key(board.fen()))
                if first is None and label is not None and sign * label <= LOST:
                    first = (board.fullmove_number, said)
                board.push(node.move)
            if first is None:
                never += 1
                continue
            move, said = first
            by_span[next(s for s in SPANS if s[0] <= move <= s[1])] += 1
            if said is not None:
                umax_said.append(said)

print(f"lost games: {lost_games}; Stockfish first at {LOST} cp or worse, by move after the book:")
for (low, high), count in by_span.items():
    print(f"  moves {low}-{high if high < 10_000 else 'end'}: {count}")
print(f"  never: {never}")
if umax_said:
    hopeful = sum(1 for said in umax_said if said >= 0) / len(umax_said)
    print(f"umax's own score then: median {statistics.median(umax_said):+.0f} cp, "
          f"{100 * hopeful:.0f} % of them 0 or better")
