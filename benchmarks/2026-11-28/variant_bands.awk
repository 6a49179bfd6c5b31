# Per variant and band: puzzles whose ER by serate (sixth column,
# "ER/EP/ED") lies in the band they were generated for.
function lo(b) { return b == "easy" ? 0.0 : b == "medium" ? 1.6 : b == "hard" ? 2.6 : b == "expert" ? 4.5 : substr(b, 1, index(b, "..") - 1) + 0 }
function hi(b) { return b == "easy" ? 1.5 : b == "medium" ? 2.5 : b == "hard" ? 4.4 : b == "expert" ? 6.4 : substr(b, index(b, "..") + 2) + 0 }
$6 != "" {
    split($6, se, "/")
    key = $1 "\t" $2
    if (!(key in n)) order[++k] = key
    n[key]++; all++
    if (se[1] + 0 >= lo($2) - 0.001 && se[1] + 0 <= hi($2) + 0.001) { ok[key]++; good++ }
    if ($5 == "false") eased[key]++
}
END {
    for (i = 1; i <= k; i++) printf "%s\t%d of %d in band by SE\t%d with clues given back\n", order[i], ok[order[i]], n[order[i]], eased[order[i]]
    printf "all\t%d of %d (%.1f%%)\n", good, all, 100 * good / all
}
