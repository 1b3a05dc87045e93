"""Sample quiet positions from umax PGNs. Output: positions.csv (set,game_id,ply,fen)."""
import chess, chess.pgn, glob, io, random, re, csv, sys
VAL = {chess.PAWN:1, chess.KNIGHT:3, chess.BISHOP:3, chess.ROOK:5, chess.QUEEN:9, chess.KING:100}

def quiet(b):
    """Quiet filter: not in check; no legal promotion; no legal capture where the
    victim is worth more than the capturer or the victim is undefended
    (its square not attacked by the victim's side); game not over."""
    if b.is_check() or b.is_game_over(claim_draw=False):
        return False
    for m in b.legal_moves:
        if m.promotion:
            return False
        if b.is_capture(m):
            if b.is_en_passant(m):
                vsq = m.to_square + (-8 if b.turn == chess.WHITE else 8)
            else:
                vsq = m.to_square
            victim = b.piece_at(vsq)
            att = b.piece_at(m.from_square)
            if VAL[victim.piece_type] > VAL[att.piece_type]:
                return False
            if not b.is_attacked_by(not b.turn, vsq) if not b.is_en_passant(m) else not b.is_attacked_by(not b.turn, vsq):
                return False
    return True

def games_in(path):
    txt = open(path, encoding='utf-8', errors='replace').read()
    parts = re.split(r'\n(?=\[Event )', txt)
    return [p for p in parts if p.strip().startswith('[Event')]

def positions(gtext, start, step, maxply=10**9):
    g = chess.pgn.read_game(io.StringIO(gtext))
    if g is None: return
    b = g.board()
    ply = 0
    for mv in g.mainline_moves():
        if ply >= start and (ply - start) % step == 0 and ply <= maxply:
            if quiet(b):
                yield ply, b.fen()
        if ply > maxply: break
        b.push(mv); ply += 1
    if ply >= start and (ply - start) % step == 0 and ply <= maxply and quiet(b):
        yield ply, b.fen()

out = csv.writer(open('/tmp/evalres/positions.csv', 'w', newline=''))
out.writerow(['set', 'game', 'ply', 'fen'])
n_toga = 0
for path in sorted(glob.glob('/work/main/bench/matches/toga2_10s*.pgn')):
    for i, gt in enumerate(games_in(path)):
        for ply, fen in positions(gt, 8, 3, 80):
            out.writerow(['toga', f'{path.split("/")[-1]}:{i}', ply, fen]); n_toga += 1
print('toga', n_toga, file=sys.stderr)
allg = []
for path in sorted(glob.glob('/work/main/bench/sprt/*.pgn')):
    for i, gt in enumerate(games_in(path)):
        allg.append((f'{path.split("/")[-1]}:{i}', gt))
print('sprt games', len(allg), file=sys.stderr)
rng = random.Random(20261202)
rng.shuffle(allg)
target = int(sys.argv[1]) if len(sys.argv) > 1 else 15000
n = 0; ng = 0
for gid, gt in allg:
    ng += 1
    for ply, fen in positions(gt, 10, 7):
        out.writerow(['self', gid, ply, fen]); n += 1
    if n >= target: break
print('self', n, 'from games', ng, file=sys.stderr)
