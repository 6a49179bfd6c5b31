//! WXYZ-Wing, SE's way: an almost locked set of three mutually visible
//! cells holding four digits, and a bivalue cell sharing two of them with
//! a restricted common (see `als_wing.rs`). SE rates it 5.5 or 5.6 by the
//! size of the set's largest cell and names it with a code, e.g.
//! `WXYZ-Wing 137`.

use super::super::technique::{Finder, Technique};

pub(crate) const FINDER: Finder = Finder {
    id: "wxyz_wing",
    name: "WXYZ-Wing",
    score: 5.5,
    find: Some(|c, cx| super::als_wing::find(c, 3, Technique::WXYZWing, cx.memo)),
};

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_z_from_cells_seeing_the_pivot_and_every_z_of_the_set() {
        let mut c = open_board();
        // Set r1c1 {1,2}, r1c2 {1,3}, r2c1 {2,3,4} (box 1); pivot r1c5
        // {1,4}. Every 1 of the set is in row 1 with the pivot, so the set
        // or the pivot holds 4: r1c3 and r2c4-6 see r2c1 and r1c5.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        c.set_digits(rc(1, 5), &[1, 4]);
        let step = (FINDER.find.unwrap())(&c, &mut scratch()).expect("wxyz-wing");
        assert_eq!(removed(&step), each(&[rc(1, 3), rc(2, 4), rc(2, 5), rc(2, 6)], 4));
        assert_eq!(step.name(), "WXYZ-Wing 137");
        assert!((step.difficulty - 5.6).abs() < 1e-4);
    }

    #[test]
    fn a_wing_made_by_a_later_removal_is_found_with_the_memo() {
        // The wing of the test above, first without it: the pivot r1c5
        // has a third digit, then the set cell r2c1 has a fifth. The
        // search after each removal reuses the memo of the search before,
        // which found nothing; the wing must still be found.
        let find = FINDER.find.unwrap();
        let mut cx = scratch();
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4, 5]);
        c.set_digits(rc(1, 5), &[1, 4, 5]);
        assert!(find(&c, &mut cx).is_none());
        c.set_digits(rc(1, 5), &[1, 4]);
        assert!(find(&c, &mut cx).is_none(), "the set has five digits");
        assert!(find(&c, &mut cx).is_none(), "nothing changed");
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        let step = find(&c, &mut cx).expect("wxyz-wing after the removals");
        assert_eq!(removed(&step), each(&[rc(1, 3), rc(2, 4), rc(2, 5), rc(2, 6)], 4));
        // A board that is no reduction of the last one is searched whole.
        let mut other = open_board();
        other.set_digits(rc(1, 1), &[1, 2]);
        other.set_digits(rc(1, 2), &[1, 3]);
        other.set_digits(rc(2, 1), &[2, 3, 4]);
        other.set_digits(rc(1, 5), &[1, 4]);
        let mut cx = scratch();
        c.set_digits(rc(1, 5), &[1, 4, 6]);
        c.set_digits(rc(9, 9), &[7, 8]);
        assert!(find(&c, &mut cx).is_none());
        assert!(find(&other, &mut cx).is_some());
    }

    #[test]
    fn no_wing_when_the_common_digit_is_not_restricted() {
        let mut c = open_board();
        // As above, but the pivot r5c5 {1,4} sees no cell of the set.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        c.set_digits(rc(5, 5), &[1, 4]);
        assert!((FINDER.find.unwrap())(&c, &mut scratch()).is_none());
    }
}
