//! Nodes: a candidate assumed true or false, the unit every chain is made
//! of. Kept apart so that every chaining file can name nodes without
//! importing the walks.

/// A candidate (`cell * n + digit - 1`) with a truth value in bit 0.
pub type Node = u32;

/// No entry: the root of a chain has no parent.
pub const NONE: u32 = u32::MAX;

/// The node for `digit` (1-based) in `cell` being `on` or off.
pub fn node(n: usize, cell: usize, digit: u8, on: bool) -> Node {
    (((cell * n + digit as usize - 1) as u32) << 1) | on as u32
}

/// The cell of a node.
pub fn cell_of(n: usize, p: Node) -> usize {
    (p >> 1) as usize / n
}

/// The digit (1-based) of a node.
pub fn digit_of(n: usize, p: Node) -> u8 {
    ((p >> 1) as usize % n) as u8 + 1
}

/// Whether a node says its candidate is true.
pub fn is_on(p: Node) -> bool {
    p & 1 == 1
}

/// The same candidate with the opposite truth value.
pub fn conjugate(p: Node) -> Node {
    p ^ 1
}
