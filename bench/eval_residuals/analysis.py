"""Residual analysis: r = SF - umax (side to move). Writes tables (markdown) to stdout."""
import csv, sys, math
import numpy as np

rows = list(csv.DictReader(open('/tmp/evalres/data.csv')))
META = {'set', 'game', 'ply', 'fen', 'sf', 'sf_raw', 'umax', 'phase', 'flag_ocb_pure', 'flag_ocb_with_pieces'}
FEATS = [k for k in rows[0] if k not in META]
FAMILY = {}
for k in FEATS:
    if k.startswith('mat_'): fam = 'C: material counts (umax has)'
    elif k.startswith('imb_'): fam = 'material imbalance'
    elif k == 'ks_pinned': fam = 'threats / hanging / pins'
    elif k.startswith('ks_'): fam = 'king safety'
    elif k == 'thr_pawn_on_piece': fam = 'C: pawn attacks piece (umax has)'
    elif k.startswith('thr_'): fam = 'threats / hanging / pins'
    elif k == 'pp_weighted': fam = 'C: passed pawn by rank (umax has)'
    elif k.startswith('pp_'): fam = 'passed-pawn extras'
    elif k == 'pawn_weak_unopposed': fam = 'weak pawn on half-open file'
    elif k.startswith('pc_outpost'): fam = 'outposts'
    elif k == 'pc_knight_rim': fam = 'knight on rim'
    elif k == 'pc_trapped': fam = 'trapped pieces'
    elif k in ('rook_7th', 'queen_7th'): fam = 'rook/queen on 7th'
    elif k.startswith('rook_'): fam = 'rook files (doubled/behind passer/blocked by king)'
    elif k.startswith('bishop_'): fam = 'bad bishop (own pawns on its colour)'
    elif k == 'space': fam = 'space'
    elif k == 'queen_early': fam = 'queen early'
    elif k.startswith('ctl_'): fam = 'C: mobility + bishop pair (umax has)'
    elif k == 'scale_umax': fam = 'S: umax cp scale (SF/umax units)'
    elif k.startswith('scale_'): fam = 'S: drawish endgame scaling (OCB, pawnless)'
    else: fam = 'other'
    FAMILY[k] = fam

sf = np.array([float(r['sf']) for r in rows])
sf_raw = np.array([float(r['sf_raw']) for r in rows])
um = np.array([float(r['umax']) for r in rows])
keep = np.abs(sf) <= 800
rows = [r for r, k in zip(rows, keep) if k]
sf, um, sf_raw = sf[keep], um[keep], sf_raw[keep]
res = sf - um
X_all = np.array([[float(r[k]) for k in FEATS] for r in rows])
ph = np.array([int(r['phase']) for r in rows])
sets = np.array([r['set'] for r in rows])
games = np.array([r['set'] + ':' + r['game'] for r in rows])


def ols(y, X):
    """OLS with intercept. Returns beta (intercept first), residuals."""
    Xi = np.column_stack([np.ones(len(y)), X]) if X.shape[1] else np.ones((len(y), 1))
    beta, *_ = np.linalg.lstsq(Xi, y, rcond=None)
    return beta, y - Xi @ beta, Xi


def r2(y, X):
    _, e, _ = ols(y, X)
    return 1 - e.var() / y.var()


def cluster_se(Xi, e, groups):
    XtX_inv = np.linalg.pinv(Xi.T @ Xi)
    idx = {}
    for i, g in enumerate(groups):
        idx.setdefault(g, []).append(i)
    meat = np.zeros((Xi.shape[1], Xi.shape[1]))
    for g, ii in idx.items():
        s = Xi[ii].T @ e[ii]
        meat += np.outer(s, s)
    G = len(idx); n, k = Xi.shape
    c = G / (G - 1) * (n - 1) / (n - k)
    V = c * XtX_inv @ meat @ XtX_inv
    return np.sqrt(np.maximum(np.diag(V), 0))


def fmt(v):
    return f"{v:.3f}" if abs(v) < 2 else f"{v:.1f}"


def describe(mask, label):
    s, u, r = sf[mask], um[mask], res[mask]
    slope = np.polyfit(u, s, 1)[0] if mask.sum() > 2 else float('nan')
    return (f"| {label} | {mask.sum()} | {r.mean():.1f} | {r.std():.1f} | {np.abs(r).mean():.1f} | "
            f"{np.corrcoef(s, u)[0, 1]:.3f} | {slope:.3f} | {s.std():.0f} | {u.std():.0f} |")


def phase_buckets():
    return [('opening/middlegame (phase >= 28)', ph >= 28), ('middlegame (16-27)', (ph >= 16) & (ph < 28)),
            ('late (8-15)', (ph >= 8) & (ph < 16)), ('endgame (< 8)', ph < 8)]


def analyse(mask, label, full_tables=True, with_scale=False):
    y = res[mask]
    X = X_all[mask]
    # drop features that are constant in this subsample; scale_umax only if asked
    use = [j for j in range(X.shape[1]) if X[:, j].std() > 0 and (with_scale or FEATS[j] != 'scale_umax')]
    names = [FEATS[j] for j in use]
    X = X[:, use]
    beta, e, Xi = ols(y, X)
    se = cluster_se(Xi, e, games[mask])
    R2 = 1 - e.var() / y.var()
    sc = names.index('scale_umax') if 'scale_umax' in names else None
    r2_sc = r2(y, X[:, [sc]]) if sc is not None else 0.0
    # tempo: the intercept; ΔR² when the model is fitted through the origin
    b0, *_ = np.linalg.lstsq(X, y, rcond=None)
    d_tempo = R2 - (1 - ((y - X @ b0) ** 2).mean() / y.var())
    print(f"\n### {label}: n = {mask.sum()}, games = {len(set(games[mask]))}, residual sd {y.std():.1f} cp, "
          f"full-model R² = {100 * R2:.1f} % (sd after fit {e.std():.1f} cp), intercept (tempo) = {beta[0]:.1f} ± {se[0]:.1f} cp\n")
    # per-family
    fams = sorted(set(FAMILY[n] for n in names))
    famrows = []
    for fam in fams:
        cols = [i for i, n in enumerate(names) if FAMILY[n] == fam]
        rest = [i for i in range(len(names)) if i not in cols]
        d = R2 - r2(y, X[:, rest])
        alone = r2(y, X[:, cols])
        aws = (r2(y, X[:, sorted(set(cols) | {sc})]) - r2_sc) if sc is not None and fam[:2] != 'S:' else float('nan')
        famrows.append((d, alone, fam, len(cols), aws))
    famrows.append((d_tempo, (y.mean() ** 2) / y.var(), 'tempo (intercept, side to move)', 1, float('nan')))
    famrows.sort(reverse=True)
    if sc is not None:
        print(f"scale-only model (intercept + umax cp): R² = {100 * r2_sc:.1f} %\n")
    print("| family | #features | ΔR² removed from full model (%) | R² alone (%) | ΔR² added to scale-only model (%) |")
    print("|---|---|---|---|---|")
    for d, alone, fam, k, aws in famrows:
        print(f"| {fam} | {k} | {100 * d:.2f} | {100 * alone:.2f} | {100 * aws:.2f} |")
    if not full_tables:
        return famrows, dict(zip(names, zip(beta[1:], se[1:])))
    print()
    print("| feature | family | non-zero % | mean abs | coef cp (full) | cluster SE | t | R² alone (%) | coef alone | ΔR² added to scale-only model (%) | ΔR² removed from full (%) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    frows = []
    for i, n in enumerate(names):
        x = X[:, i]
        b1, _, _ = ols(y, x[:, None])
        alone = r2(y, x[:, None])
        rest = [j for j in range(len(names)) if j != i]
        d = R2 - r2(y, X[:, rest])
        aws = r2(y, np.column_stack([X[:, sc], x])) - r2_sc if sc is not None and i != sc else float('nan')
        frows.append((d, n, x, beta[i + 1], se[i + 1], alone, b1[1], aws))
    frows.sort(key=lambda t: -t[0])
    for d, n, x, b, s, alone, b1, aws in frows:
        print(f"| {n} | {FAMILY[n]} | {100 * (x != 0).mean():.1f} | {np.abs(x).mean():.2f} | {fmt(b)} | {fmt(s)} | "
              f"{b / s if s > 0 else float('nan'):.1f} | {100 * alone:.2f} | {fmt(b1)} | {100 * aws:.2f} | {100 * d:.3f} |")
    return famrows, dict(zip(names, zip(beta[1:], se[1:])))


if __name__ == '__main__':
    allm = np.ones(len(res), bool)
    print(f"positions after |SF| <= 800 filter: {len(res)} (dropped {int((~keep).sum())})\n")
    print("## Residual r = SF - umax (cp, side to move)\n")
    print("| sample | n | mean r | sd r | mean abs r | corr(SF, umax) | slope SF~umax | sd SF | sd umax |")
    print("|---|---|---|---|---|---|---|---|---|")
    for lab, m in [('all', allm), ('self-play', sets == 'self'), ('vs Toga II', sets == 'toga')] + phase_buckets():
        print(describe(m, lab))
    hmz = np.array([r['fen'].split()[4] != '0' for r in rows])
    print(describe(hmz, 'positions with halfmove clock > 0 (SF at clock 0)'))
    rr = sf_raw - um
    print(f"\nSF with the halfmove clock as played instead: sd r = {rr.std():.1f} (vs {res.std():.1f}), "
          f"corr(SF_raw, umax) = {np.corrcoef(sf_raw, um)[0, 1]:.3f}; mean |SF - SF_raw| = {np.abs(sf - sf_raw).mean():.1f} cp\n")
    for st in ('self', 'toga'):
        for lab, m in phase_buckets():
            print(describe((sets == st) & m, f'{st}: {lab}'))
    MG = ph >= 16
    print("\n## Main model: r on the candidate features (+ controls for terms umax already has), no umax-cp regressor\n")
    out = {}
    for lab, m in [('ALL', allm), ('SELF-PLAY', sets == 'self'), ('TOGA', sets == 'toga'),
                   ('MIDDLEGAME (phase >= 16)', MG), ('ENDGAME (phase < 16)', ~MG)]:
        out[lab] = analyse(m, lab, full_tables=True)
    bal = (np.abs(sf) <= 300) & (np.abs(um) <= 300)
    for lab, m in [('BALANCED (|SF| and |umax| <= 300)', bal), ('SELF-PLAY middlegame', (sets == 'self') & MG), ('SELF-PLAY endgame', (sets == 'self') & ~MG),
                   ('TOGA middlegame', (sets == 'toga') & MG), ('TOGA endgame', (sets == 'toga') & ~MG)]:
        analyse(m, lab, full_tables=False)
    print("\n## Robustness: the same with umax's own cp added as a regressor (absorbs the SF-vs-umax slope of 0.7)\n")
    for lab, m in [('ALL + scale', allm), ('SELF-PLAY + scale', sets == 'self'), ('TOGA + scale', sets == 'toga'),
                   ('MIDDLEGAME + scale', MG), ('ENDGAME + scale', ~MG)]:
        analyse(m, lab, full_tables=False, with_scale=True)
