//! The SAT model of a variant: the classic CNF's exactly-one constraints
//! for every house of the variant, plus one binary clause per pair of
//! placements a conflict forbids. It is the independent check of the
//! variant DLX matrix: the same rules, a different solver.

use crate::engine::sat::cnf::{option_lit, pairwise, sequential, AtMostOne, Cnf};
use crate::engine::Count;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Conflict, Variant};
use rand::seq::SliceRandom;
use rand::RngCore;
use varisat::{ExtendFormula, Lit, Solver};

/// The formula of one variant on one shape; each count loads it into a
/// fresh solver, so counts never influence each other. Digging probes
/// share one loaded solver instead (`has_other`): they only add
/// assumptions, so what it learns stays true for every probe.
pub(crate) struct VariantSat {
    shape: Shape,
    cnf: Cnf,
    /// The variant's houses and conflicts, for formulas over part of the
    /// board ([`VariantSat::has_solution_within`]).
    houses: Vec<Vec<usize>>,
    conflicts: Vec<Conflict>,
    probe: Option<ProbeSolver>,
}

/// The solver kept for digging probes.
struct ProbeSolver(Solver<'static>);

// SAFETY: `Solver` is `!Send` only because it can hold a proof writer and
// proof processors, which need not be `Send`. This solver never gets
// either (it is built by `Solver::new` and only given clauses and
// assumptions), so it owns plain data that may move between threads.
unsafe impl Send for ProbeSolver {}

/// A fresh solver holding `cnf`.
fn solver_of(cnf: &Cnf) -> Solver<'static> {
    let mut solver = Solver::new();
    for _ in 0..cnf.vars {
        solver.new_var();
    }
    for clause in &cnf.clauses {
        solver.add_clause(clause);
    }
    solver
}

/// The rules of a variant as clauses over the placements `lit` names
/// (digit `d`, 0-based, in `cell`; `None`: ruled out, as a false
/// literal would be): exactly one digit per cell, exactly one place per
/// house and digit, and no two placements a conflict forbids. `vars`
/// counts the variables `lit` uses; at-most-one encodings may add more.
/// `None` when some cell or some digit of a house has no placement left.
fn encode(
    shape: Shape,
    houses: &[Vec<usize>],
    conflicts: &[Conflict],
    vars: usize,
    lit: impl Fn(usize, usize) -> Option<Lit>,
) -> Option<Cnf> {
    let n = shape.n();
    let amo = AtMostOne::for_shape(shape);
    let mut cnf = Cnf {
        vars,
        clauses: Vec::new(),
    };
    let exactly_one = |cnf: &mut Cnf, lits: Vec<Lit>| {
        if lits.is_empty() {
            return None;
        }
        cnf.clauses.push(lits.clone());
        match amo {
            AtMostOne::Pairwise => pairwise(cnf, &lits),
            AtMostOne::Sequential => sequential(cnf, &lits),
        }
        Some(())
    };
    for cell in 0..shape.cells() {
        exactly_one(&mut cnf, (0..n).filter_map(|d| lit(cell, d)).collect())?;
    }
    for house in houses {
        for d in 0..n {
            exactly_one(&mut cnf, house.iter().filter_map(|&cell| lit(cell, d)).collect())?;
        }
    }
    let not_both = |cnf: &mut Cnf, (a, d): (usize, usize), (b, e): (usize, usize)| {
        if let (Some(x), Some(y)) = (lit(a, d), lit(b, e)) {
            cnf.clauses.push(vec![!x, !y]);
        }
    };
    for &conflict in conflicts {
        match conflict {
            Conflict::SameDigit(a, b) => (0..n).for_each(|d| not_both(&mut cnf, (a, d), (b, d))),
            Conflict::Consecutive(a, b) => {
                for d in 0..n - 1 {
                    not_both(&mut cnf, (a, d), (b, d + 1));
                    not_both(&mut cnf, (a, d + 1), (b, d));
                }
            }
        }
    }
    Some(cnf)
}

impl Clone for VariantSat {
    /// A copy of the formula; the probe solver is rebuilt when needed.
    fn clone(&self) -> VariantSat {
        VariantSat {
            shape: self.shape,
            cnf: self.cnf.clone(),
            houses: self.houses.clone(),
            conflicts: self.conflicts.clone(),
            probe: None,
        }
    }
}

impl VariantSat {
    /// The formula of `variant` on `shape` (the variant already checked).
    pub(crate) fn new(shape: Shape, variant: &Variant) -> VariantSat {
        let n = shape.n();
        let (houses, conflicts) = (variant.houses(shape), variant.conflicts(shape));
        let cnf = encode(shape, &houses, &conflicts, shape.cells() * n, |cell, d| {
            Some(option_lit(cell * n + d))
        })
        .expect("every placement is open on an empty board");
        VariantSat {
            shape,
            cnf,
            houses,
            conflicts,
            probe: None,
        }
    }

    fn loaded(&self) -> Solver<'static> {
        solver_of(&self.cnf)
    }

    fn grid_of(&self, model: Vec<Lit>) -> (Grid, Vec<Lit>) {
        let n = self.shape.n();
        let mut grid = Grid::empty(self.shape);
        let mut block = Vec::new();
        for lit in model {
            let o = lit.var().index();
            if lit.is_positive() && o < self.shape.cells() * n {
                grid.set(o / n, (o % n) as u8 + 1);
                block.push(!lit);
            }
        }
        (grid, block)
    }

    /// A random complete grid: random placements are assumed one by one
    /// (each kept only if a grid still exists) on `2n` random cells, then
    /// the solver completes the grid. For rules whose grids are rare
    /// (anti-knight), where a random search wanders for long.
    pub(crate) fn fill(&self, rng: &mut dyn RngCore) -> Option<Grid> {
        let n = self.shape.n();
        let mut solver = self.loaded();
        let mut cells: Vec<usize> = (0..self.shape.cells()).collect();
        cells.shuffle(rng);
        let mut assumed: Vec<Lit> = Vec::new();
        for &cell in cells.iter().take(2 * n) {
            let mut digits: Vec<usize> = (0..n).collect();
            digits.shuffle(rng);
            for d in digits {
                assumed.push(option_lit(cell * n + d));
                solver.assume(&assumed);
                if solver.solve().unwrap_or(false) {
                    break;
                }
                assumed.pop();
            }
        }
        solver.assume(&assumed);
        if !solver.solve().unwrap_or(false) {
            return None;
        }
        Some(self.grid_of(solver.model().unwrap_or_default()).0)
    }

    /// Whether `puzzle` has a solution without `digit` in `cell` (an empty
    /// cell): the digging probe, for when a DLX search ran out of budget.
    pub(crate) fn has_other(&mut self, puzzle: &Grid, cell: usize, digit: u8) -> bool {
        let n = self.shape.n();
        let mut assumptions: Vec<Lit> = puzzle
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .map(|(c, &d)| option_lit(c * n + d as usize - 1))
            .collect();
        assumptions.push(!option_lit(cell * n + digit as usize - 1));
        if self.probe.is_none() {
            self.probe = Some(ProbeSolver(self.loaded()));
        }
        let Some(ProbeSolver(solver)) = self.probe.as_mut() else {
            return true;
        };
        solver.assume(&assumptions);
        // Without a proof writer or interrupts varisat does not fail; a
        // failure would keep the clue, which is always safe.
        solver.solve().unwrap_or(true)
    }

    /// Whether some grid keeps to `candidates` (one digit mask per cell,
    /// what propagation left of a probe's puzzle): the digging probe of
    /// boards too large for the bitboard solver, once a propagation
    /// search ran out of budget.
    ///
    /// Why a formula of its own over the candidates left, in a fresh
    /// solver, rather than the whole formula in the shared solver with
    /// the clues as assumptions: propagation has settled much of the
    /// board, and the solver then works on the open part alone instead of
    /// deciding every clue as an assumption first (digging 16x16 jigsaw
    /// puzzles, where most probes end here, went up to 1.5 times faster).
    pub(crate) fn has_solution_within(&self, candidates: &[u32]) -> bool {
        let n = self.shape.n();
        // Variable i is the i-th candidate left, in cell-then-digit order.
        let mut var_of = vec![usize::MAX; candidates.len() * n];
        let mut vars = 0;
        for (cell, &mask) in candidates.iter().enumerate() {
            for d in (0..n).filter(|&d| mask >> d & 1 != 0) {
                var_of[cell * n + d] = vars;
                vars += 1;
            }
        }
        let lit = |cell: usize, d: usize| (var_of[cell * n + d] != usize::MAX).then(|| option_lit(var_of[cell * n + d]));
        let Some(cnf) = encode(self.shape, &self.houses, &self.conflicts, vars, lit) else {
            return false;
        };
        // varisat only fails with a proof writer or an interrupt; a
        // failure would keep the clue, which is always safe.
        solver_of(&cnf).solve().unwrap_or(true)
    }

    /// Counts solutions of `puzzle` up to `limit`, blocking each model
    /// found; the effort is the number of solve calls, at most `budget`
    /// (an incomplete count when the budget ends it).
    pub(crate) fn count(&self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count {
        let n = self.shape.n();
        let mut solver = self.loaded();
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                solver.add_clause(&[option_lit(cell * n + d as usize - 1)]);
            }
        }
        let mut count = Count::none();
        while count.solutions < limit.max(1) {
            if budget.is_some_and(|b| count.effort >= b) {
                count.complete = false;
                break;
            }
            count.effort += 1;
            // varisat only fails with a proof writer or an interrupt,
            // neither of which is used here.
            if !solver.solve().unwrap_or(false) {
                break;
            }
            let (grid, block) = self.grid_of(solver.model().unwrap_or_default());
            solver.add_clause(&block);
            count.solutions += 1;
            count.first.get_or_insert(grid);
        }
        count
    }
}
