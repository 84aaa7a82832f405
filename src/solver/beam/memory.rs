//! How many bytes a beam holds for each board of its width: what a caller with a memory cap
//! divides by. Apart from the budget, which [`super::seen`] depends on, so that the two do not
//! import each other around a circle.

use super::children::Child;
use super::kept::Kept;
use super::trim::TRIM_AT;

/// Bytes a beam holds a board of its width, on a board of `squares` squares: two levels of
/// boards (the one kept and the next being made: its tiles, and a [`Kept`] record each), four
/// children a board, and the links to parents that [trimming](super::trim) leaves. The table of
/// boards seen is left out: it is at most 512 KiB whatever the width (see [`super::seen`]).
pub fn bytes_per_width(squares: usize) -> u64 {
    let kept = std::mem::size_of::<Kept>() + squares;
    let child = std::mem::size_of::<Child>();
    (2 * kept + 4 * child + 4 * TRIM_AT) as u64
}
