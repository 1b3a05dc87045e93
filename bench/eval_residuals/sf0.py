"""As sf.py but with the FEN halfmove clock set to 0 (SF 15.1 damps its eval by the rule-50 count and sees 50-move draws). Output sf0.csv."""
import chess, chess.engine, csv, random, os, sys, time
rows = list(csv.DictReader(open('/tmp/evalres/positions.csv')))
random.Random(7).shuffle(rows)
done = set()
outp = '/tmp/evalres/sf0.csv'
if os.path.exists(outp):
    for r in csv.DictReader(open(outp)): done.add(r['fen'])
f = open(outp, 'a', newline=''); w = csv.writer(f)
if not done: w.writerow(['set', 'game', 'ply', 'fen', 'sf']); f.flush()
eng = chess.engine.SimpleEngine.popen_uci(['nice', '-n', '5', '/usr/games/stockfish'])
eng.configure({'Threads': 1, 'Hash': 16})
limit = int(sys.argv[1]) if len(sys.argv) > 1 else len(rows)
t0 = time.time(); k = 0
for r in rows[:limit]:
    if r['fen'] in done: continue
    p = r['fen'].split(); p[4] = '0'; r['fen'] = ' '.join(p); b = chess.Board(r['fen'])
    info = eng.analyse(b, chess.engine.Limit(depth=10))
    s = info['score'].pov(b.turn).score(mate_score=100000)
    s = max(-1500, min(1500, s))
    w.writerow([r['set'], r['game'], r['ply'], r['fen'], s]); k += 1
    if k % 200 == 0:
        f.flush(); print(k, round(time.time() - t0, 1), flush=True)
f.flush(); eng.quit()
print('done', k, time.time() - t0)
