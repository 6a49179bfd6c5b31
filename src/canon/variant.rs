//! Canonical forms of variant puzzles: the smallest image of a puzzle
//! under the transformations that keep its variant's rules, so that
//! variant puzzles can be de-duplicated as classic ones are.
//!
//! Classic canonical forms use every validity-preserving transformation;
//! most of them break a variant's rules (a band swap moves the X
//! diagonals), so a variant has a group of its own: the transformations
//! of the classic group (transposition for square boxes, band, stack, row
//! and column permutations that keep bands and stacks together) that map
//! the variant's *peer relation* (two cells share a house or a same-digit
//! conflict) and its *neighbour relation* (non-consecutive) onto
//! themselves. Those are exactly the maps that send every grid keeping the
//! rules to one keeping them. The group is found once per shape and rule
//! set by a search that assigns the images of rows and columns in turn and
//! drops a branch at the first pair of placed cells whose relation
//! changes, then cached. Digits are relabelled freely (by first
//! appearance, the smallest choice), except under non-consecutive, where
//! only the identity and the reversal `d -> n + 1 - d` keep the rule.
//!
//! Jigsaw has no boxes and irregular regions, which only the eight turns
//! and reflections of the square keep connected; its group is those of
//! the eight that keep the other rules, and the region map is transformed
//! with the grid and is part of the form (two jigsaw puzzles are the same
//! when one map sends the grid and the regions of one to those of the
//! other).
//!
//! Every image is compared with the best so far as it is built and
//! dropped at its first larger value; there is no cleverer search, since
//! variant groups are small (docs/canon.md lists their sizes).

use crate::shape::Shape;
use crate::variant::{Constraint, Variant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Work allowed when finding a group: cell pairs compared, plus one per
/// search node (a few seconds at most; a 16x16 X group takes about a
/// tenth of it).
const GROUP_WORK: u64 = 4_000_000_000;

/// Most cells stored over a group's maps (64 MB of `u16`): a group with
/// more elements is refused rather than held.
const GROUP_CELLS: usize = 32 << 20;

/// The relation bit of two cells that must hold different digits.
const PEER: u8 = 1;
/// The relation bit of two orthogonal neighbours under non-consecutive.
const NEIGHBOUR: u8 = 2;

/// The maps of a variant's group, each as the original cell read at every
/// output position; the identity first.
pub(crate) struct Group {
    maps: Vec<Vec<u16>>,
    /// Digits may only be kept or reversed (non-consecutive).
    reversal_only: bool,
}

impl Group {
    /// Number of board maps (digit maps not counted).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.maps.len()
    }
}

type Cache = Mutex<HashMap<(Shape, String), Option<Arc<Group>>>>;

/// The group of `variant` on `shape`, found once and cached; `None` when
/// it is too large to find or hold.
pub(crate) fn group(shape: Shape, variant: &Variant) -> Option<Arc<Group>> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (shape, variant.to_string());
    // Held while a group is searched, so that threads asking for the same
    // one wait for it instead of searching it again.
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    cache
        .entry(key)
        .or_insert_with(|| find_group(shape, variant).map(Arc::new))
        .clone()
}

/// The relation of every pair of cells (`cells * cells` entries): houses
/// (boxes only without jigsaw, regions never) and same-digit conflicts
/// make peers; non-consecutive makes neighbours.
fn relations(shape: Shape, variant: &Variant) -> Vec<u8> {
    let (n, cells) = (shape.n(), shape.cells());
    let mut houses: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
    houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    if !variant.has(Constraint::Jigsaw) {
        houses.extend((0..n).map(|b| shape.box_cells(b).collect()));
    }
    houses.extend(variant.extra_houses(shape));
    let mut rel = vec![0u8; cells * cells];
    let mut link = |a: usize, b: usize, bit: u8| {
        rel[a * cells + b] |= bit;
        rel[b * cells + a] |= bit;
    };
    for house in &houses {
        for (i, &a) in house.iter().enumerate() {
            for &b in &house[i + 1..] {
                link(a, b, PEER);
            }
        }
    }
    let moves = variant.moves();
    let nc = variant.has(Constraint::NonConsecutive);
    for a in 0..cells {
        let (r, c) = ((a / n) as isize, (a % n) as isize);
        let inside = |r: isize, c: isize| (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
        for &(dr, dc) in &moves {
            if inside(r + dr, c + dc) {
                link(a, ((r + dr) * n as isize + c + dc) as usize, PEER);
            }
        }
        if nc {
            if inside(r, c + 1) {
                link(a, a + 1, NEIGHBOUR);
            }
            if inside(r + 1, c) {
                link(a, a + n, NEIGHBOUR);
            }
        }
    }
    rel
}

/// Searches the group: classic transformations for most variants, the
/// eight turns and reflections for jigsaw.
fn find_group(shape: Shape, variant: &Variant) -> Option<Group> {
    let rel = relations(shape, variant);
    let jigsaw = variant.has(Constraint::Jigsaw);
    let n = shape.n();
    let mut search = GroupSearch {
        n,
        blocks: if jigsaw {
            (n, n)
        } else {
            (shape.box_rows(), shape.box_cols())
        },
        rel: &rel,
        transpose: false,
        lines: [vec![u8::MAX; n], vec![u8::MAX; n]],
        used: [vec![false; n], vec![false; n]],
        block_of: [vec![u8::MAX; n], vec![u8::MAX; n]],
        block_used: [vec![false; n], vec![false; n]],
        placed: Vec::with_capacity(shape.cells()),
        maps: Vec::new(),
        work_left: GROUP_WORK,
        max_maps: GROUP_CELLS / shape.cells(),
        dihedral: jigsaw,
    };
    let transposes: &[bool] = if jigsaw || shape.is_square_box() {
        &[false, true]
    } else {
        &[false]
    };
    for &t in transposes {
        search.transpose = t;
        if !search.assign(0) {
            return None;
        }
    }
    let mut maps = search.maps;
    // The identity first: it is found first, but say so.
    let identity: Vec<u16> = (0..shape.cells() as u16).collect();
    let at = maps.iter().position(|m| *m == identity)?;
    maps.swap(0, at);
    Some(Group {
        maps,
        reversal_only: variant.has(Constraint::NonConsecutive),
    })
}

/// The search for a group's maps. Original row `r` goes to line
/// `lines[0][r]` and column `c` to `lines[1][c]`: output row and column
/// unless transposing, then output column and row. Lines keep their
/// blocks (bands, stacks) together; rows and columns are assigned in turn
/// (row 0, column 0, row 1, ...), and each newly placed cell is compared
/// with every placed one.
struct GroupSearch<'a> {
    n: usize,
    /// Lines per block of rows and of columns.
    blocks: (usize, usize),
    rel: &'a [u8],
    transpose: bool,
    lines: [Vec<u8>; 2],
    used: [Vec<bool>; 2],
    /// The target block of each original block.
    block_of: [Vec<u8>; 2],
    block_used: [Vec<bool>; 2],
    /// Placed cells: (original cell, image cell).
    placed: Vec<(usize, usize)>,
    maps: Vec<Vec<u16>>,
    /// Work left (see [`GROUP_WORK`]).
    work_left: u64,
    max_maps: usize,
    /// Lines go only to themselves or their mirror (jigsaw).
    dihedral: bool,
}

impl GroupSearch<'_> {
    /// Assigns step `k` (row `k / 2` if even, else column `k / 2`) and
    /// every later one; false when a bound was reached.
    fn assign(&mut self, k: usize) -> bool {
        let n = self.n;
        if k == 2 * n {
            return self.record();
        }
        let (axis, line) = (k % 2, k / 2);
        let size = if axis == 0 { self.blocks.0 } else { self.blocks.1 };
        // With transposition, rows go to columns: the target blocks are
        // the other axis's (the same size: square boxes).
        let block = line / size;
        for target in 0..n {
            if self.used[axis][target] || (self.dihedral && !self.mirror_fits(axis, line, target)) {
                continue;
            }
            let target_block = target / size;
            let open = self.block_of[axis][block];
            let fresh = open == u8::MAX;
            if (fresh && self.block_used[axis][target_block]) || (!fresh && open as usize != target_block) {
                continue;
            }
            if self.work_left == 0 {
                return false;
            }
            self.work_left -= 1;
            self.lines[axis][line] = target as u8;
            self.used[axis][target] = true;
            if fresh {
                self.block_of[axis][block] = target_block as u8;
                self.block_used[axis][target_block] = true;
            }
            let mark = self.placed.len();
            let fits = self.place_new(axis, line);
            let within = !fits || self.assign(k + 1);
            self.placed.truncate(mark);
            if fresh {
                self.block_of[axis][block] = u8::MAX;
                self.block_used[axis][target_block] = false;
            }
            self.used[axis][target] = false;
            self.lines[axis][line] = u8::MAX;
            if !within {
                return false;
            }
        }
        true
    }

    /// Jigsaw lines: all lines of an axis keep their place, or all are
    /// mirrored.
    fn mirror_fits(&self, axis: usize, line: usize, target: usize) -> bool {
        let mirror = self.n - 1 - line;
        match self.lines[axis][0] {
            u8::MAX => target == line || target == mirror,
            0 => target == line,
            _ => target == mirror,
        }
    }

    /// The image of original cell (r, c).
    fn image(&self, r: usize, c: usize) -> usize {
        let (a, b) = (self.lines[0][r] as usize, self.lines[1][c] as usize);
        if self.transpose {
            b * self.n + a
        } else {
            a * self.n + b
        }
    }

    /// Places the cells the new line completes; false at the first whose
    /// relation to a placed cell is not kept.
    fn place_new(&mut self, axis: usize, line: usize) -> bool {
        let n = self.n;
        let cells = n * n;
        // Rows 0..=line meet columns 0..line (a new row) or 0..=line.
        let others = if axis == 0 { line } else { line + 1 };
        for other in 0..others {
            let (r, c) = if axis == 0 { (line, other) } else { (other, line) };
            let (a, image) = (r * n + c, self.image(r, c));
            for (k, &(b, image_b)) in self.placed.iter().enumerate() {
                if self.rel[a * cells + b] != self.rel[image * cells + image_b] {
                    self.work_left = self.work_left.saturating_sub(k as u64 + 1);
                    return false;
                }
            }
            self.work_left = self.work_left.saturating_sub(self.placed.len() as u64);
            self.placed.push((a, image));
        }
        true
    }

    /// Stores the complete map; false when the group is too large.
    fn record(&mut self) -> bool {
        if self.maps.len() >= self.max_maps {
            return false;
        }
        let mut source = vec![0u16; self.n * self.n];
        for &(a, image) in &self.placed {
            source[image] = a as u16;
        }
        self.maps.push(source);
        true
    }
}

/// The smallest image of `cells` (and of `regions`, jigsaw's region of
/// each cell, compared after the grid) over `group`, with digits
/// relabelled by first appearance or, under non-consecutive, kept or
/// reversed; `None` when `budget` (one step per map and digit map) runs
/// out first.
pub(crate) fn least_image(
    cells: &[u8],
    regions: Option<&[u8]>,
    n: usize,
    group: &Group,
    budget: u64,
) -> Option<(Vec<u8>, Option<Vec<u8>>)> {
    let mut best: Option<(Vec<u8>, Option<Vec<u8>>)> = None;
    let mut left = budget;
    let digit_maps: Vec<Option<Vec<u8>>> = if group.reversal_only {
        vec![
            Some((0..=n as u8).collect()),
            Some(std::iter::once(0).chain((1..=n as u8).rev()).collect()),
        ]
    } else {
        vec![None]
    };
    let mut image = vec![0u8; cells.len()];
    for map in &group.maps {
        for digits in &digit_maps {
            if left == 0 {
                return None;
            }
            left -= 1;
            let order = build(
                cells,
                map,
                digits.as_deref(),
                best.as_ref().map(|b| &b.0[..]),
                &mut image,
            );
            let region_image = regions.map(|r| relabelled(r, map));
            let better = match (&best, order) {
                (None, _) | (_, std::cmp::Ordering::Less) => true,
                (Some((_, best_regions)), std::cmp::Ordering::Equal) => region_image < *best_regions,
                _ => false,
            };
            if better {
                best = Some((image.clone(), region_image));
            }
        }
    }
    best
}

/// Writes the image of `cells` under `map` into `out`, digits mapped by
/// `digits` or relabelled by first appearance, comparing with `best` on
/// the way: stops at the first larger value (the order is then
/// `Greater`).
fn build(
    cells: &[u8],
    map: &[u16],
    digits: Option<&[u8]>,
    best: Option<&[u8]>,
    out: &mut [u8],
) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let mut labels = [0u8; 32];
    let mut next = 1;
    let mut order = if best.is_some() {
        Ordering::Equal
    } else {
        Ordering::Less
    };
    for (k, &source) in map.iter().enumerate() {
        let d = cells[source as usize];
        let v = match digits {
            Some(digits) => digits[d as usize],
            None if d == 0 => 0,
            None => {
                if labels[d as usize] == 0 {
                    labels[d as usize] = next;
                    next += 1;
                }
                labels[d as usize]
            }
        };
        out[k] = v;
        if order == Ordering::Equal {
            order = v.cmp(&best.expect("compared only against a best")[k]);
            if order == Ordering::Greater {
                return order;
            }
        }
    }
    order
}

/// `regions` read through `map`, renumbered by first appearance.
fn relabelled(regions: &[u8], map: &[u16]) -> Vec<u8> {
    let mut labels = [u8::MAX; 32];
    let mut next = 0;
    map.iter()
        .map(|&source| {
            let r = regions[source as usize] as usize;
            if labels[r] == u8::MAX {
                labels[r] = next;
                next += 1;
            }
            labels[r]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(shape: Shape, rules: &str) -> usize {
        group(shape, &rules.parse().unwrap()).unwrap().len()
    }

    #[test]
    fn classic_group_sizes_come_out_of_the_search() {
        // 4x4: 2 (transpose) * (2 * 2 * 2)^2; 6x6 (2x3 boxes):
        // (3! * 2^3) * (2! * 3!^2), no transposition.
        assert_eq!(size(Shape::new(2, 2).unwrap(), "classic"), 128);
        assert_eq!(size(Shape::new(2, 3).unwrap(), "classic"), 48 * 72);
    }

    /// The figures of docs/canon.md for 4x4 and 6x6 (9x9 is checked by a
    /// brute force in tests/canon_variants.rs).
    #[test]
    fn small_group_sizes() {
        let (four, six) = (Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap());
        for (rules, on_four, on_six) in [
            ("x", 16, 8),
            ("disjoint-groups", 32, 144),
            ("anti-knight", 8, 4),
            ("anti-king", 8, 4),
            ("jigsaw", 8, 8),
            ("x,disjoint-groups", 16, 4),
            ("x,anti-king", 8, 4),
        ] {
            assert_eq!(size(four, rules), on_four, "{rules}");
            assert_eq!(size(six, rules), on_six, "{rules}");
        }
    }

    /// The 16x16 figures of docs/canon.md (seconds each).
    #[test]
    #[ignore]
    fn sixteen_group_sizes() {
        let shape = Shape::new(4, 4).unwrap();
        for (rules, expected) in [
            ("x", Some(18_432)),
            ("windoku", None),
            ("disjoint-groups", None),
            ("anti-knight", Some(8)),
            ("anti-king", Some(8)),
            ("non-consecutive", Some(8)),
            ("jigsaw", Some(8)),
            ("x,windoku", Some(96)),
            ("x,disjoint-groups", Some(256)),
        ] {
            let started = std::time::Instant::now();
            let found = group(shape, &rules.parse().unwrap()).map(|g| g.len());
            eprintln!("16x16 {rules}: {found:?} in {:?}", started.elapsed());
            assert_eq!(found, expected, "{rules}");
        }
        let started = std::time::Instant::now();
        let found = group(Shape::new(5, 5).unwrap(), &"x".parse().unwrap()).map(|g| g.len());
        eprintln!("25x25 x: {found:?} in {:?}", started.elapsed());
    }

    #[test]
    fn non_consecutive_keeps_only_turns_and_reflections() {
        assert_eq!(size(Shape::CLASSIC, "non-consecutive"), 8);
        assert_eq!(size(Shape::new(2, 3).unwrap(), "nc"), 4);
    }
}
