#!/usr/bin/env python3
"""Where umax's judgement of its games parts from Stockfish's.

For every `--every`-th move umax made from move 10 on in a match.py PGN, reads the
score umax reported for it (the comment "{ +0.46/7 0.20s }", which match.py writes
from White's side) and asks Stockfish for its score of the same position at
`--nodes` nodes, both turned to umax's side. Prints the median of umax's score minus
Stockfish's (positive: umax thinks it stands better than Stockfish does), with the
positions grouped by Stockfish's verdict (umax ahead by more than a pawn, within a
pawn, behind) and by the opponent's passed pawns on their 5th rank or beyond. With
--umax, also the gap of umax's own score of the position at depth 1, which shows how
much of the gap the deep search adds.

With --search-nodes N (needs --umax) the PGN's comments are not read: umax itself
scores the positions at N nodes (Hash 64, cleared before each search), from the side
to move's point of view, and every position of a player whose name starts with --name
is taken, so both sides of umax's self-play games (bench/sprt/*.pgn, "umax a: ..." and
"umax b: ..."). --games N reads only the first N games.

usage: python3 bench/judgement.py GAMES.pgn [--name umax] [--nodes 40000] [--every 3]
       [--stockfish /usr/games/stockfish] [--umax target/release/umax]
       [--search-nodes 150000] [--games 100]
       (needs python-chess: pip install chess)
"""
import argparse
import itertools
import re
import statistics
from collections import defaultdict

import chess
import chess.engine
import chess.pgn

SCORE = re.compile(r"\s*([+-]?[\d.]+)/\d+")
VERDICTS = ["umax ahead", "within a pawn", "umax behind"]
PASSERS = ["any", "none", "one or more"]


def advanced_passers(board, color):
    """`color`'s passed pawns on their 5th rank or beyond."""
    count = 0
    for square in board.pieces(chess.PAWN, color):
        file, rank = chess.square_file(square), chess.square_rank(square)
        ahead = (lambda r: r > rank) if color == chess.WHITE else (lambda r: r < rank)
        blocked = any(
            abs(chess.square_file(enemy) - file) <= 1 and ahead(chess.square_rank(enemy))
            for enemy in board.pieces(chess.PAWN, not color))
        relative = rank if color == chess.WHITE else 7 - rank
        count += not blocked and relative >= 4
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pgn")
    parser.add_argument("--name", default="umax")
    parser.add_argument("--nodes", type=int, default=40000)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--umax", help="umax, to score each position at depth 1 too (and with --search-nodes)")
    parser.add_argument("--search-nodes", type=int,
                        help="score the positions with --umax at this many nodes, not the comments")
    parser.add_argument("--games", type=int, help="read only the first N games")
    args = parser.parse_args()
    if args.search_nodes and not args.umax:
        parser.error("--search-nodes needs --umax")
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"Threads": 1, "Hash": 64})
    shallow = args.umax and chess.engine.SimpleEngine.popen_uci(args.umax)
    if args.search_nodes:
        shallow.configure({"Hash": 64})

    def own_score(board, limit):
        """umax's score of `board` for the side to move (from an empty hash with --search-nodes)."""
        if args.search_nodes:
            shallow.configure({"Clear Hash": None})
        return shallow.analyse(board, limit)["score"].pov(board.turn).score(mate_score=3000)

    groups, shallow_groups = defaultdict(list), defaultdict(list)
    with open(args.pgn) as games:
        for game in itertools.islice(iter(lambda: chess.pgn.read_game(games), None), args.games):
            named = [color for color, player in [(chess.WHITE, "White"), (chess.BLACK, "Black")]
                     if game.headers[player].startswith(args.name)]
            board, own_moves = game.board(), 0
            for node in game.mainline():
                if board.turn in named:
                    us = board.turn
                    own_moves += 1
                    reported = SCORE.match(node.comment)
                    if ((reported or args.search_nodes) and own_moves % args.every == 0
                            and board.fullmove_number >= 10):
                        info = stockfish.analyse(board, chess.engine.Limit(nodes=args.nodes))
                        theirs = info["score"].pov(us).score(mate_score=3000)
                        if theirs is not None and abs(theirs) < 1500:
                            if args.search_nodes:
                                ours = own_score(board, chess.engine.Limit(nodes=args.search_nodes))
                            else:
                                # match.py writes White's score: turn it to umax's side.
                                white = round(float(reported.group(1)) * 100)
                                ours = white if us == chess.WHITE else -white
                            gap = ours - theirs
                            verdict = VERDICTS[0 if theirs > 100 else 2 if theirs < -100 else 1]
                            passers = PASSERS[1 + min(advanced_passers(board, not us), 1)]
                            kinds = [(verdict, PASSERS[0]), (verdict, passers)]
                            for kind in kinds:
                                groups[kind].append(gap)
                            if shallow:
                                depth_1 = own_score(board, chess.engine.Limit(depth=1)) - theirs
                                for kind in kinds:
                                    shallow_groups[kind].append(depth_1)
                board.push(node.move)
    stockfish.quit()
    if shallow:
        shallow.quit()
    print("| Stockfish's verdict | the opponent's advanced passers | positions | median gap (cp) |"
          + (" at depth 1 |" if shallow else ""))
    print("|---|---|---|---|" + ("---|" if shallow else ""))
    for kind in [(verdict, passers) for verdict in VERDICTS for passers in PASSERS]:
        if gaps := groups.get(kind):
            row = f"| {kind[0]} | {kind[1]} | {len(gaps)} | {statistics.median(gaps):+.0f} |"
            if shallow:
                row += f" {statistics.median(shallow_groups[kind]):+.0f} |"
            print(row)


if __name__ == "__main__":
    main()
