//! XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and
//! {y,z}. Whatever the pivot holds, one pincer is z, so cells seeing both
//! pincers lose z (SE 4.2).

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{Cell, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::{first_in_pairs, step_removing, MAX_PEERS};
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "xy_wing",
    name: "XY-Wing",
    score: 4.2,
    find: Some(|c, cx| {
        cx.memo
            .first_since_nothing(Technique::XYWing, c, |changed| search(c, changed))
    }),
};

/// A pivot and two pincers, one of which holds `z` whatever happens.
#[derive(Debug)]
pub(crate) struct Wing {
    pub pivot: Cell,
    pub pincers: [Cell; 2],
    pub z: u8,
}

impl Wing {
    pub fn new(pivot: usize, a: usize, b: usize, z: u8, n: usize) -> Wing {
        Wing {
            pivot: Cell::of(pivot, n),
            pincers: [Cell::of(a, n), Cell::of(b, n)],
            z,
        }
    }
}

impl Pattern for Wing {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pivot {} with pincers {} and {} means one of them is {}",
            self.pivot,
            self.pincers[0],
            self.pincers[1],
            Shape::symbol(self.z)
        )
    }
}

/// Finds an XY-Wing that removes something.
///
/// Only wings with a cell for which `changed` holds are tried (the
/// others were there when a search found nothing, see
/// [`Memo::first_since_nothing`](super::Memo::first_since_nothing)).
fn search(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    first_wing(c, changed, 2, |pm, m| (m & pm).count_ones() == 1, wing)
}

/// The first step `wing(c, pivot, a, b)` gives, over the pivots of
/// `pivot_size` candidates in cell order and the pairs of their bivalue
/// peers whose candidates `m` fit the pivot's `pm` (`fits(pm, m)`), in
/// pair order; only wings with a cell for which `changed` holds are tried.
pub(crate) fn first_wing(
    c: &Candidates,
    changed: &dyn Fn(usize) -> bool,
    pivot_size: u32,
    fits: impl Fn(u32, u32) -> bool,
    wing: impl Fn(&Candidates, usize, usize, usize) -> Option<Step>,
) -> Option<Step> {
    let t = c.tables();
    for pivot in 0..c.cell_count() {
        let pm = c.mask(pivot);
        if pm.count_ones() != pivot_size {
            continue;
        }
        let mut pincers = [0usize; MAX_PEERS];
        let mut len = 0;
        for &p in t.peers(pivot) {
            let m = c.mask(p);
            if m.count_ones() == 2 && fits(pm, m) {
                pincers[len] = p;
                len += 1;
            }
        }
        let pincers = &pincers[..len];
        let pivot_changed = changed(pivot);
        if !pivot_changed && !pincers.iter().any(|&p| changed(p)) {
            continue;
        }
        let fresh = |a: usize, b: usize| pivot_changed || changed(a) || changed(b);
        if let Some(step) = first_in_pairs(pincers, |a, b| {
            fresh(a, b).then(|| wing(c, pivot, a, b)).flatten()
        }) {
            return Some(step);
        }
    }
    None
}

fn wing(c: &Candidates, pivot: usize, a: usize, b: usize) -> Option<Step> {
    let (pm, am, bm) = (c.mask(pivot), c.mask(a), c.mask(b));
    let z = (am & bm) & !pm;
    // The pincers must share z (not in the pivot) and split the pivot's pair.
    if z.count_ones() != 1 || (am | bm) & pm != pm {
        return None;
    }
    let n = c.n();
    let z = digits(z).next()?;
    let t = c.tables();
    debug_assert!(c.mask(pivot) & bit(z) == 0);
    step_removing(
        c,
        z,
        || t.common_peers(a, b),
        || Step::new(Technique::XYWing, Wing::new(pivot, a, b, z, n)),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_z_from_cells_seeing_both_pincers() {
        let mut c = open_board();
        // Pivot r1c1 {1,2}; pincers r1c5 {1,3} (row) and r4c1 {2,3}
        // (column). The cells seeing both pincers are r4c5 and the pivot,
        // which has no 3, so only r4c5 loses 3.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 5), &[1, 3]);
        c.set_digits(rc(4, 1), &[2, 3]);
        let step = search(&c, &|_| true).expect("xy-wing");
        assert_eq!(removed(&step), each(&[rc(4, 5)], 3));
        assert_eq!(
            step.to_string(),
            "XY-Wing: pivot r1c1 with pincers r1c5 and r4c1 means one of them is 3, so remove 3 from r4c5"
        );
    }

    #[test]
    fn pincers_need_a_common_third_digit() {
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 5), &[1, 3]);
        c.set_digits(rc(4, 1), &[2, 4]);
        assert!(search(&c, &|_| true).is_none());
    }
}
