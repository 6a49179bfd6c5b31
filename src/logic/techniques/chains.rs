//! The search shared by X-chains, XY-chains and alternating inference
//! chains (AIC): a breadth-first search over candidates joined by strong
//! links (one of the two must be true) and weak links (they cannot both be
//! true), alternating strong and weak.
//!
//! A chain starts with a candidate `s` assumed false; a strong link makes
//! the next candidate true, a weak link makes the one after false, and so
//! on. Reaching a true candidate `t` proves "`s` or `t`", so any candidate
//! weakly linked to both is false. Reaching `s` itself as true proves `s`.
//! Breadth-first order finds the shortest chain from each start; the search
//! keeps the shortest over all starts, which is the easiest to rate.

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{write_chain, Candidate, Cell, Pattern, Step};
use super::super::technique::{chain_length_bonus, Technique};
use std::fmt;

/// An alternating chain: nodes joined by strong and weak links in turn,
/// starting with a strong link; one of its two ends is true.
#[derive(Debug)]
pub(crate) struct Chain {
    pub nodes: Vec<Candidate>,
}

impl Pattern for Chain {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("one end of the chain ")?;
        write_chain(f, &self.nodes)?;
        f.write_str(" is true")
    }
}

/// Which links a kind of chain may use.
#[derive(Clone, Copy)]
pub(super) struct Links {
    /// Strong link between the two candidates of a bivalue cell.
    pub strong_in_cell: bool,
    /// Strong link between the two places of a digit in a house.
    pub strong_in_house: bool,
    /// Weak link between two candidates of one cell.
    pub weak_in_cell: bool,
}

/// A chain found, with what it proves.
struct Found {
    nodes: Vec<usize>,
    eliminations: Vec<usize>,
    placement: Option<usize>,
}

/// Finds the shortest chain of at most `max_nodes` nodes using `links`
/// that removes or places something. Only candidates of the digits in
/// `digit_mask` get strong links (X-chains search a few digits at once).
pub(super) fn find(
    c: &Candidates,
    links: Links,
    technique: Technique,
    max_nodes: usize,
    digit_mask: u32,
) -> Option<Step> {
    let graph = Graph::new(c, links, digit_mask);
    let found = graph.shortest(max_nodes)?;
    Some(graph.step(found, technique))
}

/// The strong links of the current position, as a compact adjacency list
/// over candidate ids `cell * n + digit - 1`.
struct Graph<'a> {
    c: &'a Candidates,
    links: Links,
    n: usize,
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl<'a> Graph<'a> {
    fn new(c: &'a Candidates, links: Links, digit_mask: u32) -> Graph<'a> {
        let n = c.n();
        let mut offsets = Vec::with_capacity(c.cell_count() * n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for cell in 0..c.cell_count() {
            let mask = c.mask(cell);
            for d in 1..=n as u8 {
                if mask & digit_mask & bit(d) != 0 {
                    strong_partners(c, links, cell, d, &mut targets);
                }
                offsets.push(targets.len() as u32);
            }
        }
        Graph {
            c,
            links,
            n,
            offsets,
            targets,
        }
    }

    fn strong(&self, node: usize) -> &[u32] {
        &self.targets[self.offsets[node] as usize..self.offsets[node + 1] as usize]
    }

    fn cell(&self, node: usize) -> usize {
        node / self.n
    }

    fn digit(&self, node: usize) -> u8 {
        (node % self.n) as u8 + 1
    }

    /// Whether two distinct candidates cannot both be true.
    fn weakly_linked(&self, a: usize, b: usize) -> bool {
        let (ca, cb) = (self.cell(a), self.cell(b));
        if ca == cb {
            a != b
        } else {
            a % self.n == b % self.n && self.c.tables().sees(ca, cb)
        }
    }

    /// Calls `f` with each candidate weakly linked to `node` that the chain
    /// kind may step to.
    fn for_each_weak(&self, node: usize, mut f: impl FnMut(usize)) {
        let (cell, d) = (self.cell(node), self.digit(node));
        if self.links.weak_in_cell {
            for e in digits(self.c.mask(cell) & !bit(d)) {
                f(cell * self.n + e as usize - 1);
            }
        }
        for &p in self.c.tables().peers(cell) {
            if self.c.mask(p) & bit(d) != 0 {
                f(p * self.n + d as usize - 1);
            }
        }
    }

    /// Every candidate weakly linked to `node`, whatever the chain kind:
    /// the ones a conclusion about `node` can remove.
    fn victims_of(&self, node: usize) -> Vec<usize> {
        let (cell, d) = (self.cell(node), self.digit(node));
        let mut out: Vec<usize> = digits(self.c.mask(cell) & !bit(d))
            .map(|e| cell * self.n + e as usize - 1)
            .collect();
        out.extend(
            self.c
                .tables()
                .peers(cell)
                .iter()
                .filter(|&&p| self.c.mask(p) & bit(d) != 0)
                .map(|&p| p * self.n + d as usize - 1),
        );
        out
    }

    fn shortest(&self, max_nodes: usize) -> Option<Found> {
        let total = self.offsets.len() - 1;
        let mut search = Search {
            seen_on: vec![u32::MAX; total],
            seen_off: vec![u32::MAX; total],
            parent_on: vec![0; total],
            parent_off: vec![0; total],
            frontier: Vec::new(),
            next: Vec::new(),
        };
        let mut best: Option<Found> = None;
        let mut limit = max_nodes;
        for start in 0..total {
            if self.strong(start).is_empty() {
                continue;
            }
            if let Some(found) = self.search_from(start, limit, &mut search) {
                limit = found.nodes.len() - 1;
                best = Some(found);
                if limit < 2 {
                    break;
                }
            }
        }
        best
    }

    /// Breadth-first search from `start` assumed false, for chains of at
    /// most `limit` nodes.
    fn search_from(&self, start: usize, limit: usize, s: &mut Search) -> Option<Found> {
        let stamp = start as u32;
        let victims = self.victims_of(start);
        s.seen_off[start] = stamp;
        let mut frontier = std::mem::take(&mut s.frontier);
        let mut next = std::mem::take(&mut s.next);
        frontier.clear();
        // Layer 1: the strong partners of the start are true.
        for &v in self.strong(start) {
            let v = v as usize;
            if s.seen_on[v] != stamp {
                s.seen_on[v] = stamp;
                s.parent_on[v] = start as u32;
                frontier.push(v);
            }
        }
        let mut nodes = 2;
        while !frontier.is_empty() && nodes <= limit {
            let found = frontier
                .iter()
                .find_map(|&t| self.conclusion(start, t, &victims, s));
            if found.is_some() {
                s.frontier = frontier;
                s.next = next;
                return found;
            }
            if nodes + 2 > limit {
                break;
            }
            next.clear();
            for &t in &frontier {
                self.for_each_weak(t, |u| {
                    if s.seen_off[u] == stamp || self.strong(u).is_empty() {
                        return;
                    }
                    s.seen_off[u] = stamp;
                    s.parent_off[u] = t as u32;
                    for &v in self.strong(u) {
                        let v = v as usize;
                        if v == start || s.seen_on[v] != stamp {
                            if v != start {
                                s.seen_on[v] = stamp;
                            }
                            s.parent_on[v] = u as u32;
                            next.push(v);
                        }
                    }
                });
            }
            std::mem::swap(&mut frontier, &mut next);
            nodes += 2;
        }
        s.frontier = frontier;
        s.next = next;
        None
    }

    /// What the chain from `start` (false) to `end` (true) proves.
    fn conclusion(&self, start: usize, end: usize, victims: &[usize], s: &Search) -> Option<Found> {
        if end == start {
            let nodes = self.path(start, end, s);
            return Some(Found {
                nodes,
                eliminations: Vec::new(),
                placement: Some(start),
            });
        }
        let eliminations: Vec<usize> = victims
            .iter()
            .copied()
            .filter(|&e| e != end && self.weakly_linked(e, end))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        Some(Found {
            nodes: self.path(start, end, s),
            eliminations,
            placement: None,
        })
    }

    /// The chain from `start` to `end`, read back through the parents.
    fn path(&self, start: usize, end: usize, s: &Search) -> Vec<usize> {
        let mut nodes = vec![end];
        let mut on = end;
        loop {
            let off = s.parent_on[on] as usize;
            nodes.push(off);
            if off == start {
                break;
            }
            on = s.parent_off[off] as usize;
            nodes.push(on);
        }
        nodes.reverse();
        nodes
    }

    fn step(&self, found: Found, technique: Technique) -> Step {
        let n = self.n;
        let candidate = |node: usize| Candidate {
            cell: Cell::of(self.cell(node), n),
            digit: self.digit(node),
        };
        let nodes = found.nodes.iter().map(|&x| candidate(x)).collect();
        let mut step = Step::new(technique, Chain { nodes })
            .rated(technique.score() + chain_length_bonus(found.nodes.len()));
        for &e in &found.eliminations {
            step.eliminate(self.cell(e), self.digit(e), n);
        }
        if let Some(p) = found.placement {
            step.placements.push(candidate(p));
        }
        step
    }
}

/// Scratch arrays for the breadth-first search, stamped with the start so
/// they need no clearing between starts.
struct Search {
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    parent_on: Vec<u32>,
    parent_off: Vec<u32>,
    frontier: Vec<usize>,
    next: Vec<usize>,
}

/// Pushes the strong partners of `(cell, d)` allowed by `links`.
fn strong_partners(c: &Candidates, links: Links, cell: usize, d: u8, out: &mut Vec<u32>) {
    let n = c.n();
    let first = out.len();
    let mask = c.mask(cell);
    if links.strong_in_cell && mask.count_ones() == 2 {
        let e = digits(mask & !bit(d)).next().unwrap_or(d);
        out.push((cell * n + e as usize - 1) as u32);
    }
    if links.strong_in_house {
        for h in c.tables().houses_of(cell) {
            if let Some([a, b]) = c.two_places(h, d) {
                let other = if a == cell { b } else { a };
                let id = (other * n + d as usize - 1) as u32;
                if !out[first..].contains(&id) {
                    out.push(id);
                }
            }
        }
    }
}
