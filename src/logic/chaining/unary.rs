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

use super::engine::{cell_of, conjugate, digit_of, is_on, node, Arena, Board, Graph, Node, Rules, NONE};
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

/// Reusable buffers for the breadth-first walks.
#[derive(Default)]
pub struct Walker {
    graph: Graph,
    /// The entries closing cycles, from the last walk from "on".
    found: Vec<u32>,
    arena: Arena,
    on_entry: Vec<u32>,
    off_seen: Vec<u32>,
    epoch: u32,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    cells: CellSets,
}

/// Cell bitsets (`words` words each) for finding a cycle's removals
/// without walking every peer of every node.
#[derive(Default)]
struct CellSets {
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
        self.peers.clear();
        self.peers.resize(cells * words, 0);
        self.holding.clear();
        self.holding.resize(n * words, 0);
        for cell in 0..cells {
            for &peer in board.peers(cell) {
                self.peers[cell * words + peer / 64] |= 1 << (peer % 64);
            }
            for d in digits(board.masks[cell]) {
                self.holding[(d as usize - 1) * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        self.chain.resize(words, 0);
        self.on.resize(n * words, 0);
        self.off.resize(n * words, 0);
    }
}

impl Walker {
    fn reset(&mut self, nodes: usize) {
        if self.on_entry.len() < nodes {
            self.on_entry.resize(nodes, 0);
            self.off_seen.resize(nodes, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.on_entry.iter_mut().for_each(|s| *s = 0);
            self.off_seen.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.arena.clear();
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
    best.hint
}

/// SE's `getLoopHintList` three times (X, Y, both), every hint offered
/// to `best` in SE's order.
fn search(board: &mut Board, walker: &mut Walker, best: &mut Best) {
    let n = board.n();
    for rules in MODES {
        for cell in 0..board.masks.len() {
            let mask = board.masks[cell];
            if mask.count_ones() < 2 || (!rules.house && mask.count_ones() > 2) {
                continue;
            }
            for d in digits(mask) {
                let on = node(n, cell, d, true);
                search_from(board, walker, best, rules, on);
            }
        }
    }
}

/// SE's `doUnaryChaining` for one candidate: cycles through it, then
/// forcing chains from it on and from it off. The cycles and the forcing
/// chain from "on" come from one walk: SE's two walks from "on" reach the
/// same nodes through the same parents.
fn search_from(board: &mut Board, walker: &mut Walker, best: &mut Best, rules: Rules, on: Node) {
    let key = sort_key(rules);
    let cycle_base = if rules.cell && rules.house { 7.0 } else { 6.5 };
    let chain_base = if rules.cell { 7.0 } else { 6.6 };
    // Only these off nodes imply the source on: a cycle must close
    // through one, and the walk from "off" can only reach its target
    // through one, so without them neither can be found.
    let closing = implying_source(board, rules, on);
    let linked = closing[0] != NONE;
    let wanted = Wanted {
        cycles: linked && best.could_beat(cycle_base, 4, key),
        chain: rules.house && best.could_beat(chain_base, 3, key),
        cycle_base,
        chain_base,
        key,
    };
    if wanted.cycles || wanted.chain {
        let chain = walk_from_on(board, walker, best, rules, on, closing, wanted);
        for i in 0..walker.found.len() {
            let target = walker.found[i];
            // A cycle rests on its path's nodes (the root counted once).
            if !best.could_beat(cycle_base, walker.arena.get(target).depth, key) {
                continue;
            }
            if let Some(hint) = cycle_hint(board, walker, rules, target) {
                best.offer(hint);
            }
        }
        if let Some(target) = chain.filter(|&t| best.could_beat(chain_base, walker.arena.path_len(t), key)) {
            let hint = forcing_hint(board, walker, rules, target);
            best.offer(hint);
        }
    }
    if linked && rules.house && best.could_beat(chain_base, 3, key) {
        let off = conjugate(on);
        let target = forcing_from_off(board, walker, best, rules, (off, closing), chain_base, key);
        if let Some(target) = target.filter(|&t| best.could_beat(chain_base, walker.arena.path_len(t), key)) {
            let hint = forcing_hint(board, walker, rules, target);
            best.offer(hint);
        }
    }
}

/// What a walk from "on" looks for.
#[derive(Clone, Copy)]
struct Wanted {
    cycles: bool,
    chain: bool,
    cycle_base: f64,
    chain_base: f64,
    key: u8,
}

fn sort_key(rules: Rules) -> u8 {
    match (rules.cell, rules.house) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// The off nodes that imply `source` (on) under `rules`: the other digit
/// of a bivalue cell, the other place of a digit with two places.
/// At most four of them; unused slots hold [`NONE`], which is no node.
fn implying_source(board: &Board, rules: Rules, source: Node) -> [Node; 4] {
    let n = board.n();
    let (cell, d) = (cell_of(n, source), digit_of(n, source));
    let mut out = [NONE; 4];
    let mut len = 0;
    if rules.cell && board.masks[cell].count_ones() == 2 {
        let other = digits(board.masks[cell] & !bit(d)).next().expect("bivalue");
        out[len] = node(n, cell, other, false);
        len += 1;
    }
    if rules.house {
        for h in board.houses_se(cell) {
            let mut places = board.positions(h, d).filter(|&c| c != cell);
            if let (Some(other), None) = (places.next(), places.next()) {
                out[len] = node(n, other, d, false);
                len += 1;
            }
        }
    }
    out
}

/// SE's `doCycles` and `doForcingChains` from `source` on, in one walk.
/// SE's cycle walk does not merge off nodes, but a repeated off node can
/// only add on nodes already reached, so only its closing of a cycle (an
/// off node implying the source, not on its own path) matters; that is
/// checked at every occurrence. Leaves in `w.found` the entries closing
/// cycles of four links or more, in SE's order, and returns the first
/// entry reaching the source off.
fn walk_from_on(
    board: &mut Board,
    w: &mut Walker,
    best: &Best,
    rules: Rules,
    source: Node,
    closing: [Node; 4],
    wanted: Wanted,
) -> Option<u32> {
    w.reset(board.node_count());
    let epoch = w.epoch;
    let target = conjugate(source);
    let root = w.arena.push(source, NONE);
    w.on_entry[source as usize] = epoch;
    w.pending_on.clear();
    w.pending_on.push(root);
    w.found.clear();
    let mut chain = None;
    let mut length = 0;
    let (mut want_cycles, mut want_chain) = (wanted.cycles, wanted.chain);
    while !w.pending_on.is_empty() {
        // A cycle closed in the coming off layer rests on `length + 2`
        // nodes; a chain reaching the source off there on `length + 2`.
        want_cycles &= best.could_beat(wanted.cycle_base, length + 2, wanted.key);
        want_chain &= chain.is_none() && best.could_beat(wanted.chain_base, length + 2, wanted.key);
        if !want_cycles && !want_chain {
            break;
        }
        length += 1;
        w.pending_off.clear();
        for i in 0..w.pending_on.len() {
            let id = w.pending_on[i];
            let p = w.arena.get(id).node;
            for &q in w.graph.next(p, rules) {
                if q == target && chain.is_none() && want_chain {
                    chain = Some(w.arena.push(q, id));
                }
                let closes = want_cycles && length + 1 >= 4 && closing.contains(&q);
                if closes && !w.arena.has_ancestor(id, q) {
                    let off = w.arena.push(q, id);
                    let closed = w.arena.push(source, off);
                    w.found.push(closed);
                }
                if w.off_seen[q as usize] != epoch {
                    w.off_seen[q as usize] = epoch;
                    let e = w.arena.push(q, id);
                    w.pending_off.push(e);
                }
            }
        }
        length += 1;
        w.pending_on.clear();
        // No on node is a target here (`NONE` is no node).
        expand(
            &mut w.arena,
            &w.graph,
            &w.pending_off,
            &mut w.pending_on,
            (&mut w.on_entry, epoch),
            rules,
            NONE,
        );
    }
    chain
}

/// SE's `doForcingChains` from `start` off: a plain breadth-first walk
/// that merges nodes; returns the first entry reaching `start` on. Only
/// the `closing` off nodes imply `start` on, so the first of them queued
/// is the first the walk would expand into the target: the walk stops
/// there instead of expanding its whole layer.
fn forcing_from_off(
    board: &mut Board,
    w: &mut Walker,
    best: &Best,
    rules: Rules,
    (start, closing): (Node, [Node; 4]),
    base: f64,
    key: u8,
) -> Option<u32> {
    w.reset(board.node_count());
    let epoch = w.epoch;
    let root = w.arena.push(start, NONE);
    let target = conjugate(start);
    w.pending_on.clear();
    w.pending_off.clear();
    w.off_seen[start as usize] = epoch;
    w.pending_off.push(root);
    // Depth (from the root) of the nodes waiting in the off queue: a node
    // implied by them rests on depth + 2 nodes.
    let mut off_depth = 0u32;
    loop {
        if !best.could_beat(base, off_depth + 2, key) {
            return None;
        }
        let on_depth = off_depth + 1;
        w.pending_on.clear();
        // Off nodes imply on nodes only: no target in this layer.
        expand(
            &mut w.arena,
            &w.graph,
            &w.pending_off,
            &mut w.pending_on,
            (&mut w.on_entry, epoch),
            rules,
            NONE,
        );
        if w.pending_on.is_empty() {
            return None;
        }
        if !best.could_beat(base, on_depth + 2, key) {
            return None;
        }
        off_depth = on_depth + 1;
        w.pending_off.clear();
        for i in 0..w.pending_on.len() {
            let id = w.pending_on[i];
            let p = w.arena.get(id).node;
            for &q in w.graph.next(p, rules) {
                if w.off_seen[q as usize] == epoch {
                    continue;
                }
                w.off_seen[q as usize] = epoch;
                let e = w.arena.push(q, id);
                if closing.contains(&q) {
                    if !best.could_beat(base, off_depth + 2, key) {
                        return None;
                    }
                    return Some(w.arena.push(target, e));
                }
                w.pending_off.push(e);
            }
        }
        if w.pending_off.is_empty() {
            return None;
        }
    }
}

/// One layer of a merging walk: the nodes `from` implies under `rules`
/// that `seen` (stamped with `epoch`) has not met join `to`; returns the
/// entry reaching `target`, if one does.
fn expand(
    arena: &mut Arena,
    graph: &Graph,
    from: &[u32],
    to: &mut Vec<u32>,
    (seen, epoch): (&mut [u32], u32),
    rules: Rules,
    target: Node,
) -> Option<u32> {
    for &id in from {
        let p = arena.get(id).node;
        for &q in graph.next(p, rules) {
            if q == target {
                return Some(arena.push(q, id));
            }
            if seen[q as usize] != epoch {
                seen[q as usize] = epoch;
                to.push(arena.push(q, id));
            }
        }
    }
    None
}

/// The cycle closed at `target`: SE removes a digit from a cell outside
/// the cycle that sees an on node and an off node of the cycle with that
/// digit.
fn cycle_hint(board: &Board, w: &mut Walker, rules: Rules, target: u32) -> Option<ChainHint> {
    let n = board.n();
    let removals = cycle_removals(n, &w.arena, &mut w.cells, target);
    if removals.is_empty() {
        return None;
    }
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
        "cells {}: {}",
        cells
            .iter()
            .map(|&c| rc_cell(c, n))
            .collect::<Vec<_>>()
            .join(", "),
        path_text(&path, n)
    );
    Some(ChainHint {
        kind,
        engine: Engine::Unary,
        complexity,
        removals,
        text,
        rc_text,
        cells,
    })
}

/// The candidates (by cell, then digit) a cell outside the cycle closed
/// at `target` holds and that see an on node and an off node of the cycle
/// with that digit. Most cycles remove nothing, so this is done on cell
/// bitsets before anything else.
fn cycle_removals(n: usize, arena: &Arena, sets: &mut CellSets, target: u32) -> Vec<(usize, u8)> {
    let words = sets.words;
    sets.chain.fill(0);
    sets.on.fill(0);
    sets.off.fill(0);
    // Every node but the root: the target stands for it.
    let mut at = target;
    loop {
        let e = arena.get(at);
        if e.parent == NONE {
            break;
        }
        let (cell, d) = (cell_of(n, e.node), digit_of(n, e.node) as usize - 1);
        sets.chain[cell / 64] |= 1 << (cell % 64);
        let seen = if is_on(e.node) {
            &mut sets.on
        } else {
            &mut sets.off
        };
        let peers = &sets.peers[cell * words..(cell + 1) * words];
        for (s, p) in seen[d * words..(d + 1) * words].iter_mut().zip(peers) {
            *s |= p;
        }
        at = e.parent;
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
    ChainHint {
        kind,
        engine: Engine::Unary,
        complexity,
        removals,
        text: format!("{} {}", candidate_name(cell, d, n), state),
        rc_text: format!(
            "{} {}: {}",
            rc_candidate(cell, d, n),
            state,
            path_text(&w.arena.path(target), n)
        ),
        cells: w.arena.path(target).iter().map(|&q| cell_of(n, q)).collect(),
    }
}

/// A chain as its nodes, each implying the next:
/// `(6)r2c1 on => (6)r2c5 off => ...`.
fn path_text(path: &[Node], n: usize) -> String {
    path.iter()
        .map(|&p| {
            let state = if is_on(p) { "on" } else { "off" };
            format!("{} {state}", rc_candidate(cell_of(n, p), digit_of(n, p), n))
        })
        .collect::<Vec<_>>()
        .join(" => ")
}
