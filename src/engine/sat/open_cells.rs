//! The SAT question of a digging probe, asked of a small formula built
//! for the probe: one variable per candidate of an open cell.
//!
//! Why not the solver of the whole shape ([`super::engine::Engine`]),
//! with the clues as assumptions: on 25x25 that formula has 15,625
//! variables and 750,000 clauses, while a late probe of a dig has some
//! 340 open cells with about 2,000 candidates among them, and clues that
//! are assumptions still weigh on every propagation (their clauses stay
//! in the watch lists). The same probes, each solved by a fresh solver
//! on the candidate formula (about 2,000 variables and 23,000 clauses,
//! built in a millisecond), took a third of the time, learnt clauses
//! lost between probes included (docs/engine.md, "Portfolio";
//! measurements in benchmarks/2026-11-26/portfolio.md).

use crate::grid::Grid;
use crate::shape::Shape;
use varisat::config::SolverConfigUpdate;
use varisat::{ExtendFormula, Lit, Solver, Var};

/// VSIDS decay of the probe solver (varisat's default: 0.95). With a
/// slower decay the activity of a variable remembers more conflicts: 25x25
/// `generate --budget 5000 --threads 1` took 12.0 s CPU instead of 15.1 s
/// on seed 3, 590 s instead of 699 s on seed 5, 50 s instead of 54 s on
/// seed 2, and the same within 2% on seeds 1 and 4; 0.8-0.9 were no
/// better (benchmarks/2026-11-26/portfolio.md).
const VSIDS_DECAY: f32 = 0.99;

/// The cells of each house of one shape, built once per shape.
#[derive(Clone)]
pub(crate) struct OpenCellSat {
    shape: Shape,
    houses_of: Vec<[usize; 3]>,
    house_cells: Vec<Vec<usize>>,
}

impl OpenCellSat {
    /// The house tables of `shape`.
    pub(crate) fn new(shape: Shape) -> OpenCellSat {
        let houses_of: Vec<[usize; 3]> = (0..shape.cells()).map(|c| shape.houses_of(c)).collect();
        let mut house_cells = vec![Vec::new(); 3 * shape.n()];
        for (cell, houses) in houses_of.iter().enumerate() {
            houses.iter().for_each(|&h| house_cells[h].push(cell));
        }
        OpenCellSat {
            shape,
            houses_of,
            house_cells,
        }
    }

    /// A solution of `puzzle` that differs from `solution` in one of
    /// `targets` (open cells of `puzzle`), if there is one. `solution`
    /// must solve `puzzle`. The solution found is checked (see
    /// [`OpenCellSat::completion`]).
    pub(crate) fn other_solution(&self, puzzle: &Grid, solution: &Grid, targets: &[usize]) -> Option<Grid> {
        if targets.is_empty() {
            return None;
        }
        self.solve(puzzle, Some((solution, targets)))
    }

    /// Some completion of `puzzle` (whose givens must not clash), if it
    /// has one. Every grid these methods return is checked to solve
    /// `puzzle` (and to differ where asked): a wrong model is a bug in
    /// varisat or the encoding, and panics rather than let a caller keep
    /// a removable clue or remove a needed one.
    pub(crate) fn completion(&self, puzzle: &Grid) -> Option<Grid> {
        self.solve(puzzle, None)
    }

    /// A completion of `puzzle`, differing from `solution` in one of
    /// `targets` when those are given.
    fn solve(&self, puzzle: &Grid, differ: Option<(&Grid, &[usize])>) -> Option<Grid> {
        let n = self.shape.n();
        let mut used = vec![0u32; 3 * n];
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                self.houses_of[cell].iter().for_each(|&h| used[h] |= bit(d));
            }
        }
        let all = (1u32 << n) - 1;
        let mut candidates: Vec<u32> = (0..puzzle.cells().len())
            .map(|cell| match puzzle.get(cell) {
                0 => all & !self.houses_of[cell].iter().fold(0, |m, &h| m | used[h]),
                _ => 0,
            })
            .collect();
        // One target: only the solutions with another digit there count.
        if let Some((solution, &[t])) = differ {
            candidates[t] &= !bit(solution.get(t));
        }
        let formula = Formula::new(candidates);
        let mut solver = Solver::new();
        let mut config = SolverConfigUpdate::new();
        config.vsids_decay = Some(VSIDS_DECAY);
        // Only fails for values out of range, and 0.99 is in range.
        let _ = solver.config(&config);
        for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0) {
            exactly_one(&mut solver, &formula.lits(cell, all).collect::<Vec<_>>())?;
        }
        for (house, cells) in self.house_cells.iter().enumerate() {
            let mut missing = all & !used[house];
            while missing != 0 {
                let digit = missing & missing.wrapping_neg();
                missing &= missing - 1;
                let lits: Vec<Lit> = cells.iter().flat_map(|&c| formula.lits(c, digit)).collect();
                exactly_one(&mut solver, &lits)?;
            }
        }
        if let Some((solution, targets)) = differ.filter(|(_, targets)| targets.len() > 1) {
            let differs: Vec<Lit> = targets
                .iter()
                .flat_map(|&t| formula.lits(t, !bit(solution.get(t))))
                .collect();
            if differs.is_empty() {
                return None;
            }
            solver.add_clause(&differs);
        }
        // varisat only fails when a proof writer fails or a solve is
        // interrupted; we use neither.
        if !solver
            .solve()
            .expect("varisat failed without proof output or interrupts")
        {
            return None;
        }
        let model = solver.model().expect("a model after a satisfiable solve");
        let mut found = puzzle.clone();
        for lit in model.into_iter().filter(|l| l.is_positive()) {
            let (cell, d) = formula.options[lit.var().index()];
            found.set(cell, d);
        }
        let differs =
            |(solution, targets): (&Grid, &[usize])| targets.iter().any(|&c| found.get(c) != solution.get(c));
        assert!(
            found.solves(puzzle) && differ.is_none_or(differs),
            "the open-cell formula's solution does not check"
        );
        Some(found)
    }
}

/// The bit of digit `d` (from 1) in a candidate mask.
fn bit(d: u8) -> u32 {
    1 << (d - 1)
}

/// Variable numbering: the candidates of each open cell in turn, in digit
/// order.
struct Formula {
    /// The candidates of each cell (none for a clue).
    candidates: Vec<u32>,
    /// The number of the first variable of each cell.
    first: Vec<usize>,
    /// The cell and digit of each variable.
    options: Vec<(usize, u8)>,
}

impl Formula {
    fn new(candidates: Vec<u32>) -> Formula {
        let mut first = Vec::with_capacity(candidates.len());
        let mut options = Vec::new();
        for (cell, &cands) in candidates.iter().enumerate() {
            first.push(options.len());
            let mut rest = cands;
            while rest != 0 {
                options.push((cell, rest.trailing_zeros() as u8 + 1));
                rest &= rest - 1;
            }
        }
        Formula {
            candidates,
            first,
            options,
        }
    }

    /// The variables of `cell` for those of `digits` (a mask) that are
    /// its candidates.
    fn lits(&self, cell: usize, digits: u32) -> impl Iterator<Item = Lit> + '_ {
        let cands = self.candidates[cell];
        let mut rest = cands & digits;
        std::iter::from_fn(move || {
            let digit = rest & rest.wrapping_neg();
            rest &= rest.wrapping_sub(1);
            // Its number among the cell's candidates.
            let below = (cands & digit.wrapping_sub(1)).count_ones() as usize;
            (digit != 0).then(|| Var::from_index(self.first[cell] + below).positive())
        })
    }
}

/// Exactly one of `lits`, pairwise; `None` if `lits` is empty (the
/// formula has no model).
fn exactly_one(solver: &mut Solver, lits: &[Lit]) -> Option<()> {
    if lits.is_empty() {
        return None;
    }
    solver.add_clause(lits);
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            solver.add_clause(&[!a, !b]);
        }
    }
    Some(())
}

#[cfg(test)]
mod tests;
