//! XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}.
//! One of the three cells is z, so cells seeing all three lose z (SE 4.4).

use super::super::candidates::{digits, Candidates};
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::step_removing;
use super::xy_wing::{first_wing, Wing};

pub(crate) const FINDER: Finder = Finder {
    id: "xyz_wing",
    name: "XYZ-Wing",
    score: 4.4,
    find: Some(|c, cx| {
        cx.memo
            .first_since_nothing(Technique::XYZWing, c, |changed| search(c, changed))
    }),
};

/// Finds an XYZ-Wing that removes something.
///
/// Only wings with a cell for which `changed` holds are tried (the
/// others were there when a search found nothing, see
/// [`Memo::first_since_nothing`](super::Memo::first_since_nothing)).
fn search(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    first_wing(c, changed, 3, |pm, m| m & !pm == 0, wing)
}

fn wing(c: &Candidates, pivot: usize, a: usize, b: usize) -> Option<Step> {
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
        Step::new(Technique::XYZWing, Wing::new(pivot, a, b, z, n))
    })
}

#[cfg(test)]
mod tests {
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
        let step = search(&c, &|_| true).expect("xyz-wing");
        assert_eq!(removed(&step), each(&[rc(2, 1), rc(2, 3)], 3));
    }

    #[test]
    fn pincers_must_differ() {
        let mut c = open_board();
        c.set_digits(rc(2, 2), &[1, 2, 3]);
        c.set_digits(rc(2, 7), &[1, 3]);
        c.set_digits(rc(3, 1), &[1, 3]);
        assert!(search(&c, &|_| true).is_none());
    }
}
