//! Checks that sit above the engines and the grader: the DLX/SAT
//! cross-check (one implementation for `check` and `generate --check`) and
//! [`grade`], which rates a puzzle only once an engine has shown it has
//! exactly one solution (unique rectangles and BUG assume uniqueness, so
//! rating a puzzle with several solutions would give a wrong answer, not
//! an error).

use crate::engine::variant::dlx::VariantDlx;
use crate::engine::{Backend, BackendKind, Count};
use crate::grid::{Clash, Grid};
use crate::limits::{Bound, GaveUp, Limits, RecordClock};
use crate::logic::{LogicError, LogicalSolver, Rating, SolvePath};
use crate::shape::Shape;
use crate::variant::Variant;
use std::fmt;

/// One way two engines' counts of the same puzzle disagree.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The engines counted different numbers of solutions.
    Counts {
        /// The first engine and its count.
        first: (BackendKind, u64),
        /// The second engine and its count.
        second: (BackendKind, u64),
    },
    /// An engine's solution does not solve the puzzle.
    InvalidSolution(BackendKind, Grid),
    /// An engine counted solutions but returned none.
    MissingSolution(BackendKind),
    /// Both found exactly one solution, but not the same one.
    DifferentSolutions,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Counts { first, second } => {
                write!(
                    f,
                    "{} counted {}, {} counted {}",
                    first.0, first.1, second.0, second.1
                )
            }
            Problem::InvalidSolution(kind, grid) => write!(f, "{kind} gave an invalid solution {grid}"),
            Problem::MissingSolution(kind) => write!(f, "{kind} counted solutions but gave none"),
            Problem::DifferentSolutions => f.write_str("both found one solution, but not the same one"),
        }
    }
}

/// What is wrong between two engines' counts of one puzzle: never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", join(.problems))]
#[non_exhaustive]
pub struct Disagreement {
    /// Every problem found, in a fixed order.
    pub(crate) problems: Vec<Problem>,
}

impl Disagreement {
    /// Every problem found, in words, in a fixed order.
    pub fn problems(&self) -> Vec<String> {
        self.problems.iter().map(Problem::to_string).collect()
    }
}

fn join(problems: &[Problem]) -> String {
    let texts: Vec<String> = problems.iter().map(Problem::to_string).collect();
    texts.join("; ")
}

/// Compares two engines' counts of `puzzle` (with the same limit): the
/// counts must agree, every solution returned must solve the puzzle, and
/// a unique puzzle must have the same solution in both.
pub fn compare_counts(
    puzzle: &Grid,
    first: (BackendKind, &Count),
    second: (BackendKind, &Count),
) -> Result<(), Disagreement> {
    let mut problems = Vec::new();
    if first.1.solutions != second.1.solutions {
        problems.push(Problem::Counts {
            first: (first.0, first.1.solutions),
            second: (second.0, second.1.solutions),
        });
    }
    for (kind, count) in [first, second] {
        match &count.first {
            Some(s) if !s.solves(puzzle) => problems.push(Problem::InvalidSolution(kind, s.clone())),
            None if count.solutions > 0 => problems.push(Problem::MissingSolution(kind)),
            _ => {}
        }
    }
    let both_unique = first.1.solutions == 1 && second.1.solutions == 1;
    if both_unique && first.1.first != second.1.first {
        problems.push(Problem::DifferentSolutions);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Disagreement { problems })
    }
}

/// Confirms with an independent engine that `puzzle` has exactly the one
/// solution `solution` another engine found (what `generate --check`
/// asks of every puzzle).
pub fn confirm_unique(
    puzzle: &Grid,
    solution: &Grid,
    found_by: BackendKind,
    checker: &mut dyn Backend,
    checker_kind: BackendKind,
) -> Result<(), Disagreement> {
    let claimed = Count {
        solutions: 1,
        first: Some(solution.clone()),
        effort: 0,
        complete: true,
    };
    let count = checker.count(puzzle, 2, None);
    compare_counts(puzzle, (found_by, &claimed), (checker_kind, &count))
}

/// Why a puzzle could not be graded.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GradeError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Clash(Clash),
    /// No solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// More than one solution: not a puzzle a rating means anything for.
    #[error("the puzzle has {solutions} or more solutions: only unique puzzles are rated")]
    NotUnique {
        /// Solutions found (counting stops at 2).
        solutions: u64,
    },
    /// The grader itself failed: a shape or variant rules it was not
    /// built for, say.
    #[error("{0}")]
    Logic(String),
    /// The node budget or the timeout stopped the uniqueness count or
    /// the logical solve.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
}

impl GradeError {
    /// The grader's own failure, in words: the logic layer's error type
    /// stays inside the crate.
    pub(crate) fn logic(e: LogicError) -> GradeError {
        GradeError::Logic(e.to_string())
    }
}

/// A puzzle graded within [`Limits`]: its logical solving path (with the
/// rating) and the engine's effort to show it unique.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Graded {
    /// The path; its steps are kept only when asked for.
    pub path: SolvePath,
    /// DLX search nodes spent counting the solutions to two.
    pub effort: u64,
}

/// A grader that checks uniqueness first: an engine and the logical
/// solver for one shape, built once and reused for many puzzles.
pub struct Grader {
    engine: Box<dyn Backend>,
    /// Under variant rules, the engine that counts solutions instead of
    /// `engine` (which knows rows, columns and boxes only).
    variant: Option<Box<VariantDlx>>,
    solver: LogicalSolver,
}

impl Grader {
    /// A grader for `shape`, deciding uniqueness with DLX.
    pub fn new(shape: Shape) -> Grader {
        Grader {
            engine: BackendKind::Dlx.build(shape),
            variant: None,
            solver: LogicalSolver::new(shape),
        }
    }

    /// A grader for `shape` under `variant`'s rules: uniqueness under
    /// those rules, then the logical solver of
    /// [`LogicalSolver::with_variant`]. Under a variant, counting honours
    /// the node budget but not the timeout (the solve honours both).
    pub fn for_variant(shape: Shape, variant: &Variant) -> Result<Grader, GradeError> {
        // Rules that do not exist on the shape: the grader cannot be
        // built, as for a shape it does not handle.
        variant.check(shape).map_err(|e| GradeError::Logic(e.to_string()))?;
        let solver = LogicalSolver::with_variant(shape, variant).map_err(GradeError::logic)?;
        Ok(Grader {
            engine: BackendKind::Dlx.build(shape),
            variant: (!variant.is_classic()).then(|| Box::new(VariantDlx::new(shape, variant))),
            solver,
        })
    }

    /// Rates `puzzle` if it has exactly one solution.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Rating, GradeError> {
        let graded = self.grade_within(puzzle, Limits::default(), false)?;
        Ok(graded.path.rating)
    }

    /// Checks that `puzzle` has exactly one solution and solves it
    /// logically, both within `limits` (one clock for the whole record);
    /// the path keeps its steps when `keep_steps`.
    pub fn grade_within(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        keep_steps: bool,
    ) -> Result<Graded, GradeError> {
        if puzzle.shape() != self.solver.shape() {
            let (grid, solver) = (puzzle.shape(), self.solver.shape());
            return Err(GradeError::logic(LogicError::ShapeMismatch { grid, solver }));
        }
        if let Some(clash) = self.solver.region_clash(puzzle) {
            return Err(GradeError::logic(clash));
        }
        if let Some(clash) = puzzle.first_clash().filter(|_| !self.solver.reads_regions()) {
            return Err(GradeError::Clash(clash));
        }
        let clock = RecordClock::start(limits);
        let count = match self.variant.as_mut() {
            Some(dlx) => {
                let started = std::time::Instant::now();
                let count = dlx.count(puzzle, 2, limits.budget);
                if !count.complete {
                    return Err(GradeError::GaveUp(GaveUp {
                        bound: Bound::Budget(limits.budget.unwrap_or(u64::MAX)),
                        nodes: count.effort,
                        elapsed: started.elapsed(),
                        solutions: count.solutions,
                    }));
                }
                count
            }
            None => clock.count(self.engine.as_mut(), puzzle, 2)?,
        };
        match count.solutions {
            0 => return Err(GradeError::NoSolution),
            1 => {}
            solutions => return Err(GradeError::NotUnique { solutions }),
        }
        // At the deadline the path so far comes back, rated as a lower
        // bound (`Rating::lower_bound`).
        match self.solver.solve_until(puzzle, keep_steps, clock.deadline()).map_err(GradeError::logic)? {
            Some(path) => Ok(Graded {
                path,
                effort: count.effort,
            }),
            None => Err(clock.timed_out(count.effort, 1).into()),
        }
    }

    /// The logical solver, for a solve that starts from a position of
    /// its own (a player's board) rather than from givens.
    pub(crate) fn solver(&mut self) -> &mut LogicalSolver {
        &mut self.solver
    }

    /// The shape this grader is built for.
    pub fn shape(&self) -> Shape {
        self.solver.shape()
    }

}

/// Rates `puzzle` on the Sudoku Explainer scale after checking that it has
/// exactly one solution. Builds a [`Grader`]; keep one to grade many.
pub fn grade(puzzle: &Grid) -> Result<Rating, GradeError> {
    Grader::new(puzzle.shape()).grade(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Grid {
        line.parse().expect("valid test puzzle")
    }

    #[test]
    fn grade_refuses_a_puzzle_with_two_solutions() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(grade(&empty), Err(GradeError::NotUnique { solutions: 2 }));
    }

    #[test]
    fn grade_names_a_clash() {
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(0, 5);
        grid.set(8, 5);
        let err = grade(&grid).unwrap_err();
        assert!(matches!(
            err,
            GradeError::Clash(Clash {
                digit: 5,
                first: 0,
                second: 8,
                house: "row",
                ..
            })
        ));
    }

    #[test]
    fn grade_rates_a_unique_puzzle_as_the_solver_does() {
        let p = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        let rating = grade(&p).expect("unique puzzle");
        assert_eq!(rating, LogicalSolver::new(Shape::CLASSIC).rate(&p).unwrap());
    }

    #[test]
    fn compare_counts_reports_a_wrong_solution() {
        let p = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        let good = BackendKind::Dlx.build(Shape::CLASSIC).count(&p, 2, None);
        let mut bad = good.clone();
        let mut wrong = good.first.clone().unwrap();
        wrong.set(1, wrong.get(2));
        bad.first = Some(wrong.clone());
        assert_eq!(
            compare_counts(&p, (BackendKind::Dlx, &good), (BackendKind::Sat, &good)),
            Ok(())
        );
        let err = compare_counts(&p, (BackendKind::Dlx, &good), (BackendKind::Sat, &bad)).unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                Problem::InvalidSolution(BackendKind::Sat, wrong),
                Problem::DifferentSolutions
            ]
        );
    }
}
