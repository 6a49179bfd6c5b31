//! XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}.
//! One of the three cells is z, so cells seeing all three lose z (SE 4.4).

use super::super::candidates::{digits, Candidates};
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::xy_wing::Wing;
use super::{eliminate_where_present, first_in_pairs, if_progress};

pub(crate) const FINDER: Finder = Finder {
    id: "xyz_wing",
    name: "XYZ-Wing",
    score: 4.4,
    find: Some(|c, _| find(c)),
};

/// Finds an XYZ-Wing that removes something.
pub fn find(c: &Candidates) -> Option<Step> {
    let t = c.tables();
    for pivot in 0..c.cell_count() {
        let pm = c.mask(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let pincers: Vec<usize> = t
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&p| c.mask(p).count_ones() == 2 && c.mask(p) & !pm == 0)
            .collect();
        if let Some(step) = first_in_pairs(&pincers, |a, b| wing(c, pivot, a, b)) {
            return Some(step);
        }
    }
    None
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
    let mut step = Step::new(Technique::XYZWing, Wing::new(pivot, a, b, z, n));
    let victims = t
        .peers(pivot)
        .iter()
        .copied()
        .filter(|&v| t.sees(v, a) && t.sees(v, b));
    eliminate_where_present(&mut step, c, victims, z);
    if_progress(step)
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
        let step = find(&c).expect("xyz-wing");
        assert_eq!(removed(&step), each(&[rc(2, 1), rc(2, 3)], 3));
    }

    #[test]
    fn pincers_must_differ() {
        let mut c = open_board();
        c.set_digits(rc(2, 2), &[1, 2, 3]);
        c.set_digits(rc(2, 7), &[1, 3]);
        c.set_digits(rc(3, 1), &[1, 3]);
        assert!(find(&c).is_none());
    }
}
