//! The engines: exact-cover search (DLX) and SAT, behind one interface.
//!
//! This layer is a leaf: it knows the board model ([`crate::grid`],
//! [`crate::shape`]) and nothing above it (no generator, grader, output or
//! command line), so every other layer may use it without a cycle.
//!
//! - [`backend`]: the traits every engine implements ([`Backend`],
//!   [`Digger`]) and what they report ([`Count`], [`Removal`],
//!   [`Capabilities`]).
//! - [`exact_cover`]: the encoding both engines are built from.
//! - [`dlx`]: dancing links, the fast default; [`sat`]: varisat, the
//!   independent check.
//! - [`portfolio`]: DLX probes that run out of budget handed to SAT.
//! - [`BackendKind`]: the factory that builds an engine by name.

pub mod backend;
pub mod dlx;
pub mod exact_cover;
pub mod portfolio;
pub mod sat;
pub(crate) mod variant;

pub use backend::{Backend, Capabilities, Count, Digger, EffortUnit, Removal};

use crate::shape::Shape;
use std::fmt;
use std::str::FromStr;

/// Which engine to use.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// Dancing links (Algorithm X), the fast default.
    #[default]
    Dlx,
    /// The varisat SAT solver, the independent check.
    Sat,
}

impl BackendKind {
    /// Every engine, in a fixed order.
    pub const ALL: [BackendKind; 2] = [BackendKind::Dlx, BackendKind::Sat];

    internal_pub! {
        /// Builds this engine for a shape.
        fn build(self, shape: Shape) -> Box<dyn Backend> {
            match self {
                BackendKind::Dlx => Box::new(dlx::Dlx::new(shape)),
                BackendKind::Sat => Box::new(sat::SatBackend::new(shape)),
            }
        }
    }

    internal_pub! {
        /// What this engine can do, without building it.
        fn capabilities(self) -> Capabilities {
            match self {
                BackendKind::Dlx => dlx::CAPABILITIES,
                BackendKind::Sat => sat::CAPABILITIES,
            }
        }
    }

    /// The other engine, for cross-checks.
    pub(crate) fn other(self) -> BackendKind {
        match self {
            BackendKind::Dlx => BackendKind::Sat,
            BackendKind::Sat => BackendKind::Dlx,
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BackendKind::Dlx => "dlx",
            BackendKind::Sat => "sat",
        })
    }
}

/// A backend name that is neither `dlx` nor `sat`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown backend '{0}': expected dlx or sat")]
pub struct UnknownBackend(pub(crate) String);

impl FromStr for BackendKind {
    type Err = UnknownBackend;

    fn from_str(s: &str) -> Result<BackendKind, UnknownBackend> {
        match s {
            "dlx" => Ok(BackendKind::Dlx),
            "sat" => Ok(BackendKind::Sat),
            _ => Err(UnknownBackend(s.to_string())),
        }
    }
}
