//! SAT engine (being written).
use crate::backend::{Backend, Count, Digger};
use crate::{Grid, Shape};
/// The SAT engine.
pub struct SatBackend {
    shape: Shape,
}
impl SatBackend {
    /// Builds the matrix for a shape.
    pub fn new(shape: Shape) -> SatBackend {
        SatBackend { shape }
    }
}
impl Backend for SatBackend {
    fn name(&self) -> &'static str {
        "sat"
    }
    fn shape(&self) -> Shape {
        self.shape
    }
    fn count(&mut self, _p: &Grid, _l: u64, _b: Option<u64>) -> Count {
        unimplemented!()
    }
    fn fill(&mut self, _rng: &mut dyn rand::RngCore) -> Grid {
        unimplemented!()
    }
    fn digger<'a>(&'a mut self, _s: &Grid, _o: &[usize]) -> Box<dyn Digger + 'a> {
        unimplemented!()
    }
}
