//! The derivation rules of each nesting level: what SE's dynamic chains
//! of level 1 and up may use inside a chain.
//!
//! Level 1 uses the four basic rules of [`super::derive`]. Levels 2 and 3
//! add SE's forcing chains & cycles and (level 3) its multiple forcing
//! chains, level 4 dynamic forcing chains of a lower level, each searched
//! on the walk's shrunken board. Every hint of such a search (one per set
//! of removals, in SE's order) becomes eliminations whose parents are the
//! removals its on nodes relied on ([`rule_parents`]), and the chain is
//! kept in a table so that a chain using it adds its complexity once.

use super::derive::basic_rules;
use super::derived::{java_hash_order, Derivations, Derived, NestedUse};
use super::engine::{cell_of, digit_of, is_on, node, Board, ChainTrace, Deriver, Node, CELL_RULE, NONE};
use super::hint::{ChainHint, Engine};
use crate::logic::candidates::{bit, digits, Geometry};
use std::sync::Arc;

/// Level 1: the four basic rules.
struct BasicRules;

impl Deriver for BasicRules {
    fn derive(&mut self, board: &Board, out: &mut Derivations) {
        basic_rules(board, out);
    }
}

/// An inner engine's hints on one board, with their traces, in SE's
/// order.
type Answer = Vec<(ChainHint, ChainTrace)>;

/// What an inner engine's hints depend on: the engine, the board's
/// geometry (a variant reads the same candidates otherwise), its
/// candidates and its counts ([`Board::counts`]).
type Key = (Engine, Geometry, Vec<u32>, Vec<u8>, Vec<u8>);

/// How many independent parts [`ANSWERS`] has: threads that look up
/// different boards rarely wait for one another.
const SHARDS: usize = 16;

/// The most bytes (estimated by [`answer_bytes`]) one shard of
/// [`ANSWERS`] keeps per rayon thread, up to four threads, before it
/// starts afresh: 256 MiB per thread in all, which holds a couple of
/// thousand answers of a hard 9x9 puzzle, and bounds the memory on large
/// boards, where one answer may weigh far more.
const SHARD_BYTES_PER_THREAD: usize = (256 << 20) / SHARDS;

/// A fixed hasher, so that the table can be built in a `static`.
type Hashing = std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>;

/// One part of [`ANSWERS`]: the answers and their estimated bytes.
struct Shard {
    answers: std::collections::HashMap<Key, Arc<Answer>, Hashing>,
    bytes: usize,
}

/// Inner engines' answers by board, kept across searches and shared by
/// every thread: the walks of one search, of the next nesting level and
/// of the next steps often reach a board an earlier walk reached (a fifth
/// of the inner searches on the hardest puzzles), and when one puzzle's
/// walks run in parallel a board one thread searched is often the next
/// board another thread reaches. An answer is a function of its key
/// alone, so where it comes from, and which thread searched it first,
/// changes nothing.
static ANSWERS: [std::sync::Mutex<Shard>; SHARDS] = [const {
    std::sync::Mutex::new(Shard {
        answers: std::collections::HashMap::with_hasher(Hashing::new()),
        bytes: 0,
    })
}; SHARDS];

/// The answer of inner engine `engine` on `board`, from [`ANSWERS`] or
/// searched (on a copy of the walk's board) and kept.
pub(super) fn answer(engine: Engine, board: &Board) -> Arc<Answer> {
    use std::hash::BuildHasher;
    let (placed, empty) = board.counts();
    let key: Key = (engine, board.geometry(), board.masks.clone(), placed.to_vec(), empty.to_vec());
    let shard = &ANSWERS[Hashing::new().hash_one(&key) as usize % SHARDS];
    // A poisoned shard only means a search panicked elsewhere; what it
    // holds are still correct answers.
    let lock = || shard.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = lock().answers.get(&key).cloned() {
        return found;
    }
    let mut inner = board.snapshot();
    let found = Arc::new(find_all(&mut inner, engine));
    // A search cut short by a deadline or called off answers in part:
    // kept, it would answer every later search of the board, in this
    // solve and the next ones.
    if super::deadline::cut_short() {
        return found;
    }
    let bytes = answer_bytes(&found) + key.2.len() * 6;
    let limit = SHARD_BYTES_PER_THREAD * rayon::current_num_threads().min(4);
    let mut shard = lock();
    if shard.bytes + bytes > limit {
        shard.answers.clear();
        shard.bytes = 0;
    }
    if shard.answers.insert(key, found.clone()).is_none() {
        shard.bytes += bytes;
    }
    found
}

/// Roughly the heap bytes an answer holds: its texts, removals, cells and
/// traces.
fn answer_bytes(answer: &Answer) -> usize {
    answer
        .iter()
        .map(|(hint, trace)| {
            let trace_nodes: usize = trace.chains.iter().map(Vec::len).sum();
            256 + hint.text.len()
                + hint.rc_text.len()
                + hint.removals.len() * 16
                + hint.cells.len() * 8
                + trace_nodes * 8
        })
        .sum()
}

/// An inner engine's last answer to this deriver (SE keeps its last
/// answer per producer and gives it again for an equal grid).
#[derive(Default)]
struct Cached {
    masks: Vec<u32>,
    hints: Arc<Answer>,
    /// Each hint's index in [`NestedRules::table`], once registered.
    ids: Vec<u32>,
}

/// Levels 2 to 4: the basic rules, then other chaining engines.
struct NestedRules {
    /// The inner engines, in SE's order.
    inner: Vec<Engine>,
    /// The last answer of each inner engine.
    cache: Vec<Cached>,
    /// Every nested chain used so far.
    table: Vec<Arc<NestedUse>>,
}

impl NestedRules {
    fn new(engine: Engine) -> NestedRules {
        let inner = match engine {
            Engine::Nested { level: 2, .. } => vec![Engine::Unary],
            Engine::Nested { level: 3, .. } => vec![Engine::Unary, Engine::Multiple],
            Engine::Nested { limit: 0, .. } => vec![Engine::Dynamic],
            Engine::Nested { limit, .. } => vec![Engine::Nested {
                level: limit,
                limit: 0,
            }],
            _ => Vec::new(),
        };
        NestedRules {
            cache: inner.iter().map(|_| Cached::default()).collect(),
            inner,
            table: Vec::new(),
        }
    }

    /// The hints of inner engine `i` on `board` (cached per board).
    fn hints(&mut self, i: usize, board: &Board) -> &mut Cached {
        let cached = &mut self.cache[i];
        if cached.masks != board.masks {
            cached.hints = answer(self.inner[i], board);
            cached.masks.clone_from(&board.masks);
            cached.ids = vec![NONE; cached.hints.len()];
        }
        cached
    }
}

/// Every hint of `engine` on `board`, with its trace.
fn find_all(board: &mut Board, engine: Engine) -> Vec<(ChainHint, ChainTrace)> {
    match engine {
        Engine::Unary => super::unary::with_walker(|walker| super::unary::find_all(board, walker)),
        _ => super::multiple::find_all(board, engine, deriver),
    }
}

impl Deriver for NestedRules {
    fn derive(&mut self, board: &Board, out: &mut Derivations) {
        basic_rules(board, out);
        for i in 0..self.inner.len() {
            if !out.items.is_empty() {
                return;
            }
            let n = board.n();
            let mut table = std::mem::take(&mut self.table);
            let cached = self.hints(i, board);
            for (k, (hint, trace)) in cached.hints.iter().enumerate() {
                let from = out.parents.len();
                rule_parents(board, trace, &mut out.parents);
                if out.parents.len() == from {
                    continue;
                }
                if cached.ids[k] == NONE {
                    cached.ids[k] = table.len() as u32;
                    table.push(Arc::new(NestedUse {
                        key: identity(trace),
                        name: hint.full_name(),
                        rating: hint.rating(),
                        complexity: hint.complexity,
                        text: hint.rc_text.clone(),
                        inner: hint.nested.clone(),
                    }));
                }
                push_removals(out, n, hint, from, cached.ids[k]);
            }
            self.table = table;
        }
    }

    fn nested(&self, id: u32) -> (u64, u32) {
        let chain = &self.table[id as usize];
        (chain.key, chain.complexity)
    }

    fn describe(&self, id: u32) -> Option<Arc<NestedUse>> {
        self.table.get(id as usize).cloned()
    }
}

/// Adds `hint`'s removals, in SE's hash-map order of cells, as derived
/// off nodes resting on the parents pushed since `from`.
fn push_removals(out: &mut Derivations, n: usize, hint: &ChainHint, from: usize, nested: u32) {
    let mut cells: Vec<(usize, u32)> = Vec::new();
    for &(cell, d) in &hint.removals {
        match cells.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, mask)) => *mask |= bit(d),
            None => cells.push((cell, bit(d))),
        }
    }
    java_hash_order(&mut cells);
    for (cell, mask) in cells {
        for d in digits(mask) {
            out.items.push(Derived {
                node: node(n, cell, d, false),
                parents_start: from as u32,
                parents_len: (out.parents.len() - from) as u32,
                nested,
            });
        }
    }
}

/// SE's `getRuleParents` of a chain hint: for each on node of its chains
/// (and the root of a cell or region chain set), the candidates the walk
/// removed that the node's rule relied on: the cell's other digits for
/// the cell rule, the digit's other places for a house rule. Each once,
/// in order.
fn rule_parents(board: &Board, trace: &ChainTrace, out: &mut Vec<Node>) {
    let n = board.n();
    let from = out.len();
    let push = |out: &mut Vec<Node>, p: Node| {
        if !out[from..].contains(&p) {
            out.push(p);
        }
    };
    for chain in &trace.chains {
        for &(p, cause) in chain {
            if cause == NONE || !is_on(p) {
                continue;
            }
            let (cell, d) = (cell_of(n, p), digit_of(n, p));
            if cause == CELL_RULE {
                for e in 1..=n as u8 {
                    if board.was_removed(cell, e) {
                        push(out, node(n, cell, e, false));
                    }
                }
            } else {
                for &c in board.house_cells(cause as usize) {
                    if board.was_removed(c, d) {
                        push(out, node(n, c, d, false));
                    }
                }
            }
        }
    }
}

/// A chain's identity: SE deems two nested chains equal when their
/// chains hold the same nodes in the same order.
fn identity(trace: &ChainTrace) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chain in &trace.chains {
        for &(p, _) in chain {
            h = (h ^ p as u64).wrapping_mul(0x0100_0000_01b3);
        }
        h = (h ^ 0xffff_ffff).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The deriver for `engine`'s walks (none below level 1).
pub fn deriver(engine: Engine) -> Option<Box<dyn Deriver>> {
    match engine.level() {
        0 => None,
        1 => Some(Box::new(BasicRules)),
        _ => Some(Box::new(NestedRules::new(engine))),
    }
}
