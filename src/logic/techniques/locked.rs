//! The pattern pointing and claiming share: a digit whose places in one
//! house all lie in a second house (SE's locked candidates). It has a file
//! of its own so that the two producers need not import each other.

use super::super::board::House;
use super::super::step::Pattern;
use crate::shape::Shape;
use std::fmt;

/// A digit whose places in one house all lie in a second house.
#[derive(Debug)]
pub(crate) struct Locked {
    pub digit: u8,
    /// The house whose places are confined.
    pub from: House,
    /// The house they are confined to.
    pub to: House,
}

impl Pattern for Locked {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} is confined to {}",
            Shape::symbol(self.digit),
            self.from,
            self.to
        )
    }
}
