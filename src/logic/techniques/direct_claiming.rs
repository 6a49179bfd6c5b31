//! Direct claiming: a digit's places in a line all lie in one box, and
//! the removals in the box would leave the digit one place in another
//! line. SE rates it 1.9. It is found by the direct pointing search
//! (`direct_pointing.rs`), which SE runs as one pass over both.

use super::super::technique::Finder;

pub(crate) const FINDER: Finder = Finder {
    id: "direct_claiming",
    name: "Direct Claiming",
    score: 1.9,
    find: None,
};
