//! VWXYZ-Wing, SE's way: an almost locked set of four mutually visible
//! cells holding five digits, and a bivalue cell sharing two of them with
//! a restricted common (see `als_wing.rs`). SE rates it 6.2 to 6.4 by the
//! size of the set's largest cell and names it with a code, e.g.
//! `VWXYZ-Wing 1412`.

use super::super::technique::{Finder, Technique};

pub(crate) const FINDER: Finder = Finder {
    id: "vwxyz_wing",
    name: "VWXYZ-Wing",
    score: 6.2,
    find: Some(|c, cx| super::als_wing::find(c, 4, Technique::VWXYZWing, cx.memo)),
};

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn four_cell_set_with_a_bivalue_pivot() {
        let mut c = open_board();
        // Set r1c1 {1,2}, r1c2 {1,3}, r1c3 {1,4}, r2c1 {2,3,4,5} (box 1);
        // pivot r1c5 {1,5}: every 1 of the set shares row 1 with it, so
        // 5 is in r2c1 or r1c5 and leaves r2c4-6.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(1, 3), &[1, 4]);
        c.set_digits(rc(2, 1), &[2, 3, 4, 5]);
        c.set_digits(rc(1, 5), &[1, 5]);
        let step = (FINDER.find.unwrap())(&c, &mut scratch()).expect("vwxyz-wing");
        assert_eq!(removed(&step), each(&[rc(2, 4), rc(2, 5), rc(2, 6)], 5));
        assert_eq!(step.name(), "VWXYZ-Wing 1410");
        assert!((step.difficulty - 6.3).abs() < 1e-4);
    }
}
