#!/usr/bin/env python3
"""Label positions of self-play games with Stockfish's evaluation, for `umax tune --labels`.

Reads PGN files, and writes one line per position: `FEN;RESULT;CP;START`, where RESULT is
the game's score for White (1, 0.5 or 0), CP Stockfish's score for White at a fixed depth
(mates as +-2000) and START the FEN the game started from (the tuner holds games out by it).
Positions are taken every --every plies from ply --skip on, not in check; a game read twice
(same start and moves) is labelled once. Games are visited in a seeded shuffle, so a run
stopped early still samples every file. Needs python-chess and a Stockfish binary.

    python3 bench/sf_labels.py bench/sprt/*.pgn --out labels.txt --depth 8
"""
import argparse
import random

import chess
import chess.engine
import chess.pgn

parser = argparse.ArgumentParser()
parser.add_argument("pgn", nargs="+")
parser.add_argument("--out", required=True)
parser.add_argument("--stockfish", default="/usr/games/stockfish")
parser.add_argument("--depth", type=int, default=8)
parser.add_argument("--every", type=int, default=3)
parser.add_argument("--skip", type=int, default=8)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--limit", type=int, default=0, help="stop after this many positions")
args = parser.parse_args()

games = []
seen = set()
for path in args.pgn:
    with open(path) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"))
            moves = tuple(move.uci() for move in game.mainline_moves())
            key = (game.board().fen(), moves)
            if result is None or key in seen:
                continue
            seen.add(key)
            games.append((game.board().fen(), moves, result))
random.Random(args.seed).shuffle(games)

engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
engine.configure({"Threads": 1, "Hash": 16})
written = 0
with open(args.out, "w") as out:
    for start, moves, result in games:
        board = chess.Board(start)
        for ply, move in enumerate(moves):
            if ply >= args.skip and (ply - args.skip) % args.every == 0 and not board.is_check():
                info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=start)
                cp = info["score"].white().score(mate_score=2000)
                cp = max(-2000, min(2000, cp))
                out.write(f"{board.fen()};{result};{cp};{start}\n")
                written += 1
            board.push(chess.Move.from_uci(move))
        out.flush()
        if args.limit and written >= args.limit:
            break
engine.quit()
print(f"{written} positions from {len(games)} distinct games")
