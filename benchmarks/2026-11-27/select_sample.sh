#!/bin/sh
# The 200-puzzle sample of the forum's 11+ list used for the rating times:
# every 243rd puzzle from line 100 (run from the project root, with
# ../shared/data beside it).
awk 'NR%243==100' ../shared/data/forum_hardest_1905_11plus.txt | head -200
