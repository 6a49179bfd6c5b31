//! One step of a logical solve: which technique, on which cells and digits,
//! and what it placed or removed, with a plain-words rendering.
//!
//! A step holds its technique's typed [`Pattern`]; `explain` prints steps
//! for people (Display) or as JSON (serde) for programs.

pub use super::board::{Candidate, Cell, House};
use super::technique::Technique;
use crate::shape::Shape;
use serde::{Serialize, Serializer};
use std::fmt::{self, Display};
use std::sync::Arc;

/// What a technique saw, in a form only that technique knows: each
/// technique file defines its own pattern type (the cells, digits, houses
/// or chain of its deduction) and how to say it in words.
pub trait Pattern: fmt::Debug + Send + Sync {
    /// Writes what the pattern shows, without the technique's name and
    /// without the placements and eliminations (the step adds those).
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// SE's variant code or note appended to the technique's name, such
    /// as `" 1412"` for `VWXYZ-Wing 1412`; none by default.
    fn name_suffix(&self) -> Option<String> {
        None
    }

    /// SE's name for this step when it is not the technique's name (one
    /// chaining engine finds cycles and forcing chains alike); none by
    /// default.
    fn name(&self) -> Option<&'static str> {
        None
    }

    /// SE's name for this step where a rating names it, when it differs
    /// from [`Pattern::name`] (SE names a chain's rule there, e.g.
    /// `Dynamic Cell Forcing Chains (+)`); none by default.
    fn rating_name(&self) -> Option<&'static str> {
        None
    }

    /// The chains this step's chain used inside itself (Sukaku
    /// Explainer's nested forcing chains), each listed once; none by
    /// default.
    fn nested_chains(&self) -> Vec<NestedChain> {
        Vec::new()
    }
}

/// A chain a step's chain used inside itself, listed once per step and
/// referred to by number where used.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct NestedChain {
    /// Its number in the step's list, from 1.
    pub id: usize,
    /// Sukaku Explainer's name, e.g. `Forcing Chain`.
    pub name: &'static str,
    /// SE's rating of the chain on its own.
    pub rating: f64,
    /// SE's complexity of the chain (nodes, its own nested chains
    /// included).
    pub complexity: u32,
    /// What it proves and how.
    pub description: String,
    /// The numbers of the nested chains it used in turn.
    pub uses: Vec<usize>,
    /// Whether the step's own chain uses it directly (otherwise only
    /// through other nested chains).
    pub direct: bool,
}

/// One deduction: the technique, the pattern it saw and what it changed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Step {
    /// The technique used.
    pub(crate) technique: Technique,
    /// The difficulty of this step on the SE scale (for some techniques it
    /// depends on the pattern, e.g. a chain's length).
    pub difficulty: f32,
    /// Digits this step places.
    pub placements: Vec<Candidate>,
    /// Candidates this step removes.
    pub eliminations: Vec<Candidate>,
    /// The pattern, typed by the technique that found it.
    pub(crate) pattern: Arc<dyn Pattern>,
}

impl Step {
    /// A step of `technique` rated `difficulty` showing `pattern`, with no
    /// placement or elimination yet. The producer that found it gives the
    /// difficulty: its technique's base, or more for some patterns.
    pub(crate) fn new(technique: Technique, difficulty: f32, pattern: impl Pattern + 'static) -> Step {
        Step {
            technique,
            difficulty,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Arc::new(pattern),
        }
    }

    /// SE's name of the step: the technique's name and the pattern's
    /// variant code, e.g. `WXYZ-Wing 137`.
    pub fn name(&self) -> String {
        let mut name = self.pattern.name().unwrap_or(self.technique.name()).to_string();
        if let Some(suffix) = self.pattern.name_suffix() {
            name.push_str(&suffix);
        }
        name
    }

    /// SE's name of the step as its ratings name it (the technique beside
    /// ER, EP and ED): [`Step::name`], except that SE's rule names the
    /// dynamic forcing chains `Dynamic ...` and puts the chain kinds in
    /// the plural (`Dynamic Cell Forcing Chains`, `Dynamic Double Forcing
    /// Chains`, `Nishio Forcing Chains`) where its step list writes `Cell
    /// Forcing Chains`, `Double Forcing Chain`, `Nishio Forcing Chain`.
    pub(crate) fn rating_name(&self) -> String {
        if let Some(name) = self.pattern.rating_name() {
            return name.to_string();
        }
        let name = self.name();
        let plural = |name: String| match name.strip_suffix("Chain") {
            Some(stem) => format!("{stem}Chains"),
            None => name,
        };
        match self.technique {
            Technique::NishioForcingChains => plural(name),
            Technique::DynamicForcingChains => format!("Dynamic {}", plural(name)),
            _ => name,
        }
    }

    /// Whether Sukaku Explainer counts the step as placing a value (its
    /// hint names a cell), which fixes the pearl (EP): the direct hints
    /// (full house and hidden singles, naked single, direct pointing and
    /// claiming, direct hidden pair and triple) and the forcing chains
    /// whose conclusion is a candidate "on". Every other step only
    /// removes candidates in SE's sense, whatever it leaves behind.
    pub fn is_placement(&self) -> bool {
        use Technique::*;
        match self.technique {
            FullHouse | HiddenSingleBox | HiddenSingleLine | DirectPointing | DirectClaiming
            | DirectHiddenPair | NakedSingle | DirectHiddenTriple => true,
            ForcingChainsCycles
            | NishioForcingChains
            | MultipleForcingChains
            | DynamicForcingChains
            | DynamicForcingChainsPlus
            | NestedForcingChains => !self.placements.is_empty(),
            _ => false,
        }
    }

    /// The chains this step's chain used inside itself, each once (see
    /// [`NestedChain`]).
    pub(crate) fn nested_chains(&self) -> Vec<NestedChain> {
        self.pattern.nested_chains()
    }

    /// What the pattern shows, in words.
    pub fn description(&self) -> String {
        struct Describe<'a>(&'a dyn Pattern);
        impl Display for Describe<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.describe(f)
            }
        }
        Describe(&*self.pattern).to_string()
    }

    /// Adds a placement of `digit` in cell index `cell`.
    pub(crate) fn place(mut self, cell: usize, digit: u8, n: usize) -> Step {
        self.placements.push(Candidate {
            cell: Cell::of(cell, n),
            digit,
        });
        self
    }

    /// Adds an elimination of `digit` from cell index `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8, n: usize) {
        self.eliminations.push(Candidate {
            cell: Cell::of(cell, n),
            digit,
        });
    }

    /// Whether the step changes anything.
    pub(crate) fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}

impl PartialEq for Step {
    fn eq(&self, other: &Step) -> bool {
        self.technique == other.technique
            && self.difficulty == other.difficulty
            && self.placements == other.placements
            && self.eliminations == other.eliminations
            && self.description() == other.description()
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Step", 7)?;
        st.serialize_field("technique", &self.technique)?;
        st.serialize_field("name", &self.name())?;
        st.serialize_field("difficulty", &((self.difficulty as f64 * 10.0).round() / 10.0))?;
        st.serialize_field("description", &self.description())?;
        st.serialize_field("placements", &self.placements)?;
        st.serialize_field("eliminations", &self.eliminations)?;
        let nested = self.pattern.nested_chains();
        if nested.is_empty() {
            st.skip_field("nested_chains")?;
        } else {
            st.serialize_field("nested_chains", &nested)?;
        }
        st.end()
    }
}

impl Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.name())?;
        self.pattern.describe(f)?;
        for (i, p) in self.placements.iter().enumerate() {
            let sep = if i == 0 { ", so place" } else { ";" };
            write!(f, "{sep} {} in {}", Shape::symbol(p.digit), p.cell)?;
        }
        let mut by_digit: Vec<Candidate> = self.eliminations.clone();
        by_digit.sort_by_key(|e| (e.digit, e.cell));
        let mut last = 0;
        for e in &by_digit {
            if e.digit != last {
                let sep = if last == 0 { ", so remove" } else { ";" };
                write!(f, "{sep} {} from {}", Shape::symbol(e.digit), e.cell)?;
                last = e.digit;
            } else {
                write!(f, ", {}", e.cell)?;
            }
        }
        Ok(())
    }
}
