#!/usr/bin/env python3
"""Where does umax lose its games: too little time, or a wrong judgement?

For each game of the PGN that umax lost, Stockfish (depth 10) rates every move
umax made and picks the one that lost the most; then, on the position before
that move, Stockfish's best move (depth 16) is set against the moves umax
chooses given 0.3 s and 3 s (each rated by Stockfish at depth 14). A move within
50 cp of Stockfish's best counts as found. If ten times the time finds few more,
the losses come from what umax's evaluation or pruning cannot see, not from depth.

usage: python3 bench/lost_moves.py GAMES.pgn [--umax target/release/umax]
           [--name umax] [--stockfish /usr/games/stockfish]
(needs `pip install chess` and `apt-get install stockfish`)
"""
import argparse

import chess
import chess.engine
import chess.pgn


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--umax", default="target/release/umax")
    parser.add_argument("--name", default="umax", help="umax's name in the PGN")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()

    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"Threads": 1, "Hash": 64})
    umax = chess.engine.SimpleEngine.popen_uci(args.umax)

    def score(board, depth):
        """Stockfish's score for the side to move, mates as ±3000."""
        info = stockfish.analyse(board, chess.engine.Limit(depth=depth))
        return info["score"].pov(board.turn).score(mate_score=3000)

    def value_of(board, move, depth=14):
        """Stockfish's score of `move` for the side making it."""
        after = board.copy()
        after.push(move)
        return -score(after, depth)

    rows = []
    with open(args.pgn) as games:
        number = 0
        while (game := chess.pgn.read_game(games)) is not None:
            number += 1
            umax_white = game.headers["White"] == args.name
            result = game.headers["Result"]
            if result == "1/2-1/2" or (result == "1-0") == umax_white:
                continue
            board, worst = game.board(), None
            for node in game.mainline():
                if board.turn == umax_white and board.ply() > 0:
                    before = score(board, 10)
                    after = value_of(board, node.move, 10)
                    drop = before - after
                    if worst is None or drop > worst[0]:
                        worst = (drop, board.copy(), node.move)
                    if after < -600:
                        break  # lost already: later moves decide nothing
                board.push(node.move)
            if worst is None:
                continue
            drop, position, played = worst
            best = stockfish.analyse(position, chess.engine.Limit(depth=16))
            best_value = best["score"].pov(position.turn).score(mate_score=3000)
            quick = umax.play(position, chess.engine.Limit(time=0.3)).move
            slow = umax.play(position, chess.engine.Limit(time=3)).move
            quick_value, slow_value = value_of(position, quick), value_of(position, slow)
            rows.append((best_value, quick_value, slow_value))
            print(f"game {number:3} ply {position.ply():3} pieces {len(position.piece_map()):2} "
                  f"drop {drop:5} | sf best {best['pv'][0].uci()} {best_value:5} | "
                  f"played {played.uci()} | umax 0.3s {quick.uci()} {quick_value:5} | "
                  f"3s {slow.uci()} {slow_value:5} | {position.fen()}", flush=True)
    stockfish.quit()
    umax.quit()

    def found(subset):
        quick = sum(best - value <= 50 for best, value, _ in subset)
        slow = sum(best - value <= 50 for best, _, value in subset)
        return f"{quick} at 0.3 s, {slow} at 3 s"

    even = [row for row in rows if abs(row[0]) <= 150]
    print(f"{len(rows)} lost games: umax finds a move within 50 cp of Stockfish's best "
          f"in {found(rows)}")
    print(f"{len(even)} of them still even there (Stockfish's best within 150 cp): "
          f"{found(even)}")


if __name__ == "__main__":
    main()
