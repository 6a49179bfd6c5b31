//! A chain deduction as Sudoku Explainer (SE) rates and orders it.

use super::derived::NestedUse;
use super::engine::{cell_of, digit_of, is_on, Node};
use std::cmp::Ordering;

/// The kind of a chain deduction, which fixes its name and base rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// A loop of strong and weak links on one digit.
    XCycle,
    /// A loop through bivalue cells.
    YCycle,
    /// A loop mixing both kinds of links.
    Cycle,
    /// A chain on one digit from a candidate to its own negation.
    ForcingXChain,
    /// A chain mixing both kinds of links from a candidate to its negation.
    ForcingChain,
    /// An assumption that leads to a contradiction, with the last-place
    /// rules only (SE's Nishio).
    Nishio,
    /// An assumption that leads to a contradiction.
    Contradiction,
    /// A candidate on and off lead to the same conclusion.
    Double,
    /// Every candidate of a cell leads to the same conclusion.
    Cell,
    /// Every place of a digit in a house leads to the same conclusion.
    Region,
}

/// Which SE chaining engine found a deduction: static chains, multiple
/// chains, or dynamic chains at a nesting level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Cycles and forcing chains (static, one assumption).
    Unary,
    /// Nishio forcing chains.
    Nishio,
    /// Cell and region forcing chains over static implications.
    Multiple,
    /// Dynamic forcing chains (implications on the shrinking board).
    Dynamic,
    /// Dynamic forcing chains that may also use other techniques inside
    /// a chain (see [`super::derive`]): SE's level 1 ("plus", 9.0), 2
    /// (with forcing chains, 9.5), 3 (with multiple forcing chains, 10.0)
    /// and 4 (with dynamic forcing chains of level `limit`, 10.5).
    Nested {
        /// SE's level, 1 to 4.
        level: u8,
        /// For level 4, the level of the dynamic chains used inside.
        limit: u8,
    },
}

impl Engine {
    /// SE's base difficulty of the engine's forcing chains (the unary
    /// engine's kinds have their own).
    pub fn base(self) -> f64 {
        match self {
            Engine::Unary => 6.5,
            Engine::Nishio => 7.5,
            Engine::Multiple => 8.0,
            Engine::Dynamic => 8.5,
            Engine::Nested { level, .. } => 8.5 + 0.5 * level as f64,
        }
    }

    /// Whether the engine's walks are dynamic.
    pub fn is_dynamic(self) -> bool {
        matches!(self, Engine::Nishio | Engine::Dynamic | Engine::Nested { .. })
    }

    /// SE's nesting level (0 below dynamic chains "plus").
    pub fn level(self) -> u8 {
        match self {
            Engine::Nested { level, .. } => level,
            _ => 0,
        }
    }

    /// SE's engines in the order it tries them, the nested ones last.
    pub const ORDER: [Engine; 11] = [
        Engine::Unary,
        Engine::Nishio,
        Engine::Multiple,
        Engine::Dynamic,
        Engine::Nested { level: 1, limit: 0 },
        Engine::Nested { level: 2, limit: 0 },
        Engine::Nested { level: 3, limit: 0 },
        Engine::Nested { level: 4, limit: 0 },
        Engine::Nested { level: 4, limit: 1 },
        Engine::Nested { level: 4, limit: 2 },
        Engine::Nested { level: 4, limit: 3 },
    ];
}

/// One chain deduction: what it removes and how SE rates it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainHint {
    /// What kind of chain.
    pub kind: ChainKind,
    /// Which engine found it.
    pub engine: Engine,
    /// How many distinct nodes the chains rest on (SE's complexity).
    pub complexity: u32,
    /// The candidates removed, as (cell index, digit).
    pub removals: Vec<(usize, u8)>,
    /// SE's description after the name, with SE's cell names
    /// (rows A-I, columns 1-9), e.g. `D3.7 off`.
    pub text: String,
    /// The same in the grader's notation (`(7)r3c4 off`).
    pub rc_text: String,
    /// The cells of the pattern, for cycles, in SE's order.
    pub cells: Vec<usize>,
    /// The value the chain proves, as (cell, digit), when it proves one
    /// (SE then places it; otherwise it only removes candidates).
    pub placement: Option<(usize, u8)>,
    /// The chain's nodes (and the board side), written at the end of
    /// `rc_text` only for the hint kept: naming every hint offered cost
    /// more than some searches.
    pub(crate) pending_path: Option<(Vec<Node>, usize)>,
    /// The arena entries of the chains' ends (multiple chains), for the
    /// searches that use the hint inside another chain.
    pub(crate) targets: Vec<u32>,
    /// The chains this one used inside itself (nested levels), each once.
    pub nested: Vec<std::sync::Arc<NestedUse>>,
}

impl ChainHint {
    /// SE's name, as its step list prints it.
    pub fn name(&self) -> &'static str {
        match self.kind {
            ChainKind::XCycle if self.cells.len() == 4 => "Generalized X-Wing",
            ChainKind::XCycle => "Bidirectional X-Cycle",
            ChainKind::YCycle => "Bidirectional Y-Cycle",
            ChainKind::Cycle => "Bidirectional Cycle",
            ChainKind::ForcingXChain if self.complexity == 6 => "Turbot Fish",
            ChainKind::ForcingXChain => "Forcing X-Chain",
            ChainKind::ForcingChain => "Forcing Chain",
            ChainKind::Nishio => "Nishio Forcing Chain",
            ChainKind::Contradiction => "Contradiction Forcing Chain",
            ChainKind::Double => "Double Forcing Chain",
            ChainKind::Cell => "Cell Forcing Chains",
            ChainKind::Region => "Region Forcing Chains",
        }
    }

    /// SE's full name of the hint (its `getName`, which names a rating's
    /// hardest step), e.g. `Dynamic Cell Forcing Chains (+)`.
    pub fn full_name(&self) -> &'static str {
        let kind = match self.kind {
            ChainKind::Contradiction => 0,
            ChainKind::Double => 1,
            ChainKind::Cell => 2,
            ChainKind::Region => 3,
            ChainKind::Nishio => return "Nishio Forcing Chains",
            _ => return self.name(),
        };
        let row = match self.engine {
            Engine::Multiple | Engine::Unary | Engine::Nishio => 0,
            Engine::Dynamic => 1,
            Engine::Nested { level, .. } => 1 + level.min(4) as usize,
        };
        FULL_NAMES[row][kind]
    }

    /// A stable machine name, distinct for dynamic chains.
    pub fn machine_name(&self) -> &'static str {
        let dynamic = self.engine.is_dynamic();
        match self.kind {
            ChainKind::XCycle => "x_cycle",
            ChainKind::YCycle => "y_cycle",
            ChainKind::Cycle => "xy_cycle",
            ChainKind::ForcingXChain => "forcing_x_chain",
            ChainKind::ForcingChain => "forcing_chain",
            ChainKind::Nishio => "nishio_forcing_chain",
            ChainKind::Contradiction => "dynamic_contradiction_forcing_chain",
            ChainKind::Double => "dynamic_double_forcing_chain",
            ChainKind::Cell if dynamic => "dynamic_cell_forcing_chains",
            ChainKind::Cell => "cell_forcing_chains",
            ChainKind::Region if dynamic => "dynamic_region_forcing_chains",
            ChainKind::Region => "region_forcing_chains",
        }
    }

    /// SE's base difficulty for the kind, before the length extra.
    pub fn base_difficulty(&self) -> f64 {
        match self.engine {
            Engine::Unary => match self.kind {
                ChainKind::Cycle | ChainKind::ForcingChain => 7.0,
                ChainKind::ForcingXChain => 6.6,
                _ => 6.5,
            },
            engine => engine.base(),
        }
    }

    /// SE's rating: the base plus the length extra, computed in the same
    /// floating-point steps as SE so that ties between kinds break alike.
    pub fn difficulty(&self) -> f64 {
        self.base_difficulty() + length_extra(self.complexity)
    }

    /// The rating rounded to tenths, as SE prints it.
    pub fn rating(&self) -> f32 {
        ((self.difficulty() * 10.0).round() / 10.0) as f32
    }

    /// SE's tie-break among hints of equal rating and complexity.
    pub fn sort_key(&self) -> u8 {
        match self.kind {
            ChainKind::XCycle | ChainKind::ForcingXChain => 2,
            ChainKind::YCycle => 3,
            ChainKind::Cycle | ChainKind::ForcingChain => 4,
            ChainKind::Double => 1,
            ChainKind::Cell => 5,
            ChainKind::Region => 6,
            ChainKind::Nishio | ChainKind::Contradiction => 7,
        }
    }

    /// SE's order of hints: easier first, then simpler, then by kind.
    pub fn order(&self, other: &ChainHint) -> Ordering {
        self.difficulty()
            .partial_cmp(&other.difficulty())
            .unwrap_or(Ordering::Equal)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.sort_key().cmp(&other.sort_key()))
    }
}

/// SE's names of the multiple chains (its `getName`), by engine row
/// (static, dynamic, levels 1 to 4) and kind (contradiction, double, cell,
/// region).
const FULL_NAMES: [[&str; 4]; 6] = [
    [
        "Contradiction Forcing Chains",
        "Double Forcing Chains",
        "Cell Forcing Chains",
        "Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
];

/// SE's extra for a chain resting on `complexity` nodes: 0.1 each time the
/// length (complexity minus 2) passes a step of 4, 6, 8, 12, 16, 24, ...
/// (alternately times 3/2 and 4/3).
pub fn length_extra(complexity: u32) -> f64 {
    length_steps()
        .find(|&(_, end)| complexity as i64 <= end)
        .map_or(0.0, |(added, _)| added)
}

/// SE's length steps in order: for each, the extra difficulty (summed a
/// tenth at a time, as SE sums it, so that equal difficulties compare
/// equal) and the largest complexity that takes it. A chain's length is
/// its complexity less two; the steps end at lengths 4, 6, 8, 12, 16,
/// 24... (times 3/2 and 4/3 in turn).
fn length_steps() -> impl Iterator<Item = (f64, i64)> {
    let (mut added, mut ceil, mut odd) = (0.0, 4i64, false);
    std::iter::from_fn(move || {
        let step = (added, ceil + 2);
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
        Some(step)
    })
}

/// Keeps the first hint of least order, as SE's stable sort does.
#[derive(Default)]
pub struct Best {
    hint: Option<ChainHint>,
    /// The best hint's difficulty, complexity, sort key and place in the
    /// search order (see [`Best::offer_at`]): walks ask
    /// [`Best::could_beat`] about a million times per thousand puzzles.
    bar: Option<(f64, u32, u8, u32)>,
    /// [`Best::limit_at`]'s answers for the current bar, by base and sort
    /// key: the largest complexity that beats the bar on difficulty,
    /// complexity and key alone, and whether the next one ties it.
    limits: Vec<(u64, u8, u32, bool)>,
    /// When collecting: every removal set's least hint so far (with its
    /// place and arrival), and the sets by their sorted removals.
    all: Option<Collected>,
}

/// What a collecting [`Best`] keeps.
#[derive(Default)]
struct Collected {
    hints: Vec<(ChainHint, u32, u32)>,
    by_removals: std::collections::HashMap<Vec<(usize, u8)>, usize>,
    arrivals: u32,
}

impl Best {
    /// A `Best` that keeps every hint instead: for each set of removals
    /// the hint SE would list first, as SE's sorted, deduplicated hint list
    /// (see [`Best::into_all`]). It bounds no walk.
    pub fn collecting() -> Best {
        Best {
            all: Some(Collected::default()),
            ..Best::default()
        }
    }

    /// Every hint kept by a collecting `Best`, in SE's order: easier first,
    /// then simpler, then by kind, then by place in the search; one per
    /// set of removals (SE's hints are equal when they remove the same).
    pub fn into_all(self) -> Vec<ChainHint> {
        let Some(all) = self.all else {
            return self.into_hint().into_iter().collect();
        };
        let mut hints = all.hints;
        hints.sort_by(|a, b| a.0.order(&b.0).then((a.1, a.2).cmp(&(b.1, b.2))));
        hints
            .into_iter()
            .map(|(mut hint, ..)| {
                if let Some((path, n)) = &hint.pending_path {
                    let text = path_text(path, *n);
                    hint.rc_text.push_str(&text);
                }
                hint
            })
            .collect()
    }

    /// Offers a hint found after all earlier offers.
    pub fn offer(&mut self, hint: ChainHint) {
        self.offer_at(hint, 0);
    }

    /// Keeps `hint` if it is the least of its removal set so far.
    fn collect(all: &mut Collected, hint: ChainHint, seq: u32) {
        let mut key = hint.removals.clone();
        key.sort_unstable();
        let arrival = all.arrivals;
        all.arrivals += 1;
        match all.by_removals.get(&key) {
            Some(&i) => {
                let kept = &all.hints[i];
                let better = hint.order(&kept.0).then((seq, arrival).cmp(&(kept.1, kept.2)));
                if better == Ordering::Less {
                    all.hints[i] = (hint, seq, arrival);
                }
            }
            None => {
                all.by_removals.insert(key, all.hints.len());
                all.hints.push((hint, seq, arrival));
            }
        }
    }

    /// Offers a hint whose place in SE's search order is `seq`: of two
    /// equally easy hints the one earlier in that order wins, whatever
    /// order they are offered in (equal places: the first offered). A
    /// search may then run its walks in another order than SE's and still
    /// pick SE's hint, as long as every hint keeps its place.
    pub fn offer_at(&mut self, hint: ChainHint, seq: u32) {
        if hint.removals.is_empty() {
            return;
        }
        if let Some(all) = &mut self.all {
            Best::collect(all, hint, seq);
            return;
        }
        let better = match (&self.hint, self.bar) {
            (Some(best), Some((.., best_seq))) => match hint.order(best) {
                Ordering::Less => true,
                Ordering::Greater => false,
                Ordering::Equal => seq < best_seq,
            },
            _ => true,
        };
        if better {
            self.bar = Some((hint.difficulty(), hint.complexity, hint.sort_key(), seq));
            self.hint = Some(hint);
            self.limits.clear();
        }
    }

    /// The best hint offered, if any, its description complete.
    pub fn into_hint(self) -> Option<ChainHint> {
        let mut hint = self.hint?;
        if let Some((path, n)) = hint.pending_path.take() {
            hint.rc_text.push_str(&path_text(&path, n));
        }
        Some(hint)
    }

    /// Whether a hint resting on `complexity` nodes with base `base` and
    /// sort key `key` could still beat the best one.
    pub fn could_beat(&self, base: f64, complexity: u32, key: u8) -> bool {
        self.could_beat_at(base, complexity, key, 0)
    }

    /// The largest complexity `c` (from 1) for which `could_beat_at(base,
    /// c, key, seq)` holds (`u32::MAX` without a bar; 0 when none does). A walk
    /// asks it once instead of asking [`Best::could_beat_at`] layer by
    /// layer; it holds until the next offer. Why one number suffices: a
    /// hint's difficulty never falls as its complexity grows, so the
    /// complexities that could beat the bar are those up to a limit.
    pub fn limit_at(&mut self, base: f64, key: u8, seq: u32) -> u32 {
        if self.all.is_some() {
            return u32::MAX;
        }
        let Some((_, best_complexity, _, best_seq)) = self.bar else {
            return u32::MAX;
        };
        let bits = base.to_bits();
        let (strict, tie) = match self.limits.iter().find(|l| l.0 == bits && l.1 == key) {
            Some(&(_, _, strict, tie)) => (strict, tie),
            None => {
                let (strict, tie) = self.strict_limit(base, key);
                self.limits.push((bits, key, strict, tie));
                (strict, tie)
            }
        };
        if tie && seq < best_seq {
            best_complexity
        } else {
            strict
        }
    }

    /// The largest complexity beating the bar on difficulty, complexity
    /// and key alone, and whether the complexity after it ties the bar.
    /// Walks [`length_steps`] (each a range of complexities of one
    /// difficulty) up to the bar's.
    fn strict_limit(&self, base: f64, key: u8) -> (u32, bool) {
        let Some((difficulty, best_complexity, best_key, _)) = self.bar else {
            return (u32::MAX, false);
        };
        // The last complexity of the steps so far, all beating the bar.
        let mut below = 0u32;
        for (added, end) in length_steps() {
            let Ok(end) = u32::try_from(end) else {
                return (u32::MAX, false);
            };
            match (base + added).partial_cmp(&difficulty).unwrap_or(Ordering::Equal) {
                Ordering::Less => below = end,
                Ordering::Greater => return (below, false),
                Ordering::Equal => {
                    if best_complexity <= below {
                        return (below, false);
                    }
                    let beating = if key < best_key {
                        best_complexity
                    } else {
                        best_complexity - 1
                    };
                    let tie = key == best_key && best_complexity <= end;
                    return (beating.min(end), tie);
                }
            }
        }
        unreachable!("the steps go on without end")
    }

    /// [`Best::could_beat`] for a hint whose place in the search order is
    /// `seq` (see [`Best::offer_at`]).
    pub fn could_beat_at(&self, base: f64, complexity: u32, key: u8, seq: u32) -> bool {
        if self.all.is_some() {
            return true;
        }
        match self.bar {
            None => true,
            Some((difficulty, best_complexity, best_key, best_seq)) => {
                let d = base + length_extra(complexity);
                match d.partial_cmp(&difficulty).unwrap_or(Ordering::Equal) {
                    Ordering::Less => true,
                    Ordering::Greater => false,
                    Ordering::Equal => (complexity, key, seq) < (best_complexity, best_key, best_seq),
                }
            }
        }
    }
}

/// A chain as its nodes, each implying the next:
/// `(6)r2c1 on => (6)r2c5 off => ...`.
pub(crate) fn path_text(path: &[Node], n: usize) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(path.len() * 20);
    for (i, &p) in path.iter().enumerate() {
        let state = if is_on(p) { "on" } else { "off" };
        let candidate = crate::logic::step::Candidate {
            cell: crate::logic::step::Cell::of(cell_of(n, p), n),
            digit: digit_of(n, p),
        };
        let arrow = if i == 0 { "" } else { " => " };
        write!(out, "{arrow}{candidate} {state}").expect("writing to a string");
    }
    out
}

/// SE's name of a cell: column letter, row number (`B3` is row 3,
/// column 2; SE's `Cell.toString` puts the column first).
pub fn cell_name(cell: usize, n: usize) -> String {
    let column = (b'A' + (cell % n) as u8) as char;
    format!("{}{}", column, cell / n + 1)
}

/// The grader's name of a cell: `r3c2`.
pub fn rc_cell(cell: usize, n: usize) -> String {
    crate::logic::step::Cell::of(cell, n).to_string()
}

/// The grader's name of a candidate: `(4)r3c2`.
pub fn rc_candidate(cell: usize, digit: u8, n: usize) -> String {
    crate::logic::step::Candidate {
        cell: crate::logic::step::Cell::of(cell, n),
        digit,
    }
    .to_string()
}

/// SE's name of a candidate: `B3.4`.
pub fn candidate_name(cell: usize, digit: u8, n: usize) -> String {
    format!("{}.{}", cell_name(cell, n), crate::shape::Shape::symbol(digit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_steps_follow_se() {
        // SE: no extra up to length 4, then +0.1 past 4, 6, 8, 12, 16, 24.
        let tenths = |c: u32| (length_extra(c) * 10.0).round() as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(8), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(14), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(18), 4);
        assert_eq!(tenths(19), 5);
        assert_eq!(tenths(26), 5);
        assert_eq!(tenths(27), 6);
        assert_eq!(tenths(34), 6);
        assert_eq!(tenths(35), 7);
    }

    fn hint(kind: ChainKind, engine: Engine, complexity: u32) -> ChainHint {
        ChainHint {
            kind,
            engine,
            complexity,
            removals: vec![(0, 1)],
            text: String::new(),
            rc_text: String::new(),
            cells: Vec::new(),
            placement: None,
            pending_path: None,
            targets: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// `limit_at` is the last complexity `could_beat_at` accepts, and it
    /// accepts none after it: checked by asking `could_beat_at` itself
    /// for every complexity, against bars of every unary kind, including
    /// those whose difficulty another base reaches exactly.
    #[test]
    fn limits_agree_with_could_beat() {
        let kinds = [
            (ChainKind::XCycle, Engine::Unary),
            (ChainKind::ForcingXChain, Engine::Unary),
            (ChainKind::YCycle, Engine::Unary),
            (ChainKind::Cycle, Engine::Unary),
            (ChainKind::ForcingChain, Engine::Unary),
            (ChainKind::Cell, Engine::Multiple),
        ];
        for (kind, engine) in kinds {
            for complexity in [3, 4, 6, 7, 9, 12, 15, 19, 30, 60, 200] {
                for bar_seq in [0, 10, 20] {
                    let mut best = Best::default();
                    best.offer_at(hint(kind, engine, complexity), bar_seq);
                    for base in [6.5, 6.6, 7.0, 7.5, 8.0] {
                        for key in 1..=7 {
                            for seq in [5, 10, 15, 25] {
                                let limit = best.limit_at(base, key, seq);
                                for c in 1..2000 {
                                    assert_eq!(best.could_beat_at(base, c, key, seq), c <= limit, "{kind:?} {complexity} {bar_seq} {base} {key} {seq} c={c} limit={limit}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whatever order equally easy hints are offered in, the one earliest
    /// in the search order wins; an easier hint wins whatever its place;
    /// of two offers with the same place, the first stays (SE's stable
    /// sort).
    #[test]
    fn the_earliest_place_wins_among_equals() {
        let chain = |complexity: u32, text: &str| {
            let mut h = hint(ChainKind::ForcingChain, Engine::Unary, complexity);
            h.text = text.to_string();
            h
        };
        let offers = [
            (chain(9, "late"), 30),
            (chain(9, "early"), 10),
            (chain(9, "middle"), 20),
        ];
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2], [0, 2, 1]] {
            let mut best = Best::default();
            for i in order {
                best.offer_at(offers[i].0.clone(), offers[i].1);
            }
            assert_eq!(best.into_hint().unwrap().text, "early");
        }
        let mut best = Best::default();
        best.offer_at(chain(9, "early"), 10);
        best.offer_at(chain(6, "easier"), 40);
        assert_eq!(best.into_hint().unwrap().text, "easier");
        let mut best = Best::default();
        best.offer_at(chain(9, "first"), 10);
        best.offer_at(chain(9, "second"), 10);
        assert_eq!(best.into_hint().unwrap().text, "first");
    }
}
