//! Dancing links with primary and secondary items, for variant rules.
//!
//! The classic engine packs every option into exactly four nodes, which
//! its speed depends on; a variant option covers a varying number of
//! items (one more per extra house through its cell, one per conflict),
//! so it gets this general matrix instead of a slower classic one:
//!
//! - primary items (covered exactly once): "cell holds a digit" and
//!   "house holds digit d" for every house, extra houses included;
//! - secondary items (covered at most once, Knuth's way: they are never
//!   chosen, only covered when an option holding them is): one per pair of
//!   placements a conflict forbids together, e.g. "r1c1=5 and r2c3=5" for
//!   anti-knight. A secondary item is the same as pruning the other option
//!   when one is chosen, written in the matrix so that cover/uncover undo
//!   it with no extra bookkeeping.

use crate::engine::Count;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Conflict, Variant};
use rand::seq::SliceRandom;
use rand::RngCore;

/// The exact-cover matrix of one variant on one shape, with its links.
#[derive(Clone)]
pub(crate) struct VariantDlx {
    shape: Shape,
    /// Header node of the list of primary items still to cover.
    root: usize,
    l: Vec<u32>,
    r: Vec<u32>,
    u: Vec<u32>,
    d: Vec<u32>,
    /// The item of every node (headers point at themselves).
    top: Vec<u32>,
    /// Options still linked in each item.
    len: Vec<u32>,
    /// The option of every node past the headers.
    option_of: Vec<u32>,
    /// First node of every option.
    first: Vec<u32>,
    covered: Vec<bool>,
    excluded: Vec<bool>,
    nodes: u64,
}

/// What one search is asked for and what it found.
struct Run<'a> {
    limit: u64,
    budget: Option<u64>,
    rng: Option<&'a mut dyn RngCore>,
    solutions: u64,
    first: Option<Vec<u32>>,
    stack: Vec<u32>,
    aborted: bool,
}

impl VariantDlx {
    /// The matrix of `variant` on `shape` (the variant already checked).
    pub(crate) fn new(shape: Shape, variant: &Variant) -> VariantDlx {
        let n = shape.n();
        let houses = variant.houses(shape);
        let mut items_of: Vec<Vec<u32>> = vec![Vec::new(); shape.cells() * n];
        for cell in 0..shape.cells() {
            for d in 0..n {
                items_of[cell * n + d].push(cell as u32);
            }
        }
        for (h, cells) in houses.iter().enumerate() {
            for &cell in cells {
                for d in 0..n {
                    items_of[cell * n + d].push((shape.cells() + h * n + d) as u32);
                }
            }
        }
        let primary = shape.cells() + houses.len() * n;
        let mut items = primary;
        let mut pair = |a: usize, b: usize, items_of: &mut Vec<Vec<u32>>| {
            items_of[a].push(items as u32);
            items_of[b].push(items as u32);
            items += 1;
        };
        for conflict in variant.conflicts(shape) {
            match conflict {
                Conflict::SameDigit(a, b) => (0..n).for_each(|d| pair(a * n + d, b * n + d, &mut items_of)),
                Conflict::Consecutive(a, b) => {
                    for d in 0..n - 1 {
                        pair(a * n + d, b * n + d + 1, &mut items_of);
                        pair(a * n + d + 1, b * n + d, &mut items_of);
                    }
                }
            }
        }
        VariantDlx::link(shape, primary, items, &items_of)
    }

    fn link(shape: Shape, primary: usize, items: usize, items_of: &[Vec<u32>]) -> VariantDlx {
        let root = items;
        let total = items + 1 + items_of.iter().map(Vec::len).sum::<usize>();
        let mut m = VariantDlx {
            shape,
            root,
            l: (0..total as u32).collect(),
            r: (0..total as u32).collect(),
            u: (0..total as u32).collect(),
            d: (0..total as u32).collect(),
            top: (0..total as u32).collect(),
            len: vec![0; items],
            option_of: vec![0; total],
            first: Vec::with_capacity(items_of.len()),
            covered: vec![false; items],
            excluded: vec![false; items_of.len()],
            nodes: 0,
        };
        // Primary items and the root form one circular list.
        let ring: Vec<usize> = (0..primary).chain([root]).collect();
        for (k, &i) in ring.iter().enumerate() {
            m.r[i] = ring[(k + 1) % ring.len()] as u32;
            m.l[ring[(k + 1) % ring.len()]] = i as u32;
        }
        let mut node = items + 1;
        for (o, its) in items_of.iter().enumerate() {
            m.first.push(node as u32);
            let start = node;
            for &item in its {
                let item = item as usize;
                m.top[node] = item as u32;
                m.option_of[node] = o as u32;
                m.u[node] = m.u[item];
                m.d[node] = item as u32;
                let above = m.u[item] as usize;
                m.d[above] = node as u32;
                m.u[item] = node as u32;
                m.len[item] += 1;
                m.l[node] = if node == start { (start + its.len() - 1) as u32 } else { (node - 1) as u32 };
                m.r[node] = if node + 1 == start + its.len() { start as u32 } else { (node + 1) as u32 };
                node += 1;
            }
        }
        m
    }

    fn hide(&mut self, p: usize) {
        let mut q = self.r[p] as usize;
        while q != p {
            let (up, down) = (self.u[q] as usize, self.d[q] as usize);
            self.d[up] = down as u32;
            self.u[down] = up as u32;
            self.len[self.top[q] as usize] -= 1;
            q = self.r[q] as usize;
        }
    }

    fn unhide(&mut self, p: usize) {
        let mut q = self.l[p] as usize;
        while q != p {
            let (up, down) = (self.u[q] as usize, self.d[q] as usize);
            self.d[up] = q as u32;
            self.u[down] = q as u32;
            self.len[self.top[q] as usize] += 1;
            q = self.l[q] as usize;
        }
    }

    fn cover(&mut self, i: usize) {
        self.covered[i] = true;
        let (li, ri) = (self.l[i] as usize, self.r[i] as usize);
        self.r[li] = ri as u32;
        self.l[ri] = li as u32;
        let mut p = self.d[i] as usize;
        while p != i {
            self.hide(p);
            p = self.d[p] as usize;
        }
    }

    fn uncover(&mut self, i: usize) {
        let mut p = self.u[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.u[p] as usize;
        }
        let (li, ri) = (self.l[i] as usize, self.r[i] as usize);
        self.r[li] = i as u32;
        self.l[ri] = i as u32;
        self.covered[i] = false;
    }

    /// Covers the other items of the option holding node `p`.
    fn choose_row(&mut self, p: usize) {
        let mut j = self.r[p] as usize;
        while j != p {
            self.cover(self.top[j] as usize);
            j = self.r[j] as usize;
        }
    }

    fn unchoose_row(&mut self, p: usize) {
        let mut j = self.l[p] as usize;
        while j != p {
            self.uncover(self.top[j] as usize);
            j = self.l[j] as usize;
        }
    }

    fn option(&self, cell: usize, digit: u8) -> usize {
        cell * self.shape.n() + digit as usize - 1
    }

    /// Whether an option can still be chosen: not excluded, and none of its
    /// items covered (covering an item hides every option holding it).
    fn available(&self, o: usize) -> bool {
        if self.excluded[o] {
            return false;
        }
        let start = self.first[o] as usize;
        let mut j = start;
        loop {
            if self.covered[self.top[j] as usize] {
                return false;
            }
            j = self.r[j] as usize;
            if j == start {
                return true;
            }
        }
    }

    /// Chooses the givens of `puzzle`; on a clash undoes what it chose
    /// and returns `None`, else the options chosen, in order.
    fn select_givens(&mut self, puzzle: &Grid) -> Option<Vec<u32>> {
        let mut chosen = Vec::with_capacity(puzzle.given_count());
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let o = self.option(cell, digit);
            if !self.available(o) {
                self.deselect(&chosen);
                return None;
            }
            let p = self.first[o] as usize;
            self.cover(self.top[p] as usize);
            self.choose_row(p);
            chosen.push(o as u32);
        }
        Some(chosen)
    }

    fn deselect(&mut self, chosen: &[u32]) {
        for &o in chosen.iter().rev() {
            let p = self.first[o as usize] as usize;
            self.unchoose_row(p);
            self.uncover(self.top[p] as usize);
        }
    }

    /// Removes an available option from every item it is in.
    #[cfg(test)]
    fn exclude(&mut self, o: usize) {
        self.excluded[o] = true;
        let p = self.first[o] as usize;
        let mut q = p;
        loop {
            let (up, down) = (self.u[q] as usize, self.d[q] as usize);
            self.d[up] = down as u32;
            self.u[down] = up as u32;
            self.len[self.top[q] as usize] -= 1;
            q = self.r[q] as usize;
            if q == p {
                break;
            }
        }
    }

    #[cfg(test)]
    fn include(&mut self, o: usize) {
        let p = self.first[o] as usize;
        let mut q = self.l[p] as usize;
        loop {
            let (up, down) = (self.u[q] as usize, self.d[q] as usize);
            self.d[up] = q as u32;
            self.u[down] = q as u32;
            self.len[self.top[q] as usize] += 1;
            if q == p {
                break;
            }
            q = self.l[q] as usize;
        }
        self.excluded[o] = false;
    }

    /// The uncovered primary item with fewest options (the first on ties).
    fn pick(&self) -> usize {
        let mut best = self.root;
        let mut best_len = u32::MAX;
        let mut i = self.r[self.root] as usize;
        while i != self.root {
            let len = self.len[i];
            if len < best_len {
                best = i;
                best_len = len;
                if len <= 1 {
                    break;
                }
            }
            i = self.r[i] as usize;
        }
        best
    }

    /// Algorithm X from the current state; returns whether to stop.
    fn search(&mut self, run: &mut Run) -> bool {
        if self.r[self.root] as usize == self.root {
            run.solutions += 1;
            if run.first.is_none() {
                run.first = Some(run.stack.clone());
            }
            return run.solutions >= run.limit;
        }
        self.nodes += 1;
        if run.budget.is_some_and(|b| self.nodes > b) {
            run.aborted = true;
            return true;
        }
        let c = self.pick();
        if self.len[c] == 0 {
            return false;
        }
        self.cover(c);
        let mut stop = false;
        if let Some(rng) = run.rng.as_deref_mut() {
            let mut rows = Vec::with_capacity(self.len[c] as usize);
            let mut p = self.d[c] as usize;
            while p != c {
                rows.push(p as u32);
                p = self.d[p] as usize;
            }
            rows.shuffle(rng);
            for p in rows {
                stop = self.try_row(p as usize, run);
                if stop {
                    break;
                }
            }
        } else {
            let mut p = self.d[c] as usize;
            while p != c && !stop {
                stop = self.try_row(p, run);
                p = self.d[p] as usize;
            }
        }
        self.uncover(c);
        stop
    }

    /// Chooses the option of node `p`, searches below it, and undoes it.
    fn try_row(&mut self, p: usize, run: &mut Run) -> bool {
        run.stack.push(self.option_of[p]);
        self.choose_row(p);
        let stop = self.search(run);
        self.unchoose_row(p);
        run.stack.pop();
        stop
    }

    fn grid_of(&self, puzzle: &Grid, options: &[u32]) -> Grid {
        let n = self.shape.n();
        let mut grid = puzzle.clone();
        for &o in options {
            grid.set(o as usize / n, (o as usize % n) as u8 + 1);
        }
        grid
    }

    fn run_on(&mut self, puzzle: &Grid, mut run: Run) -> Count {
        self.nodes = 0;
        let Some(chosen) = self.select_givens(puzzle) else {
            return Count::none();
        };
        self.search(&mut run);
        self.deselect(&chosen);
        Count {
            solutions: run.solutions,
            first: run.first.as_ref().map(|s| self.grid_of(puzzle, s)),
            effort: self.nodes,
            complete: !run.aborted,
        }
    }

    /// Counts solutions of `puzzle` up to `limit`, searching at most
    /// `budget` nodes.
    pub(crate) fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count {
        self.run_on(puzzle, Run::new(limit, budget, None))
    }

    /// Whether `puzzle` has a solution with `digit` not in `cell` (an empty
    /// cell of the puzzle): with `digit` the cell's value in a known
    /// solution, whether emptying the cell lost uniqueness. `None` past
    /// the budget.
    #[cfg(test)]
    pub(crate) fn has_other(&mut self, puzzle: &Grid, cell: usize, digit: u8, budget: Option<u64>) -> Option<bool> {
        self.nodes = 0;
        let Some(chosen) = self.select_givens(puzzle) else {
            return Some(false);
        };
        let o = self.option(cell, digit);
        let mut run = Run::new(1, budget, None);
        if self.available(o) {
            self.exclude(o);
            self.search(&mut run);
            self.include(o);
        } else {
            self.search(&mut run);
        }
        self.deselect(&chosen);
        (!run.aborted).then_some(run.solutions > 0)
    }
}

impl<'a> Run<'a> {
    fn new(limit: u64, budget: Option<u64>, rng: Option<&'a mut dyn RngCore>) -> Run<'a> {
        Run {
            limit: limit.max(1),
            budget,
            rng,
            solutions: 0,
            first: None,
            stack: Vec::new(),
            aborted: false,
        }
    }
}
