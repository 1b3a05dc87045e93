import chess
from features import features
tests = [
 ("start", chess.STARTING_FEN),
 ("W Nd5 outpost (c4,e4 pawns, no black c/e pawns able)", "4k3/pp3ppp/3p4/3N4/2P1P3/8/PP3PPP/4K3 w - - 0 1"),
 ("W passer a6 free, pawn ending, unstoppable", "7k/8/P7/8/8/8/8/K7 w - - 0 1"),
 ("same, black to move (sign flip)", "7k/8/P7/8/8/8/8/K7 b - - 0 1"),
 ("Black knight hangs on e5 (black to move view)", "4k3/8/8/4n3/8/8/3R4/4K3 b - - 0 1"),
 ("W rook on 7th, black pawns on 7th", "6k1/pp3ppp/8/8/8/8/1R3PPP/6K1 w - - 0 1"),
 ("W rook 7th after move", "6k1/pR3ppp/8/8/8/8/5PPP/6K1 w - - 0 1"),
 ("Black king open g-file and white storm", "6k1/5p1p/8/6PP/8/8/8/6K1 w - - 0 1"),
 ("Knight a3 on rim, trapped bishop", "4k3/8/8/8/8/N7/1P6/B3K3 w - - 0 1"),
 ("doubled rooks + rook behind passer", "4k3/8/8/8/P7/8/8/R2RK3 w - - 0 1"),
 ("queen early: W Qh5 with minors home", "rnbqkbnr/pppp1ppp/8/4p3/4P2Q/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2"),
]
for name, fen in tests:
    f = features(chess.Board(fen), umax_cp=0)
    nz = {k: v for k, v in f.items() if v != 0 and not k.startswith('mat_') and k != 'phase'}
    print(name, '\n   ', nz)
