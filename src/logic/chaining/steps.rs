//! The chaining engines as grader techniques: one list entry per SE
//! engine, each step named and rated as SE names and rates its hint.

use super::derived::NestedUse;
use super::hint::ChainHint;
use super::{find, find_nishio_on, Engine};
use crate::logic::candidates::Candidates;
use crate::logic::candidates::{bit, digits};
use crate::logic::step::{NestedChain, Pattern, Step};
use crate::logic::technique::{Finder, Technique};
use crate::logic::techniques::Context;
use std::fmt;

/// What a chain step saw: SE's hint.
#[derive(Debug)]
pub struct ChainPattern(pub ChainHint);

impl Pattern for ChainPattern {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.rc_text)
    }

    fn name(&self) -> Option<&'static str> {
        Some(self.0.name())
    }

    fn rating_name(&self) -> Option<&'static str> {
        Some(self.0.full_name())
    }

    fn nested_chains(&self) -> Vec<NestedChain> {
        let mut list = Vec::new();
        let mut keys = Vec::new();
        let direct: Vec<usize> = self
            .0
            .nested
            .iter()
            .map(|u| number(u, &mut list, &mut keys))
            .collect();
        for chain in &mut list {
            chain.direct = direct.contains(&chain.id);
        }
        list
    }
}

/// The number of nested chain `u` in `list`, adding it (after the chains
/// it uses) when new.
fn number(u: &NestedUse, list: &mut Vec<NestedChain>, keys: &mut Vec<u64>) -> usize {
    if let Some(i) = keys.iter().position(|&k| k == u.key) {
        return i + 1;
    }
    let uses = u.inner.iter().map(|v| number(v, list, keys)).collect();
    keys.push(u.key);
    list.push(NestedChain {
        id: list.len() + 1,
        name: u.name,
        rating: (u.rating as f64 * 10.0).round() / 10.0,
        complexity: u.complexity,
        description: u.text.clone(),
        uses,
        direct: false,
    });
    list.len()
}

/// The step for the hint `engine` finds, as technique `t`.
fn step(c: &Candidates, engine: Engine, t: Technique) -> Option<Step> {
    step_of(c, find(c, engine)?, t)
}

/// The step for `hint`, as technique `t`.
fn step_of(c: &Candidates, hint: ChainHint, t: Technique) -> Option<Step> {
    let n = c.n();
    let mut step = Step::new(t, ChainPattern(hint.clone())).rated(hint.rating());
    for &(cell, d) in &hint.removals {
        step.eliminate(cell, d, n);
    }
    if let Some((cell, d)) = hint.placement {
        step = step.place(cell, d, n);
    }
    Some(step)
}

fn cycles_and_forcing(c: &Candidates, _: &mut Context) -> Option<Step> {
    step(c, Engine::Unary, Technique::ForcingChainsCycles)
}

/// Nishio walks one digit at a time (see
/// [`super::multiple::find_on_digits`]): digits unchanged since their
/// walks last found no contradiction are not walked again.
fn nishio(c: &Candidates, cx: &mut Context) -> Option<Step> {
    let t = Technique::NishioForcingChains;
    let only = (1..=c.n() as u8)
        .filter(|&d| cx.memo.digit_changed(t, c, d))
        .fold(0, |m, d| m | bit(d));
    if only == 0 {
        return None;
    }
    let (hint, hinted) = find_nishio_on(c, only);
    for d in digits(only & !hinted) {
        cx.memo.nothing_for_digit(t, c, d);
    }
    step_of(c, hint?, t)
}

fn multiple(c: &Candidates, _: &mut Context) -> Option<Step> {
    step(c, Engine::Multiple, Technique::MultipleForcingChains)
}

fn dynamic(c: &Candidates, _: &mut Context) -> Option<Step> {
    step(c, Engine::Dynamic, Technique::DynamicForcingChains)
}

fn dynamic_plus(c: &Candidates, _: &mut Context) -> Option<Step> {
    step(
        c,
        Engine::Nested { level: 1, limit: 0 },
        Technique::DynamicForcingChainsPlus,
    )
}

/// SE's nested producers, each tried when the ones before found nothing.
fn nested(c: &Candidates, _: &mut Context) -> Option<Step> {
    Engine::ORDER
        .into_iter()
        .filter(|e| e.level() >= 2)
        .find_map(|e| step(c, e, Technique::NestedForcingChains))
}

/// SE's "Forcing Chains & Cycles": bidirectional X-, Y- and mixed cycles
/// (6.5, 7.0) and forcing X- and XY-chains (6.6, 7.0), plus length.
pub(crate) const FORCING_CHAINS_CYCLES: Finder = Finder {
    id: "forcing_chains_cycles",
    name: "Forcing Chains & Cycles",
    score: 6.5,
    find: Some(cycles_and_forcing),
};

/// SE's Nishio forcing chains (7.5 plus length).
pub(crate) const NISHIO: Finder = Finder {
    id: "nishio_forcing_chain",
    name: "Nishio Forcing Chain",
    score: 7.5,
    find: Some(nishio),
};

/// SE's multiple forcing chains: cell and region forcing chains over
/// static implications (8.0 plus length).
pub(crate) const MULTIPLE: Finder = Finder {
    id: "multiple_forcing_chains",
    name: "Multiple Forcing Chains",
    score: 8.0,
    find: Some(multiple),
};

/// SE's dynamic forcing chains: contradiction, double, cell and region
/// forcing chains on the shrinking board (8.5 plus length).
pub(crate) const DYNAMIC: Finder = Finder {
    id: "dynamic_forcing_chains",
    name: "Dynamic Forcing Chains",
    score: 8.5,
    find: Some(dynamic),
};

/// SE's dynamic forcing chains "plus": dynamic chains that may also use
/// pointing, claiming, hidden and naked pairs and X-Wings inside a chain
/// (9.0 plus length).
pub(crate) const DYNAMIC_PLUS: Finder = Finder {
    id: "dynamic_forcing_chains_plus",
    name: "Dynamic Forcing Chains (+)",
    score: 9.0,
    find: Some(dynamic_plus),
};

/// SE's nested forcing chains: dynamic chains that may use forcing chains
/// (9.5), multiple forcing chains (10.0) or dynamic forcing chains (10.5)
/// inside a chain, plus length.
pub(crate) const NESTED: Finder = Finder {
    id: "nested_forcing_chains",
    name: "Nested Forcing Chains",
    score: 9.5,
    find: Some(nested),
};
