import random, sys
# usage: addclues.py puzzles solutions seed  -> puzzles with 0..14 solution digits added
random.seed(int(sys.argv[3]))
for p, s in zip(open(sys.argv[1]), open(sys.argv[2])):
    p, s = p.strip(), s.strip()
    empty = [i for i, ch in enumerate(p) if ch == '.']
    add = random.sample(empty, random.randint(0, 14))
    q = list(p)
    for i in add: q[i] = s[i]
    print(''.join(q))
