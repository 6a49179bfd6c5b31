//! Generalized intersections and generalized naked sets: Sukaku
//! Explainer's variant forms of locked candidates and naked sets
//! (`VLocking`, `NakedSetGen`). Under a variant a cell may see cells
//! outside its houses (a diagonal, a window, a knight's move), so what a
//! locked digit or a naked set removes is no longer "the rest of the
//! house" but every cell that sees all the places the digit can take.
//! SE uses them instead of pointing, claiming and naked sets whenever a
//! variant is on (docs/variants.md, "Rating"). SE's Turbot Fish also
//! takes its strong links from a variant's houses: its producer is here
//! too, over the strong-link chains.

use super::super::board::{cell_list, House};
use super::super::candidates::{bit, bits, digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{if_progress, search_subsets, MAX_SUBSET};
use super::strong_links::StrongLinks;
// A generalized naked set is rated and described as a naked set is.
use super::naked_set::{difficulty, NakedSetPattern};
use crate::shape::Shape;
use std::fmt;

/// The houses in the order SE's variant searches scan them: boxes,
/// columns, rows, then disjoint groups, window groups and the two
/// diagonals. Houses a variant lacks are empty.
pub(crate) fn variant_house_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n)
        .chain(n..2 * n)
        .chain(0..n)
        .chain(4 * n + 2..5 * n + 2)
        .chain(3 * n + 2..4 * n + 2)
        .chain(3 * n..3 * n + 2)
}

/// Whether house `h` exists on the board (a variant's missing houses
/// are numbered but empty).
fn exists(c: &Candidates, h: usize) -> bool {
    h < c.tables().house_count() && !c.tables().house(h).is_empty()
}

/// SE's `VLocking`: a digit with two to six places in a house is removed
/// from every cell that sees all of them (2.9).
pub(crate) struct GeneralizedIntersection;

impl Producer for GeneralizedIntersection {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::GeneralizedIntersection]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        2.9
    }

    // A digit's result depends on that digit's candidates alone: digits
    // unchanged since they gave nothing are skipped.
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let key = Technique::GeneralizedIntersection;
        let changed: Vec<u8> = (1..=c.n() as u8)
            .filter(|&d| cx.memo.digit_changed(key, c, d))
            .collect();
        let n = c.n();
        // SE scans kind by kind, digit by digit within a kind.
        let kinds: [Vec<usize>; 6] = [
            (2 * n..3 * n).collect(),
            (0..n).collect(),
            (n..2 * n).collect(),
            (4 * n + 2..5 * n + 2).collect(),
            (3 * n + 2..4 * n + 2).collect(),
            (3 * n..3 * n + 2).collect(),
        ];
        let found = kinds.iter().find_map(|houses| {
            changed.iter().find_map(|&d| {
                houses
                    .iter()
                    .filter(|&&h| exists(c, h))
                    .find_map(|&h| intersection(c, h, d))
            })
        });
        if found.is_none() {
            for &d in &changed {
                cx.memo.nothing_for_digit(key, c, d);
            }
        }
        found
    }
}

/// A digit whose places in a house all see the cells it leaves.
#[derive(Debug)]
struct Locked {
    digit: u8,
    house: House,
    cells: Vec<usize>,
    n: usize,
}

impl Pattern for Locked {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} is confined to {}, which every cell removed from sees",
            Shape::symbol(self.digit),
            self.house,
            cell_list(&self.cells, self.n)
        )
    }
}

/// The generalized intersection of `d` in house `h`, if it removes
/// something.
fn intersection(c: &Candidates, h: usize, d: u8) -> Option<Step> {
    let places = c.positions(h, d);
    if !(2..=6).contains(&places.count_ones()) {
        return None;
    }
    let t = c.tables();
    let house = t.house(h);
    let cells: Vec<usize> = bits(places).map(|slot| house[slot]).collect();
    let victims = common_victims(c, &cells, d);
    if victims.is_empty() {
        return None;
    }
    let n = c.n();
    let mut step = Step::new(
        Technique::GeneralizedIntersection,
        2.9,
        Locked {
            digit: d,
            house: House::of(h, n),
            cells,
            n,
        },
    );
    for cell in victims {
        step.eliminate(cell, d, n);
    }
    Some(step)
}

/// The cells outside `cells` holding `d` that see every cell of `cells`.
fn common_victims(c: &Candidates, cells: &[usize], d: u8) -> Vec<usize> {
    let t = c.tables();
    t.peers(cells[0])
        .iter()
        .copied()
        .filter(|&v| c.mask(v) & bit(d) != 0 && !cells.contains(&v))
        .filter(|&v| cells[1..].iter().all(|&x| t.sees(x, v)))
        .collect()
}

/// SE's `NakedSetGen(degree)`: `degree` cells of a house holding
/// `degree` digits between them; each digit leaves every cell that sees
/// all the set's cells holding it (3.0, 3.6, 5.0).
pub(crate) struct GeneralizedNakedSet {
    /// Cells in the set: 2, 3 or 4.
    pub degree: usize,
}

impl GeneralizedNakedSet {
    fn technique(&self) -> Technique {
        match self.degree {
            2 => Technique::GeneralizedNakedPair,
            3 => Technique::GeneralizedNakedTriple,
            _ => Technique::GeneralizedNakedQuad,
        }
    }
}

impl Producer for GeneralizedNakedSet {
    fn techniques(&self) -> &'static [Technique] {
        match self.degree {
            2 => &[Technique::GeneralizedNakedPair],
            3 => &[Technique::GeneralizedNakedTriple],
            _ => &[Technique::GeneralizedNakedQuad],
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        difficulty(self.degree)
    }

    fn find(&self, c: &Candidates, _: &mut Context) -> Option<Step> {
        variant_house_order(c.n())
            .filter(|&h| exists(c, h))
            .find_map(|h| naked_in(c, self.degree, h, self.technique()))
    }
}

/// The first generalized naked set of `size` cells in house `h` that
/// removes something.
fn naked_in(c: &Candidates, size: usize, h: usize, technique: Technique) -> Option<Step> {
    // As for naked sets, SE looks only where twice the size is empty.
    if c.empty_cells(h) < 2 * size {
        return None;
    }
    let mut cells = [0usize; 32];
    let mut masks = [0u32; 32];
    let mut count = 0;
    for &cell in c.tables().house(h) {
        if (2..=size).contains(&(c.mask(cell).count_ones() as usize)) {
            cells[count] = cell;
            masks[count] = c.mask(cell);
            count += 1;
        }
    }
    search_subsets(&masks[..count], size, size as u32, &mut |chosen, union| {
        let mut subset = [0usize; MAX_SUBSET];
        for (slot, &i) in subset.iter_mut().zip(chosen) {
            *slot = cells[i];
        }
        naked_step(c, technique, h, &subset[..chosen.len()], union)
    })
}

fn naked_step(c: &Candidates, technique: Technique, h: usize, subset: &[usize], union: u32) -> Option<Step> {
    let n = c.n();
    let mut step = Step::new(
        technique,
        difficulty(subset.len()),
        NakedSetPattern {
            cells: subset.to_vec(),
            n,
            house: House::of(h, n),
            digits: digits(union).collect(),
        },
    );
    for d in digits(union) {
        let holding: Vec<usize> = subset.iter().copied().filter(|&x| c.mask(x) & bit(d) != 0).collect();
        for cell in common_victims(c, &holding, d) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
}

/// SE's Turbot Fish under a variant: the two-link chains of the
/// strong-link producer, which then also take their links from the
/// variant's houses (diagonals, window groups, disjoint groups) and join
/// them through any house (`TurbotFish.java`); a chain with a variant
/// link and no grouped one is rated 4.3.
pub(crate) struct VariantTurbotFish;

impl Producer for VariantTurbotFish {
    fn techniques(&self) -> &'static [Technique] {
        use Technique::*;
        &[
            Skyscraper,
            TwoStringKite,
            TurbotCrane,
            GroupedSkyscraper,
            GroupedTwoStringKite,
            GroupedTurbotCrane,
            VariantTurbotFish,
        ]
    }

    fn difficulty(&self, technique: Technique) -> f32 {
        match technique {
            Technique::VariantTurbotFish => 4.3,
            t => StrongLinks { count: 2 }.difficulty(t),
        }
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        StrongLinks { count: 2 }.find(c, cx)
    }
}
