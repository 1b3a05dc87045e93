#!/usr/bin/env python3
"""Build an "avoid move" test suite from the games an engine lost.

Self-play hides a search's tactical blind spots: both sides share them. A
stronger opponent finds them, and the games umax loses to it show where.
This script reads match PGNs (from ../shared/tools/match.py), and for every
game the named engine lost it asks Stockfish which of its moves threw the
game away:

1. every position after one of the engine's moves (from the eighth ply on) is
   scored at `--scan-depth`; a move is a candidate when the score, from the
   engine's side, fell by 120 cp or more since its previous move, from
   -200 cp or better (the opponent's move in between is part of the fall,
   hence the second step);
2. each candidate is scored again at `--depth`, before and after the move
   alone; it is kept if the move loses `--drop` cp or more (150) from a
   position that was not already lost (better than -200 cp).

Each kept position becomes an EPD line with `am` (the move played, to be
avoided), an `id` naming the game, and a `c0` comment with Stockfish's
scores and its best move. `umax epd FILE --nodes N --set SWITCH=VALUE`
then counts how many of the blunders a setting avoids.

Two cautions in reading the counts. The positions were chosen because the
default blundered there, so *any* change to the search will seem to fix
some (regression to the mean): compare a setting with the default at other
node counts (a perturbation of the same size), not only with the default's
count. And avoiding a blunder costs nothing only if the search is not slower
elsewhere: a setting that wins here must still win games.

Needs python-chess (`pip install chess`) and Stockfish
(`apt-get install stockfish`); both are for measuring only.

usage: python3 bench/blunder_suite.py PGN... [--engine umax]
           [--stockfish /usr/games/stockfish] [--scan-depth 13] [--depth 16]
           [--drop 150] [--out blunders.epd]
"""
import argparse
import os
import sys

import chess
import chess.engine
import chess.pgn

MATE = 3000  # a mate's score in centipawns, so that falls can be compared


def lost_games(paths, engine):
    """Yield (path, game, engine_is_white) for every game `engine` lost."""
    for path in paths:
        with open(path) as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                white = game.headers.get("White", "").startswith(engine)
                black = game.headers.get("Black", "").startswith(engine)
                result = game.headers.get("Result")
                if (white and result == "0-1") or (black and result == "1-0"):
                    yield path, game, white


def score(stockfish, board, depth, side):
    info = stockfish.analyse(board, chess.engine.Limit(depth=depth))
    return info["score"].pov(side).score(mate_score=MATE), info.get("pv", [None])[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", default="umax", help="the engine's name in the PGN (prefix)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--scan-depth", type=int, default=13)
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--drop", type=int, default=150)
    parser.add_argument("--out", default="blunders.epd")
    args = parser.parse_args()

    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"Threads": 1, "Hash": 64})
    kept = candidates = games = 0
    with open(args.out, "w") as out:
        for path, game, white in lost_games(args.pgn, args.engine):
            games += 1
            side = chess.WHITE if white else chess.BLACK
            board = game.board()
            previous = None
            for ply, node in enumerate(game.mainline(), start=1):
                before = board.copy()
                board.push(node.move)
                if before.turn != side or ply < 8:
                    continue
                after_scan, _ = score(stockfish, board, args.scan_depth, side)
                if previous is not None and previous > -200 and previous - after_scan >= 120:
                    candidates += 1
                    best, best_move = score(stockfish, before, args.depth, side)
                    after, _ = score(stockfish, board, args.depth, side)
                    if best > -200 and best - after >= args.drop:
                        name = "%s r%s p%d" % (os.path.basename(path), game.headers.get("Round", "?"), ply)
                        best_san = before.san(best_move) if best_move else "?"
                        out.write('%s am %s; id "%s"; c0 "stockfish %d -> %d, best %s";\n'
                                  % (before.epd(), before.san(node.move), name, best, after, best_san))
                        out.flush()
                        kept += 1
                previous = after_scan
    stockfish.quit()
    print("%d lost games, %d candidate moves, %d blunders kept in %s"
          % (games, candidates, kept, args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
