//! What a beam aims at: every tile home, or a shell's.

/// What a beam aims at: each tile's extra weight (in halves of its distance), in a partial beam
/// the extra weight of the tiles it does not aim at (see [`NEXT_SHELL`]), whether it stops once
/// the tiles with one are home, whether it counts the blank's walk to the nearest tile it aims
/// at away from home (a partial beam always does), and the pace it is sized for.
pub(super) struct Aim {
    pub(super) extra: Vec<i32>,
    pub(super) next: Vec<i32>,
    pub(super) partial: bool,
    pub(super) walk: bool,
    pub(super) pace: u64,
}

impl Aim {
    /// Whether the beam aims at `tile`: on a whole board every tile, in a partial beam those
    /// with an extra weight (never the blank).
    pub(super) fn aims_at(&self, tile: usize) -> bool {
        tile != 0 && (!self.partial || self.extra[tile] != 0)
    }
}
