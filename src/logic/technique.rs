//! What the solver knows about a technique: its names and its base
//! difficulty on the Sudoku Explainer (SE) scale, declared by the
//! technique's own file, and the [`Technique`] enum built from the
//! solving-order list in `techniques/mod.rs`.

use super::candidates::Candidates;
use super::step::Step;
use super::techniques::Context;
use serde::{Serialize, Serializer};

pub use super::techniques::Technique;

/// What a technique file declares about its technique: its names, its
/// base rating and its search. `techniques/mod.rs` lists one per
/// technique, in the order the solver tries them.
pub(crate) struct Finder {
    /// A stable machine name (snake case), used in JSON.
    pub id: &'static str,
    /// Sukaku Explainer's name for the technique (without variant codes).
    pub name: &'static str,
    /// The base difficulty on the SE scale.
    pub score: f32,
    /// The search: the first step found that makes progress, or `None`.
    /// `None` here for a technique that another technique's search
    /// reports (SE finds direct pointing and direct claiming in one pass).
    pub find: Option<fn(&Candidates, &mut Context) -> Option<Step>>,
}

/// Declares the [`Technique`] enum from the solving-order list: each
/// entry is a documented variant and the path of its [`Finder`].
macro_rules! solving_order {
    ($($(#[$doc:meta])* $variant:ident => $finder:path,)*) => {
        /// A solving technique. Variants are listed in the order the
        /// solver tries them (Sukaku Explainer's producer order).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $($(#[$doc])* $variant,)*
        }

        impl Technique {
            /// Every technique in solving order.
            pub const ALL: [Technique; [$(stringify!($variant)),*].len()] =
                [$(Technique::$variant),*];

            /// The declaration in the technique's own file.
            pub(crate) fn finder(self) -> &'static crate::logic::technique::Finder {
                match self {
                    $(Technique::$variant => &$finder,)*
                }
            }
        }
    };
}
pub(crate) use solving_order;

impl Technique {
    /// A stable machine name (snake case), e.g. `hidden_single_box`.
    pub fn id(self) -> &'static str {
        self.finder().id
    }

    /// Sukaku Explainer's name, e.g. `Hidden Single` or `XY-Wing`. Some
    /// techniques share a name (SE rates the hidden singles apart).
    pub fn name(self) -> &'static str {
        self.finder().name
    }

    /// The base difficulty on the SE scale; some patterns add to it (see
    /// [`Step::difficulty`]).
    pub fn score(self) -> f32 {
        self.finder().score
    }

    /// The technique with machine name `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The position in [`Technique::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The bonus SE adds for a chain of `nodes` nodes: nothing up to 4 nodes,
/// then 0.1 more each time the length passes the next threshold of the
/// sequence 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and 4/3).
pub fn chain_length_bonus(nodes: usize) -> f32 {
    let mut bonus = 0.0;
    let mut ceiling = 4;
    let mut times_three_halves = true;
    while nodes > ceiling {
        bonus += 0.1;
        ceiling = if times_three_halves {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_names_are_distinct_and_round_trip() {
        for t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
        }
    }

    #[test]
    fn length_bonus_follows_the_thresholds() {
        // Thresholds 4, 6, 8, 12, 16: one tenth each time one is passed.
        let expected = [
            (4, 0.0),
            (5, 0.1),
            (6, 0.1),
            (7, 0.2),
            (8, 0.2),
            (9, 0.3),
            (12, 0.3),
            (13, 0.4),
            (17, 0.5),
        ];
        for (nodes, bonus) in expected {
            assert!((chain_length_bonus(nodes) - bonus).abs() < 1e-4, "{nodes}");
        }
    }
}
