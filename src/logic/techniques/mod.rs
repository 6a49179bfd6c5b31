//! The producers: one file per producer, each owning its search, the
//! sentence of its steps and their difficulty, with its unit tests beside
//! it. A producer imports only the layers below it (the board vocabulary,
//! the candidate grid, the steps, the technique names, the [`Producer`]
//! interface) and the shared searches of [`common`], never another producer; the
//! registry (`registry.rs`) lists them in the order the solver tries
//! them.
//!
//! # How a producer plugs in
//!
//! A producer file (say `foo.rs`) owns:
//!
//! 1. **Its pattern type**: a struct holding what the deduction saw (cells
//!    as row-major indices, digits, houses as table numbers, chain
//!    nodes...), implementing [`Pattern`](super::step::Pattern): `describe`
//!    writes the sentence, `name_suffix` adds SE's variant code if any.
//! 2. **Its producer**: a struct (with its parameters, such as a set's
//!    degree) implementing [`Producer`]: the techniques it reports, their
//!    base difficulty, and `find`, the first step that makes progress,
//!    built with `Step::new(technique, difficulty, FooPattern { .. })`,
//!    then `.place(..)` / `.eliminate(..)`.
//!
//! Then add `mod foo;` here, the technique to the list in `technique.rs`,
//! and the producer to the registry at the place Sukaku Explainer tries
//! it. [`Context`](super::producer::Context) carries the solve-wide
//! caches ([`Memo`](super::producer::Memo): skip digits and houses
//! unchanged since a search found nothing).
//!
//! The solver takes, at each step, the first step of the first producer
//! in the registry that finds one (SE's `SingleHintAccumulator` does the
//! same), so a producer must search in SE's order where that changes the
//! path.
//!
//! [`Producer`]: super::producer::Producer

pub(crate) mod aligned_exclusion;
pub(crate) mod als_wing;
pub(crate) mod bug;
pub(crate) mod bug_grave;
pub(crate) mod claiming;
pub(crate) mod common;
pub(crate) mod direct_pointing;
pub(crate) mod fish;
pub(crate) mod full_house;
pub(crate) mod generalized;
pub(crate) mod hidden_set;
pub(crate) mod hidden_single;
pub(crate) mod locked;
pub(crate) mod locked_nc;
pub(crate) mod naked_set;
pub(crate) mod naked_single;
pub(crate) mod nc_forcing_cell;
pub(crate) mod pointing;
pub(crate) mod strong_links;
pub(crate) mod unique_rectangle;
pub(crate) mod xy_wing;

#[cfg(test)]
pub(crate) mod testing;
