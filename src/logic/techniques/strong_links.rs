//! Strong-link chains on one digit, as Sukaku Explainer rates them: `k`
//! strong links (houses where the digit's places split into two ends)
//! joined end to start through shared houses. One of the chain's two
//! outer ends holds the digit, so a cell seeing every cell of both loses
//! it.
//!
//! An end is a single cell or, in a *grouped* link, a group: in a line
//! whose places fall in exactly two boxes, each box's places; in a box
//! whose places fill a cross (one row and one column of the box), the
//! row part and the column part, the crossing cell joining one of them
//! when it is a place too (see [`box_links`]); in a box whose places lie
//! on two of its rows (or columns), the two parts.
//!
//! - Two links (SE's "Turbot Fish" producer): Skyscraper (two parallel
//!   lines, 4.0), Two-string Kite (a row and a column, 4.1), Turbot Crane
//!   (a box link, 4.2), and their grouped forms (4.3).
//! - Three links (SE's "3 Strong links" producer): 3 Skyscrapers (three
//!   parallel lines, 5.4), 3 Strong links with a box link (5.5), 3-String
//!   Kite (rows and columns, 5.6), any grouped link 5.7.
//!
//! Each producer gathers every pattern and takes the easiest, then the
//! one removing most candidates, then the smallest variant code, as SE
//! sorts them.

use super::super::board::{Cell, House};
use super::super::candidates::{bits, Candidates};
use super::super::cell_set::{BoardSets, CellSet};
use super::super::producer::{Context, Producer, Scratch};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::any::Any;
use std::fmt;

/// SE's strong-link producers: chains of `count` strong links on one
/// digit (2 after the hidden triplets, 3 after the hidden quads), each
/// reporting the kinds below by the chain's shape.
pub(crate) struct StrongLinks {
    /// Strong links in the chain: 2 or 3.
    pub count: usize,
}

impl Producer for StrongLinks {
    fn techniques(&self) -> &'static [Technique] {
        use Technique::*;
        if self.count == 2 {
            &[
                Skyscraper,
                TwoStringKite,
                TurbotCrane,
                GroupedSkyscraper,
                GroupedTwoStringKite,
                GroupedTurbotCrane,
            ]
        } else {
            &[ThreeSkyscrapers, ThreeStrongLinks, ThreeStringKite]
        }
    }

    fn difficulty(&self, technique: Technique) -> f32 {
        base_difficulty(technique)
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        find(c, cx, self.count, self.techniques()[0])
    }
}

/// SE's base difficulty of each kind of chain.
fn base_difficulty(technique: Technique) -> f32 {
    use Technique::*;
    match technique {
        Skyscraper => 4.0,
        TwoStringKite => 4.1,
        TurbotCrane => 4.2,
        GroupedSkyscraper | GroupedTwoStringKite | GroupedTurbotCrane => 4.3,
        ThreeSkyscrapers => 5.4,
        ThreeStrongLinks => 5.5,
        _ => 5.6,
    }
}

impl Scratch for LinkCache {
    fn forget(&mut self) {
        self.digits.iter_mut().for_each(|d| d.version = 0);
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

const ROW: usize = 0;
const COLUMN: usize = 1;
const BOX: usize = 2;

/// A strong link: a house whose places for the digit form two ends.
#[derive(Clone, Copy, Debug)]
struct Link {
    house: usize,
    ends: [End; 2],
    /// Every place of the digit in the house: with a heart, more than
    /// the ends' cells. No other link of a chain may share one, and none
    /// can lose the digit to the chain.
    places: End,
    grouped: bool,
    /// Read only from `ends[0]` to `ends[1]` (see [`box_links`]).
    one_way: bool,
}

/// The cells of one end of a link, or of a link's places, held inline:
/// the search re-runs after every step of a solve, so building links
/// must not allocate. A link has at most six places (see [`links`]).
#[derive(Clone, Copy, Debug)]
struct End {
    cells: [usize; 6],
    len: usize,
}

impl End {
    fn of(cells: impl IntoIterator<Item = usize>) -> End {
        let mut end = End {
            cells: [0; 6],
            len: 0,
        };
        for x in cells {
            end.cells[end.len] = x;
            end.len += 1;
        }
        end
    }
}

impl std::ops::Deref for End {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

impl Link {
    fn new(house: usize, ends: [End; 2], places: End, grouped: bool) -> Link {
        Link {
            house,
            ends,
            places,
            grouped,
            one_way: false,
        }
    }

    /// Whether the link may be entered by `ends[flip]`.
    fn enters_by(&self, flip: bool) -> bool {
        !(self.one_way && flip)
    }

    fn kind(&self, n: usize) -> usize {
        self.house / n
    }

    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.places.iter().copied()
    }
}

/// The strong links of `d`, rows, then columns, then boxes; under a
/// variant then diagonals, window groups and disjoint groups (SE's
/// Turbot Fish links in every region, `TurbotFish.java`).
fn links(c: &Candidates, d: u8) -> Vec<Link> {
    let n = c.n();
    let t = c.tables();
    let mut out = Vec::new();
    let count = if t.rules().variant { t.house_count() } else { 3 * n };
    for h in 0..count {
        let at = c.positions(h, d);
        if at.count_ones() < 2 || at.count_ones() > 6 {
            continue;
        }
        let house = t.house(h);
        let places = End::of(bits(at).map(|i| house[i]));
        if places.len() == 2 {
            // Two places of a box on one line are that line's link.
            if h / n == BOX && same_line(c, &places) {
                continue;
            }
            let ends = [End::of([places[0]]), End::of([places[1]])];
            out.push(Link::new(h, ends, places, false));
        } else if h < 3 * n && h / n == BOX || h >= 3 * n && se_region_type(h, n) >= 3 && se_region_type(h, n) <= 4 {
            if t.rules().variant {
                // SE reads a window group or disjoint group as a box: its
                // cells in order make three rows and three columns of the
                // grid.
                cross_links(c, h, places, &mut out);
            } else {
                box_links(c, h, places, &mut out);
            }
        } else if let Some(ends) = line_ends(c, &places) {
            out.push(Link::new(h, ends, places, true));
        }
    }
    out
}

fn same_line(c: &Candidates, cells: &[usize]) -> bool {
    let t = c.tables();
    let first = t.houses_of(cells[0]);
    (0..2).any(|k| cells.iter().all(|&x| t.houses_of(x)[k] == first[k]))
}

/// The two groups of a line with three or more places, if its places
/// fall in exactly two boxes (a line meets its boxes in order: two boxes
/// are two runs).
fn line_ends(c: &Candidates, places: &[usize]) -> Option<[End; 2]> {
    let t = c.tables();
    let box_of = |x: usize| t.houses_of(x)[BOX];
    let first = box_of(places[0]);
    let second = places.iter().map(|&x| box_of(x)).find(|&b| b != first)?;
    if places.iter().any(|&x| box_of(x) != first && box_of(x) != second) {
        return None;
    }
    let split = |b: usize| End::of(places.iter().copied().filter(|&x| box_of(x) == b));
    Some([split(first), split(second)])
}

/// The grouped links of a box with three or more places, as SE reads
/// them. First a cross: the first cell of the box (the heart) whose row
/// and column hold every place, each arm (the row's and the column's
/// places besides the heart) non-empty. When the heart itself holds the
/// digit, an arm of one cell stays a single cell while the other arm
/// takes the heart in (if that arm is off, the digit is on the other
/// line through the heart); two arms of one cell both take the heart, so
/// each end can only be joined through its heart's line, where the
/// chain's previous end also rules the heart out. SE reads that last box
/// as a plain link from the column arm to the row arm (its `crossBlade1`
/// to `crossBlade2`), one way, which holds whenever the chain enters
/// through a house that holds the heart too: so the box also links one
/// way, from the column arm with the heart to the row arm alone (entering
/// at r2c3 of box 1 through column 3, with the heart r1c3, leaves r1c1,
/// which goes on through column 1). Failing a cross, a box
/// whose places (four or more) lie in exactly two of its rows links the
/// two row parts, and likewise for columns; four places on a square give
/// both readings.
fn box_links(c: &Candidates, h: usize, places: End, out: &mut Vec<Link>) {
    let t = c.tables();
    match heart(c, h, &places) {
        Heart::Found(heart, row_arm, col_arm) => {
            let with_heart = |e: End| End::of(e.iter().copied().chain([heart]));
            let ends = match (places.contains(&heart), row_arm.len(), col_arm.len()) {
                (false, _, _) => [row_arm, col_arm],
                (true, 1, 1) => [with_heart(row_arm), with_heart(col_arm)],
                (true, 1, _) => [row_arm, with_heart(col_arm)],
                (true, _, 1) => [with_heart(row_arm), col_arm],
                (true, _, _) => [row_arm, col_arm],
            };
            out.push(Link::new(h, ends, places, true));
            if places.contains(&heart) && row_arm.len() == 1 && col_arm.len() == 1 {
                out.push(Link {
                    one_way: true,
                    ..Link::new(h, [with_heart(col_arm), row_arm], places, true)
                });
            }
            return;
        }
        // SE's first empty rectangle decides the box.
        Heart::EmptyArm => return,
        Heart::None => {}
    }
    if places.len() < 4 {
        return;
    }
    for k in [ROW, COLUMN] {
        let first = t.houses_of(places[0])[k];
        let Some(second) = places.iter().map(|&x| t.houses_of(x)[k]).find(|&l| l != first) else {
            continue;
        };
        if places
            .iter()
            .any(|&x| ![first, second].contains(&t.houses_of(x)[k]))
        {
            continue;
        }
        let part = |l: usize| End::of(places.iter().copied().filter(|&x| t.houses_of(x)[k] == l));
        out.push(Link::new(h, [part(first), part(second)], places, true));
    }
}

/// The grouped links of a box-like house with three or more places as
/// SE's Turbot Fish reads them under a variant (`TurbotFish.getHints`,
/// `Grid.Region.Rectangle`, `crossBlade1/2`, `Heart`): the first cell
/// (the heart) whose row and column hold every place, both arms
/// non-empty. An arm of one cell links to the heart with the other arm,
/// the heart counted in that end whether it holds the digit or not (so
/// the end joins only through a house holding the heart too, and a
/// victim must see it); two longer arms link to each other.
fn cross_links(c: &Candidates, h: usize, places: End, out: &mut Vec<Link>) {
    let Heart::Found(heart, row_arm, col_arm) = heart(c, h, &places) else {
        return;
    };
    let with_heart = |e: End| End::of([heart].into_iter().chain(e.iter().copied()));
    if col_arm.len() == 1 {
        out.push(Link::new(h, [col_arm, with_heart(row_arm)], places, true));
    }
    if row_arm.len() == 1 {
        out.push(Link::new(h, [row_arm, with_heart(col_arm)], places, true));
    }
    if col_arm.len() > 1 && row_arm.len() > 1 {
        out.push(Link::new(h, [col_arm, row_arm], places, true));
    }
}

/// What SE's heart search finds in a box-like house: the first cell whose
/// row and column hold every place.
enum Heart {
    /// No cell does.
    None,
    /// The first that does leaves its row or its column arm empty.
    EmptyArm,
    /// The heart, its row arm and its column arm (the places besides the
    /// heart on each line).
    Found(usize, End, End),
}

/// The heart of house `h` for `places`, as [`box_links`] and
/// [`cross_links`] both read it.
fn heart(c: &Candidates, h: usize, places: &End) -> Heart {
    let t = c.tables();
    for &heart in t.house(h) {
        let [row, col, _] = t.houses_of(heart);
        let on = |x: usize, k: usize, line: usize| x != heart && t.houses_of(x)[k] == line;
        if !places
            .iter()
            .all(|&x| x == heart || on(x, ROW, row) || on(x, COLUMN, col))
        {
            continue;
        }
        let arm = |k: usize, line: usize| End::of(places.iter().copied().filter(|&x| on(x, k, line)));
        let (row_arm, col_arm) = (arm(ROW, row), arm(COLUMN, col));
        if row_arm.is_empty() || col_arm.is_empty() {
            return Heart::EmptyArm;
        }
        return Heart::Found(heart, row_arm, col_arm);
    }
    Heart::None
}

/// A chain found: links in order with the end each one enters by.
struct Found {
    digit: u8,
    links: Vec<Link>,
    victims: Vec<usize>,
}

impl Found {
    fn grouped(&self) -> usize {
        self.links.iter().filter(|l| l.grouped).count()
    }

    /// SE's variant code: the number of grouped links, then the link
    /// kinds in chain order, SE's way. With SE's kind numbers (0 box, 1
    /// row, 2 column) the chain is read from the end that gives the
    /// smaller string; then rows and columns may trade numbers, reversed
    /// or not, for the smallest string when a row is present, and
    /// columns always read 1 when none is.
    fn code(&self, n: usize) -> String {
        let se_kind = |l: &Link| match l.kind(n) {
            BOX => 0,
            ROW => 1,
            _ => 2,
        };
        let kinds: Vec<u8> = self.links.iter().map(se_kind).collect();
        let reversed: Vec<u8> = kinds.iter().rev().copied().collect();
        let oriented = kinds.min(reversed);
        let swapped: Vec<u8> = oriented.iter().map(|&k| [0, 2, 1][k as usize]).collect();
        let best = if oriented.contains(&1) {
            let swapped_reversed: Vec<u8> = swapped.iter().rev().copied().collect();
            oriented.min(swapped).min(swapped_reversed)
        } else {
            swapped
        };
        let mut code = self.grouped().to_string();
        code.extend(best.iter().map(|k| char::from(b'0' + k)));
        code
    }

    fn has_box(&self, n: usize) -> bool {
        self.links.iter().any(|l| l.kind(n) == BOX)
    }

    fn mixed_lines(&self, n: usize) -> bool {
        let lines: Vec<usize> = self
            .links
            .iter()
            .map(|l| l.kind(n))
            .filter(|&k| k != BOX)
            .collect();
        lines.windows(2).any(|w| w[0] != w[1])
    }

    /// The technique SE names the two-link pattern after.
    fn two_link_technique(&self, n: usize) -> Technique {
        let grouped_box = self.links.iter().any(|l| l.grouped && l.kind(n) == BOX);
        let same_kind = self.links[0].kind(n) == self.links[1].kind(n);
        match (self.grouped() > 0, grouped_box, self.has_box(n), same_kind) {
            (true, true, _, _) => Technique::GroupedTurbotCrane,
            (true, false, _, true) => Technique::GroupedSkyscraper,
            (true, false, _, false) => Technique::GroupedTwoStringKite,
            (false, _, true, _) => Technique::TurbotCrane,
            (false, _, false, true) => Technique::Skyscraper,
            (false, _, false, false) => Technique::TwoStringKite,
        }
    }

    /// The technique and difficulty SE gives a two-link pattern under a
    /// variant (`TurbotFishHint.getName`, `getDifficulty`): a grouped
    /// link or a variant house makes it 4.3; a grouped box names it a
    /// Turbot Crane, links of one region type a Skyscraper, others a Kite.
    fn variant_technique(&self, n: usize) -> (Technique, f32) {
        let types: Vec<usize> = self.links.iter().map(|l| se_region_type(l.house, n)).collect();
        let grouped_box = self.links.iter().zip(&types).any(|(l, &t)| l.grouped && t == 0);
        let technique = match (self.grouped() > 0, grouped_box, types[0] == types[1]) {
            (true, true, _) => Technique::GroupedTurbotCrane,
            (true, false, true) => Technique::GroupedSkyscraper,
            (true, false, false) => Technique::GroupedTwoStringKite,
            (false, ..) if types.iter().any(|&t| t >= 3) => Technique::VariantTurbotFish,
            (false, ..) => self.two_link_technique(n),
        };
        let difficulty = if technique == Technique::VariantTurbotFish {
            4.3
        } else {
            base_difficulty(technique)
        };
        (technique, difficulty)
    }

    /// The technique and difficulty SE gives the three-link pattern.
    fn three_link_technique(&self, n: usize) -> (Technique, f32) {
        let technique = if self.has_box(n) {
            Technique::ThreeStrongLinks
        } else if self.mixed_lines(n) {
            Technique::ThreeStringKite
        } else {
            Technique::ThreeSkyscrapers
        };
        let difficulty = if self.grouped() > 0 {
            5.7
        } else {
            base_difficulty(technique)
        };
        (technique, difficulty)
    }
}

/// The chain's cells, for the sentence and SE's variant name.
#[derive(Debug)]
struct LinkChain {
    digit: u8,
    links: Vec<(House, [Vec<Cell>; 2])>,
    suffix: Option<String>,
}

impl Pattern for LinkChain {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Shape::symbol(self.digit);
        write!(f, "{d} has strong links")?;
        for (i, (house, ends)) in self.links.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{}={} in {house}", group(&ends[0]), group(&ends[1]))?;
        }
        let first = &self.links[0].1[0];
        let last = &self.links[self.links.len() - 1].1[1];
        write!(
            f,
            ", each joined to the next by a shared house: {} or {} is {d}",
            group(first),
            group(last)
        )
    }

    fn name_suffix(&self) -> Option<String> {
        self.suffix.clone()
    }
}

fn group(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    if names.len() == 1 {
        names[0].clone()
    } else {
        format!("({})", names.join("+"))
    }
}

/// The producer for chains of `k` links: SE's choice among all of them.
fn find(c: &Candidates, cx: &mut Context, k: usize, memo_key: Technique) -> Option<Step> {
    if CellSet::<2>::fits(c.cell_count()) {
        // The solve's cache, taken out while the memo is read; one for
        // both producers (the links do not depend on the chain length).
        let mut cache: Box<LinkCache> = cx.memo.take_scratch(Technique::Skyscraper);
        let found = find_with::<2>(c, cx, k, memo_key, &mut cache.digits);
        cx.memo.keep_scratch(Technique::Skyscraper, cache);
        found
    } else {
        find_with::<10>(c, cx, k, memo_key, &mut Vec::new())
    }
}

/// One digit's links and what the chain search reads of them, kept in
/// the solve's [`LinkCache`] (boards of up to 128 cells) and rebuilt
/// only when the digit's candidates change: they depend on nothing else,
/// and the two producers (and later steps) search the same digits again.
#[derive(Default)]
struct DigitLinks<const W: usize> {
    /// [`Candidates::digit_version`] of the digit when built.
    version: u32,
    all: Vec<Link>,
    /// Each link's places, as a set.
    place_sets: Vec<CellSet<W>>,
    /// For each link's ends, the cells holding the digit that see them.
    covers: Vec<[CellSet<W>; 2]>,
    /// Bit `j` of `overlap[i]`: links `i` and `j` share a cell.
    overlap: Vec<u128>,
    /// For oriented link `o = 2 * i + flipped`, the oriented links that
    /// can follow it: `next[next_start[o]..next_start[o + 1]]`.
    next: Vec<(usize, bool)>,
    next_start: Vec<usize>,
}

/// The strong links of one solve by digit (see [`DigitLinks`]), held by
/// the solve's [`Memo`](super::super::producer::Memo).
#[derive(Default)]
pub(crate) struct LinkCache {
    digits: Vec<DigitLinks<2>>,
}

fn find_with<const W: usize>(
    c: &Candidates,
    cx: &mut Context,
    k: usize,
    memo_key: Technique,
    cache: &mut Vec<DigitLinks<W>>,
) -> Option<Step> {
    let n = c.n();
    let variant = c.tables().rules().variant;
    if cache.len() != n {
        cache.clear();
        cache.resize_with(n, DigitLinks::default);
    }
    // Read once, when the first digit needs its links built.
    let mut board: Option<BoardSets<W>> = None;
    let mut best: Option<(Found, (u32, usize, String))> = None;
    let mut nothing = Vec::new();
    for d in 1..=n as u8 {
        if !cx.memo.digit_changed(memo_key, c, d) {
            continue;
        }
        let digit = &mut cache[d as usize - 1];
        // Version 0 is never a digit's: candidates start at 1.
        if digit.version != c.digit_version(d) {
            let sets = board.get_or_insert_with(|| BoardSets::new(c));
            digit.build(c, sets, d);
        }
        let mut found_any = false;
        for found in digit.chains(d, k) {
            found_any = true;
            let key = if variant { variant_sort_key(&found, n) } else { sort_key(&found, k, n) };
            if best.as_ref().is_none_or(|(_, b)| key < *b) {
                best = Some((found, key));
            }
        }
        if !found_any {
            nothing.push(d);
        }
    }
    for d in nothing {
        cx.memo.nothing_for_digit(memo_key, c, d);
    }
    best.map(|(found, _)| step(c, found, k))
}

/// SE's order: difficulty, then more removals first, then the variant code.
fn sort_key(found: &Found, k: usize, n: usize) -> (u32, usize, String) {
    let difficulty = if k == 2 {
        base_difficulty(found.two_link_technique(n))
    } else {
        found.three_link_technique(n).1
    };
    let removals = usize::MAX - found.victims.len();
    let mut code = found.code(n);
    if k == 2 {
        // Equal grouped patterns: SE reports the line-only ones first.
        code.insert(0, two_link_rank(found.two_link_technique(n)));
    }
    ((difficulty * 10.0).round() as u32, removals, code)
}

/// SE's order under a variant, where every kind of two-link pattern is
/// gathered and sorted together (`TurbotFish.getHints`): difficulty, then
/// more removals first, then fewer grouped links (the name's suffix),
/// then the pair of region types in SE's search order, then the digit.
fn variant_sort_key(found: &Found, n: usize) -> (u32, usize, String) {
    let difficulty = found.variant_technique(n).1;
    let removals = usize::MAX - found.victims.len();
    let types = [0, 1].map(|i| se_region_type(found.links[i].house, n));
    let code = format!("{}{:02}{:02}", found.grouped(), se_pair_rank(types), found.digit);
    ((difficulty * 10.0).round() as u32, removals, code)
}

/// SE's region type of house `h`: 0 box, 1 row, 2 column, 3 disjoint
/// group, 4 window group, 5 main diagonal, 6 anti-diagonal.
fn se_region_type(h: usize, n: usize) -> usize {
    match House::of(h, n) {
        House::Box(_) => 0,
        House::Row(_) => 1,
        House::Column(_) => 2,
        House::Group(_) => 3,
        House::Window(_) => 4,
        House::Diagonal(i) => 5 + i as usize,
    }
}

/// Where SE's Turbot Fish searches a pair of region types (base and
/// cover, either way round): its list of pairs, classic ones first.
fn se_pair_rank(types: [usize; 2]) -> usize {
    const PAIRS: [[usize; 2]; 26] = [
        [1, 1], [2, 2], [2, 1], [1, 0], [2, 0], [0, 0],
        [3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6],
        [4, 0], [4, 1], [4, 2], [4, 4], [4, 5], [4, 6],
        [5, 0], [5, 1], [5, 2], [5, 6],
        [6, 0], [6, 1], [6, 2],
    ];
    let [a, b] = types;
    PAIRS
        .iter()
        .position(|&p| p == [a, b] || p == [b, a])
        .unwrap_or(PAIRS.len())
}

/// SE's preference among two-link patterns of one difficulty: parallel
/// lines, then a row and a column, then a box.
fn two_link_rank(t: Technique) -> char {
    match t {
        Technique::Skyscraper | Technique::GroupedSkyscraper => '0',
        Technique::TwoStringKite | Technique::GroupedTwoStringKite => '1',
        _ => '2',
    }
}

fn step(c: &Candidates, found: Found, k: usize) -> Step {
    let n = c.n();
    let (technique, difficulty, suffix) = if c.tables().rules().variant {
        let (t, difficulty) = found.variant_technique(n);
        let suffix = (found.grouped() > 0).then(|| format!(" {}", two_link_code(&found)));
        (t, difficulty, suffix)
    } else if k == 2 {
        let t = found.two_link_technique(n);
        let suffix = (found.grouped() > 0).then(|| format!(" {}", two_link_code(&found)));
        (t, base_difficulty(t), suffix)
    } else {
        let (t, difficulty) = found.three_link_technique(n);
        let mut suffix = format!(" {}", found.code(n));
        let g = found.grouped();
        if g > 0 {
            let plural = if g > 1 { "s" } else { "" };
            suffix.push_str(&format!(" (Using {g} grouped strong link{plural})"));
        }
        (t, difficulty, Some(suffix))
    };
    let pattern = LinkChain {
        digit: found.digit,
        links: found
            .links
            .iter()
            .map(|l| {
                let cells = |end: &End| end.iter().map(|&x| Cell::of(x, n)).collect();
                (House::of(l.house, n), [cells(&l.ends[0]), cells(&l.ends[1])])
            })
            .collect(),
        suffix,
    };
    let mut step = Step::new(technique, difficulty, pattern);
    for &v in &found.victims {
        step.eliminate(v, found.digit, n);
    }
    step
}

/// SE's code for a two-link pattern: `00`, `01` or `11` by grouped links.
fn two_link_code(found: &Found) -> String {
    match found.grouped() {
        0 => "00",
        1 => "01",
        _ => "11",
    }
    .to_string()
}

impl<const W: usize> DigitLinks<W> {
    /// Rebuilds the links of `d` on `c`, reusing the buffers.
    fn build(&mut self, c: &Candidates, sets: &BoardSets<W>, d: u8) {
        self.version = c.digit_version(d);
        self.all = links(c, d);
        let all = &self.all;
        let ends: Vec<[EndHouses; 2]> = all
            .iter()
            .map(|l| [end_houses(c, &l.ends[0]), end_houses(c, &l.ends[1])])
            .collect();
        // Each link's places, and for each end the cells holding `d` that
        // see all of it: a chain's victims are where its two outer ends'
        // sets meet, outside its places.
        let holding = sets.holding(d);
        self.place_sets.clear();
        self.place_sets
            .extend(all.iter().map(|l| l.cells().collect::<CellSet<W>>()));
        self.covers.clear();
        self.covers.extend(all.iter().map(|l| {
            l.ends
                .map(|e| e.iter().fold(holding, |m, &x| m.and(sets.peers(c, x))))
        }));
        // Which links share a cell, and which oriented links can follow
        // each oriented link (its exit and their entry in one house), in
        // the order the search tries them.
        // Links number at most 25 per line kind and two per box (a
        // square's two readings, or a heart's link and its one-way
        // reading), 100: one bit each.
        debug_assert!(all.len() <= 128);
        let mut links_at = vec![0u128; c.cell_count()];
        for (j, l) in all.iter().enumerate() {
            l.cells().for_each(|x| links_at[x] |= 1 << j);
        }
        self.overlap.clear();
        self.overlap
            .extend(all.iter().map(|l| l.cells().fold(0, |m, x| m | links_at[x])));
        // One flat list with offsets rather than a list per oriented link.
        self.next.clear();
        self.next_start.clear();
        for from in 0..2 * all.len() {
            self.next_start.push(self.next.len());
            let exit = &ends[from / 2][1 ^ (from % 2)];
            for (j, entries) in ends.iter().enumerate() {
                for flip in [false, true] {
                    let entry = &entries[flip as usize];
                    if exit & entry != 0 {
                        self.next.push((j, flip));
                    }
                }
            }
        }
        self.next_start.push(self.next.len());
    }

    /// Every chain of `k` links on `d` that removes something, each once.
    fn chains(&self, d: u8, k: usize) -> Vec<Found> {
        let search = Search { d, k, links: self };
        let mut out = Vec::new();
        // The path holds (link index, flipped): links are cloned only for
        // a chain found, which keeps the search free of allocation.
        let mut path: Vec<(usize, bool)> = Vec::with_capacity(k);
        for i in 0..self.all.len() {
            for flip in [false, true] {
                if !search.takes(i, flip) {
                    continue;
                }
                path.push((i, flip));
                search.extend(&mut path, &mut out);
                path.pop();
            }
        }
        out
    }
}

/// For one end of a link, the houses all its cells share, one bit per
/// house number (below 3 * 25 = 75): two ends lie in one house when
/// these intersect.
type EndHouses = u128;

fn end_houses(c: &Candidates, end: &[usize]) -> EndHouses {
    let t = c.tables();
    end.iter().fold(u128::MAX, |m, &x| {
        let houses = t.houses_of(x).iter().fold(0u128, |hs, &h| hs | 1 << h);
        // Under a variant two ends may also meet in a variant house.
        m & t.extra_houses_of(x).iter().fold(houses, |hs, &(h, _)| hs | 1 << h)
    })
}

/// The fixed inputs of one digit's chain search.
struct Search<'a, const W: usize> {
    d: u8,
    k: usize,
    links: &'a DigitLinks<W>,
}

impl<const W: usize> Search<'_, W> {
    /// Whether link `i` may enter a chain by `ends[flip]`: every link
    /// joins a chain here, so the successor lists need not know one-way
    /// links. One-way links belong to SE's chains of three links only:
    /// its two-link patterns come from another producer, which reads such
    /// a box otherwise.
    fn takes(&self, i: usize, flip: bool) -> bool {
        let link = &self.links.all[i];
        link.enters_by(flip) && !(link.one_way && self.k == 2)
    }

    /// Extends `path` (shorter than `k` links) by every link that can
    /// follow it; the last link is tried in place, without a call per
    /// candidate: that level holds most of the search.
    fn extend(&self, path: &mut Vec<(usize, bool)>, out: &mut Vec<Found>) {
        let links = self.links;
        let first_house = links.all[path[0].0].house;
        let (last, flip) = *path.last().expect("a chain starts with one link");
        let o = 2 * last + flip as usize;
        let taken = path.iter().fold(0u128, |m, &(i, _)| m | links.overlap[i]);
        let successors = &links.next[links.next_start[o]..links.next_start[o + 1]];
        if path.len() + 1 < self.k {
            for &(j, flip_j) in successors {
                if links.all[j].house == first_house || taken & 1 << j != 0 || !self.takes(j, flip_j) {
                    continue;
                }
                path.push((j, flip_j));
                self.extend(path, out);
                path.pop();
            }
            return;
        }
        // Each chain of two-way links is met from both ends: the reading
        // kept has its first link before its last. A chain with a
        // one-way link has one reading. A chain's victims see both outer
        // ends (the first's cover meets the last's) and lie outside it.
        let (first, first_flip) = path[0];
        let first_cover = links.covers[first][first_flip as usize];
        let one_way = path.iter().any(|&(i, _)| links.all[i].one_way);
        let mut chain: Option<CellSet<W>> = None;
        for &(j, flip_j) in successors {
            let twice = !one_way && !links.all[j].one_way;
            if (twice && j <= first) || links.all[j].house == first_house || taken & 1 << j != 0 || !self.takes(j, flip_j) {
                continue;
            }
            let seen = first_cover.and(links.covers[j][1 ^ flip_j as usize]);
            if seen.is_empty() {
                continue;
            }
            let chain = *chain.get_or_insert_with(|| {
                path.iter()
                    .fold(CellSet::<W>::default(), |m, &(i, _)| m.or(links.place_sets[i]))
            });
            let victims = seen.without(chain.or(links.place_sets[j]));
            if victims.is_empty() {
                continue;
            }
            out.push(Found {
                digit: self.d,
                links: path
                    .iter()
                    .chain([&(j, flip_j)])
                    .map(|&(i, flip)| oriented(&links.all[i], flip))
                    .collect(),
                victims: victims.iter().collect(),
            });
        }
    }
}

fn oriented(link: &Link, flip: bool) -> Link {
    let mut l = *link;
    if flip {
        l.ends.swap(0, 1);
    }
    l
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn run(c: &Candidates, k: usize) -> Option<Step> {
        StrongLinks { count: k }.find(c, &mut scratch())
    }

    #[test]
    fn skyscraper_removes_from_cells_seeing_both_tops() {
        let mut c = open_board();
        // 9: column 2 only r1c2, r7c2; column 6 only r2c6, r7c6. The bases
        // share row 7, so r1c2 or r2c6 is 9: r1c4-6 and r2c1-3 lose it.
        let mut keep = vec![rc(1, 2), rc(7, 2), rc(2, 6), rc(7, 6)];
        keep.extend([
            rc(1, 5),
            rc(2, 1),
            rc(4, 4),
            rc(5, 8),
            rc(6, 9),
            rc(8, 7),
            rc(9, 3),
        ]);
        confine(&mut c, 9, &keep);
        let step = run(&c, 2).expect("skyscraper");
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(removed(&step), vec![(rc(1, 5), 9), (rc(2, 1), 9)]);
    }

    #[test]
    fn grouped_skyscraper_uses_a_column_split_between_two_boxes() {
        let mut c = open_board();
        // 4: column 1 has r1c1, r2c1 (box 1) and r8c1 (box 7): a grouped
        // link. Column 5 has r8c5, r2c5; row 8 joins r8c1 and r8c5. So
        // (r1c1+r2c1) or r2c5 is 4: r2c2 and r2c3 see all three.
        let keep = [
            rc(1, 1),
            rc(2, 1),
            rc(8, 1),
            rc(8, 5),
            rc(2, 5),
            rc(2, 2),
            rc(2, 3),
        ];
        confine(&mut c, 4, &keep);
        let step = run(&c, 2).expect("grouped skyscraper");
        assert_eq!(step.technique, Technique::GroupedSkyscraper, "{step}");
        assert_eq!(removed(&step), vec![(rc(2, 2), 4), (rc(2, 3), 4)]);
        assert_eq!(step.name(), "Grouped Skyscraper 01");
    }

    #[test]
    fn three_parallel_links_make_three_skyscrapers() {
        let mut c = open_board();
        // 3: rows 1, 4, 8 with two places each, joined through columns 3
        // and 7: r1c1 - r1c3 | r4c3 - r4c7 | r8c7 - r8c2. So r1c1 or r8c2
        // is 3: r7c1 and r9c1 see both.
        let keep = [
            rc(1, 1),
            rc(1, 3),
            rc(4, 3),
            rc(4, 7),
            rc(8, 7),
            rc(8, 2),
            rc(7, 1),
            rc(9, 1),
        ];
        confine(&mut c, 3, &keep);
        assert!(run(&c, 2).is_none(), "no two-link chain removes anything");
        let step = run(&c, 3).expect("3 skyscrapers");
        assert_eq!(step.technique, Technique::ThreeSkyscrapers);
        assert_eq!(removed(&step), vec![(rc(7, 1), 3), (rc(9, 1), 3)]);
    }

    /// Every chain of `k` links on `d`, as the producer sees them.
    fn all_chains(c: &Candidates, d: u8, k: usize) -> Vec<Found> {
        let mut links = DigitLinks::<2>::default();
        links.build(c, &BoardSets::new(c), d);
        links.chains(d, k)
    }

    #[test]
    fn a_box_whose_heart_holds_the_digit_still_links_as_se_reads_it() {
        // Sukaku Explainer 1.15.10's position before its step "3 Strong
        // links (including blocks) 3001 (Using 3 grouped strong links):
        // Cell E2,D1,D5,F6,B6,B1 on value 6" in the puzzle
        // ....58.........9..2..1..6..35..8.2.6.8..2...9....4..31.9.......41.3....2..8...3..
        // (SE names columns by letter). The places of 6 in box 2 are
        // r1c4 and r2c4-6 around the heart r2c4, which holds 6 itself;
        // in box 5, r5c4 and r6c6 around the heart r6c4, again a place.
        let mut c = open_board();
        let keep = [
            rc(1, 1),
            rc(1, 2),
            rc(1, 3),
            rc(1, 4),
            rc(2, 2),
            rc(2, 3),
            rc(2, 4),
            rc(2, 5),
            rc(2, 6),
            rc(5, 1),
            rc(5, 3),
            rc(5, 4),
            rc(6, 1),
            rc(6, 2),
            rc(6, 4),
            rc(6, 6),
            rc(8, 3),
            rc(8, 5),
            rc(8, 6),
            rc(9, 1),
            rc(9, 4),
            rc(9, 6),
        ];
        confine(&mut c, 6, &keep);
        assert!(run(&c, 2).is_none(), "SE found no two-link chain here");
        let step = run(&c, 3).expect("SE's three-link chain");
        assert_eq!(
            step.name(),
            "3 Strong links (including blocks) 3001 (Using 3 grouped strong links)"
        );
        assert_eq!(step.difficulty, 5.7);
        // Row 2 of box 2 or column 2 of box 1 holds 6: r2c3 sees both.
        assert_eq!(removed(&step), vec![(rc(2, 3), 6)]);
    }

    #[test]
    fn a_box_entered_through_its_hearts_column_leaves_the_other_arm() {
        // Sukaku Explainer 1.15.10's position before its step "3 Strong
        // links (including blocks) 2101 (Using 2 grouped strong links):
        // Cell G6,C6,C2,A1,A7,G7 on value 8" in the puzzle
        // .....95..1.....9.6.....83.43.5..4..1..1......92.3........2.6.5...3.5.7...7.......
        // (SE names columns by letter): the places of 8. In box 1 they
        // are r1c1, r1c3 and r2c3 around the heart r1c3. The chain:
        // (r6c7+r6c8+r6c9) = r6c3 in row 6; r6c3 sees r2c3 and the heart
        // in column 3, so r2c3 = r1c1 in box 1; r1c1 sees r7c1 in column
        // 1, and r7c1 = r7c7 in row 7.
        let mut c = open_board();
        // The columns of 8 in each row.
        let places: [(usize, &[usize]); 8] = [
            (1, &[1, 3, 8, 9]),
            (2, &[3, 8]),
            (4, &[2, 4, 5, 7]),
            (5, &[1, 2, 4, 5, 7, 9]),
            (6, &[3, 7, 8, 9]),
            (7, &[1, 7]),
            (8, &[1, 2, 4, 8, 9]),
            (9, &[3, 4, 5, 8, 9]),
        ];
        let keep: Vec<usize> = places.iter().flat_map(|&(r, cols)| cols.iter().map(move |&col| rc(r, col))).collect();
        confine(&mut c, 8, &keep);
        let step = run(&c, 3).expect("SE's three-link chain");
        assert_eq!(
            step.name(),
            "3 Strong links (including blocks) 2101 (Using 2 grouped strong links)",
            "{step}"
        );
        assert_eq!(step.difficulty, 5.7);
        assert_eq!(removed(&step), vec![(rc(4, 7), 8), (rc(5, 7), 8)]);
    }

    #[test]
    fn a_heart_holding_the_digit_is_only_passed_through_its_own_lines() {
        let mut c = open_board();
        // 6 in box 1 at the heart r1c1 and its arms r1c2 and r2c1; row 7
        // links r7c2 and r7c8; r2c8 is box 3's only place, so it holds 6.
        // Entering box 1 at r1c2 through column 2 leaves the heart open,
        // so "r7c8 or r2c1" does not follow, and r2c8 must survive.
        confine(
            &mut c,
            6,
            &[rc(1, 1), rc(1, 2), rc(2, 1), rc(7, 2), rc(7, 8), rc(2, 8)],
        );
        for k in [2, 3] {
            for found in all_chains(&c, 6, k) {
                assert!(
                    !found.victims.contains(&rc(2, 8)),
                    "{k} links remove the solution's 6"
                );
            }
        }
    }

    #[test]
    fn a_box_on_two_rows_and_two_columns_links_both_ways() {
        let mut c = open_board();
        // 6 in box 5 on the square r4c4, r4c5, r5c4, r5c5: no cross, so
        // the row parts link, and so do the column parts.
        confine(&mut c, 6, &[rc(4, 4), rc(4, 5), rc(5, 4), rc(5, 5)]);
        let in_box: Vec<Vec<Vec<usize>>> = links(&c, 6)
            .iter()
            .filter(|l| l.house == 18 + 4)
            .map(|l| l.ends.iter().map(|e| e.to_vec()).collect())
            .collect();
        let rows = vec![vec![rc(4, 4), rc(4, 5)], vec![rc(5, 4), rc(5, 5)]];
        let columns = vec![vec![rc(4, 4), rc(5, 4)], vec![rc(4, 5), rc(5, 5)]];
        assert_eq!(in_box, vec![rows, columns]);
    }

    #[test]
    fn nothing_without_a_shared_house() {
        let mut c = open_board();
        // Two column links whose ends share no house.
        confine(&mut c, 9, &[rc(1, 2), rc(7, 2), rc(2, 6), rc(8, 6)]);
        assert!(run(&c, 2).is_none());
    }
}
