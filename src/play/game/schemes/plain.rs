//! Plain: no colours, every tile in group 0.

use super::Scheme;
use crate::puzzle::board::Board;

pub struct Plain;

impl Scheme for Plain {
    fn name(&self) -> &'static str {
        "plain"
    }
    fn label(&self) -> &'static str {
        "Plain"
    }
    fn about(&self) -> &'static str {
        "Every tile alike."
    }
    fn groups(&self, _: &Board) -> Option<Vec<u8>> {
        None
    }
}
