//! XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and
//! {y,z}. Whatever the pivot holds, one pincer is z, so cells seeing both
//! pincers lose z (SE 4.2). XYZ-Wing: a pivot {x,y,z} sees two bivalue
//! pincers {x,z} and {y,z}; one of the three cells is z, so cells seeing
//! all three lose z (SE 4.4). SE finds both with one producer.

use super::super::board::Cell;
use super::super::candidates::{bit, digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{first_in_pairs, step_removing, MAX_PEERS};
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of an XY-Wing.
const XY_DIFFICULTY: f32 = 4.2;

/// SE's difficulty of an XYZ-Wing.
const XYZ_DIFFICULTY: f32 = 4.4;

/// XY-Wings, or XYZ-Wings (`xyz`), as SE's one wing producer finds them.
pub(crate) struct XYWing {
    /// A trivalue pivot whose pincers' common digit it holds too.
    pub xyz: bool,
}

impl Producer for XYWing {
    fn techniques(&self) -> &'static [Technique] {
        if self.xyz {
            &[Technique::XYZWing]
        } else {
            &[Technique::XYWing]
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        if self.xyz {
            XYZ_DIFFICULTY
        } else {
            XY_DIFFICULTY
        }
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        if self.xyz {
            cx.memo
                .first_since_nothing(Technique::XYZWing, c, |changed| search_xyz(c, changed))
        } else {
            cx.memo
                .first_since_nothing(Technique::XYWing, c, |changed| search(c, changed))
        }
    }
}

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
/// [`Memo::first_since_nothing`](super::super::producer::Memo::first_since_nothing)).
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
        || Step::new(Technique::XYWing, XY_DIFFICULTY, Wing::new(pivot, a, b, z, n)),
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

/// Finds an XYZ-Wing that removes something: a pivot {x,y,z} sees two
/// bivalue pincers {x,z} and {y,z}; one of the three cells is z, so cells
/// seeing all three lose z.
///
/// Only wings with a cell for which `changed` holds are tried (the
/// others were there when a search found nothing, see
/// [`Memo::first_since_nothing`](super::super::producer::Memo::first_since_nothing)).
fn search_xyz(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    first_wing(c, changed, 3, |pm, m| m & !pm == 0, xyz_wing)
}

fn xyz_wing(c: &Candidates, pivot: usize, a: usize, b: usize) -> Option<Step> {
    let (am, bm) = (c.mask(a), c.mask(b));
    let z = am & bm;
    if am == bm || z.count_ones() != 1 {
        return None;
    }
    let n = c.n();
    let t = c.tables();
    let z = digits(z).next()?;
    let victims = || {
        t.peers(pivot)
            .iter()
            .copied()
            .filter(move |&v| t.sees(v, a) && t.sees(v, b))
    };
    step_removing(c, z, victims, || {
        Step::new(Technique::XYZWing, XYZ_DIFFICULTY, Wing::new(pivot, a, b, z, n))
    })
}

#[cfg(test)]
mod xyz_tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_z_from_cells_seeing_all_three() {
        let mut c = open_board();
        // Pivot r2c2 {1,2,3}; pincers r2c7 {1,3} (row 2) and r3c1 {2,3}
        // (box 1). Cells seeing all three: r2c1 and r2c3 (row 2 and box 1).
        c.set_digits(rc(2, 2), &[1, 2, 3]);
        c.set_digits(rc(2, 7), &[1, 3]);
        c.set_digits(rc(3, 1), &[2, 3]);
        let step = search_xyz(&c, &|_| true).expect("xyz-wing");
        assert_eq!(removed(&step), each(&[rc(2, 1), rc(2, 3)], 3));
    }

    #[test]
    fn pincers_must_differ() {
        let mut c = open_board();
        c.set_digits(rc(2, 2), &[1, 2, 3]);
        c.set_digits(rc(2, 7), &[1, 3]);
        c.set_digits(rc(3, 1), &[1, 3]);
        assert!(search_xyz(&c, &|_| true).is_none());
    }
}
