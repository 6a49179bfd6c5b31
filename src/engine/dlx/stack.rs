//! The search's scratch stack: part of the engine's state, so it lives
//! apart from the search loop, which works on that state.

use crate::shape::Shape;

/// The search stack and its buffers, kept with the engine so that searching
/// never allocates.
#[derive(Clone)]
pub(super) struct SearchState {
    /// Each level's branch item and the node being tried there. Invariant:
    /// `cells + 1` entries, one more than the deepest level a search can
    /// reach (each level covers a cell item), so the search indexes it
    /// unchecked.
    pub(super) levels: Vec<Level>,
    /// For random fills only: each level's options in shuffled order, `n`
    /// slots per level.
    pub(super) candidates: Vec<u16>,
    /// How many candidates each level has, and how many were tried.
    pub(super) candidate_count: Vec<u8>,
    pub(super) tried: Vec<u8>,
    /// Options of the first solution found (search part only).
    pub(super) first_solution: Vec<u16>,
    /// While `collecting`, the options of every solution found (search
    /// part only), one list per solution, for [`Backend::solutions`].
    ///
    /// [`Backend::solutions`]: crate::engine::Backend::solutions
    pub(super) collected: Vec<Vec<u16>>,
    pub(super) collecting: bool,
    /// While `preferring`, each level first tries the node of its item
    /// listed here (a digging session lists its solution's options: a
    /// second solution mostly agrees with the first, so it is found after
    /// fewer nodes), then the others in list order. `first` is that node
    /// per level while it is still available, else `NO_NODE`.
    pub(super) preferred: Vec<u16>,
    pub(super) first: Vec<u16>,
    pub(super) preferring: bool,
}

/// No preferred node.
pub(super) const NO_NODE: u16 = u16::MAX;

/// One level of the search stack.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    /// The item branched on.
    pub(super) item: u16,
    /// The node being tried; the item's header before the first.
    pub(super) chosen: u16,
}

impl SearchState {
    pub(super) fn new(shape: Shape) -> SearchState {
        let levels = shape.cells() + 1;
        SearchState {
            levels: vec![Level::default(); levels],
            candidates: vec![0; levels * shape.n()],
            candidate_count: vec![0; levels],
            tried: vec![0; levels],
            first_solution: Vec::with_capacity(levels),
            collected: Vec::new(),
            collecting: false,
            preferred: vec![NO_NODE; 4 * shape.cells()],
            first: vec![NO_NODE; levels],
            preferring: false,
        }
    }
}
