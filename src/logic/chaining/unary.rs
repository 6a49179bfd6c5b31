//! Bidirectional cycles (X, Y and mixed) and forcing X- and XY-chains:
//! SE's "Forcing Chains & Cycles" engine, the first and cheapest chaining
//! technique. Each starts from one candidate assumed true (or false) and
//! follows static implications breadth first.
//!
//! - A *cycle* returns to its starting candidate through at least four
//!   links; every link of it is then both strong and weak, so a digit that
//!   sees an "on" and an "off" node of the cycle with that digit goes.
//! - A *forcing chain* leads from a candidate to its own negation: from
//!   "on" to "off" removes the candidate, from "off" to "on" places it.
//!
//! SE rates X-cycles and Y-cycles 6.5, forcing X-chains 6.6, mixed cycles
//! and forcing chains 7.0, each plus the length extra; it searches X
//! links first, then Y links (cycles from bivalue cells only), then both.

use super::engine::{
    cell_of, conjugate, digit_of, is_on, node, off_cause, static_cause, Arena, Board, ChainTrace, Graph,
    Node, Rules, NONE,
};
use super::hint::{candidate_name, cell_name, rc_candidate, rc_cell, Best, ChainHint, ChainKind, Engine};
use crate::logic::candidates::{bit, digits};

/// The three searches in SE's order: X links, Y links, both.
const MODES: [Rules; 3] = [
    Rules {
        cell: false,
        house: true,
    },
    Rules {
        cell: true,
        house: false,
    },
    Rules {
        cell: true,
        house: true,
    },
];

/// Reusable buffers for the breadth-first walks. A walk merges nodes
/// (each is reached once, from its first parent), so it keeps one parent
/// per node instead of an entry per step; the [`Arena`] gets entries only
/// for the chains that become hints.
#[derive(Default)]
pub struct Walker {
    graph: Graph,
    /// Per node, its consequences under the current rules: a range of
    /// `graph.edges()`.
    spans: Vec<[u32; 2]>,
    /// Under both kinds of links, per on node, the off nodes it implies
    /// that imply something in turn (a range of `live_edges`; see
    /// [`live_successors`]).
    live_spans: Vec<[u32; 2]>,
    live_edges: Vec<Node>,
    /// Per on node, what its walk from "on" under the current rules
    /// learnt of its forcing chain: a lower bound of the nodes the chain
    /// rests on ([`NO_FLOOR`] when not walked, `u32::MAX` when none).
    chain_floor: Vec<u32>,
    /// The cycles closed by the last walk from "on": the on node, the off
    /// node implying the source, and the depth of the source reached again.
    found: Vec<(Node, Node, u32)>,
    arena: Arena,
    /// Per node, what the current walk knows of it.
    marks: Vec<Mark>,
    epoch: u32,
    pending_on: Layer,
    pending_off: Layer,
    trail: Vec<Node>,
    cells: CellSets,
}

thread_local! {
    /// The unary engine's buffers, kept between searches: allocating and
    /// growing them for every search cost more than the searches' setup.
    static WALKER: std::cell::RefCell<Walker> = std::cell::RefCell::default();
}

/// Runs `f` with this thread's kept [`Walker`].
pub(super) fn with_walker<T>(f: impl FnOnce(&mut Walker) -> T) -> T {
    WALKER.with(|walker| match walker.try_borrow_mut() {
        Ok(mut walker) => f(&mut walker),
        // Not reentrant, but stay correct if it ever is.
        Err(_) => f(&mut Walker::default()),
    })
}

/// Cell bitsets (`words` words each) for finding a cycle's removals
/// without walking every peer of every node.
#[derive(Default)]
struct CellSets {
    /// The geometry `peers` is for, once built: a variant's peers differ
    /// from a classic board's of the same shape.
    geometry: Option<crate::logic::candidates::Geometry>,
    words: usize,
    /// Per cell, its peers.
    peers: Vec<u64>,
    /// Per digit, the cells holding it.
    holding: Vec<u64>,
    /// The cells of the cycle.
    chain: Vec<u64>,
    /// Per digit, the cells seeing an on (`on`) or off (`off`) node of
    /// the cycle with that digit.
    on: Vec<u64>,
    off: Vec<u64>,
}

impl CellSets {
    /// The sets of `board` as it is now.
    fn build(&mut self, board: &Board) {
        let (n, cells) = (board.n(), board.masks.len());
        let words = cells.div_ceil(64);
        self.words = words;
        if self.geometry != Some(board.geometry()) {
            self.geometry = Some(board.geometry());
            self.peers.clear();
            for cell in 0..cells {
                self.peers.extend_from_slice(board.peer_bits(cell));
            }
        }
        self.holding.clear();
        self.holding.resize(n * words, 0);
        for cell in 0..cells {
            for d in digits(board.masks[cell]) {
                self.holding[(d as usize - 1) * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        self.chain.resize(words, 0);
        self.on.resize(n * words, 0);
        self.off.resize(n * words, 0);
    }
}

/// One layer of a breadth-first walk. A walk merges nodes, so a layer
/// holds each node at most once: with room for every node (`reserve`),
/// `push` never grows it, and has no slow path that would make the walks'
/// loops save their registers around it.
#[derive(Default)]
struct Layer {
    nodes: Vec<Node>,
    len: usize,
}

impl Layer {
    /// Makes room for `nodes` nodes.
    fn reserve(&mut self, nodes: usize) {
        if self.nodes.len() < nodes {
            self.nodes.resize(nodes, NONE);
        }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn push(&mut self, p: Node) {
        self.nodes[self.len] = p;
        self.len += 1;
    }

    fn as_slice(&self) -> &[Node] {
        &self.nodes[..self.len]
    }
}

/// What a walk knows of one node, kept together: a walk reads them
/// together for every implication it follows.
#[derive(Clone, Copy)]
struct Mark {
    /// `epoch` when the current walk has reached the node.
    seen: u32,
    /// `epoch` when the node is the current walk's target or one of the
    /// source's closing nodes.
    special: u32,
    /// The node that implied it in the current walk ([`NONE`] for the
    /// root), valid once reached.
    parent: Node,
}

impl Default for Mark {
    fn default() -> Mark {
        Mark {
            seen: 0,
            special: 0,
            parent: NONE,
        }
    }
}

impl Walker {
    /// Starts a walk from `root`: forgets every node reached.
    fn begin(&mut self, nodes: usize, root: Node) {
        if self.marks.len() < nodes {
            self.marks.resize(nodes, Mark::default());
            self.pending_on.reserve(nodes);
            self.pending_off.reserve(nodes);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.iter_mut().for_each(|m| *m = Mark::default());
            self.epoch = 1;
        }
        let m = &mut self.marks[root as usize];
        m.seen = self.epoch;
        m.parent = NONE;
    }

    /// Marks the nodes the current walk watches for.
    fn watch(&mut self, nodes: &[Node]) {
        for &q in nodes.iter().filter(|&&q| q != NONE) {
            self.marks[q as usize].special = self.epoch;
        }
    }

    /// Whether `q` is a strict ancestor of `p` in the current walk.
    fn has_ancestor(&self, p: Node, q: Node) -> bool {
        let mut at = self.marks[p as usize].parent;
        while at != NONE {
            if at == q {
                return true;
            }
            at = self.marks[at as usize].parent;
        }
        false
    }

    /// `p` and its ancestors in the current walk, into `self.trail`,
    /// root last.
    fn trace(&mut self, p: Node) {
        self.trail.clear();
        let mut at = p;
        while at != NONE {
            self.trail.push(at);
            at = self.marks[at as usize].parent;
        }
    }

    /// Arena entries (from a cleared arena) for the path of the current
    /// walk to `p`, then for each of `then` in turn; returns the last
    /// entry.
    fn materialize(&mut self, p: Node, then: &[Node]) -> u32 {
        self.trace(p);
        self.arena.clear();
        let mut id = NONE;
        for &q in self.trail.iter().rev().chain(then) {
            id = self.arena.push(q, id);
        }
        id
    }
}

/// The easiest cycle or forcing chain on the board, as SE picks it. Every
/// walk stops once nothing it could still find would beat the best hint
/// so far (a one-pass search measured fewer instructions than deepening
/// passes with difficulty ceilings).
pub fn find(board: &mut Board, walker: &mut Walker) -> Option<ChainHint> {
    walker.graph.build(board);
    walker.cells.build(board);
    let mut best = Best::default();
    search(board, walker, &mut best);
    best.into_hint()
}

/// SE's `getLoopHintList` three times (X, Y, both). SE walks each
/// candidate from "on" and then from "off" before the next candidate;
/// here every walk from "on" of a rule set comes first, so that what they
/// learn bounds the walks from "off" (see [`search_from_off`]). Every hint
/// is offered with its place in SE's order ([`Best::offer_at`]), so the
/// hint picked is SE's.
fn search(board: &mut Board, walker: &mut Walker, best: &mut Best) {
    for rules in MODES {
        walker.graph.spans(rules, &mut walker.spans);
        if reads_live_lists(rules) {
            live_successors(walker);
        }
        walker.chain_floor.clear();
        walker.chain_floor.resize(board.node_count(), NO_FLOOR);
        for_each_source(board, rules, |board, on| {
            search_from_on(board, walker, best, rules, on)
        });
        if rules.house {
            for_each_source(board, rules, |board, on| {
                search_from_off(board, walker, best, rules, on)
            });
        }
    }
}

/// Calls `visit` with the on node of every candidate SE walks from under
/// `rules`, in SE's order: cells of two candidates or more (exactly two
/// without house links, where cycles need bivalue cells).
fn for_each_source(board: &mut Board, rules: Rules, mut visit: impl FnMut(&mut Board, Node)) {
    let n = board.n();
    for cell in 0..board.masks.len() {
        let mask = board.masks[cell];
        if mask.count_ones() < 2 || (!rules.house && mask.count_ones() > 2) {
            continue;
        }
        for d in digits(mask) {
            visit(board, node(n, cell, d, true));
        }
    }
}

/// A hint's place in SE's search order ([`Best::offer_at`]): its source
/// candidate, then `part` (cycles, the chain from "on", the chain from
/// "off").
fn seq(on: Node, part: u32) -> u32 {
    on * 4 + part
}
const CYCLES: u32 = 0;
const ON_CHAIN: u32 = 1;
const OFF_CHAIN: u32 = 2;

/// A source's [`Walker::chain_floor`] when nothing is known: every chain
/// rests on three nodes at least.
const NO_FLOOR: u32 = 3;

/// The search's bases and sort key under `rules`: cycles, chains, key.
fn bases(rules: Rules) -> (f64, f64, u8) {
    let cycle_base = if rules.cell && rules.house { 7.0 } else { 6.5 };
    let chain_base = if rules.cell { 7.0 } else { 6.6 };
    (cycle_base, chain_base, sort_key(rules))
}

/// The cycles through one candidate and its forcing chain from "on"
/// (the first half of SE's `doUnaryChaining`), from one walk: SE's two
/// walks from "on" reach the same nodes through the same parents. Leaves
/// in `walker.chain_floor` what the walk learnt of the chain.
// Inlined into its caller: measured fewer instructions (callgrind) since
// the walks and bounds changed.
#[inline(always)]
fn search_from_on(board: &mut Board, walker: &mut Walker, best: &mut Best, rules: Rules, on: Node) {
    let (cycle_base, chain_base, key) = bases(rules);
    // Only these off nodes imply the source on: a cycle must close
    // through one, so without them none can be found.
    let closing = implying_source(walker, on);
    let linked = closing[0] != NONE;
    // The walk offers nothing, so the bar holds through it.
    let cycles_limit = if linked {
        best.limit_at(cycle_base, key, seq(on, CYCLES))
    } else {
        0
    };
    let chain_limit = if rules.house {
        best.limit_at(chain_base, key, seq(on, ON_CHAIN))
    } else {
        0
    };
    // A cycle has four links at least, a chain from "on" two.
    if cycles_limit < 4 && chain_limit < 3 {
        return;
    }
    let limits = (cycles_limit, chain_limit);
    let (chain, floor) = if reads_live_lists(rules) {
        walk_from_on::<true>(board, walker, on, closing, limits)
    } else {
        walk_from_on::<false>(board, walker, on, closing, limits)
    };
    walker.chain_floor[on as usize] = floor;
    for i in 0..walker.found.len() {
        let (p, q, depth) = walker.found[i];
        // A cycle rests on its path's nodes (the root counted once).
        if !best.could_beat_at(cycle_base, depth, key, seq(on, CYCLES)) {
            continue;
        }
        if let Some(hint) = cycle_hint(board, walker, rules, (on, p, q)) {
            best.offer_at(hint, seq(on, CYCLES));
        }
    }
    if let Some(p) = chain {
        let target = walker.materialize(p, &[conjugate(on)]);
        offer_chain(board, walker, best, rules, (target, seq(on, ON_CHAIN)));
    }
}

/// The forcing chain from one candidate off (the second half of SE's
/// `doUnaryChaining`), walked only if it could beat the best hint.
///
/// Why the walks from "on" bound it: the walk from `on` off reaches its
/// target (`on` on) only through an off node `x` off that implies it,
/// where `x` and `on` are the two candidates of a bivalue cell or the two
/// places of a digit in a house. Every implication read backwards, each
/// node negated, is an implication of the same rules, so a path from `on`
/// off to `x` off of `k` links gives one from `x` on to `on` on, and `on`
/// on implies `x` off. So `x`'s forcing chain from "on" rests on no more
/// nodes than this one, and its walk, done before, left a lower bound of
/// that (`chain_floor`).
// Inlined into its caller: measured fewer instructions (callgrind) since
// the walks and bounds changed.
#[inline(always)]
fn search_from_off(board: &mut Board, walker: &mut Walker, best: &mut Best, rules: Rules, on: Node) {
    let (_, chain_base, key) = bases(rules);
    let closing = implying_source(walker, on);
    if closing[0] == NONE {
        return;
    }
    let floor = closing
        .iter()
        .filter(|&&q| q != NONE)
        .map(|&q| walker.chain_floor[conjugate(q) as usize])
        .min()
        .unwrap_or(NO_FLOOR)
        .max(NO_FLOOR);
    let at = seq(on, OFF_CHAIN);
    if floor == u32::MAX {
        return;
    }
    let limit = best.limit_at(chain_base, key, at);
    if floor > limit {
        return;
    }
    let off = conjugate(on);
    if let Some(q) = forcing_from_off(board, walker, rules, (off, closing), limit) {
        let target = walker.materialize(q, &[on]);
        offer_chain(board, walker, best, rules, (target, at));
    }
}

/// Offers the forcing chain ending at arena entry `target`, whose place
/// in SE's order is `at`, if it could beat the best hint.
fn offer_chain(board: &Board, walker: &mut Walker, best: &mut Best, rules: Rules, (target, at): (u32, u32)) {
    let (_, chain_base, key) = bases(rules);
    if best.could_beat_at(chain_base, walker.arena.path_len(target), key, at) {
        let hint = forcing_hint(board, walker, rules, target);
        best.offer_at(hint, at);
    }
}

/// Whether the walks under `rules` read [`live_successors`]' lists: only
/// under both kinds of links, where the walks are long enough to repay
/// building them (docs/rating.md, "Speed").
fn reads_live_lists(rules: Rules) -> bool {
    rules.cell && rules.house
}

fn sort_key(rules: Rules) -> u8 {
    match (rules.cell, rules.house) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// The off nodes that imply `source` (on) under the walks' rules: the
/// other digit of a bivalue cell, the other place of a digit with two
/// places. They are the negations of what `source` off implies (the same
/// two links read the other way), so they come from the graph. At most
/// four of them; unused slots hold [`NONE`], which is no node.
fn implying_source(w: &Walker, source: Node) -> [Node; 4] {
    let [from, to] = w.spans[conjugate(source) as usize];
    let mut out = [NONE; 4];
    for (slot, &q) in out.iter_mut().zip(&w.graph.edges()[from as usize..to as usize]) {
        *slot = conjugate(q);
    }
    out
}

/// Fills `w.live_spans` and `w.live_edges` from `w.spans`: each on
/// node's consequences that have consequences of their own, in order.
/// Under both kinds of links (where the walks are longest) most off
/// nodes a walk meets imply nothing; with these lists it never visits
/// them, and finds its target another way (see [`walk_from_on`]). The
/// lists are written without a branch per edge: whether an off node
/// implies anything follows no pattern.
fn live_successors(w: &mut Walker) {
    let (edges, spans) = (w.graph.edges(), &w.spans);
    if w.live_edges.len() <= edges.len() {
        w.live_edges.resize(edges.len() + 1, NONE);
    }
    w.live_spans.resize(spans.len(), [0, 0]);
    let mut len = 0usize;
    for p in (1..spans.len()).step_by(2) {
        let [from, to] = spans[p];
        let start = len as u32;
        for &q in &edges[from as usize..to as usize] {
            let [a, b] = spans[q as usize];
            w.live_edges[len] = q;
            len += (a != b) as usize;
        }
        w.live_spans[p] = [start, len as u32];
    }
}

/// SE's `doCycles` and `doForcingChains` from `source` on, in one walk.
/// SE's cycle walk does not merge off nodes, but a repeated off node can
/// only add on nodes already reached, so only its closing of a cycle (an
/// off node implying the source, not on its own path) matters; that is
/// checked at every occurrence. Leaves in `w.found` the cycles of four
/// links or more, in SE's order, and returns the first on node implying
/// the source off, with a lower bound of the nodes the source's forcing
/// chain from "on" rests on (exact when found; `u32::MAX` when there is
/// none).
// Kept out of line: inlined into its caller it measured more
// instructions (callgrind).
#[inline(never)]
fn walk_from_on<const LIVE: bool>(
    board: &mut Board,
    w: &mut Walker,
    source: Node,
    closing: [Node; 4],
    (cycles_limit, chain_limit): (u32, u32),
) -> (Option<Node>, u32) {
    w.begin(board.node_count(), source);
    let epoch = w.epoch;
    let target = conjugate(source);
    w.watch(&closing);
    if LIVE {
        // The on nodes implying the target: the same rules read the other
        // way, so they are the negations of what the source implies.
        let [from, to] = w.spans[source as usize];
        for &q in &w.graph.edges()[from as usize..to as usize] {
            w.marks[conjugate(q) as usize].special = epoch;
        }
    } else {
        w.watch(&[target]);
    }
    w.pending_on.clear();
    w.pending_on.push(source);
    w.found.clear();
    let mut chain = None;
    let mut length = 0;
    let (mut want_cycles, mut want_chain) = (cycles_limit >= 4, chain_limit >= 3);
    let mut floor = if want_chain { u32::MAX } else { NO_FLOOR };
    let edges = w.graph.edges();
    while !w.pending_on.is_empty() {
        // A cycle closed in the coming off layer rests on `length + 2`
        // nodes; a chain reaching the source off there on `length + 2`.
        want_cycles &= length + 2 <= cycles_limit;
        if want_chain && chain.is_none() && length + 2 > chain_limit {
            want_chain = false;
            floor = length + 2;
        }
        want_chain &= chain.is_none();
        if !want_cycles && !want_chain {
            break;
        }
        length += 1;
        w.pending_off.clear();
        for &p in w.pending_on.as_slice() {
            if LIVE {
                if want_chain && chain.is_none() && w.marks[p as usize].special == epoch {
                    chain = Some(p);
                    floor = length + 1;
                }
                let [from, to] = w.live_spans[p as usize];
                for &q in &w.live_edges[from as usize..to as usize] {
                    let mark = w.marks[q as usize];
                    if mark.special == epoch && want_cycles && length + 1 >= 4 && !w.has_ancestor(p, q) {
                        w.found.push((p, q, length + 1));
                    }
                    if mark.seen != epoch {
                        let m = &mut w.marks[q as usize];
                        m.seen = epoch;
                        m.parent = p;
                        w.pending_off.push(q);
                    }
                }
                continue;
            }
            let [from, to] = w.spans[p as usize];
            for &q in &edges[from as usize..to as usize] {
                let mark = w.marks[q as usize];
                if mark.special == epoch {
                    if q == target {
                        if want_chain && chain.is_none() {
                            chain = Some(p);
                            floor = length + 1;
                        }
                    } else if want_cycles && length + 1 >= 4 && !w.has_ancestor(p, q) {
                        w.found.push((p, q, length + 1));
                    }
                }
                if mark.seen != epoch {
                    let m = &mut w.marks[q as usize];
                    m.seen = epoch;
                    m.parent = p;
                    // Most off nodes imply nothing: only the others are
                    // worth a turn in the next layer.
                    if implies_any(&w.spans, q) {
                        w.pending_off.push(q);
                    }
                }
            }
        }
        length += 1;
        w.pending_on.clear();
        expand(
            edges,
            &w.spans,
            w.pending_off.as_slice(),
            &mut w.pending_on,
            (&mut w.marks, epoch),
        );
    }
    (chain, floor)
}

/// SE's `doForcingChains` from `start` off: a plain breadth-first walk
/// that merges nodes; returns the node through which it first reaches
/// `start` on. Only the `closing` off nodes imply `start` on, so the
/// first of them queued is the first the walk would expand into the
/// target: the walk stops there instead of expanding its whole layer.
// Kept out of line: inlined into its caller it measured more
// instructions (callgrind).
#[inline(never)]
fn forcing_from_off(
    board: &mut Board,
    w: &mut Walker,
    rules: Rules,
    (start, closing): (Node, [Node; 4]),
    limit: u32,
) -> Option<Node> {
    debug_assert!(rules.house, "the off rules are the walk's rules");
    w.begin(board.node_count(), start);
    let epoch = w.epoch;
    w.watch(&closing);
    w.pending_off.clear();
    w.pending_off.push(start);
    let edges = w.graph.edges();
    // Depth (from the root) of the nodes waiting in the off queue: a node
    // implied by them rests on depth + 2 nodes.
    let mut off_depth = 0u32;
    loop {
        if off_depth + 2 > limit {
            return None;
        }
        let on_depth = off_depth + 1;
        w.pending_on.clear();
        expand(
            edges,
            &w.spans,
            w.pending_off.as_slice(),
            &mut w.pending_on,
            (&mut w.marks, epoch),
        );
        if w.pending_on.is_empty() {
            return None;
        }
        if on_depth + 2 > limit {
            return None;
        }
        off_depth = on_depth + 1;
        w.pending_off.clear();
        for &p in w.pending_on.as_slice() {
            let [from, to] = w.spans[p as usize];
            for &q in &edges[from as usize..to as usize] {
                let m = &mut w.marks[q as usize];
                if m.seen == epoch {
                    continue;
                }
                m.seen = epoch;
                m.parent = p;
                if m.special == epoch {
                    if off_depth + 2 > limit {
                        return None;
                    }
                    return Some(q);
                }
                if implies_any(&w.spans, q) {
                    w.pending_off.push(q);
                }
            }
        }
        if w.pending_off.is_empty() {
            return None;
        }
    }
}

/// Whether `q` has consequences (`spans` of the walk's rules).
#[inline]
fn implies_any(spans: &[[u32; 2]], q: Node) -> bool {
    let [from, to] = spans[q as usize];
    from != to
}

/// One layer of a merging walk: the nodes `from` implies (`spans` into
/// `edges`) that `seen` (stamped with `epoch`) has not met join `to`, with
/// their parents.
// Inlined into its caller: measured fewer instructions (callgrind) since
// the walks and bounds changed.
#[inline(always)]
fn expand(
    edges: &[Node],
    spans: &[[u32; 2]],
    from: &[Node],
    to: &mut Layer,
    (marks, epoch): (&mut [Mark], u32),
) {
    for &p in from {
        let [start, end] = spans[p as usize];
        for &q in &edges[start as usize..end as usize] {
            let m = &mut marks[q as usize];
            if m.seen != epoch {
                m.seen = epoch;
                m.parent = p;
                to.push(q);
            }
        }
    }
}

/// The cycle closing at `source` through `p` (on) and `q` (off): SE removes a digit from a cell outside
/// the cycle that sees an on node and an off node of the cycle with that
/// digit.
fn cycle_hint(
    board: &Board,
    w: &mut Walker,
    rules: Rules,
    (source, p, q): (Node, Node, Node),
) -> Option<ChainHint> {
    let n = board.n();
    w.trace(p);
    let removals = cycle_removals(n, &mut w.cells, q, &w.trail);
    if removals.is_empty() {
        return None;
    }
    let target = w.materialize(p, &[q, source]);
    let path = w.arena.path(target);
    // `path` runs root .. target, and target is the root again.
    let chain = &path[1..];
    // SE lists the cells from the second node on, the source cell last.
    let mut cells: Vec<usize> = Vec::new();
    for &p in chain.iter().chain(std::iter::once(&path[0])) {
        let c = cell_of(n, p);
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let kind = match (rules.cell, rules.house) {
        (true, true) => ChainKind::Cycle,
        (true, false) => ChainKind::YCycle,
        _ => ChainKind::XCycle,
    };
    let complexity = w.arena.ancestor_count(target, board.node_count());
    let text = cells
        .iter()
        .map(|&c| cell_name(c, n))
        .collect::<Vec<_>>()
        .join(",");
    let rc_text = format!(
        "cells {}: ",
        cells
            .iter()
            .map(|&c| rc_cell(c, n))
            .collect::<Vec<_>>()
            .join(", "),
    );
    Some(ChainHint {
        kind,
        engine: Engine::Unary,
        complexity,
        removals,
        text,
        rc_text,
        cells,
        placement: None,
        pending_path: Some((path, n)),
        targets: Vec::new(),
        nested: Vec::new(),
    })
}

/// The candidates (by cell, then digit) a cell outside the cycle of `q`
/// and `trail` (its path from the source, which closes it) holds and that
/// see an on node and an off node of the cycle with that digit. Most
/// cycles remove nothing, so this is done on cell bitsets before anything
/// else.
fn cycle_removals(n: usize, sets: &mut CellSets, q: Node, trail: &[Node]) -> Vec<(usize, u8)> {
    let words = sets.words;
    sets.chain.fill(0);
    sets.on.fill(0);
    sets.off.fill(0);
    for &p in std::iter::once(&q).chain(trail) {
        let (cell, d) = (cell_of(n, p), digit_of(n, p) as usize - 1);
        sets.chain[cell / 64] |= 1 << (cell % 64);
        let seen = if is_on(p) { &mut sets.on } else { &mut sets.off };
        let peers = &sets.peers[cell * words..(cell + 1) * words];
        for (s, p) in seen[d * words..(d + 1) * words].iter_mut().zip(peers) {
            *s |= p;
        }
    }
    let mut any = 0;
    for i in 0..n * words {
        sets.on[i] &= sets.off[i] & sets.holding[i] & !sets.chain[i % words];
        any |= sets.on[i];
    }
    let mut removals = Vec::new();
    if any == 0 {
        return removals;
    }
    for cell in 0..words * 64 {
        let (word, b) = (cell / 64, cell % 64);
        for d in 0..n {
            if sets.on[d * words + word] >> b & 1 == 1 {
                removals.push((cell, d as u8 + 1));
            }
        }
    }
    removals
}

/// The forcing chain ending at `target` (the negation of its start).
fn forcing_hint(board: &Board, w: &mut Walker, rules: Rules, target: u32) -> ChainHint {
    let n = board.n();
    let p = w.arena.get(target).node;
    let (cell, d) = (cell_of(n, p), digit_of(n, p));
    let removals = if is_on(p) {
        digits(board.masks[cell] & !bit(d)).map(|e| (cell, e)).collect()
    } else {
        vec![(cell, d)]
    };
    let kind = if rules.cell {
        ChainKind::ForcingChain
    } else {
        ChainKind::ForcingXChain
    };
    let complexity = w.arena.ancestor_count(target, board.node_count());
    let state = if is_on(p) { "on" } else { "off" };
    let path = w.arena.path(target);
    ChainHint {
        kind,
        engine: Engine::Unary,
        complexity,
        removals,
        text: format!("{} {}", candidate_name(cell, d, n), state),
        rc_text: format!("{} {}: ", rc_candidate(cell, d, n), state),
        cells: path.iter().map(|&q| cell_of(n, q)).collect(),
        placement: is_on(p).then_some((cell, d)),
        pending_path: Some((path, n)),
        targets: Vec::new(),
        nested: Vec::new(),
    }
}

/// Every cycle and forcing chain on the board, one per set of removals,
/// in SE's order, each with its chain's nodes: what SE's nested chains
/// use of this engine.
pub fn find_all(board: &mut Board, walker: &mut Walker) -> Vec<(ChainHint, ChainTrace)> {
    walker.graph.build(board);
    walker.cells.build(board);
    let mut best = Best::collecting();
    search(board, walker, &mut best);
    best.into_all()
        .into_iter()
        .map(|hint| {
            let trace = path_trace(board, &hint);
            (hint, trace)
        })
        .collect()
}

/// The chains of a cycle or forcing chain hint: its path, and for a
/// cycle also the path reversed (SE's second target), whose on nodes are
/// the path's off nodes.
fn path_trace(board: &Board, hint: &ChainHint) -> ChainTrace {
    let Some((path, _)) = &hint.pending_path else {
        return ChainTrace::default();
    };
    let forward = path
        .iter()
        .enumerate()
        .map(|(i, &q)| {
            let cause = if i > 0 && is_on(q) {
                static_cause(board, path[i - 1], q)
            } else {
                NONE
            };
            (q, cause)
        })
        .collect();
    let mut trace = ChainTrace {
        chains: vec![forward],
    };
    if matches!(
        hint.kind,
        ChainKind::XCycle | ChainKind::YCycle | ChainKind::Cycle
    ) {
        let reversed = path
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &q)| {
                let cause = if i > 0 && !is_on(q) {
                    off_cause(board, path[i - 1], q)
                } else {
                    NONE
                };
                (conjugate(q), cause)
            })
            .collect();
        trace.chains.push(reversed);
    }
    trace
}
