//! Solving, counting and generating under variant rules.
//!
//! [`Rules`] is a variant checked for a shape together with its engines:
//! the general DLX matrix and the SAT formula, the two independent
//! engines users choose, and the propagation solver the generator uses.
//! Generation fills a random grid with the propagation solver (SAT when
//! its budget runs out) and digs it to a minimal puzzle, one symmetry
//! orbit at a time (several while propagation alone still solves the
//! puzzle), each probe settled by the propagation solver (its bitboard
//! form on boards of up to 128 cells) or, past its budget, by SAT;
//! jigsaw without a region map gets random regions first.

use crate::engine::variant::bitboard::{Bitboard, BITBOARD_CELLS_MAX};
use crate::engine::variant::dlx::VariantDlx;
use crate::engine::variant::propagate::Propagator;
use crate::engine::variant::sat::VariantSat;
use crate::engine::{BackendKind, Count};
use crate::engine::Removal;
use crate::generator::dig_order::{cluster_tail_by, JIGSAW_RANDOM_PERCENT};
use crate::generator::sweep::{Sweeps, EAGER_KEPT_TO_SWEEP};
use crate::generator::symmetry::Symmetry;
use crate::grid::Grid;
use crate::limits::{first_try, GaveUp, Limits, RecordClock};
use crate::shape::Shape;
use crate::variant::{Conflict, Constraint, Variant, VariantError};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Search nodes allowed to decide that a rule set has no grid at all.
const FILL_BUDGET: u64 = 200_000;

/// Random fills tried per grid. A random search's time is heavy-tailed
/// (an early bad choice may take long to refute), so short searches,
/// restarted, find a grid sooner than one long one.
const FILL_RESTARTS: u64 = 200;

/// Search nodes per restart, per cell of the board.
const RESTART_NODES_PER_CELL: u64 = 20;

/// Search nodes a digging probe may take on the bitboards (boards of at
/// most 128 cells) before the SAT engine settles it. Most probes settle
/// within a few hundred nodes; the sparse puzzles of non-consecutive
/// (about seven clues) and X with anti-knight take tens of thousands,
/// which the bitboards search faster than a SAT call answers: at 200,000
/// rather than 2,000, ten non-consecutive puzzles take a fifth of the
/// CPU time (`benchmarks/2026-12-03/probe_budget.txt`). The answers, and
/// so the puzzles, do not depend on the budget: both engines are exact.
const PROBE_NODES: u64 = 200_000;

/// The probe budget on boards past the bitboards' 128 cells (12x12 and
/// up), whose probes then go to a SAT formula over the candidates
/// propagation left: a probe that 200 nodes do not settle there rarely
/// settles within 2,000, and the formula answers it sooner (16x16 X
/// seeds 2 and 3: 0.35 and 0.39 s of CPU with 2,000 nodes, 0.20 and 0.22 s
/// with 200; 16x16 jigsaw seeds 3 and 5: 22.7 and 12.4 s, 20.9 and 11.0
/// s).
const LARGE_PROBE_NODES: u64 = 200;

/// [`LARGE_PROBE_NODES`] under jigsaw: on banded layouts (see
/// `random_regions`) propagation settles a probe or a search seldom
/// does, so the formula takes every probe propagation leaves open
/// (16x16 jigsaw, seeds 1-15, tail from 50%: median 0.99 s of CPU with
/// 200 nodes, 0.82 s with 10, 0.85 s with none).
const LARGE_JIGSAW_PROBE_NODES: u64 = 10;

/// Orbits emptied at once when digging starts (see [`Rules::dig`]).
const FIRST_BATCH: usize = 8;

/// Region layouts tried per jigsaw puzzle before giving up.
const REGION_ATTEMPTS: usize = 200;

/// Short fills tried on a random jigsaw layout before it is redrawn.
const LAYOUT_FILLS: usize = 3;

/// A variant checked for a shape, with its engines.
#[derive(Clone)]
pub struct Rules {
    shape: Shape,
    variant: Variant,
    /// The engines users choose, built on first use: a drawn jigsaw
    /// layout usually never needs them.
    dlx: Option<VariantDlx>,
    sat: Option<VariantSat>,
    /// The generator's own solver: fills and digging probes.
    propagator: Propagator,
    /// The same deductions on one 128-bit board per digit, for the
    /// probes on boards that fit (9x9 and smaller).
    bitboard: Option<Bitboard>,
    /// Whether fills go to `bitboard` too: under same-digit conflicts
    /// on the classic houses alone (anti-knight, anti-king) it draws
    /// exactly the candidate masks' deductions, so it gives their grid
    /// for the same random stream, sooner. Elsewhere the candidate masks
    /// keep the grids the seeds have always given.
    bitboard_fills: bool,
    /// Every cell's same-digit peers and its non-consecutive neighbours,
    /// for the naked-single shortcut of digging.
    peers: Vec<Vec<usize>>,
    neighbours: Vec<Vec<usize>>,
}

/// A generated variant puzzle.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its unique solution under the rules.
    pub solution: Grid,
    /// The rules, with the region map for jigsaw.
    pub variant: Variant,
    /// No clue can be removed: true as dug, false once clues are given
    /// back to meet a rating band (see [`crate::generate_variant_in_band`]).
    pub minimal: bool,
}

impl Rules {
    /// Checks `variant` on `shape` (see [`Variant::check`]) and that some
    /// complete grid keeps its rules, before any puzzle is searched.
    pub fn new(shape: Shape, variant: &Variant) -> Result<Rules, VariantError> {
        variant.check(shape)?;
        if variant.has(Constraint::Jigsaw) && variant.region_map().is_none() {
            return Err(VariantError::RegionsMissing);
        }
        let mut rules = Rules::build(shape, variant);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        if rules.random_grid(&mut rng).is_none() {
            let whole = rules.propagator.count(&Grid::empty(shape), 1, FILL_BUDGET);
            if whole.complete && whole.solutions == 0 {
                return Err(VariantError::Unsatisfiable(variant.to_string(), shape));
            }
        }
        Ok(rules)
    }

    fn build(shape: Shape, variant: &Variant) -> Rules {
        let mut peers = vec![Vec::new(); shape.cells()];
        let mut neighbours = vec![Vec::new(); shape.cells()];
        for house in variant.houses(shape) {
            for &a in &house {
                peers[a].extend(house.iter().copied().filter(|&b| b != a));
            }
        }
        for conflict in variant.conflicts(shape) {
            let (list, a, b) = match conflict {
                Conflict::SameDigit(a, b) => (&mut peers, a, b),
                Conflict::Consecutive(a, b) => (&mut neighbours, a, b),
            };
            list[a].push(b);
            list[b].push(a);
        }
        let same_digit = variant.conflicts(shape).iter().any(|c| matches!(c, Conflict::SameDigit(..)));
        Rules {
            shape,
            variant: variant.clone(),
            dlx: None,
            sat: None,
            propagator: Propagator::new(shape, variant),
            bitboard: Bitboard::new(shape, variant),
            bitboard_fills: same_digit
                && variant.houses(shape).len() == 3 * shape.n()
                && !variant.has(Constraint::NonConsecutive),
            peers,
            neighbours,
        }
    }

    /// Whether the clues of `puzzle` leave `cell` (empty) no digit but
    /// `digit`: then no other solution differs there, with no search.
    fn naked_single(&self, puzzle: &Grid, cell: usize, digit: u8) -> bool {
        let mut seen: u64 = 0;
        for &p in &self.peers[cell] {
            seen |= 1 << puzzle.get(p);
        }
        for &p in &self.neighbours[cell] {
            let d = puzzle.get(p);
            if d != 0 {
                seen |= (1 << (d - 1)) | (1 << (d + 1));
            }
        }
        let all = ((1u64 << (self.shape.n() + 1)) - 1) & !1;
        (seen | 1 << digit) & all == all
    }

    fn dlx(&mut self) -> &mut VariantDlx {
        self.dlx.get_or_insert_with(|| VariantDlx::new(self.shape, &self.variant))
    }

    fn sat(&mut self) -> &mut VariantSat {
        self.sat.get_or_insert_with(|| VariantSat::new(self.shape, &self.variant))
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Counts the solutions of `puzzle` up to `limit` with `backend`,
    /// stopping after `budget` DLX search nodes or SAT solver calls (then
    /// the count is incomplete).
    pub fn count(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        backend: BackendKind,
        budget: Option<u64>,
    ) -> Result<Count, VariantError> {
        self.fits(puzzle)?;
        Ok(self.count_fitting(puzzle, limit, backend, budget))
    }

    /// Refuses a puzzle of another size than the rules' shape.
    fn fits(&self, puzzle: &Grid) -> Result<(), VariantError> {
        if puzzle.shape() == self.shape {
            return Ok(());
        }
        Err(VariantError::PuzzleSize(
            puzzle.cells().len(),
            self.shape.cells(),
            self.shape,
        ))
    }

    /// [`Rules::count`] of a puzzle that fits the shape.
    fn count_fitting(&mut self, puzzle: &Grid, limit: u64, backend: BackendKind, budget: Option<u64>) -> Count {
        match backend {
            BackendKind::Sat => self.sat().count(puzzle, limit, budget),
            _ => self.dlx().count(puzzle, limit, budget),
        }
    }

    /// [`Rules::count`] within per-record bounds (a node budget, a
    /// timeout: `--budget`, `--timeout`), as [`crate::count_within`] counts
    /// classic puzzles: under a timeout the count runs in tries of growing
    /// budgets with the clock read between them, so a try may overrun it.
    /// The inner `Err` says which bound stopped the count.
    pub fn count_within(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        backend: BackendKind,
        limits: Limits,
    ) -> Result<Result<Count, GaveUp>, VariantError> {
        self.fits(puzzle)?;
        let first = first_try(backend.capabilities().effort_unit, limit);
        let clock = RecordClock::start(limits);
        Ok(clock.count_by(first, |budget| self.count_fitting(puzzle, limit, backend, budget)))
    }

    /// Whether a complete grid keeps every rule.
    pub fn holds_for(&self, grid: &Grid) -> bool {
        grid.shape() == self.shape && grid.is_full() && self.variant.holds_for(grid)
    }

    /// A minimal puzzle with a unique solution, from `seed`; with a
    /// symmetry, its clues are symmetric and it is minimal among
    /// symmetric puzzles.
    pub fn generate(&mut self, seed: u64, symmetry: Symmetry) -> Result<VariantPuzzle, VariantError> {
        self.allow(symmetry)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = self
            .random_grid(&mut rng)
            .ok_or_else(|| VariantError::NoGrid(self.variant.to_string(), self.shape))?;
        let puzzle = self.dig(&solution, symmetry, &mut rng);
        Ok(VariantPuzzle {
            puzzle,
            solution,
            variant: self.variant.clone(),
            minimal: true,
        })
    }

    /// A random complete grid by short restarted searches, else from
    /// SAT, if one is found.
    fn random_grid(&mut self, rng: &mut ChaCha8Rng) -> Option<Grid> {
        let budget = RESTART_NODES_PER_CELL * self.shape.cells() as u64;
        (0..FILL_RESTARTS)
            .find_map(|_| self.fill(rng, budget))
            .or_else(|| self.sat().fill(rng))
    }

    /// One short random fill, by the bitboard solver where it gives the
    /// candidate masks' grid (see `bitboard_fills`).
    fn fill(&mut self, rng: &mut ChaCha8Rng, budget: u64) -> Option<Grid> {
        match &self.bitboard {
            Some(bitboard) if self.bitboard_fills => bitboard.fill(rng, budget),
            _ => self.propagator.fill(rng, budget),
        }
    }

    /// Refuses a clue symmetry that does not map the rules onto
    /// themselves: jigsaw regions are irregular, and a turn needs square
    /// boxes.
    pub fn allow(&self, symmetry: Symmetry) -> Result<(), VariantError> {
        let breaks = (symmetry != Symmetry::None && self.variant.has(Constraint::Jigsaw))
            || !symmetry.fits(self.shape);
        if breaks {
            return Err(VariantError::Symmetry(symmetry.name(), self.variant.to_string()));
        }
        Ok(())
    }

    /// Empties orbits in random order, keeping each whose removal lets
    /// another solution in; one pass leaves a minimal puzzle, since
    /// emptying more cells never makes a kept orbit removable.
    ///
    /// While propagation alone still solves the puzzle, orbits go in
    /// growing batches: a puzzle that propagation solves has one
    /// solution, and so has every puzzle with more clues, so each orbit of
    /// such a batch would have passed its own probe. The result is the
    /// one orbit-by-orbit digging gives, for fewer probes.
    ///
    /// Past 128 cells under jigsaw, the late probes are long SAT searches
    /// (irregular regions leave few small sets of cells whose digits
    /// could trade places, so a needed clue's second solution lies far
    /// off), and they cost more the fewer clues are left. There the
    /// last 70% of the visiting order goes region by region, and
    /// sweeps prove clues needed ahead of their turn, as in the classic
    /// dig of big boards (`dig_order`, `sweep`).
    fn dig(&mut self, solution: &Grid, symmetry: Symmetry, rng: &mut ChaCha8Rng) -> Grid {
        let orbits = self.visiting_order(symmetry, rng);
        let late_probes_search = self.late_probes_search();
        let mut sweeps = Sweeps::new(orbits.len(), late_probes_search).starting_at(EAGER_KEPT_TO_SWEEP);
        let mut puzzle = solution.clone();
        let mut batch = FIRST_BATCH;
        let mut next = 0;
        while next < orbits.len() {
            if batch > 1 {
                let end = (next + batch).min(orbits.len());
                orbits[next..end].iter().flatten().for_each(|&c| puzzle.set(c, 0));
                if self.solved_by_propagation(&puzzle) {
                    next = end;
                    batch *= 2;
                    continue;
                }
                orbits[next..end].iter().flatten().for_each(|&c| puzzle.set(c, solution.get(c)));
                batch /= 2;
            }
            let k = next;
            next += 1;
            let swept = if sweeps.due() {
                sweeps.sweep_with(k, |j| self.needed(&mut puzzle, &orbits[j], solution))
            } else {
                None
            };
            if sweeps.known_needed(k) {
                continue;
            }
            // A sweep that just proved the orbit removable is not asked
            // again: nothing changed since.
            let other = swept != Some(Removal::Removed) && self.needed(&mut puzzle, &orbits[k], solution);
            if !other {
                orbits[k].iter().for_each(|&c| puzzle.set(c, 0));
            }
            sweeps.record(if other { Removal::Kept } else { Removal::Removed });
        }
        puzzle
    }

    /// Whether the dig's late probes are long SAT searches: jigsaw on
    /// boards past the bitboards' 128 cells.
    fn late_probes_search(&self) -> bool {
        self.shape.cells() > BITBOARD_CELLS_MAX && self.variant.regions().is_some()
    }

    /// The orbits of `symmetry` in the dig's visiting order: shuffled,
    /// and where the late probes are long searches, the last 70%
    /// grouped by jigsaw region.
    fn visiting_order(&self, symmetry: Symmetry, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
        let mut orbits = symmetry.orbits(self.shape);
        orbits.shuffle(rng);
        if let Some(regions) = self.variant.regions().filter(|_| self.late_probes_search()) {
            cluster_tail_by(&mut orbits, JIGSAW_RANDOM_PERCENT, self.shape.n(), |cell| usize::from(regions[cell]));
        }
        orbits
    }

    /// Whether `puzzle` has another solution without the clues of
    /// `orbit`; the puzzle is left as it was.
    fn needed(&mut self, puzzle: &mut Grid, orbit: &[usize], solution: &Grid) -> bool {
        orbit.iter().for_each(|&c| puzzle.set(c, 0));
        // A second solution agrees with the first outside the orbit,
        // so it differs inside it.
        let other = orbit.iter().any(|&c| {
            let digit = solution.get(c);
            !self.naked_single(puzzle, c, digit) && self.has_other(puzzle, c, digit, solution)
        });
        orbit.iter().for_each(|&c| puzzle.set(c, solution.get(c)));
        other
    }

    /// Whether propagation alone (no search) fills `puzzle`.
    fn solved_by_propagation(&mut self, puzzle: &Grid) -> bool {
        let count = match &self.bitboard {
            Some(bitboard) => bitboard.count(puzzle, 1, 1),
            None => self.propagator.count(puzzle, 1, 1),
        };
        count.complete && count.solutions == 1
    }

    /// The digging probe: whether `puzzle` has a solution without `digit`
    /// in `cell`, by the propagation solver or, past its budget, by SAT.
    fn has_other(&mut self, puzzle: &Grid, cell: usize, digit: u8, solution: &Grid) -> bool {
        if let Some(bitboard) = &self.bitboard {
            let found = bitboard.has_other(puzzle, cell, digit, PROBE_NODES, Some(solution));
            return found.unwrap_or_else(|| self.sat().has_other(puzzle, cell, digit));
        }
        let budget = if self.late_probes_search() {
            LARGE_JIGSAW_PROBE_NODES
        } else {
            LARGE_PROBE_NODES
        };
        let found = self.propagator.has_other(puzzle, cell, digit, budget, Some(solution));
        found.unwrap_or_else(|| {
            let candidates = self.propagator.propagated();
            self.sat().has_solution_within(&candidates)
        })
    }

}

/// A minimal puzzle of `variant` on `shape` from `seed`. Jigsaw without a
/// region map gets random regions from the same seed (layouts without a
/// grid are redrawn).
pub fn generate_variant(
    shape: Shape,
    variant: &Variant,
    seed: u64,
    symmetry: Symmetry,
) -> Result<VariantPuzzle, VariantError> {
    if !variant.has(Constraint::Jigsaw) || variant.region_map().is_some() {
        return Rules::new(shape, variant)?.generate(seed, symmetry);
    }
    variant.check(shape)?;
    if symmetry != Symmetry::None {
        return Err(VariantError::Symmetry(symmetry.name(), variant.to_string()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..REGION_ATTEMPTS {
        let map = random_regions(shape, &mut rng);
        let with_regions = variant.clone().with_regions(&map, shape)?;
        let mut rules = Rules::build(shape, &with_regions);
        // Many layouts admit no grid; proving that takes a long search, so
        // a layout whose grid short searches miss is redrawn instead.
        let budget = RESTART_NODES_PER_CELL * shape.cells() as u64;
        let mut grid_rng = ChaCha8Rng::seed_from_u64(rng.gen());
        let found = (0..LAYOUT_FILLS).find_map(|_| rules.fill(&mut grid_rng, budget));
        if let Some(solution) = found {
            let puzzle = rules.dig(&solution, symmetry, &mut grid_rng);
            return Ok(VariantPuzzle {
                puzzle,
                solution,
                variant: with_regions,
                minimal: true,
            });
        }
    }
    Err(VariantError::NoGrid(variant.to_string(), shape))
}

/// Random regions of `n` connected cells: start from the boxes and swap
/// cells across region borders, keeping a swap only when both regions stay
/// connected. Returned as a region map (letters, one per cell).
///
/// Past the bitboards' 128 cells every region keeps to its band of boxes
/// (swaps only trade cells between regions of one band), and half the
/// layouts are then turned a quarter so the regions keep to stacks
/// instead. Why: freely drawn regions on such boards leave almost no
/// small sets of cells whose digits could trade places, so minimal
/// puzzles get sparse (16x16: 69 clues against 94 for boxes) and proving
/// each clue needed is a long SAT search, over 3 s of CPU per puzzle at
/// the median. Banded regions are still irregular inside their band, and
/// keep the band's rows a union of regions: minimal 16x16 puzzles keep
/// about 80 clues and dig in under a second. Letting even 3% of the swaps
/// cross bands brings the long searches back (median 1.23 s over seeds
/// 1-15, 10% 2.55 s).
fn random_regions(shape: Shape, rng: &mut ChaCha8Rng) -> String {
    let n = shape.n();
    let banded = shape.cells() > BITBOARD_CELLS_MAX;
    let band_of = |r: u8| usize::from(r) / shape.box_rows();
    let mut region: Vec<u8> = (0..shape.cells()).map(|c| shape.box_of(c) as u8).collect();
    let neighbours = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    };
    let (mut near, mut back) = (Vec::with_capacity(4), Vec::with_capacity(shape.cells()));
    for _ in 0..shape.cells() * 20 {
        let a = rng.gen_range(0..shape.cells());
        near.clear();
        near.extend(neighbours(a).filter(|&b| region[b] != region[a]));
        let Some(&b) = near.choose(rng) else { continue };
        let (ra, rb) = (region[a], region[b]);
        if banded && band_of(ra) != band_of(rb) {
            continue;
        }
        // A cell of b's region touching a's region (other than through
        // `a`) goes the other way, so sizes stay equal.
        back.clear();
        back.extend((0..shape.cells()).filter(|&c| region[c] == rb && neighbours(c).any(|x| x != a && region[x] == ra)));
        let Some(&c) = back.choose(rng) else { continue };
        region[a] = rb;
        region[c] = ra;
        if !(connected(n, &region, ra) && connected(n, &region, rb)) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    let turned = banded && rng.gen_bool(0.5);
    (0..shape.cells())
        .map(|cell| if turned { region[cell % n * n + cell / n] } else { region[cell] })
        .map(|r| (b'A' + r) as char)
        .collect()
}

/// Whether region `r` is one orthogonally connected piece. Called for
/// every trial swap, so it allocates nothing.
fn connected(n: usize, region: &[u8], r: u8) -> bool {
    const MOST: usize = crate::shape::MAX_SIDE * crate::shape::MAX_SIDE;
    let Some(start) = region.iter().position(|&x| x == r) else {
        return true;
    };
    let mut seen = [false; MOST];
    let mut stack = [0u16; MOST];
    let mut top = 1;
    stack[0] = start as u16;
    seen[start] = true;
    let mut reached = 0;
    while top > 0 {
        top -= 1;
        let cell = stack[top] as usize;
        reached += 1;
        let (row, col) = (cell / n, cell % n);
        for (ok, next) in [
            (row > 0, cell.wrapping_sub(n)),
            (row + 1 < n, cell + n),
            (col > 0, cell.wrapping_sub(1)),
            (col + 1 < n, cell + 1),
        ] {
            if ok && region[next] == r && !seen[next] {
                seen[next] = true;
                stack[top] = next as u16;
                top += 1;
            }
        }
    }
    reached == region.iter().filter(|&&x| x == r).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Orbit-by-orbit digging with every probe settled by the DLX matrix,
    /// as a reference for [`Rules::dig`]: the same orbit order (the same
    /// random stream), kept exactly where DLX finds a second solution.
    fn dig_by_dlx(rules: &mut Rules, solution: &Grid, symmetry: Symmetry, rng: &mut ChaCha8Rng) -> Grid {
        let orbits = rules.visiting_order(symmetry, rng);
        let mut puzzle = solution.clone();
        for orbit in orbits {
            orbit.iter().for_each(|&c| puzzle.set(c, 0));
            let other = orbit.iter().any(|&c| rules.dlx().has_other(&puzzle, c, solution.get(c), None) != Some(false));
            if other {
                orbit.iter().for_each(|&c| puzzle.set(c, solution.get(c)));
            }
        }
        puzzle
    }

    /// On a board past 128 cells under jigsaw, sweeps that prove clues
    /// needed ahead of their turn leave the puzzle that DLX-settled
    /// digging in the same (region-grouped) order leaves.
    #[test]
    fn sweeping_jigsaw_digs_match_orbit_by_orbit_digging() {
        let shape = Shape::new(3, 4).unwrap();
        let mut checked = 0;
        // Seeds whose DLX-settled digs take seconds, not tens of seconds;
        // each dig sweeps two or three times.
        for seed in [1, 3] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let map = random_regions(shape, &mut rng);
            let variant = "jigsaw".parse::<Variant>().unwrap().with_regions(&map, shape).unwrap();
            let Ok(mut rules) = Rules::new(shape, &variant) else {
                continue;
            };
            assert!(rules.late_probes_search());
            let Some(solution) = rules.random_grid(&mut rng) else {
                continue;
            };
            let mut again = rng.clone();
            let ours = rules.dig(&solution, Symmetry::None, &mut rng);
            let reference = dig_by_dlx(&mut rules, &solution, Symmetry::None, &mut again);
            assert_eq!(ours, reference, "regions {map}, seed {seed}");
            checked += 1;
        }
        assert_eq!(checked, 2, "a layout without a grid");
    }

    /// Digging in batches while propagation solves, with probes by the
    /// generator's solvers, leaves the puzzle DLX-settled digging leaves.
    #[test]
    fn batched_digging_matches_orbit_by_orbit_digging() {
        let cases = [
            ("x", Shape::CLASSIC, Symmetry::None),
            ("x", Shape::CLASSIC, Symmetry::Rot180),
            ("windoku", Shape::CLASSIC, Symmetry::None),
            ("anti-knight", Shape::CLASSIC, Symmetry::None),
            ("anti-king", Shape::CLASSIC, Symmetry::None),
            ("disjoint-groups", Shape::CLASSIC, Symmetry::None),
            ("non-consecutive", Shape::new(2, 3).unwrap(), Symmetry::None),
            ("x", Shape::new(2, 3).unwrap(), Symmetry::None),
        ];
        for (name, shape, symmetry) in cases {
            let variant: Variant = name.parse().unwrap();
            let mut rules = Rules::new(shape, &variant).unwrap();
            for seed in 0..6 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let solution = rules.random_grid(&mut rng).unwrap();
                assert!(rules.holds_for(&solution), "{name}");
                let mut again = rng.clone();
                let ours = rules.dig(&solution, symmetry, &mut rng);
                let reference = dig_by_dlx(&mut rules, &solution, symmetry, &mut again);
                assert_eq!(ours, reference, "{name} on {shape}, seed {seed}");
            }
        }
    }
}
