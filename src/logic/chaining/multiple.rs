//! Forcing chains that compare whole walks: SE's Nishio, Multiple (cell
//! and region) and Dynamic forcing chains, one engine with three settings.
//!
//! Every candidate of a cell with enough candidates is assumed true (and,
//! for contradictions and double chains, false), and its consequences are
//! walked to the end:
//!
//! - *Contradiction* (dynamic) and *Nishio* (dynamic, last-place rules
//!   only): the assumption makes some candidate both on and off.
//! - *Double* (dynamic): the candidate on and off imply the same thing.
//! - *Cell forcing chains*: every candidate of a cell implies the same thing.
//! - *Region forcing chains*: every place of a digit in a house implies the
//!   same thing.
//!
//! Static walks (Multiple, rated 8.0 plus the length extra) never change
//! the board; dynamic walks (8.5) remove each candidate they turn off, so
//! later rules see a smaller board, and a rule that relied on earlier
//! removals counts them in the chain's complexity. Nishio is rated 7.5.

use super::derived::NestedUse;
use super::engine::{
    cell_of, digit_of, is_on, node, static_cause, walk_into, Arena, Board, ChainTrace, Deriver, Node, Rules,
    Scratch, Walk, CELL_RULE, NONE,
};
use super::hint::{candidate_name, cell_name, rc_candidate, rc_cell, Best, ChainHint, ChainKind, Engine};
use crate::logic::candidates::{bit, digits};
use std::sync::Arc;

/// What makes the deriver of a walk for an engine (see
/// [`Deriver`]): the nested rules' factory.
///
/// The nested rules run inner searches of this module, and this module's
/// walks use the nested rules: the callers pass the factory in, so this
/// module needs no path to the nested rules. A plain function pointer,
/// called once per search or per part of a search.
pub type DeriverFactory = fn(Engine) -> Option<Box<dyn Deriver>>;

/// The settings of one engine.
#[derive(Clone, Copy)]
struct Mode {
    engine: Engine,
    dynamic: bool,
    nishio: bool,
    multiple: bool,
}

impl Mode {
    fn of(engine: Engine) -> Mode {
        Mode {
            engine,
            dynamic: engine.is_dynamic(),
            nishio: engine == Engine::Nishio,
            multiple: engine != Engine::Nishio,
        }
    }

    fn rules(self) -> Rules {
        Rules {
            cell: !self.nishio,
            house: true,
        }
    }
}

/// The walks made on one position, each from one candidate assumed on,
/// computed once and shared by the cell, region and binary searches.
struct Walks {
    on: Vec<Option<Walk>>,
    /// Walks from each candidate assumed off, when made ahead of the
    /// search ([`prewalk`]); otherwise each is made when needed.
    off: Vec<Option<Walk>>,
    arena: Arena,
    scratch: Scratch,
    /// The digits searched (a mask; Nishio may skip digits, see
    /// [`find_on_digits`]).
    only: u32,
    /// The digits whose walks found a contradiction (Nishio).
    hinted: u32,
    /// Walks done with, whose lists the next walks reuse.
    spare: Vec<Walk>,
    /// Buffers for [`common_outcomes`]: the nodes every walk reached,
    /// and those nodes with their entries in the first walk.
    common: Vec<u64>,
    hits: Vec<(Node, u32)>,
    /// What walks of level 1 and up use inside a chain.
    deriver: Option<Box<dyn Deriver>>,
    /// What makes the deriver of each part of a [`prewalk`].
    derivers: DeriverFactory,
}

impl Walks {
    /// A walk from `start` under the engine's rules.
    fn walk(&mut self, board: &mut Board, mode: Mode, start: Node) -> Walk {
        let mut w = self.spare.pop().unwrap_or_default();
        walk_into(
            board,
            &mut self.arena,
            &mut self.scratch,
            (start, mode.rules(), mode.dynamic),
            &mut w,
            self.deriver.as_mut().map(|d| &mut **d as &mut dyn Deriver),
        );
        w
    }

    /// SE's complexity of a hint whose chains end at entries `ids`: the
    /// nodes each rests on, plus each distinct nested chain's complexity.
    fn complexity(&mut self, ids: &[u32], nodes: usize) -> u32 {
        let flat: u32 = ids.iter().map(|&id| self.arena.ancestor_count(id, nodes)).sum();
        if self.arena.has_nested() {
            flat + self.arena.nested_complexity(ids, nodes)
        } else {
            flat
        }
    }

    /// The distinct nested chains the chains ending at `ids` rest on, in
    /// the order met.
    fn nested_uses(&mut self, ids: &[u32], nodes: usize) -> Vec<Arc<NestedUse>> {
        self.arena.nested_uses(ids, nodes)
    }

    fn on_walk(&mut self, board: &mut Board, mode: Mode, cell: usize, d: u8) -> &Walk {
        let n = board.n();
        let index = cell * n + d as usize - 1;
        if self.on[index].is_none() {
            let w = self.walk(board, mode, node(n, cell, d, true));
            self.on[index] = Some(w);
        }
        self.on[index].as_ref().expect("computed above")
    }
}

thread_local! {
    /// The walks' entry arena and scratch buffers, kept between searches:
    /// growing them from empty for every search cost more than their
    /// memory.
    static BUFFERS: std::cell::Cell<Buffers> = std::cell::Cell::default();
}

/// What [`BUFFERS`] keeps: the arena, the scratch buffers, the tables of
/// walks by candidate on and off (all `None`) and the spare walks.
type Buffers = (Arena, Scratch, Vec<Option<Walk>>, Vec<Option<Walk>>, Vec<Walk>);

/// The easiest hint of `engine` (Nishio, Multiple or Dynamic) on the board.
pub fn find(board: &mut Board, engine: Engine, derivers: DeriverFactory) -> Option<ChainHint> {
    find_on_digits(board, engine, u32::MAX, derivers).0
}

/// [`find`] with Nishio's walks restricted to the digits of `only` (a
/// digit mask; the other engines search every digit). Also returns the
/// digits whose Nishio walks found a contradiction, whether or not it
/// became the hint.
///
/// Why a restriction is sound: a Nishio walk follows the last-place rules
/// of its own digit only, so which Nishio hints a digit has depends on
/// that digit's candidates alone. A digit unchanged since it had none
/// still has none, and leaving it out changes no offer.
pub fn find_on_digits(
    board: &mut Board,
    engine: Engine,
    only: u32,
    derivers: DeriverFactory,
) -> (Option<ChainHint>, u32) {
    with_walks(board, engine, derivers, only, |board, walks| {
        if prewalk_pays(engine) {
            prewalk(board, walks, Mode::of(engine));
        }
        if super::deadline::stopped() {
            return (None, 0);
        }
        let mut hint = search(board, engine, walks, Best::default()).into_hint();
        if let Some(hint) = &mut hint {
            hint.nested = walks.nested_uses(&hint.targets, board.node_count());
        }
        (hint, walks.hinted)
    })
}

/// Every hint of `engine` on the board, one per set of removals, in SE's
/// order, each with its chains' nodes (see [`ChainTrace`]): what a nested
/// chain uses of another engine's search.
pub fn find_all(board: &mut Board, engine: Engine, derivers: DeriverFactory) -> Vec<(ChainHint, ChainTrace)> {
    with_walks(board, engine, derivers, u32::MAX, |board, walks| {
        let hints = search(board, engine, walks, Best::collecting()).into_all();
        hints
            .into_iter()
            .map(|mut hint| {
                let trace = trace(board, walks, &hint);
                hint.nested = walks.nested_uses(&hint.targets, board.node_count());
                (hint, trace)
            })
            .collect()
    })
}

/// The nodes a multiple chain hint rests on, chain by chain.
fn trace(board: &Board, walks: &mut Walks, hint: &ChainHint) -> ChainTrace {
    let nodes = board.node_count();
    let mut t = ChainTrace::default();
    let region_root = hint.kind == ChainKind::Region;
    let cell_root = hint.kind == ChainKind::Cell;
    for &target in &hint.targets {
        let mut chain = Vec::new();
        let arena = &mut walks.arena;
        let mut entries = Vec::new();
        arena.visit_ancestors(target, nodes, |e| entries.push(e));
        for e in entries {
            let cause = if e.parent == NONE {
                if cell_root {
                    CELL_RULE
                } else if region_root {
                    region_of(board, hint, e.node)
                } else {
                    NONE
                }
            } else if is_on(e.node) && e.cause == NONE {
                static_cause(board, arena.get(e.parent).node, e.node)
            } else {
                e.cause
            };
            chain.push((e.node, cause));
        }
        t.chains.push(chain);
    }
    t
}

/// The house of a region forcing chain whose sources are `hint.cells`
/// holding the root's digit: the first of the cell's box, row and column
/// where those are all the digit's places (SE meets that house first).
fn region_of(board: &Board, hint: &ChainHint, root: Node) -> u32 {
    let n = board.n();
    let (cell, d) = (cell_of(n, root), digit_of(n, root));
    board
        .all_houses_se(cell)
        .find(|&h| {
            board.place_mask(h, d).count_ones() as usize == hint.cells.len()
                && hint.cells.iter().all(|&c| board.in_house(c, h))
        })
        .map_or(NONE, |h| h as u32)
}

/// Runs `job` with walk buffers for `engine` (kept between searches in
/// [`BUFFERS`]; a search inside another search gets fresh ones).
fn with_walks<T>(
    board: &mut Board,
    engine: Engine,
    derivers: DeriverFactory,
    only: u32,
    job: impl FnOnce(&mut Board, &mut Walks) -> T,
) -> T {
    let (mut arena, scratch, mut on, mut off, spare) = BUFFERS.take();
    arena.clear();
    on.resize_with(board.masks.len() * board.n(), || None);
    off.resize_with(board.masks.len() * board.n(), || None);
    let mut walks = Walks {
        on,
        off,
        arena,
        scratch,
        only: if engine == Engine::Nishio { only } else { u32::MAX },
        hinted: 0,
        spare,
        common: Vec::new(),
        hits: Vec::new(),
        deriver: derivers(engine),
        derivers,
    };
    let result = job(board, &mut walks);
    let Walks {
        arena,
        scratch,
        mut on,
        mut off,
        mut spare,
        ..
    } = walks;
    spare.extend(on.iter_mut().chain(off.iter_mut()).filter_map(Option::take));
    BUFFERS.set((arena, scratch, on, off, spare));
    result
}

/// Whether [`find`] makes its walks ahead of the search, in parallel:
/// for the engines of level 1 and up (the walks below are too short to
/// pay for it), when this thread may share them out. The hints are the
/// same either way.
fn prewalk_pays(engine: Engine) -> bool {
    engine.level() > 0 && parallel_walks()
}

/// Whether this thread may share a search's walks out: on a worker of a
/// pool of two or more threads (the command line rates inside one; a
/// caller outside any pool keeps to its own thread rather than queue work
/// on the global pool), unless the caller asked otherwise.
fn parallel_walks() -> bool {
    PARALLEL_WALKS.get() && rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1
}

thread_local! {
    /// Whether a search on this thread may make its walks in parallel
    /// (see [`without_parallel_walks`]).
    static PARALLEL_WALKS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Puts [`PARALLEL_WALKS`] back as it was when dropped, even on a panic.
struct RestoreParallelWalks(bool);

impl Drop for RestoreParallelWalks {
    fn drop(&mut self) {
        PARALLEL_WALKS.set(self.0);
    }
}

/// Whether a chain search may start ahead of need beside the producers
/// before it: on a worker of a rayon pool of two or more threads, unless
/// the caller keeps its searches to its own thread
/// ([`without_parallel_walks`]), and in a solve without a deadline (the
/// deadline is kept by the solve's own thread).
pub fn search_ahead_pays() -> bool {
    parallel_walks() && !super::deadline::has_deadline()
}

/// Runs `f` with every chain search on this thread making its walks on
/// this thread only. For batches that keep every thread busy with a
/// puzzle of its own: a thread that waits inside one puzzle's parallel
/// walks is meanwhile handed another puzzle of the batch, and then a
/// third, each holding its search's memory until the one below it
/// resumes; walking in parallel would gain no time there and cost memory
/// without bound.
pub fn without_parallel_walks<T>(f: impl FnOnce() -> T) -> T {
    let _restore = RestoreParallelWalks(PARALLEL_WALKS.replace(false));
    f()
}

thread_local! {
    /// Each thread's scratch buffers for its parts of a [`prewalk`],
    /// kept between parts as [`BUFFERS`] keeps the search's.
    static PART_SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::default();
}

/// Arenas of [`prewalk`] parts already appended to a search's arena,
/// cleared for the next parts: a part's arena grows to thousands of
/// entries, and growing one from empty for every part costs more than
/// keeping a few.
static SPARE_ARENAS: std::sync::Mutex<Vec<Arena>> = std::sync::Mutex::new(Vec::new());

/// Most arenas [`SPARE_ARENAS`] keeps.
const MAX_SPARE_ARENAS: usize = 64;

/// Gives a part's arena back to [`SPARE_ARENAS`].
fn recycle(mut arena: Arena) {
    let mut spare = SPARE_ARENAS.lock().unwrap_or_else(|e| e.into_inner());
    if spare.len() < MAX_SPARE_ARENAS {
        arena.clear();
        spare.push(arena);
    }
}

/// Makes, in parallel on the current rayon pool, every walk the search of
/// a dynamic engine makes: from each candidate of each cell with two or
/// more candidates assumed on and assumed off (what [`search_cell`] and
/// [`binary`] walk; a region's places lie in such cells, and any other
/// walk is still made when needed).
///
/// Why the hints stay the same: a walk depends only on the board, its
/// start and the rules (a dynamic walk restores the board; a deriver's
/// cache answers as a fresh search would, for the same candidates). Each
/// part of the work walks on its own copy of the board into its own arena
/// with its own deriver; the arenas are then appended to the search's in
/// order, ids shifted, and nested chains carried by identity and
/// complexity ([`Arena::append`]), so every complexity measured reads the
/// same nodes. The search then offers hints in the same order as before.
fn prewalk(board: &Board, walks: &mut Walks, mode: Mode) {
    use rayon::prelude::*;
    let n = board.n();
    let only = walks.only;
    let sources: Vec<(usize, u8)> = (0..board.masks.len())
        .filter(|&cell| board.masks[cell].count_ones() > 1)
        .flat_map(|cell| digits(board.masks[cell] & only).map(move |d| (cell, d)))
        .collect();
    // Many parts per thread: walks differ widely in cost, and a part
    // costs only a copy of the board. A walk that nests other engines'
    // searches (level 2 and up) costs far more than the copy: one source
    // per part lets the threads share out the few costliest walks.
    let per = if mode.engine.level() >= 2 {
        1
    } else {
        sources.len().div_ceil(16 * rayon::current_num_threads()).max(1)
    };
    let rules = (mode.rules(), mode.dynamic);
    let derivers = walks.derivers;
    // A search called off skips the parts not yet started; its caller
    // drops the search (see `find_on_digits`).
    let signals = super::deadline::StopSignals::current();
    let stopped = || signals.any();
    // Each walk of a part is written into a spare walk of the search, two
    // per source: the walks end up in the search's tables and go back to
    // its spares afterwards, so walks made from fresh buffers would pile
    // up there (tens of megabytes a puzzle) and fault in new pages.
    let mut buffers: Vec<Walk> = (0..2 * sources.len())
        .map(|_| walks.spare.pop().unwrap_or_default())
        .collect();
    let parts: Vec<(Arena, Vec<(Walk, Walk)>)> = sources
        .par_chunks(per)
        .zip(buffers.par_chunks_mut(2 * per))
        .map(|(part, buffers)| {
            if stopped() {
                return (Arena::default(), Vec::new());
            }
            let mut board = board.clone();
            let mut arena = SPARE_ARENAS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop()
                .unwrap_or_default();
            let mut scratch = PART_SCRATCH.take();
            let mut deriver = derivers(mode.engine);
            let mut buffers = buffers.iter_mut();
            let mut walk = |start: Node| {
                let mut w = std::mem::take(buffers.next().expect("two buffers per source"));
                let deriver = deriver.as_mut().map(|d| &mut **d as &mut dyn Deriver);
                walk_into(
                    &mut board,
                    &mut arena,
                    &mut scratch,
                    (start, rules.0, rules.1),
                    &mut w,
                    deriver,
                );
                w
            };
            let pairs = part
                .iter()
                .take_while(|_| !stopped())
                .map(|&(cell, d)| (walk(node(n, cell, d, true)), walk(node(n, cell, d, false))))
                .collect();
            PART_SCRATCH.set(scratch);
            (arena, pairs)
        })
        .collect();
    for ((arena, pairs), part) in parts.into_iter().zip(sources.chunks(per)) {
        let base = walks.arena.append(&arena);
        recycle(arena);
        for ((mut on, mut off), &(cell, d)) in pairs.into_iter().zip(part) {
            on.shift(base);
            off.shift(base);
            let index = cell * n + d as usize - 1;
            walks.on[index] = Some(on);
            walks.off[index] = Some(off);
        }
    }
    if stopped() {
        // The parts skipped left their buffers unused.
        walks.spare.append(&mut buffers);
    }
}

/// How many spare walks this thread's search buffers hold: what the next
/// search reuses.
#[cfg(test)]
pub(super) fn spare_walks() -> usize {
    let buffers = BUFFERS.take();
    let count = buffers.4.len();
    BUFFERS.set(buffers);
    count
}

/// [`find`] with the walks' buffers, offering to `best`.
fn search(board: &mut Board, engine: Engine, walks: &mut Walks, mut best: Best) -> Best {
    let mode = Mode::of(engine);
    // Static walks read the graph of this board (dynamic walks never
    // read it, so one left from an earlier board does no harm).
    if !mode.dynamic {
        walks.scratch.static_graph(board);
    }
    for cell in 0..board.masks.len() {
        let count = board.masks[cell].count_ones();
        if count > 2 || (count > 1 && mode.dynamic) {
            if mode.dynamic && super::deadline::cut_short() {
                break;
            }
            search_cell(board, walks, &mut best, mode, cell);
        }
    }
    best
}

/// The most sources a forcing chain set has: one per digit of a cell or
/// per place of a digit in a house, 25 on the largest board.
const MAX_SOURCES: usize = 32;

/// Writes `sources` (a cell's digits or a digit's places) into `out`, a
/// buffer on the caller's stack, and returns how many: they are gathered
/// for every cell and house searched.
fn on_stack(sources: impl Iterator<Item = (usize, u8)>, out: &mut [(usize, u8); MAX_SOURCES]) -> usize {
    let mut count = 0;
    for source in sources {
        out[count] = source;
        count += 1;
    }
    count
}

/// SE's `getMultipleChainsHintListForCell`.
fn search_cell(board: &mut Board, walks: &mut Walks, best: &mut Best, mode: Mode, cell: usize) {
    let mask = board.masks[cell];
    let count = mask.count_ones();
    for d in digits(mask & walks.only) {
        if mode.dynamic {
            binary(board, walks, best, mode, cell, d, count >= 3 && !mode.nishio);
        } else {
            walks.on_walk(board, mode, cell, d);
        }
        if !mode.nishio {
            regions(board, walks, best, mode, cell, d);
        }
    }
    if !mode.nishio && (count == 2 || (mode.multiple && count > 2)) {
        let mut sources = [(0, 0); MAX_SOURCES];
        let count = on_stack(digits(mask).map(|d| (cell, d)), &mut sources);
        let n = board.n();
        // Named only for a hint offered.
        common_outcomes(
            board,
            walks,
            best,
            mode,
            &sources[..count],
            ChainKind::Cell,
            &|p| {
                (
                    format!("{} ==> {}", cell_name(cell, n), state_name(p, n)),
                    format!("{} ==> {}", rc_cell(cell, n), rc_state_name(p, n)),
                )
            },
        );
    }
}

/// SE's `doBinaryChaining`: contradictions from the candidate on and off,
/// then (for cells of three or more candidates) double chains.
fn binary(
    board: &mut Board,
    walks: &mut Walks,
    best: &mut Best,
    mode: Mode,
    cell: usize,
    d: u8,
    double: bool,
) {
    let n = board.n();
    let kind = if mode.nishio {
        ChainKind::Nishio
    } else {
        ChainKind::Contradiction
    };
    walks.on_walk(board, mode, cell, d);
    let on_walk = walks.on[cell * n + d as usize - 1].take().expect("walked");
    let off_walk = match walks.off[cell * n + d as usize - 1].take() {
        Some(w) => w,
        None => walks.walk(board, mode, node(n, cell, d, false)),
    };
    // Assumed on, a contradiction removes the candidate; assumed off, it
    // places it.
    for (w, state) in [(&on_walk, "on"), (&off_walk, "off")] {
        if let Some(pair) = w.contradiction {
            walks.hinted |= bit(d);
            let removals = if state == "on" {
                vec![(cell, d)]
            } else {
                digits(board.masks[cell] & !bit(d)).map(|e| (cell, e)).collect()
            };
            let hint = contradiction(board, walks, mode, kind, pair, removals, (cell, d), state);
            best.offer(hint);
        }
    }
    if double {
        let nodes = board.node_count();
        let base = mode.engine.base();
        for list in [&on_walk.on, &on_walk.off] {
            for &id in list.iter() {
                let p = walks.arena.get(id).node;
                let Some(other) = off_walk.entry_of(&walks.arena, p) else {
                    continue;
                };
                let bound = walks.arena.path_len(id) + walks.arena.path_len(other);
                if !best.could_beat(base, bound, 1) {
                    continue;
                }
                let complexity = walks.complexity(&[id, other], nodes);
                let (pc, pd) = (cell_of(n, p), digit_of(n, p));
                let removals = if is_on(p) {
                    digits(board.masks[pc] & !bit(pd)).map(|e| (pc, e)).collect()
                } else {
                    vec![(pc, pd)]
                };
                best.offer(ChainHint {
                    kind: ChainKind::Double,
                    engine: mode.engine,
                    complexity,
                    removals,
                    text: format!("{} on & off ==> {}", candidate_name(cell, d, n), state_name(p, n)),
                    rc_text: format!(
                        "{} on and off ==> {}",
                        rc_candidate(cell, d, n),
                        rc_state_name(p, n)
                    ),
                    cells: vec![cell],
                    placement: is_on(p).then_some((pc, pd)),
                    pending_path: None,
                    targets: vec![id, other],
                    nested: Vec::new(),
                });
            }
        }
    }
    walks.on[cell * n + d as usize - 1] = Some(on_walk);
    walks.spare.push(off_walk);
}

#[allow(clippy::too_many_arguments)]
fn contradiction(
    board: &Board,
    walks: &mut Walks,
    mode: Mode,
    kind: ChainKind,
    (on, off): (u32, u32),
    removals: Vec<(usize, u8)>,
    source: (usize, u8),
    state: &str,
) -> ChainHint {
    let nodes = board.node_count();
    let n = board.n();
    let complexity = walks.complexity(&[on, off], nodes);
    let p = walks.arena.get(off).node;
    ChainHint {
        kind,
        engine: mode.engine,
        complexity,
        removals,
        text: format!(
            "{} {state} ==> {} both on & off",
            candidate_name(source.0, source.1, n),
            candidate_name(cell_of(n, p), digit_of(n, p), n)
        ),
        rc_text: format!(
            "{} {state} ==> {} both on and off",
            rc_candidate(source.0, source.1, n),
            rc_candidate(cell_of(n, p), digit_of(n, p), n)
        ),
        cells: vec![cell_of(n, p)],
        placement: (state == "off").then_some(source),
        pending_path: None,
        targets: vec![on, off],
        nested: Vec::new(),
    }
}

/// `(4)r3c2 on` or `(4)r3c2 off`.
fn rc_state_name(p: Node, n: usize) -> String {
    let state = if is_on(p) { "on" } else { "off" };
    format!("{} {state}", rc_candidate(cell_of(n, p), digit_of(n, p), n))
}

/// `B3.4 on` or `B3.4 off`.
fn state_name(p: Node, n: usize) -> String {
    let state = if is_on(p) { "on" } else { "off" };
    format!("{} {state}", candidate_name(cell_of(n, p), digit_of(n, p), n))
}

/// SE's `doRegionChainings`: for each house of the cell where the cell is
/// the first place of `d` (and the house has two places, or more for the
/// multiple engines), what every place of `d` implies alike.
fn regions(board: &mut Board, walks: &mut Walks, best: &mut Best, mode: Mode, cell: usize, d: u8) {
    let n = board.n();
    let houses: Vec<usize> = board.all_houses_se(cell).collect();
    for h in houses {
        let mut sources = [(0, 0); MAX_SOURCES];
        let count = on_stack(board.positions(h, d).map(|c| (c, d)), &mut sources);
        if !(count == 2 || (mode.multiple && count > 2)) || sources[0].0 != cell {
            continue;
        }
        let sources = &sources[..count];
        let kind_name = match h / n {
            0 => "row",
            1 => "column",
            2 => "block",
            _ => crate::logic::step::House::of(h, n).kind(),
        };
        let symbol = crate::shape::Shape::symbol(d);
        let house = crate::logic::step::House::of(h, n);
        common_outcomes(board, walks, best, mode, sources, ChainKind::Region, &|p| {
            (
                format!("{symbol} in {kind_name} ==> {}", state_name(p, n)),
                format!("{symbol} in {house} ==> {}", rc_state_name(p, n)),
            )
        });
    }
}

/// The nodes every walk from `sources` (assumed on, one of which must be
/// true) reaches, on ones first, offered as hints of `kind`.
#[allow(clippy::too_many_arguments)]
fn common_outcomes(
    board: &mut Board,
    walks: &mut Walks,
    best: &mut Best,
    mode: Mode,
    sources: &[(usize, u8)],
    kind: ChainKind,
    text: &dyn Fn(Node) -> (String, String),
) {
    let n = board.n();
    let nodes = board.node_count();
    for &(c, d) in sources {
        walks.on_walk(board, mode, c, d);
    }
    let index = |(c, d): (usize, u8)| c * n + d as usize - 1;
    let walk = |i: usize| walks.on[index(sources[i])].as_ref().expect("walked");
    let mut common = std::mem::take(&mut walks.common);
    common.clear();
    common.extend_from_slice(&walk(0).reached);
    for i in 1..sources.len() {
        for (a, b) in common.iter_mut().zip(&walk(i).reached) {
            *a &= b;
        }
    }
    let mut hits = std::mem::take(&mut walks.hits);
    hits.clear();
    if common.iter().any(|&w| w != 0) {
        let first = walk(0);
        for list in [&first.on, &first.off] {
            for &id in list.iter() {
                let p = walks.arena.get(id).node;
                if common[p as usize / 64] >> (p % 64) & 1 == 1 {
                    hits.push((p, id));
                }
            }
        }
    }
    walks.common = common;
    let key = if kind == ChainKind::Cell { 5 } else { 6 };
    let base = mode.engine.base();
    for &(p, first_id) in &hits {
        let (pc, pd) = (cell_of(n, p), digit_of(n, p));
        // On, the cell's other digits go; off, the candidate itself.
        let others = board.masks[pc] & !bit(pd);
        if is_on(p) && others == 0 {
            continue;
        }
        let mut ids = [NONE; MAX_SOURCES];
        ids[0] = first_id;
        for (slot, &source) in ids[1..].iter_mut().zip(&sources[1..]) {
            *slot = walks.on[index(source)]
                .as_ref()
                .expect("walked")
                .entry_of(&walks.arena, p)
                .expect("common");
        }
        let ids = &ids[..sources.len()];
        let bound: u32 = ids.iter().map(|&id| walks.arena.path_len(id)).sum();
        if !best.could_beat(base, bound, key) {
            continue;
        }
        let complexity = walks.complexity(ids, nodes);
        let removals = if is_on(p) {
            digits(others).map(|e| (pc, e)).collect()
        } else {
            vec![(pc, pd)]
        };
        let (text, rc_text) = text(p);
        best.offer(ChainHint {
            kind,
            engine: mode.engine,
            complexity,
            removals,
            text,
            rc_text,
            cells: sources.iter().map(|&(c, _)| c).collect(),
            placement: is_on(p).then_some((pc, pd)),
            pending_path: None,
            targets: ids.to_vec(),
            nested: Vec::new(),
        });
    }
    walks.hits = hits;
}
