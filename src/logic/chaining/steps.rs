//! The chaining engines as producers: one registry entry per SE engine
//! (`Chains`), each step named and rated as SE names and rates its hint.
//! The registry reaches the chaining family through this entry and `Engine`.

use super::derived::NestedUse;
use super::hint::ChainHint;
use super::{find, find_nishio_on, Engine};
use crate::logic::candidates::{bit, digits, Candidates};
use crate::logic::producer::{Context, Producer};
use crate::logic::step::{NestedChain, Pattern, Step};
use crate::logic::technique::Technique;
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

/// SE's chaining producers: one per engine, in [`Engine::ORDER`], each
/// step named and rated as SE names and rates its hint.
pub(crate) struct Chains(pub Engine);

impl Producer for Chains {
    fn techniques(&self) -> &'static [Technique] {
        match self.0 {
            Engine::Unary => &[Technique::ForcingChainsCycles],
            Engine::Nishio => &[Technique::NishioForcingChains],
            Engine::Multiple => &[Technique::MultipleForcingChains],
            Engine::Dynamic => &[Technique::DynamicForcingChains],
            Engine::Nested { level: 1, .. } => &[Technique::DynamicForcingChainsPlus],
            Engine::Nested { .. } => &[Technique::NestedForcingChains],
        }
    }

    /// The engine's base: cycles and forcing X- and XY-chains 6.5 (the
    /// unary engine's kinds have their own bases, up to 7.0), Nishio 7.5,
    /// multiple 8.0, dynamic 8.5, dynamic "plus" 9.0, nested 9.5 to 10.5;
    /// a hint adds its length extra.
    fn difficulty(&self, _: Technique) -> f32 {
        self.0.base() as f32
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let t = self.techniques()[0];
        match self.0 {
            Engine::Nishio => nishio(c, cx),
            engine => step_of(c, find(c, engine)?, t),
        }
    }
}

/// The step for `hint`, as technique `t`, rated as SE rates the hint.
fn step_of(c: &Candidates, hint: ChainHint, t: Technique) -> Option<Step> {
    let n = c.n();
    let mut step = Step::new(t, hint.rating(), ChainPattern(hint.clone()));
    for &(cell, d) in &hint.removals {
        step.eliminate(cell, d, n);
    }
    if let Some((cell, d)) = hint.placement {
        step = step.place(cell, d, n);
    }
    Some(step)
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
