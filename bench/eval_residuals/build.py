"""Join SF scores (sf = halfmove clock set to 0, sf_raw = as played), umax static eval (probe binary) and features -> data.csv"""
import csv, subprocess, sys, chess
from features import features
rows = list(csv.DictReader(open('/tmp/evalres/sf.csv')))
def hm0(fen):
    p = fen.split(); p[4] = '0'; return ' '.join(p)
sf0 = {r['fen']: r['sf'] for r in csv.DictReader(open('/tmp/evalres/sf0.csv'))}
fens = '\n'.join(r['fen'] for r in rows) + '\n'
out = subprocess.run(['/tmp/evalres/target/release/probe'], input=fens, capture_output=True, text=True).stdout.split()
assert len(out) == len(rows), (len(out), len(rows))
w = None
n = 0
with open('/tmp/evalres/data.csv', 'w', newline='') as fh:
    for r, u in zip(rows, out):
        if u == 'ERR':
            continue
        b = chess.Board(r['fen'])
        f = features(b, umax_cp=int(u))
        rec = {'set': r['set'], 'game': r['game'], 'ply': r['ply'], 'fen': r['fen'],
               'sf': sf0[hm0(r['fen'])], 'sf_raw': r['sf'], 'umax': u, **f}
        if w is None:
            w = csv.DictWriter(fh, fieldnames=list(rec)); w.writeheader()
        w.writerow(rec); n += 1
print('rows', n, file=sys.stderr)
