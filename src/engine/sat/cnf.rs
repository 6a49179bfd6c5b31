//! The CNF model of a shape, built from [`ExactCover::items`] so the SAT
//! engine solves exactly the problem the DLX engine solves.
//!
//! It lives apart from the solver glue because it is pure data (a list of
//! clauses and a variable count) and can be unit-tested on its own,
//! including the choice between the two at-most-one encodings.

use crate::engine::exact_cover::ExactCover;
use crate::shape::Shape;
use varisat::{Lit, Var};

/// Largest item size (board side) that gets the pairwise at-most-one
/// encoding; larger items use the sequential counter.
///
/// Pairwise needs `n(n-1)/2` binary clauses per item and no extra
/// variables: 36 for 9x9 (11,664 in all), 120 for 16x16 (122,880 in all),
/// which varisat's binary-clause lists handle well. For 25x25 it would be
/// 300 per item, 750,000 in all, so there we switch to Sinz's sequential
/// counter: `n - 1` extra variables and about `3n` clauses per item.
pub const PAIRWISE_MAX_SIDE: usize = 16;

/// How the at-most-one half of each exactly-one constraint is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMostOne {
    /// Every pair of options excludes each other.
    Pairwise,
    /// Sinz's sequential counter with auxiliary "some earlier option is
    /// true" variables.
    Sequential,
}

impl AtMostOne {
    /// The encoding our threshold picks for a shape.
    pub fn for_shape(shape: Shape) -> AtMostOne {
        if shape.n() <= PAIRWISE_MAX_SIDE {
            AtMostOne::Pairwise
        } else {
            AtMostOne::Sequential
        }
    }
}

/// A formula over the option variables (variable `i` is exact-cover option
/// `i`, "digit `i % n + 1` in cell `i / n`") plus any auxiliary variables
/// numbered after them.
#[derive(Clone, Debug)]
pub struct Cnf {
    /// Total variables used, options first.
    pub vars: usize,
    /// The clauses.
    pub clauses: Vec<Vec<Lit>>,
}

/// The literal "option `option` is chosen".
pub fn option_lit(option: usize) -> Lit {
    Var::from_index(option).positive()
}

/// Builds the exactly-one-per-item formula for a shape.
pub fn encode(shape: Shape, amo: AtMostOne) -> Cnf {
    let mut cnf = Cnf {
        vars: ExactCover::new(shape).option_count(),
        clauses: Vec::new(),
    };
    for options in options_per_item(shape) {
        let lits: Vec<Lit> = options.into_iter().map(option_lit).collect();
        cnf.clauses.push(lits.clone());
        match amo {
            AtMostOne::Pairwise => pairwise(&mut cnf, &lits),
            AtMostOne::Sequential => sequential(&mut cnf, &lits),
        }
    }
    cnf
}

/// The options covering each item, in item order. Derived from
/// [`ExactCover::items`] so all four families (cell, row-digit,
/// column-digit, box-digit) come from the shared model.
fn options_per_item(shape: Shape) -> Vec<Vec<usize>> {
    let ec = ExactCover::new(shape);
    let mut per_item = vec![Vec::with_capacity(shape.n()); ec.item_count()];
    for option in 0..ec.option_count() {
        for item in ec.items(option) {
            per_item[item].push(option);
        }
    }
    per_item
}

/// At most one of `lits`: one binary clause per pair.
pub(crate) fn pairwise(cnf: &mut Cnf, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            cnf.clauses.push(vec![!a, !b]);
        }
    }
}

/// At most one of `lits` by Sinz's sequential counter: `s_i` means "one of
/// `lits[0..=i]` is true"; a true `lits[i+1]` then contradicts `s_i`.
pub(crate) fn sequential(cnf: &mut Cnf, lits: &[Lit]) {
    let k = lits.len();
    if k < 2 {
        return;
    }
    let first_aux = cnf.vars;
    cnf.vars += k - 1;
    let s = |i: usize| Var::from_index(first_aux + i).positive();
    for (i, &x) in lits[..k - 1].iter().enumerate() {
        // x_i -> s_i
        cnf.clauses.push(vec![!x, s(i)]);
        if i > 0 {
            // s_{i-1} -> s_i, and s_{i-1} -> not x_i
            cnf.clauses.push(vec![!s(i - 1), s(i)]);
            cnf.clauses.push(vec![!s(i - 1), !x]);
        }
    }
    // s_{k-2} -> not x_{k-1}
    cnf.clauses.push(vec![!s(k - 2), !lits[k - 1]]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    /// Whether an assignment of all variables satisfies every clause.
    fn satisfied(cnf: &Cnf, value: &[bool]) -> bool {
        cnf.clauses
            .iter()
            .all(|cl| cl.iter().any(|l| value[l.var().index()] == l.is_positive()))
    }

    /// Brute force over one item of `k` options: the sequential counter
    /// must allow exactly the assignments with one true option, for some
    /// choice of the auxiliary variables.
    #[test]
    fn sequential_counter_is_exactly_one() {
        for k in 1..=6 {
            let mut cnf = Cnf {
                vars: k,
                clauses: Vec::new(),
            };
            let lits: Vec<Lit> = (0..k).map(option_lit).collect();
            cnf.clauses.push(lits.clone());
            sequential(&mut cnf, &lits);
            let aux = cnf.vars - k;
            for x in 0u32..1 << k {
                let extendable = (0u32..1 << aux).any(|s| {
                    let value: Vec<bool> = (0..k)
                        .map(|i| x >> i & 1 == 1)
                        .chain((0..aux).map(|i| s >> i & 1 == 1))
                        .collect();
                    satisfied(&cnf, &value)
                });
                assert_eq!(extendable, x.count_ones() == 1, "k={k} x={x:b}");
            }
        }
    }

    #[test]
    fn sizes_match_the_documented_counts() {
        let cnf = encode(Shape::CLASSIC, AtMostOne::Pairwise);
        assert_eq!(cnf.vars, 729);
        assert_eq!(cnf.clauses.len(), 324 * (1 + 36));
        let big = shape(5, 5);
        assert_eq!(AtMostOne::for_shape(big), AtMostOne::Sequential);
        assert_eq!(AtMostOne::for_shape(shape(4, 4)), AtMostOne::Pairwise);
        let cnf = encode(big, AtMostOne::Sequential);
        assert_eq!(cnf.vars, 25 * 25 * 25 + 2500 * 24);
    }
}
