//! Making a long solution shorter: cut the loops (stretches that come back to a board already
//! visited), then re-solve short windows of the path with a search the caller chooses, while that
//! still helps. The caller passes the window search in, so this file depends on no solver.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use std::collections::HashMap;

/// Shortens a solution: boards visited twice lose the loop between, then windows of `window`
/// moves are re-solved by `solve_window` (from, to: a shorter path, or `None`) while that still
/// helps.
pub fn shorten(
    start: &Board,
    moves: &[Move],
    window: usize,
    mut solve_window: impl FnMut(&Board, &Board) -> Option<Vec<Move>>,
) -> Vec<Move> {
    let mut shortening = Shortening::new(start, moves, window);
    loop {
        if let Some(moves) = shortening.step(usize::MAX, &mut solve_window) {
            return moves;
        }
    }
}

/// [`shorten`] a few windows at a time (so that the browser's worker can listen between them).
pub struct Shortening {
    start: Board,
    moves: Vec<Move>,
    window: usize,
    /// Where the next window starts, and the board there.
    i: usize,
    at: Board,
    /// The length when this pass over the path began.
    before: usize,
}

impl Shortening {
    pub fn new(start: &Board, moves: &[Move], window: usize) -> Shortening {
        let moves = cut_loops(start, moves);
        Shortening {
            start: start.clone(),
            before: moves.len(),
            moves,
            window,
            i: 0,
            at: start.clone(),
        }
    }

    /// Re-solves up to `windows` more windows; the moves once a whole pass no longer helps.
    pub fn step(
        &mut self,
        windows: usize,
        mut solve_window: impl FnMut(&Board, &Board) -> Option<Vec<Move>>,
    ) -> Option<Vec<Move>> {
        let after = |b: &Board, moves: &[Move]| {
            let mut b = b.clone();
            for &m in moves {
                b.apply(m);
            }
            b
        };
        let window = self.window;
        for _ in 0..windows {
            let moves = &mut self.moves;
            if self.i + 2 > moves.len() {
                // The end of a pass: another while they still help.
                if moves.len() >= self.before {
                    return Some(std::mem::take(moves));
                }
                (self.before, self.i, self.at) = (moves.len(), 0, self.start.clone());
                continue;
            }
            let i = self.i;
            let end = (i + window).min(moves.len());
            let target = after(&self.at, &moves[i..end]);
            if let Some(better) = solve_window(&self.at, &target)
                && better.len() < end - i
            {
                moves.splice(i..end, better);
                *moves = cut_loops(&self.start, moves);
                // A loop may have been cut before `i`: find the board there again.
                self.i = i.min(moves.len());
                self.at = after(&self.start, &moves[..self.i]);
            }
            let i = self.i;
            let step = (window / 2).min(moves.len() - i);
            self.at = after(&self.at, &moves[i..i + step]);
            self.i = i + window / 2;
        }
        None
    }
}

/// Removes every stretch that returns to a board already visited.
fn cut_loops(start: &Board, moves: &[Move]) -> Vec<Move> {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    let mut b = start.clone();
    let mut path = vec![b.tiles().to_vec()];
    seen.insert(b.tiles().to_vec(), 0);
    for &m in moves {
        b.apply(m);
        if let Some(&i) = seen.get(b.tiles()) {
            for gone in path.drain(i + 1..) {
                seen.remove(&gone);
            }
            out.truncate(i);
        } else {
            out.push(m);
            seen.insert(b.tiles().to_vec(), out.len());
            path.push(b.tiles().to_vec());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_are_cut() {
        let goal = Board::blank_last(3, 3).unwrap();
        let start = goal.clone();
        let moves = [Move::Down, Move::Up, Move::Right, Move::Left];
        assert!(cut_loops(&start, &moves).is_empty());
    }
}
