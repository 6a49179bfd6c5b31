//! The implication machinery every chain technique shares.
//!
//! A *node* is a candidate assumed true ("on") or false ("off"). Two rules
//! turn an on node into off nodes (the cell's other digits; the digit's
//! other places in the cell's box, row and column) and two rules turn an off
//! node into on nodes (the last digit of a cell; the last place of a digit
//! in a house). Sudoku Explainer (SE) walks these rules breadth first and
//! rates a chain by how many distinct nodes it rests on, so the walk here
//! keeps, for every node it reaches, the node that implied it and, in
//! dynamic mode, the earlier removals the rule relied on (its "hidden"
//! parents). The order in which rules fire is SE's (box, row, column; cell
//! rule first), because SE keeps the first chain it finds to each node.

use super::derived::{Derivations, NestedUse};
pub use super::node::{cell_of, conjugate, digit_of, is_on, node, Node, NONE};
use crate::logic::candidates::{bit, Tables};
use std::sync::Arc;

/// A nested chain some entries of an arena were derived by: its identity
/// and complexity, and how a step shows it.
#[derive(Clone, Debug)]
struct NestedRow {
    key: u64,
    complexity: u32,
    chain: Option<Arc<NestedUse>>,
}

/// One node reached by a walk, with what implied it.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The node.
    pub node: Node,
    /// The entry that implied it, or [`NONE`] for an assumption.
    pub parent: u32,
    /// Start of the hidden parents in [`Arena::hidden`].
    hidden_start: u32,
    /// How many hidden parents.
    hidden_len: u32,
    /// How many first-parent links from the root.
    pub depth: u32,
    /// The nested chain that derived this node: an index into the
    /// arena's table of nested chains ([`NONE`] for none).
    pub nested: u32,
    /// For an on node of a dynamic walk, the rule that implied it:
    /// [`CELL_RULE`] or the house ([`NONE`]: not recorded).
    pub cause: u32,
}

/// [`Entry::cause`] of an on node implied by its cell's last candidate.
pub const CELL_RULE: u32 = u32::MAX - 1;

/// The nodes a hint's chains rest on, chain by chain (SE's chain
/// targets), each node with the rule that implied it when it is on (or
/// is the root of a cell or region chain set): [`CELL_RULE`], a house, or
/// [`NONE`]. Nodes come in SE's breadth-first order from each target.
#[derive(Clone, Debug, Default)]
pub struct ChainTrace {
    /// One list per chain.
    pub chains: Vec<Vec<(Node, u32)>>,
}

/// The rule by which off node `p` implied on node `q` in a static walk
/// on `board`: the cell's last candidate, or the first of `p`'s box, row
/// and column where `p` and `q` are the digit's only places.
pub fn static_cause(board: &Board, p: Node, q: Node) -> u32 {
    let n = board.n();
    let (pc, qc, d) = (cell_of(n, p), cell_of(n, q), digit_of(n, q));
    if pc == qc {
        return CELL_RULE;
    }
    board
        .houses_se(pc)
        .into_iter()
        .find(|&h| board.in_house(qc, h) && board.place_mask(h, d).count_ones() == 2)
        .map_or(NONE, |h| h as u32)
}

/// The rule by which on node `p` implied off node `q`: the cell (same
/// cell), else the first of `p`'s box, row and column holding `q`.
pub fn off_cause(board: &Board, p: Node, q: Node) -> u32 {
    let n = board.n();
    let (pc, qc) = (cell_of(n, p), cell_of(n, q));
    if pc == qc {
        return CELL_RULE;
    }
    board
        .houses_se(pc)
        .into_iter()
        .find(|&h| board.in_house(qc, h))
        .map_or(NONE, |h| h as u32)
}

/// Every entry of every walk made on one position, so chains can be traced
/// back (and measured) after the walks.
#[derive(Default)]
pub struct Arena {
    entries: Vec<Entry>,
    hidden: Vec<u32>,
    /// The nested chains entries were derived by ([`Entry::nested`]
    /// indexes it): each chain's identity and complexity. Kept by the
    /// arena, so walks made apart (each with its own deriver) can be
    /// merged into one arena and measured together.
    nested: Vec<NestedRow>,
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<u32>,
}

impl Arena {
    /// Forgets every entry (keeps the memory).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.hidden.clear();
        self.nested.clear();
    }

    /// Appends every entry of `other`, whose ids (and those of its walks,
    /// see [`Walk::shift`]) become the returned offset more: walks made in
    /// separate arenas then read as if made in this one.
    pub fn append(&mut self, other: &Arena) -> u32 {
        let base = self.entries.len() as u32;
        let hidden_base = self.hidden.len() as u32;
        let nested_base = self.nested.len() as u32;
        let shift = |id: u32, by: u32| if id == NONE { NONE } else { id + by };
        self.entries.extend(other.entries.iter().map(|e| Entry {
            parent: shift(e.parent, base),
            hidden_start: e.hidden_start + hidden_base,
            nested: shift(e.nested, nested_base),
            ..*e
        }));
        self.hidden.extend(other.hidden.iter().map(|&h| h + base));
        self.nested.extend_from_slice(&other.nested);
        base
    }

    /// Whether any entry was derived by a nested chain.
    pub fn has_nested(&self) -> bool {
        !self.nested.is_empty()
    }

    /// Adds an entry for `node` implied by `parent` and returns its id.
    pub fn push(&mut self, node: Node, parent: u32) -> u32 {
        let depth = if parent == NONE {
            0
        } else {
            self.entries[parent as usize].depth + 1
        };
        self.entries.push(Entry {
            node,
            parent,
            hidden_start: self.hidden.len() as u32,
            hidden_len: 0,
            depth,
            nested: NONE,
            cause: NONE,
        });
        self.entries.len() as u32 - 1
    }

    /// The distinct nested chains the chains ending at `ids` rest on, in
    /// the order met (for the step that shows them).
    pub fn nested_uses(&mut self, ids: &[u32], nodes: usize) -> Vec<Arc<NestedUse>> {
        let table = std::mem::take(&mut self.nested);
        let mut uses: Vec<Arc<NestedUse>> = Vec::new();
        for &id in ids {
            self.visit_ancestors(id, nodes, |e| {
                if e.nested != NONE {
                    if let Some(chain) = &table[e.nested as usize].chain {
                        if !uses.iter().any(|u| u.key == chain.key) {
                            uses.push(chain.clone());
                        }
                    }
                }
            });
        }
        self.nested = table;
        uses
    }

    /// The hidden parents of entry `id`.
    pub fn hidden_of(&self, id: u32) -> &[u32] {
        let e = self.entries[id as usize];
        &self.hidden[e.hidden_start as usize..(e.hidden_start + e.hidden_len) as usize]
    }

    /// The sum of the complexities of the distinct nested chains the
    /// chains ending at `ids` rest on (SE's nested complexity: a chain
    /// used by several nodes, or by several of the chains, counts once).
    pub fn nested_complexity(&mut self, ids: &[u32], nodes: usize) -> u32 {
        let table = std::mem::take(&mut self.nested);
        let mut seen: Vec<u64> = Vec::new();
        let mut total = 0;
        for &id in ids {
            self.visit_ancestors(id, nodes, |e| {
                if e.nested != NONE {
                    let (key, complexity) =
                        (table[e.nested as usize].key, table[e.nested as usize].complexity);
                    if !seen.contains(&key) {
                        seen.push(key);
                        total += complexity;
                    }
                }
            });
        }
        self.nested = table;
        total
    }

    /// Starts a new marking of nodes (`stamp` entries equal to the new
    /// epoch are marked), sized for `nodes` nodes.
    fn next_epoch(&mut self, nodes: usize) {
        if self.stamp.len() < nodes {
            self.stamp.resize(nodes, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
    }

    /// Calls `visit` once for each distinct node entry `id` rests on (the
    /// first entry of a node met, as SE's walks over parents keep it).
    pub fn visit_ancestors(&mut self, id: u32, nodes: usize, mut visit: impl FnMut(Entry)) {
        self.next_epoch(nodes);
        let mut queue = std::mem::take(&mut self.stack);
        queue.clear();
        queue.push(id);
        let mut next = 0;
        while next < queue.len() {
            let at = queue[next];
            next += 1;
            let e = self.entries[at as usize];
            let slot = &mut self.stamp[e.node as usize];
            if *slot == self.epoch {
                continue;
            }
            *slot = self.epoch;
            visit(e);
            if e.parent != NONE {
                queue.push(e.parent);
            }
            let hidden = e.hidden_start as usize..(e.hidden_start + e.hidden_len) as usize;
            queue.extend_from_slice(&self.hidden[hidden]);
        }
        self.stack = queue;
    }

    /// Records the rule that implied on entry `id`.
    fn set_cause(&mut self, id: u32, cause: u32) {
        self.entries[id as usize].cause = cause;
    }

    /// Marks entry `id` as derived by the nested chain of identity and
    /// complexity `nested` (one table row per run of entries by the same
    /// chain; a chain listed twice still counts once, by identity).
    fn set_nested(&mut self, id: u32, nested: (u64, u32), describe: impl FnOnce() -> Option<Arc<NestedUse>>) {
        let (key, complexity) = nested;
        if self
            .nested
            .last()
            .is_none_or(|row| (row.key, row.complexity) != nested)
        {
            self.nested.push(NestedRow {
                key,
                complexity,
                chain: describe(),
            });
        }
        self.entries[id as usize].nested = self.nested.len() as u32 - 1;
    }

    /// Adds a hidden parent to the entry just pushed.
    fn push_hidden(&mut self, parent: u32) {
        self.hidden.push(parent);
        self.entries.last_mut().expect("an entry was pushed").hidden_len += 1;
    }

    /// The entry with id `id`.
    pub fn get(&self, id: u32) -> Entry {
        self.entries[id as usize]
    }

    /// Whether `node` is a strict ancestor of entry `id` along first
    /// parents (SE's test that keeps a cycle walk from turning back).
    pub fn has_ancestor(&self, id: u32, node: Node) -> bool {
        let mut at = self.entries[id as usize].parent;
        while at != NONE {
            let e = self.entries[at as usize];
            if e.node == node {
                return true;
            }
            at = e.parent;
        }
        false
    }

    /// Whether no entry on the path to `id` has hidden parents, and the
    /// path's nodes are distinct (true of every walk that merges nodes;
    /// a cycle returns to its root, so it is counted the long way).
    fn static_path(&self, id: u32) -> bool {
        let root_node = {
            let mut at = id;
            loop {
                let e = self.entries[at as usize];
                if e.hidden_len != 0 {
                    return false;
                }
                if e.parent == NONE {
                    break e.node;
                }
                at = e.parent;
            }
        };
        self.entries[id as usize].node != root_node || self.entries[id as usize].parent == NONE
    }

    /// A lower bound of [`Arena::ancestor_count`]: the nodes on the first-
    /// parent path.
    pub fn path_len(&self, id: u32) -> u32 {
        self.entries[id as usize].depth + 1
    }

    /// The first-parent path from the root to entry `id`, root first.
    pub fn path(&self, id: u32) -> Vec<Node> {
        let mut out = Vec::new();
        let mut at = id;
        while at != NONE {
            let e = self.entries[at as usize];
            out.push(e.node);
            at = e.parent;
        }
        out.reverse();
        out
    }

    /// How many distinct nodes entry `id` rests on, itself included: SE's
    /// measure of a chain's complexity.
    pub fn ancestor_count(&mut self, id: u32, nodes: usize) -> u32 {
        let e = self.entries[id as usize];
        if e.hidden_len == 0 && self.static_path(id) {
            // One parent each and distinct nodes along a walk's path.
            return e.depth + 1;
        }
        self.next_epoch(nodes);
        let mut count = 0;
        self.stack.clear();
        self.stack.push(id);
        while let Some(at) = self.stack.pop() {
            let e = self.entries[at as usize];
            let slot = &mut self.stamp[e.node as usize];
            if *slot == self.epoch {
                continue;
            }
            *slot = self.epoch;
            count += 1;
            if e.parent != NONE {
                self.stack.push(e.parent);
            }
            let hidden = e.hidden_start as usize..(e.hidden_start + e.hidden_len) as usize;
            self.stack.extend_from_slice(&self.hidden[hidden]);
        }
        count
    }
}

/// Which rules a walk may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Cell rules: an on node turns the cell's other digits off; an off
    /// node in a bivalue cell turns the other digit on (SE's "Y" links).
    pub cell: bool,
    /// House rule from off to on: the last place of a digit in a house
    /// (SE's "X" links). The on-to-off house rule always applies.
    pub house: bool,
}

/// The position a walk runs on: the current candidates (which a dynamic
/// walk shrinks as it goes) and the candidates when the walk started.
#[derive(Clone)]
pub struct Board<'a> {
    tables: &'a Tables,
    n: usize,
    /// The candidates now (read-only outside this module: `Board::remove`
    /// keeps the house positions in step).
    pub masks: Vec<u32>,
    /// The candidates when the current walk started (dynamic walks only).
    start: Vec<u32>,
    /// The three houses of each cell in SE's order: box, row, column.
    houses: Vec<[usize; 3]>,
    /// The cell's index inside each of those houses.
    slots: Vec<[u8; 3]>,
    /// Per cell, the slots of its row and of its column outside its box.
    outside_box: Vec<[u32; 2]>,
    /// Per house and digit (`h * n + d - 1`), the slots holding the digit.
    places: Vec<u32>,
    /// `places` when the current walk started (as `start` is `masks`).
    start_places: Vec<u32>,
    /// How many candidates `masks` holds between walks (a dynamic walk
    /// restores what it removes).
    candidates: usize,
    /// How many times each digit (index `d - 1`) is placed.
    placed: Vec<u8>,
    /// How many cells of each house hold no value.
    empty: Vec<u8>,
}

impl<'a> Board<'a> {
    /// A board over `masks` (one candidate mask per cell, empty when
    /// solved).
    pub fn new(tables: &'a Tables, masks: Vec<u32>) -> Board<'a> {
        let n = tables.shape().n();
        let houses: Vec<[usize; 3]> = (0..masks.len())
            .map(|cell| {
                let [row, col, bx] = tables.houses_of(cell);
                [bx, row, col]
            })
            .collect();
        // Each cell's place in its box, row and column, read off the
        // houses (one pass instead of a search per cell and house).
        let mut slots = vec![[0u8; 3]; masks.len()];
        let mut places = vec![0u32; tables.house_count() * n];
        for h in 0..tables.house_count() {
            for (slot, &cell) in tables.house(h).iter().enumerate() {
                // A variant's houses keep their slots in the tables.
                if let Some(k) = houses[cell].iter().position(|&x| x == h) {
                    slots[cell][k] = slot as u8;
                }
                let mut mask = masks[cell];
                while mask != 0 {
                    places[h * n + mask.trailing_zeros() as usize] |= 1 << slot;
                    mask &= mask - 1;
                }
            }
        }
        let outside_box = (0..masks.len())
            .map(|cell| {
                let [bx, row, col] = houses[cell];
                [row, col].map(|h| {
                    let cells = tables.house(h).iter().enumerate();
                    cells
                        .filter(|&(_, &other)| houses[other][0] != bx)
                        .fold(0u32, |m, (slot, _)| m | 1 << slot)
                })
            })
            .collect();
        let candidates = masks.iter().map(|m| m.count_ones() as usize).sum();
        // A digit is placed once in every row that has no place for it.
        let placed = (0..n)
            .map(|di| (0..n).filter(|&row| places[row * n + di] == 0).count() as u8)
            .collect();
        let empty = (0..tables.house_count())
            .map(|h| tables.house(h).iter().filter(|&&c| masks[c] != 0).count() as u8)
            .collect();
        Board {
            tables,
            n,
            start: masks.clone(),
            masks,
            houses,
            slots,
            outside_box,
            start_places: places.clone(),
            places,
            candidates,
            placed,
            empty,
        }
    }

    /// A board over `masks`, a walk's shrunken copy of `outer`'s position:
    /// the same solved cells and placed digits (which a walk never
    /// changes), whatever the masks hold.
    pub fn nested(outer: &Board<'a>, masks: Vec<u32>) -> Board<'a> {
        let mut board = Board::new(outer.tables, masks);
        board.placed.clone_from(&outer.placed);
        board.empty.clone_from(&outer.empty);
        board
    }

    /// A board over the walk's candidates now, as [`Board::nested`] makes
    /// it from `self.masks`, copied instead of built: the house positions
    /// are kept in step with the masks, and the cells' houses never change.
    pub fn snapshot(&self) -> Board<'a> {
        let mut board = self.clone();
        board.start.clone_from(&board.masks);
        board.start_places.clone_from(&board.places);
        board.candidates = board.masks.iter().map(|m| m.count_ones() as usize).sum();
        board
    }

    /// What, besides the candidates, the searches of a nested board read
    /// of the position: how often each digit is placed and how many cells
    /// of each house hold no value (see [`Board::nested`]).
    pub fn counts(&self) -> (&[u8], &[u8]) {
        (&self.placed, &self.empty)
    }

    /// How many cells of house `h` hold no value in the position (SE
    /// counts cells without a value; a walk removes candidates but places
    /// nothing).
    pub fn empty_cells(&self, h: usize) -> usize {
        self.empty[h] as usize
    }

    /// The slots of house `h` (positions in [`Board::house_cells`]) that
    /// hold `d` now.
    pub fn place_mask(&self, h: usize, d: u8) -> u32 {
        self.places[h * self.n + d as usize - 1]
    }

    /// The slots of house `h` whose cell held `d` when the current walk
    /// started and has lost it since ([`Board::was_removed`] for a house).
    pub fn removed_places(&self, h: usize, d: u8) -> u32 {
        let i = h * self.n + d as usize - 1;
        self.start_places[i] & !self.places[i]
    }

    /// The cells of house `h`, in SE's order.
    pub fn house_cells(&self, h: usize) -> &[usize] {
        self.tables.house(h)
    }

    /// The cell's house of kind `k`: 0 box, 1 row, 2 column.
    pub fn house_of_kind(&self, cell: usize, k: usize) -> usize {
        self.houses[cell][k]
    }

    /// Whether `cell` lies in house `h`.
    pub fn in_house(&self, cell: usize, h: usize) -> bool {
        self.houses[cell].contains(&h) || self.tables.extra_houses_of(cell).iter().any(|&(x, _)| x == h)
    }

    /// How many times `d` is placed in the position.
    pub fn placed(&self, d: u8) -> usize {
        self.placed[d as usize - 1] as usize
    }

    /// The cell's candidates when the current walk started.
    pub fn start_mask(&self, cell: usize) -> u32 {
        self.start[cell]
    }

    /// Whether `d` was a candidate of `cell` when the walk started.
    pub fn start_has(&self, cell: usize, d: u8) -> bool {
        self.start[cell] & bit(d) != 0
    }

    /// Whether the current walk removed `d` from `cell`.
    pub fn was_removed(&self, cell: usize, d: u8) -> bool {
        self.start[cell] & bit(d) != 0 && self.masks[cell] & bit(d) == 0
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many nodes there are (two per candidate).
    pub fn node_count(&self) -> usize {
        2 * self.masks.len() * self.n
    }

    /// The shape of the board.
    pub fn shape(&self) -> crate::shape::Shape {
        self.tables.shape()
    }

    /// The board's geometry (shape, houses, peers and rules).
    pub(crate) fn geometry(&self) -> crate::logic::candidates::Geometry {
        self.tables.geometry()
    }

    /// Whether the board is a variant's: SE's chains then use its variant
    /// techniques inside themselves (see [`super::derive::basic_rules`]).
    pub(crate) fn is_variant(&self) -> bool {
        self.tables.rules().variant
    }

    /// Whether two distinct cells share a house or, under a variant, may
    /// not hold the same digit (SE's visible cells).
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.tables.sees(a, b)
    }

    /// The peers of `cell` as a set of cells (words of 64 bits).
    pub(crate) fn peer_bits(&self, cell: usize) -> &[u64] {
        self.tables.peer_bits(cell)
    }

    /// The cell's box, row and column, in SE's order.
    pub fn houses_se(&self, cell: usize) -> [usize; 3] {
        self.houses[cell]
    }

    /// The cell's variant houses in SE's order (disjoint group, window
    /// group, diagonals), with the cell's slot in each; none on a
    /// classic board.
    pub fn extra_houses_se(&self, cell: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        let extra = self.tables.extra_houses_of(cell);
        let n = self.n;
        // Tables list them by house number: diagonals, windows, groups.
        let rank = move |h: usize| match h - 3 * n {
            0 | 1 => 2,
            e if e < n + 2 => 1,
            _ => 0,
        };
        (0..3).flat_map(move |r| extra.iter().copied().filter(move |&(h, _)| rank(h) == r))
    }

    /// Every house of the cell with the cell's slot in it, in SE's order
    /// (box, row, column, then the variant's: at most four more), and
    /// how many there are: a fixed array, as the walks ask for it at
    /// every node.
    fn house_slots_se(&self, cell: usize) -> ([(usize, u8); 8], usize) {
        let mut out = [(0, 0); 8];
        for (k, slot) in out.iter_mut().take(3).enumerate() {
            *slot = (self.houses[cell][k], self.slots[cell][k]);
        }
        let mut count = 3;
        if !self.tables.extra_houses_of(cell).is_empty() {
            for hs in self.extra_houses_se(cell) {
                out[count] = hs;
                count += 1;
            }
        }
        (out, count)
    }

    /// Every house of the cell in SE's order: box, row, column, then the
    /// variant's.
    pub fn all_houses_se(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.houses[cell]
            .into_iter()
            .chain(self.extra_houses_se(cell).map(|(h, _)| h))
    }

    /// Every other cell sharing a house with `cell`.
    pub fn peers(&self, cell: usize) -> &[usize] {
        self.tables.peers(cell)
    }

    /// The cells of house `h` that hold `d` now, in SE's order.
    pub fn positions(&self, h: usize, d: u8) -> impl Iterator<Item = usize> + '_ {
        let house = self.tables.house(h);
        crate::logic::candidates::bits(self.places[h * self.n + d as usize - 1]).map(move |slot| house[slot])
    }

    /// Removes `d` from `cell` (which holds it).
    fn remove(&mut self, cell: usize, d: u8) {
        self.masks[cell] &= !bit(d);
        for k in 0..3 {
            self.places[self.houses[cell][k] * self.n + d as usize - 1] &= !(1 << self.slots[cell][k]);
        }
        for &(h, slot) in self.tables.extra_houses_of(cell) {
            self.places[h * self.n + d as usize - 1] &= !(1 << slot);
        }
    }

    /// Puts `d` back into `cell`.
    fn restore(&mut self, cell: usize, d: u8) {
        self.masks[cell] |= bit(d);
        for k in 0..3 {
            self.places[self.houses[cell][k] * self.n + d as usize - 1] |= 1 << self.slots[cell][k];
        }
        for &(h, slot) in self.tables.extra_houses_of(cell) {
            self.places[h * self.n + d as usize - 1] |= 1 << slot;
        }
    }

    /// The off nodes an on node implies, in SE's order.
    pub fn on_to_off(&mut self, p: Node, rules: Rules, out: &mut Vec<Node>) {
        out.clear();
        let n = self.n;
        let (cell, d) = (cell_of(n, p), digit_of(n, p));
        if rules.cell {
            let others = self.masks[cell] & !bit(d);
            out.extend(crate::logic::candidates::digits(others).map(|e| node(n, cell, e, false)));
        }
        self.push_house_offs(cell, d, out);
    }

    /// Appends the off nodes `d` on in `cell` implies by the house rule:
    /// the digit's other places in the box, then in the row and in the
    /// column outside the box.
    fn push_house_offs(&self, cell: usize, d: u8, out: &mut Vec<Node>) {
        let n = self.n;
        let [bx, row, col] = self.houses[cell];
        let di = d as usize - 1;
        let in_box = self.places[bx * n + di] & !(1 << self.slots[cell][0]);
        let house = self.tables.house(bx);
        out.extend(crate::logic::candidates::bits(in_box).map(|slot| node(n, house[slot], d, false)));
        // Row and column cells inside the box were listed with the box.
        for (k, h) in [row, col].into_iter().enumerate() {
            let house = self.tables.house(h);
            let others = self.places[h * n + di] & self.outside_box[cell][k];
            out.extend(crate::logic::candidates::bits(others).map(|slot| node(n, house[slot], d, false)));
        }
        if !self.tables.extra_houses_of(cell).is_empty() {
            self.push_extra_offs(cell, d, out);
        }
    }

    /// The off nodes of `d` on in `cell` by a variant's houses, each
    /// house after box, row, column and the variant houses before it
    /// (SE lists a cell once, under the first house it shares).
    fn push_extra_offs(&self, cell: usize, d: u8, out: &mut Vec<Node>) {
        let n = self.n;
        let di = d as usize - 1;
        let mut earlier: Vec<usize> = self.houses[cell].to_vec();
        for (h, slot) in self.extra_houses_se(cell) {
            let house = self.tables.house(h);
            let others = self.places[h * n + di] & !(1 << slot);
            for s in crate::logic::candidates::bits(others) {
                let x = house[s];
                let seen = earlier.iter().any(|&e| self.tables.house(e).contains(&x));
                if !seen {
                    out.push(node(n, x, d, false));
                }
            }
            earlier.push(h);
        }
    }

    /// The on nodes an off node implies, in SE's order, each with the
    /// removals (as off nodes) its rule relied on when the walk is dynamic.
    pub fn off_to_on(&self, p: Node, rules: Rules, dynamic: bool, out: &mut Vec<(Node, Hidden)>) {
        out.clear();
        let n = self.n;
        let (cell, d) = (cell_of(n, p), digit_of(n, p));
        if rules.cell && self.masks[cell].count_ones() == 2 {
            let other = crate::logic::candidates::digits(self.masks[cell] & !bit(d))
                .next()
                .expect("a bivalue cell has another digit");
            let hidden = if dynamic {
                Hidden::Cell(cell, self.start[cell] & !self.masks[cell])
            } else {
                Hidden::None
            };
            out.push((node(n, cell, other, true), hidden));
        }
        if rules.house {
            let di = d as usize - 1;
            let (houses, count) = self.house_slots_se(cell);
            for &(h, slot) in &houses[..count] {
                let others = self.places[h * n + di] & !(1 << slot);
                if others.count_ones() != 1 {
                    continue;
                }
                let target = node(n, self.tables.house(h)[others.trailing_zeros() as usize], d, true);
                if out.iter().any(|&(q, _)| q == target) {
                    continue;
                }
                let hidden = if dynamic {
                    Hidden::House(h, d)
                } else {
                    Hidden::None
                };
                out.push((target, hidden));
            }
        }
    }

    /// The off nodes (removals since the walk started) that `hidden`
    /// stands for, in SE's order.
    fn hidden_nodes(&self, hidden: Hidden, out: &mut Vec<Node>) {
        out.clear();
        let n = self.n;
        match hidden {
            Hidden::None => {}
            Hidden::Cell(cell, removed) => {
                out.extend(crate::logic::candidates::digits(removed).map(|e| node(n, cell, e, false)));
            }
            Hidden::House(h, d) => {
                let b = bit(d);
                for &c in self.tables.house(h) {
                    if self.start[c] & b != 0 && self.masks[c] & b == 0 {
                        out.push(node(n, c, d, false));
                    }
                }
            }
        }
    }
}

impl Hidden {
    /// The rule as [`Entry::cause`] records it.
    fn cause(self) -> u32 {
        match self {
            Hidden::None => NONE,
            Hidden::Cell(..) => CELL_RULE,
            Hidden::House(h, _) => h as u32,
        }
    }
}

/// Which earlier removals a rule relied on (dynamic walks).
#[derive(Clone, Copy, Debug)]
pub enum Hidden {
    /// None recorded (static walks).
    None,
    /// The given digits (mask) removed from this cell.
    Cell(usize, u32),
    /// The digit's places removed from this house.
    House(usize, u8),
}

/// What one walk from an assumption reached.
#[derive(Default)]
pub struct Walk {
    /// The on entries, in the order reached.
    pub on: Vec<u32>,
    /// The off entries, in the order reached.
    pub off: Vec<u32>,
    /// The nodes reached, as a bitset.
    pub reached: Vec<u64>,
    /// A node reached both on and off: (on entry, off entry).
    pub contradiction: Option<(u32, u32)>,
}

impl Walk {
    /// Fills [`Walk::reached`] from the entry lists.
    fn mark_reached(&mut self, arena: &Arena) {
        for list in [&self.on, &self.off] {
            for &e in list {
                let p = arena.get(e).node;
                self.reached[p as usize / 64] |= 1 << (p % 64);
            }
        }
    }

    /// The entry for `p`, if the walk reached it (a scan: for the few
    /// nodes that matter after the walks).
    pub fn entry_of(&self, arena: &Arena, p: Node) -> Option<u32> {
        if !self.reached(p) {
            return None;
        }
        let list = if is_on(p) { &self.on } else { &self.off };
        list.iter().copied().find(|&e| arena.get(e).node == p)
    }

    /// Adds `by` to every entry id the walk holds: for a walk whose
    /// arena was appended to another at offset `by` ([`Arena::append`]).
    pub fn shift(&mut self, by: u32) {
        self.on.iter_mut().for_each(|id| *id += by);
        self.off.iter_mut().for_each(|id| *id += by);
        if let Some((on, off)) = &mut self.contradiction {
            *on += by;
            *off += by;
        }
    }

    /// Records that the walk reached `p`.
    #[inline]
    fn mark(&mut self, p: Node) {
        self.reached[p as usize / 64] |= 1 << (p % 64);
    }

    /// Whether the walk reached `p`.
    pub fn reached(&self, p: Node) -> bool {
        self.reached[p as usize / 64] >> (p % 64) & 1 == 1
    }
}

/// Scratch buffers for walks.
#[derive(Default)]
pub struct Scratch {
    offs: Vec<Node>,
    ons: Vec<(Node, Hidden)>,
    hidden: Vec<Node>,
    removed: Vec<(usize, u8)>,
    /// The entry of each node reached by the current walk, valid where
    /// `stamp` holds the current epoch.
    entry: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    /// The board's implications, for static walks (see
    /// [`Scratch::static_graph`]).
    graph: Option<Graph>,
    /// What the last derivation found.
    derived: Derivations,
}

impl Scratch {
    /// Lets static walks on `board` (which they leave as it is) read the
    /// implications from a graph built once instead of deriving them node
    /// by node.
    pub fn static_graph(&mut self, board: &Board) {
        self.graph.get_or_insert_with(Graph::default).build(board);
    }

    fn begin(&mut self, nodes: usize) {
        if self.entry.len() < nodes {
            self.entry.resize(nodes, NONE);
            self.stamp.resize(nodes, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
    }

    #[inline]
    fn get(&self, p: Node) -> Option<u32> {
        (self.stamp[p as usize] == self.epoch).then(|| self.entry[p as usize])
    }

    #[inline]
    fn set(&mut self, p: Node, e: u32) {
        self.stamp[p as usize] = self.epoch;
        self.entry[p as usize] = e;
    }
}

/// Eliminations a dynamic walk of level 1 or more derives with other
/// techniques once it has expanded every node (see [`super::derive`]).
pub trait Deriver {
    /// Fills `out` with the eliminations the techniques find on `board`,
    /// whose masks are the walk's candidates now and whose start masks are
    /// those when the walk began, in SE's order.
    fn derive(&mut self, board: &Board, out: &mut Derivations);

    /// The identity (equal for chains SE deems equal) and complexity of
    /// nested chain `id`.
    fn nested(&self, _id: u32) -> (u64, u32) {
        (0, 0)
    }

    /// Nested chain `id` as a step shows it.
    fn describe(&self, _id: u32) -> Option<Arc<NestedUse>> {
        None
    }
}

/// Walks every consequence of assuming `start`, as SE's `doChaining` does:
/// on nodes are expanded before off nodes, a dynamic walk removes each off
/// candidate from the board once expanded (and restores the board at the
/// end), and the walk stops at the first node found both on and off.
pub fn walk(
    board: &mut Board,
    arena: &mut Arena,
    scratch: &mut Scratch,
    start: Node,
    rules: Rules,
    dynamic: bool,
) -> Walk {
    let mut w = Walk::default();
    walk_into(board, arena, scratch, (start, rules, dynamic), &mut w, None);
    w
}

/// [`walk`] into `w`, reusing its lists (searches make thousands of
/// walks; allocating three lists for each cost more than some walks).
/// With a `deriver` (dynamic walks only), a walk that has expanded every
/// node asks it for more off nodes and goes on while it gives new ones.
pub fn walk_into(
    board: &mut Board,
    arena: &mut Arena,
    scratch: &mut Scratch,
    (start, rules, dynamic): (Node, Rules, bool),
    w: &mut Walk,
    mut deriver: Option<&mut dyn Deriver>,
) {
    let nodes = board.node_count();
    // Each candidate is reached at most once on and once off: sized so,
    // the lists never grow. Only walks with cell rules reach most of the
    // board; a Nishio walk stays on one digit and starts small.
    let candidates: usize = if rules.cell { board.candidates } else { 0 };
    w.on.clear();
    w.on.reserve(candidates);
    w.off.clear();
    w.off.reserve(candidates);
    w.reached.clear();
    w.reached.resize(nodes.div_ceil(64), 0);
    w.contradiction = None;
    scratch.begin(nodes);
    if dynamic {
        board.start.clone_from(&board.masks);
        board.start_places.clone_from(&board.places);
    }
    let root = arena.push(start, NONE);
    scratch.set(start, root);
    if is_on(start) {
        w.on.push(root);
    } else {
        w.off.push(root);
    }
    if !dynamic {
        if let Some(graph) = scratch.graph.take() {
            w.mark(start);
            walk_static(&graph, arena, scratch, rules, w);
            scratch.graph = Some(graph);
            return;
        }
    }
    // From here on the walk is dynamic, or static with no graph built:
    // the board gives the implications node by node.
    let (mut next_on, mut next_off) = (0, 0);
    scratch.removed.clear();
    loop {
        if next_on < w.on.len() {
            let id = w.on[next_on];
            next_on += 1;
            let p = arena.get(id).node;
            board.on_to_off(p, rules, &mut scratch.offs);
            for i in 0..scratch.offs.len() {
                let q = scratch.offs[i];
                if let Some(on) = scratch.get(conjugate(q)) {
                    let off = arena.push(q, id);
                    w.contradiction = Some((on, off));
                    break;
                }
                if scratch.get(q).is_none() {
                    let e = arena.push(q, id);
                    scratch.set(q, e);
                    w.off.push(e);
                }
            }
        } else if next_off < w.off.len() {
            let id = w.off[next_off];
            next_off += 1;
            let p = arena.get(id).node;
            board.off_to_on(p, rules, dynamic, &mut scratch.ons);
            for i in 0..scratch.ons.len() {
                let (q, hidden) = scratch.ons[i];
                // Reached again: no entry (see `walk_static`).
                if scratch.get(q).is_some() {
                    continue;
                }
                let e = arena.push(q, id);
                arena.set_cause(e, hidden.cause());
                board.hidden_nodes(hidden, &mut scratch.hidden);
                for j in 0..scratch.hidden.len() {
                    let parent = scratch.get(scratch.hidden[j]);
                    debug_assert!(parent.is_some(), "a removal comes from an expanded off node");
                    if let Some(parent) = parent {
                        arena.push_hidden(parent);
                    }
                }
                if let Some(off) = scratch.get(conjugate(q)) {
                    w.contradiction = Some((e, off));
                    break;
                }
                scratch.set(q, e);
                w.on.push(e);
            }
            if dynamic {
                // SE removes the candidate after reading the rules, so a
                // rule's hidden parents never include the node itself.
                let (cell, d) = (cell_of(board.n, p), digit_of(board.n, p));
                if board.masks[cell] & bit(d) != 0 {
                    board.remove(cell, d);
                    scratch.removed.push((cell, d));
                }
            }
        } else if let Some(deriver) = deriver.as_deref_mut() {
            if !derive_more(board, arena, scratch, deriver, w) {
                break;
            }
        } else {
            break;
        }
        if w.contradiction.is_some() {
            break;
        }
    }
    for &(cell, d) in &scratch.removed {
        board.restore(cell, d);
    }
    w.mark_reached(arena);
}

/// Asks `deriver` for eliminations on the walk's board and queues those
/// the walk has not reached as off nodes, each implied by its parents (all
/// removals of this walk) and marked with its nested chain. Returns
/// whether any was new. SE adds them without checking their on nodes: a
/// contradiction shows when a later rule meets one.
fn derive_more(
    board: &mut Board,
    arena: &mut Arena,
    scratch: &mut Scratch,
    deriver: &mut dyn Deriver,
    w: &mut Walk,
) -> bool {
    let mut derived = std::mem::take(&mut scratch.derived);
    deriver.derive(board, &mut derived);
    let mut added = false;
    for item in &derived.items {
        if scratch.get(item.node).is_some() {
            continue;
        }
        let parents = derived.parents_of(item);
        let entries = parents.iter().filter_map(|&p| scratch.get(p));
        debug_assert!(
            parents.iter().all(|&p| scratch.get(p).is_some()),
            "a parent is a removal of this walk"
        );
        let mut entries = entries.peekable();
        let first = entries.next().unwrap_or(NONE);
        let e = arena.push(item.node, first);
        for parent in entries {
            arena.push_hidden(parent);
        }
        if item.nested != NONE {
            arena.set_nested(e, deriver.nested(item.nested), || deriver.describe(item.nested));
        }
        scratch.set(item.node, e);
        w.off.push(e);
        added = true;
    }
    scratch.derived = derived;
    added
}

/// [`walk`] on a board it leaves as it is, reading the implications from
/// `graph`: the same entries in the same order, without the dynamic
/// walks' bookkeeping. An on node reached again gets no entry: only a
/// contradiction could use it, and a static walk has stopped at the
/// contradiction by the time both of a node's values are reached. Fills
/// `w.reached` as it goes (the caller marks the root), instead of a pass
/// over the lists after.
fn walk_static(graph: &Graph, arena: &mut Arena, scratch: &mut Scratch, rules: Rules, w: &mut Walk) {
    let (mut next_on, mut next_off) = (0, 0);
    loop {
        if next_on < w.on.len() {
            let id = w.on[next_on];
            next_on += 1;
            let p = arena.get(id).node;
            for &q in graph.next(p, rules) {
                if let Some(on) = scratch.get(conjugate(q)) {
                    let off = arena.push(q, id);
                    w.contradiction = Some((on, off));
                    return;
                }
                if scratch.get(q).is_none() {
                    let e = arena.push(q, id);
                    scratch.set(q, e);
                    w.off.push(e);
                    w.mark(q);
                }
            }
        } else if next_off < w.off.len() {
            let id = w.off[next_off];
            next_off += 1;
            let p = arena.get(id).node;
            for &q in graph.next(p, rules) {
                if scratch.get(q).is_some() {
                    continue;
                }
                let e = arena.push(q, id);
                if let Some(off) = scratch.get(conjugate(q)) {
                    w.contradiction = Some((e, off));
                    return;
                }
                scratch.set(q, e);
                w.on.push(e);
                w.mark(q);
            }
        } else {
            return;
        }
    }
}

/// The static implications of a board, every node's consequences listed
/// once in SE's order: for an on node the cell's other digits then the
/// digit's other places; for an off node the cell's last digit then the
/// digit's last places. A rule set picks a slice of each list.
#[derive(Default)]
pub struct Graph {
    start: Vec<u32>,
    split: Vec<u32>,
    edges: Vec<Node>,
}

impl Graph {
    /// The implications of `board` as it is now.
    pub fn build(&mut self, board: &Board) {
        let n = board.n;
        self.start.clear();
        self.split.clear();
        self.edges.clear();
        for cell in 0..board.masks.len() {
            let mask = board.masks[cell];
            if mask == 0 {
                // A solved cell: none of its nodes implies anything.
                let at = self.edges.len() as u32;
                self.start.extend(std::iter::repeat_n(at, 2 * n));
                self.split.extend(std::iter::repeat_n(at, 2 * n));
                continue;
            }
            for d in 1..=n as u8 {
                // Node order: the candidate off, then on.
                for on in [false, true] {
                    self.start.push(self.edges.len() as u32);
                    if mask & bit(d) == 0 {
                        self.split.push(self.edges.len() as u32);
                    } else if on {
                        let others = mask & !bit(d);
                        self.edges.extend(
                            crate::logic::candidates::digits(others).map(|e| node(n, cell, e, false)),
                        );
                        self.split.push(self.edges.len() as u32);
                        board.push_house_offs(cell, d, &mut self.edges);
                    } else {
                        if mask.count_ones() == 2 {
                            let other = (mask & !bit(d)).trailing_zeros() as u8 + 1;
                            self.edges.push(node(n, cell, other, true));
                        }
                        self.split.push(self.edges.len() as u32);
                        self.push_house_ons(board, cell, d);
                    }
                }
            }
        }
        self.start.push(self.edges.len() as u32);
    }

    /// Appends the on nodes `d` off in `cell` implies by the house rule:
    /// the last place of the digit in the box, row or column, each once.
    fn push_house_ons(&mut self, board: &Board, cell: usize, d: u8) {
        let (n, from) = (board.n, self.edges.len());
        let di = d as usize - 1;
        let (houses, count) = board.house_slots_se(cell);
        for &(h, slot) in &houses[..count] {
            let others = board.places[h * n + di] & !(1 << slot);
            if others.count_ones() != 1 {
                continue;
            }
            let target = node(
                n,
                board.tables.house(h)[others.trailing_zeros() as usize],
                d,
                true,
            );
            if !self.edges[from..].contains(&target) {
                self.edges.push(target);
            }
        }
    }

    /// Every node's consequences under `rules`, as ranges of
    /// [`Graph::edges`] (one per node), into `out`: a walk then reads a
    /// node's list with one load.
    pub fn spans(&self, rules: Rules, out: &mut Vec<[u32; 2]>) {
        out.clear();
        let ends = &self.start[1..];
        let splits = &self.split[..];
        // One simple loop per rule set (this runs three times a search).
        let froms = if rules.cell { &self.start[..] } else { splits };
        if rules.house {
            out.extend(froms.iter().zip(ends).map(|(&from, &to)| [from, to]));
        } else {
            out.extend(
                froms
                    .iter()
                    .zip(splits)
                    .zip(ends)
                    .enumerate()
                    .map(|(i, ((&from, &split), &end))| [from, if is_on(i as Node) { end } else { split }]),
            );
        }
    }

    /// Every node's consequences, node after node.
    pub fn edges(&self) -> &[Node] {
        &self.edges
    }

    /// The consequences of `p` under `rules`, in SE's order.
    #[inline]
    pub fn next(&self, p: Node, rules: Rules) -> &[Node] {
        let i = p as usize;
        let (start, split, end) = (
            self.start[i] as usize,
            self.split[i] as usize,
            self.start[i + 1] as usize,
        );
        let from = if rules.cell { start } else { split };
        let to = if is_on(p) || rules.house { end } else { split };
        &self.edges[from..to]
    }
}
