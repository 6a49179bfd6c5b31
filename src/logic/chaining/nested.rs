//! The derivation rules of each nesting level: what SE's dynamic chains
//! of level 1 and up may use inside a chain.

use super::derive::{basic_rules, Derivations};
use super::engine::{Board, Deriver};
use super::hint::Engine;

/// Level 1: the four basic rules.
struct BasicRules;

impl Deriver for BasicRules {
    fn derive(&mut self, board: &Board, out: &mut Derivations) {
        basic_rules(board, out);
    }
}

/// The deriver for `engine`'s walks (none below level 1).
pub fn deriver(engine: Engine) -> Option<Box<dyn Deriver>> {
    match engine.level() {
        0 => None,
        _ => Some(Box::new(BasicRules)),
    }
}
