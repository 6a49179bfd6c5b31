# awk -F'\t' -f variant_ratings_summary.awk variant_ratings.tsv
# Per variant: ER agreement and level agreement (docs/rating.md bands).
function level(x) { return x < 1.6 ? 0 : x < 2.6 ? 1 : x < 4.5 ? 2 : x < 6.5 ? 3 : 4 }
{ split($4, se, "/"); n[$1]++; ours = $3; sub(/\+$/, "", ours)
  if ($3 != "none" && ours + 0 == se[1] + 0) er[$1]++
  if ($3 != "none" && level(ours + 0) == level(se[1] + 0)) lv[$1]++
  if (se[1] + 0 >= 2.0) { hard[$1]++; if ($3 != "none" && ours + 0 == se[1] + 0) hard_ok[$1]++ } }
END { for (v in n) printf "%s\t%d puzzles\tER %d (%.1f%%)\tlevel %d (%.1f%%)\tER>=2.0: %d of %d\n", v, n[v], er[v], 100 * er[v] / n[v], lv[v], 100 * lv[v] / n[v], hard_ok[v], hard[v] }
