"""Candidate evaluation features with python-chess.

Every feature is computed per side as a count of something the side HAS
(e.g. `ks_open` = open files at the side's OWN king, a liability), then
White minus Black, then multiplied by +1 (White to move) / -1 (Black to move),
so that it is from the side to move's view, like the residual.
"""
import chess

W, B = chess.WHITE, chess.BLACK
VAL = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}
PHASE_UNITS = {chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 6}
# passer weight by relative rank (0-based index: 1 = 2nd rank ... 6 = 7th rank)
PW = {1: 1, 2: 1, 3: 2, 4: 4, 5: 7, 6: 11}
FILE_BB = chess.BB_FILES
LIGHT = chess.BB_LIGHT_SQUARES


def bits(bb):
    return chess.scan_forward(bb)


def pc(bb):
    return bin(bb).count('1')


def rrank(color, sq):
    r = chess.square_rank(sq)
    return r if color == W else 7 - r


def ahead_mask(color, sq, files):
    """Squares strictly ahead (from color's view) of sq on the given files."""
    r = chess.square_rank(sq)
    m = 0
    for f in files:
        if 0 <= f < 8:
            for rr in (range(r + 1, 8) if color == W else range(0, r)):
                m |= chess.BB_SQUARES[chess.square(f, rr)]
    return m


def behind_or_level_mask(color, sq, files):
    r = chess.square_rank(sq)
    m = 0
    for f in files:
        if 0 <= f < 8:
            for rr in (range(0, r + 1) if color == W else range(r, 8)):
                m |= chess.BB_SQUARES[chess.square(f, rr)]
    return m


def adj(f):
    return [x for x in (f - 1, f + 1) if 0 <= x < 8]


def phase(b):
    return sum(PHASE_UNITS[pt] * pc(b.pieces_mask(pt, c)) for pt in PHASE_UNITS for c in (W, B))


def side_features(b, c, att, attk):
    """Features for side c. att[color] = all squares attacked; attk[color][pt] = by kind."""
    e = not c
    f = {}
    own_p = b.pieces_mask(chess.PAWN, c)
    en_p = b.pieces_mask(chess.PAWN, e)
    own = b.occupied_co[c]
    enemy = b.occupied_co[e]
    occ = b.occupied
    ksq = b.king(c)
    ekq = b.king(e)
    kf, kr = chess.square_file(ksq), chess.square_rank(ksq)
    fwd = 1 if c == W else -1
    en_pawn_att = attk[e][chess.PAWN]

    # ---------------- material (controls) and imbalance ----------------
    n = {pt: pc(b.pieces_mask(pt, c)) for pt in (1, 2, 3, 4, 5)}
    ne = {pt: pc(b.pieces_mask(pt, e)) for pt in (1, 2, 3, 4, 5)}
    for pt, name in ((1, 'P'), (2, 'N'), (3, 'B'), (4, 'R'), (5, 'Q')):
        f['mat_' + name] = n[pt]
    minors, eminors = n[2] + n[3], ne[2] + ne[3]
    dR, dM, dQ = n[4] - ne[4], minors - eminors, n[5] - ne[5]
    f['imb_exchange'] = 1 if (dR == 1 and dM == -1 and dQ == 0) else 0       # R vs minor
    f['imb_R_vs_2minors'] = 1 if (dR == 1 and dM == -2 and dQ == 0) else 0
    f['imb_Q_vs_2R'] = 1 if (dQ == 1 and dR == -2) else 0
    f['imb_Q_vs_R_minor'] = 1 if (dQ == 1 and dR == -1 and dM == -1) else 0
    f['imb_minor_vs_pawns'] = 1 if (dM == 1 and dR == 0 and dQ == 0 and n[1] - ne[1] <= -2) else 0
    f['imb_knight_pawns'] = n[2] * (n[1] - 5)   # Kaufman: knights like pawns
    f['imb_rook_pawns'] = n[4] * (n[1] - 5)     # rooks like open boards

    # ---------------- king safety (of c's OWN king: liabilities) ----------------
    kfiles = [x for x in (kf - 1, kf, kf + 1) if 0 <= x < 8]
    f['ks_open'] = sum(1 for x in kfiles if (own_p | en_p) & FILE_BB[x] == 0)
    f['ks_halfopen'] = sum(1 for x in kfiles if own_p & FILE_BB[x] == 0 and en_p & FILE_BB[x] != 0)
    zone = chess.BB_KING_ATTACKS[ksq] | chess.BB_SQUARES[ksq]
    for x in kfiles:  # plus 2 ranks ahead of the king
        rr = kr + 2 * fwd
        if 0 <= rr < 8:
            zone |= chess.BB_SQUARES[chess.square(x, rr)]
    for pt, name in ((2, 'N'), (3, 'B'), (4, 'R'), (5, 'Q')):
        k = 0
        for s in bits(b.pieces_mask(pt, e)):
            if b.attacks_mask(s) & zone:
                k += 1
        f['ks_att_' + name] = k
    # zone squares attacked by the enemy and defended by nothing but the king
    defended_not_king = att[c] & ~0
    defn = 0
    for pt in (1, 2, 3, 4, 5):
        defn |= attk[c][pt]
    f['ks_weak_zone'] = pc(zone & att[e] & ~defn)
    # safe checks: enemy piece can reach a square giving check that c does not attack
    safe = ~att[c] & ~enemy & chess.BB_ALL
    n_att = chess.BB_KNIGHT_ATTACKS[ksq]
    diag = chess.BB_DIAG_ATTACKS[ksq][chess.BB_DIAG_MASKS[ksq] & occ]
    ortho = (chess.BB_RANK_ATTACKS[ksq][chess.BB_RANK_MASKS[ksq] & occ] |
             chess.BB_FILE_ATTACKS[ksq][chess.BB_FILE_MASKS[ksq] & occ])
    sc = 0
    sc += pc(attk[e][chess.KNIGHT] & n_att & safe)
    sc += pc(attk[e][chess.BISHOP] & diag & safe)
    sc += pc(attk[e][chess.ROOK] & ortho & safe)
    sc += pc(attk[e][chess.QUEEN] & (diag | ortho) & safe)
    f['ks_safe_checks'] = sc
    # pawn storm: enemy pawns ahead of the king on its 3 files, closer = more
    storm = 0
    for s in bits(en_p):
        if chess.square_file(s) in kfiles:
            d = (chess.square_rank(s) - kr) * fwd
            if 1 <= d <= 4:
                storm += 5 - d
    f['ks_storm'] = storm
    # missing shield: king files without own pawn 1 or 2 ranks ahead
    miss = 0
    for x in kfiles:
        ok = False
        for d in (1, 2):
            rr = kr + d * fwd
            if 0 <= rr < 8 and own_p & chess.BB_SQUARES[chess.square(x, rr)]:
                ok = True
        miss += 0 if ok else 1
    f['ks_shield_missing'] = miss
    f['ks_pinned'] = sum(1 for s in bits(own & ~own_p & ~b.kings) if b.is_pinned(c, s))

    # ---------------- threats (against c's pieces: liabilities) ----------------
    hang_p = hang_pc = 0
    thr_minor = thr_rook = thr_pawn = 0
    for s in bits(own & ~b.kings):
        pt = b.piece_type_at(s)
        bb = chess.BB_SQUARES[s]
        if att[e] & bb and not att[c] & bb:
            if pt == chess.PAWN:
                hang_p += 1
            else:
                hang_pc += 1
        if pt in (4, 5) and (attk[e][2] | attk[e][3]) & bb:
            thr_minor += 1
        if pt == 5 and attk[e][4] & bb:
            thr_rook += 1
        if pt in (2, 3, 4, 5) and en_pawn_att & bb:
            thr_pawn += 1
    f['thr_hanging_piece'] = hang_pc
    f['thr_hanging_pawn'] = hang_p
    f['thr_minor_on_major'] = thr_minor
    f['thr_rook_on_queen'] = thr_rook
    f['thr_pawn_on_piece'] = thr_pawn   # umax has this (PawnThreat): control
    # threat by a safe pawn push: own pawn push to a square not attacked by enemy
    # (or defended), attacking an enemy piece
    push = 0
    for s in bits(own_p):
        t = s + 8 * fwd
        if 0 <= t < 64 and not occ & chess.BB_SQUARES[t]:
            tb = chess.BB_SQUARES[t]
            if (not att[e] & tb) or (att[c] & tb):
                if chess.BB_PAWN_ATTACKS[c][t] & enemy & ~b.pawns & ~b.kings:
                    push += 1
    f['thr_pawn_push'] = push

    # ---------------- passed pawns ----------------
    no_pieces_both = (b.occupied & ~b.pawns & ~b.kings) == 0
    passers = []
    for s in bits(own_p):
        fl = chess.square_file(s)
        if ahead_mask(c, s, [fl - 1, fl, fl + 1]) & en_p == 0 and \
                ahead_mask(c, s, [fl]) & own_p == 0:
            passers.append(s)
    pw = lambda s: PW.get(rrank(c, s), 0)
    f['pp_weighted'] = sum(pw(s) for s in passers)        # umax has passed-by-rank: control
    free = stop_att = stop_def = blocked = conn = prot = unst = 0
    for s in passers:
        fl = chess.square_file(s)
        path = ahead_mask(c, s, [fl])
        stop = s + 8 * fwd
        sb = chess.BB_SQUARES[stop]
        w = pw(s)
        if path & occ == 0:
            free += w
        if att[e] & sb:
            stop_att += w
        if att[c] & sb:
            stop_def += w
        if enemy & sb:
            blocked += w
        if any(chess.square_file(o) in adj(fl) and abs(chess.square_rank(o) - chess.square_rank(s)) <= 1
               for o in passers if o != s):
            conn += w
        if chess.BB_PAWN_ATTACKS[e][s] & own_p:
            prot += w
        if no_pieces_both:
            prom = chess.square(fl, 7 if c == W else 0)
            moves = 7 - rrank(c, s)
            if rrank(c, s) == 1:
                moves = 5
            kd = chess.square_distance(ekq, prom) - (1 if b.turn == e else 0)
            if kd > moves and path & occ == 0:
                unst += 1
    f['pp_free_path'] = free
    f['pp_stop_attacked'] = stop_att
    f['pp_stop_defended'] = stop_def
    f['pp_blockaded'] = blocked
    f['pp_connected'] = conn
    f['pp_protected'] = prot
    f['pp_unstoppable'] = unst
    # candidate passers (not passed, no enemy pawn in front on its file,
    # own helpers on adjacent files behind/level >= enemy sentries ahead on adjacent files)
    cand = 0
    weak_unopp = 0
    for s in bits(own_p):
        if s in passers:
            continue
        fl = chess.square_file(s)
        opposed = ahead_mask(c, s, [fl]) & en_p != 0
        helpers = pc(behind_or_level_mask(c, s, adj(fl)) & own_p)
        sentries = pc(ahead_mask(c, s, adj(fl)) & en_p)
        if not opposed and ahead_mask(c, s, [fl]) & own_p == 0 and helpers >= sentries:
            cand += pw(s)
        isolated = all(own_p & FILE_BB[x] == 0 for x in adj(fl))
        stop = s + 8 * fwd
        backward = (behind_or_level_mask(c, s, adj(fl)) & own_p == 0 and 0 <= stop < 64
                    and en_pawn_att & chess.BB_SQUARES[stop] != 0)
        if (isolated or backward) and not opposed:
            weak_unopp += 1
    f['pp_candidate'] = cand
    f['pawn_weak_unopposed'] = weak_unopp

    # ---------------- pieces ----------------
    outN = outB = rim = trapped = 0
    for pt in (2, 3):
        for s in bits(b.pieces_mask(pt, c)):
            rr = rrank(c, s)
            fl = chess.square_file(s)
            if 3 <= rr <= 5 and ahead_mask(c, s, adj(fl)) & en_p == 0 and \
                    chess.BB_PAWN_ATTACKS[e][s] & own_p:
                if pt == 2:
                    outN += 1
                else:
                    outB += 1
            if pt == 2 and fl in (0, 7):
                rim += 1
    f['pc_outpost_N'] = outN
    f['pc_outpost_B'] = outB
    f['pc_knight_rim'] = rim
    for pt in (2, 3, 4, 5):
        for s in bits(b.pieces_mask(pt, c)):
            mob = b.attacks_mask(s) & ~own & ~en_pawn_att
            if pc(mob) <= 1:
                trapped += 1
    f['pc_trapped'] = trapped
    # rook/queen on 7th (with enemy pawns on 7th or enemy king on 8th)
    r7 = q7 = 0
    rank7 = chess.BB_RANK_7 if c == W else chess.BB_RANK_2
    rank8 = chess.BB_RANK_8 if c == W else chess.BB_RANK_1
    cond = (en_p & rank7) or (chess.BB_SQUARES[ekq] & rank8)
    if cond:
        r7 = pc(b.pieces_mask(4, c) & rank7)
        q7 = pc(b.pieces_mask(5, c) & rank7)
    f['rook_7th'] = r7
    f['queen_7th'] = q7
    rooks = list(bits(b.pieces_mask(4, c)))
    dbl = 0
    for i in range(len(rooks)):
        for j in range(i + 1, len(rooks)):
            if chess.square_file(rooks[i]) == chess.square_file(rooks[j]) and \
                    chess.between(rooks[i], rooks[j]) & occ == 0:
                dbl += 1
    f['rook_doubled'] = dbl
    behind = 0
    for s in passers:
        for r_ in rooks:
            if chess.square_file(r_) == chess.square_file(s) and \
                    (chess.square_rank(r_) - chess.square_rank(s)) * fwd < 0 and \
                    chess.between(r_, s) & occ == 0:
                behind += 1
    f['rook_behind_passer'] = behind
    # rook blocked by an uncastled king (Fruit pattern)
    blk = 0
    back = 0 if c == W else 7
    if chess.square_rank(ksq) == back and chess.square_file(ksq) in (5, 6):
        for r_ in rooks:
            if chess.square_file(r_) in (6, 7) and chess.square_file(r_) > chess.square_file(ksq) and \
                    rrank(c, r_) <= 1:
                blk = 1
    if chess.square_rank(ksq) == back and chess.square_file(ksq) in (1, 2):
        for r_ in rooks:
            if chess.square_file(r_) in (0, 1) and chess.square_file(r_) < chess.square_file(ksq) and \
                    rrank(c, r_) <= 1:
                blk = 1
    f['rook_blocked_by_king'] = blk
    # bad bishop: own pawns on the bishop's colour (SF "BishopPawns"), and blocked ones
    bp = bpb = 0
    for s in bits(b.pieces_mask(3, c)):
        colour = LIGHT if LIGHT & chess.BB_SQUARES[s] else ~LIGHT & chess.BB_ALL
        bp += pc(own_p & colour)
        for p in bits(own_p & colour):
            t = p + 8 * fwd
            if 0 <= t < 64 and occ & chess.BB_SQUARES[t]:
                bpb += 1
    f['bishop_own_pawns_colour'] = bp
    f['bishop_blocked_pawns_colour'] = bpb
    # space: c-f files, relative ranks 2-4, not own pawn, not attacked by enemy pawns;
    # squares behind own pawns (up to 3) count twice (Stockfish)
    space_area = (chess.BB_FILE_C | chess.BB_FILE_D | chess.BB_FILE_E | chess.BB_FILE_F) & \
                 ((chess.BB_RANK_2 | chess.BB_RANK_3 | chess.BB_RANK_4) if c == W else
                  (chess.BB_RANK_7 | chess.BB_RANK_6 | chess.BB_RANK_5))
    safe_sq = space_area & ~own_p & ~en_pawn_att
    behindp = 0
    for p in bits(own_p):
        for d in (1, 2, 3):
            t = p - 8 * d * fwd
            if 0 <= t < 64:
                behindp |= chess.BB_SQUARES[t]
    f['space'] = pc(safe_sq) + pc(safe_sq & behindp)
    # queen developed early: queen off its start square times own minors on their start squares
    qs = chess.D1 if c == W else chess.D8
    minors_home = (chess.BB_B1 | chess.BB_C1 | chess.BB_F1 | chess.BB_G1) if c == W else \
                  (chess.BB_B8 | chess.BB_C8 | chess.BB_F8 | chess.BB_G8)
    q = b.pieces_mask(5, c)
    f['queen_early'] = pc(minors_home & (b.pieces_mask(2, c) | b.pieces_mask(3, c))) if (q and not q & chess.BB_SQUARES[qs]) else 0
    # mobility control (umax has linear mobility): safe mobility count
    mob = 0
    for pt in (2, 3, 4, 5):
        for s in bits(b.pieces_mask(pt, c)):
            mob += pc(b.attacks_mask(s) & ~own & ~en_pawn_att)
    f['ctl_safe_mobility'] = mob
    f['ctl_bishop_pair'] = 1 if n[3] >= 2 else 0
    return f


def attack_maps(b):
    att = {}
    attk = {}
    for c in (W, B):
        attk[c] = {}
        tot = 0
        for pt in (1, 2, 3, 4, 5, 6):
            m = 0
            for s in bits(b.pieces_mask(pt, c)):
                m |= b.attacks_mask(s)
            attk[c][pt] = m
            tot |= m
        att[c] = tot
    return att, attk


def features(b, umax_cp=None):
    att, attk = attack_maps(b)
    fw = side_features(b, W, att, attk)
    fb = side_features(b, B, att, attk)
    sgn = 1 if b.turn == W else -1
    out = {k: sgn * (fw[k] - fb[k]) for k in fw}
    # opposite-coloured bishops, endgame scaling
    wb, bb_ = b.pieces_mask(3, W), b.pieces_mask(3, B)
    ocb = (pc(wb) == 1 and pc(bb_) == 1 and
           bool(wb & LIGHT) != bool(bb_ & LIGHT))
    others = b.occupied & ~b.pawns & ~b.kings & ~b.bishops
    out['flag_ocb_pure'] = 1 if (ocb and others == 0) else 0
    out['flag_ocb_with_pieces'] = 1 if (ocb and others != 0) else 0
    if umax_cp is not None:
        out['scale_umax'] = umax_cp
        out['scale_ocb_pure'] = umax_cp * out['flag_ocb_pure']
        # stronger side (by umax) without pawns and a non-pawn material edge <= a minor
        strong = b.turn if umax_cp > 0 else (not b.turn)
        npm = lambda c: sum(VAL[pt] * pc(b.pieces_mask(pt, c)) for pt in (2, 3, 4, 5))
        drawish = (umax_cp != 0 and b.pieces_mask(1, strong) == 0 and
                   npm(strong) - npm(not strong) <= 3)
        out['scale_pawnless_drawish'] = umax_cp if drawish else 0
    out['phase'] = phase(b)
    return out
