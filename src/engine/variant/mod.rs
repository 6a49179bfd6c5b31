//! The engines for variant rules: a general dancing-links matrix with
//! secondary items ([`dlx`]) and its independent check, a SAT formula
//! ([`sat`]). Classic puzzles never come here: their engines keep their
//! fixed four-items-per-option layout and its speed.

pub(crate) mod bitboard;
pub(crate) mod dlx;
pub(crate) mod sat;
pub(crate) mod propagate;
