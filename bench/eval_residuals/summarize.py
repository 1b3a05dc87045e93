"""Cross-table of family ΔR² (removed from the full model) over samples, from tables.md."""
import re
sec = None; data = {}; order = []
for line in open('/tmp/evalres/tables.md'):
    m = re.match(r'### ([^:]+):', line)
    if m:
        sec = m.group(1); order.append(sec); continue
    if sec and line.startswith('| ') and not line.startswith('| family') and line.count('|') == 6:
        c = [x.strip() for x in line.strip().strip('|').split('|')]
        data.setdefault(c[0], {})[sec] = c[2]
cols = [s for s in order if '+ scale' not in s]
print('| family | ' + ' | '.join(cols) + ' |')
print('|---' * (len(cols) + 1) + '|')
for fam in sorted(data, key=lambda f: -float(data[f].get('ALL', 0))):
    print(f'| {fam} | ' + ' | '.join(data[fam].get(s, '-') for s in cols) + ' |')
