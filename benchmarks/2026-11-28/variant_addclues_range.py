import random, sys
# usage: addclues2.py puzzles solutions seed lo hi count -> first `count` puzzles with lo..hi solution digits added
random.seed(int(sys.argv[3])); lo, hi, count = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
for k, (p, s) in enumerate(zip(open(sys.argv[1]), open(sys.argv[2]))):
    if k >= count: break
    p, s = p.strip(), s.strip()
    empty = [i for i, ch in enumerate(p) if ch == '.']
    q = list(p)
    for i in random.sample(empty, random.randint(lo, hi)): q[i] = s[i]
    print(''.join(q))
