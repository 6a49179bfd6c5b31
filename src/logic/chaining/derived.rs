//! What a nested walk's derivation rules hand back (see [`mod@super::derive`]
//! and the nested rules): eliminations in Sukaku Explainer's order, each
//! with the removals it rests on and the nested chain that made it.

use super::node::{node, Node};
use crate::logic::candidates::digits;

/// A chain another chain used inside itself, as the step shows it: SE's
/// name, its rating and complexity, its description, and the chains it
/// used in turn.
#[derive(Clone, Debug, PartialEq)]
pub struct NestedUse {
    /// Equal for chains SE deems equal (the same nodes, in order).
    pub key: u64,
    /// SE's name, e.g. `Forcing Chain` or `Cell Forcing Chains`.
    pub name: &'static str,
    /// SE's rating of the chain on its own (to tenths).
    pub rating: f32,
    /// Its complexity, its own nested chains included.
    pub complexity: u32,
    /// What it proves and how.
    pub text: String,
    /// The chains it used inside itself.
    pub inner: Vec<std::sync::Arc<NestedUse>>,
}

/// One derived elimination: an off node, the off nodes it rests on (a
/// range of [`Derivations::parents`]) and, when a nested chain made it,
/// the chain's index in the caller's table.
#[derive(Clone, Copy, Debug)]
pub struct Derived {
    /// The candidate that goes (an off node).
    pub node: Node,
    /// Start of its parents in [`Derivations::parents`].
    pub parents_start: u32,
    /// How many parents.
    pub parents_len: u32,
    /// The nested chain that made it, or [`super::node::NONE`].
    pub nested: u32,
}

/// What one run of the derivation rules found, in SE's order.
#[derive(Default, Debug)]
pub struct Derivations {
    /// The eliminations, in order (a node may repeat: the first counts).
    pub items: Vec<Derived>,
    /// Every item's parents, back to back.
    pub parents: Vec<Node>,
    /// Scratch for one hint's eliminations before they are ordered.
    pub(super) cells: Vec<(usize, u32)>,
}

impl Derivations {
    /// Forgets everything found.
    pub fn clear(&mut self) {
        self.items.clear();
        self.parents.clear();
    }

    /// The parents of `item`.
    pub fn parents_of(&self, item: &Derived) -> &[Node] {
        let start = item.parents_start as usize;
        &self.parents[start..start + item.parents_len as usize]
    }

    /// Adds one technique's hint: its eliminations `cells` (cell, digit
    /// mask), in the order the technique met them, all resting on the
    /// parents pushed since `parents_from`. A hint without parents is
    /// dropped (it holds without the chain), as is one that eliminates
    /// nothing.
    pub(super) fn add_hint(&mut self, n: usize, parents_from: usize, nested: u32) {
        let parents_len = self.parents.len() - parents_from;
        if parents_len == 0 || self.cells.is_empty() {
            self.parents.truncate(parents_from);
            self.cells.clear();
            return;
        }
        java_hash_order(&mut self.cells);
        for &(cell, mask) in &self.cells {
            for d in digits(mask) {
                self.items.push(Derived {
                    node: node(n, cell, d, false),
                    parents_start: parents_from as u32,
                    parents_len: parents_len as u32,
                    nested,
                });
            }
        }
        self.cells.clear();
    }
}

/// Puts a hint's eliminations in the order SE iterates them: SE keeps them
/// in a `java.util.HashMap` keyed by cell, whose hash is the cell index,
/// so the map yields cells by bucket (index modulo the table size, 16
/// doubled while the map is over three quarters full) and, within a
/// bucket, in the order they were put in (a resize keeps that order).
pub fn java_hash_order(cells: &mut [(usize, u32)]) {
    let mut capacity = 16;
    while cells.len() > capacity * 3 / 4 {
        capacity *= 2;
    }
    cells.sort_by_key(|&(cell, _)| cell & (capacity - 1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_hash_order_follows_buckets_then_insertion() {
        // 16 buckets: 17 (bucket 1) after 1? No: 1 was put first.
        let mut cells = vec![(17, 1), (1, 1), (40, 1), (3, 1)];
        java_hash_order(&mut cells);
        let order: Vec<usize> = cells.iter().map(|c| c.0).collect();
        assert_eq!(order, vec![17, 1, 3, 40]);
        // Thirteen entries: 32 buckets.
        let mut cells: Vec<(usize, u32)> = (0..13).map(|i| (i * 3 + 16, 1)).collect();
        java_hash_order(&mut cells);
        let keys: Vec<usize> = cells.iter().map(|c| c.0 & 31).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]));
    }
}
