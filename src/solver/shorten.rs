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
    let mut moves = cut_loops(start, moves);
    let after = |b: &Board, moves: &[Move]| {
        let mut b = b.clone();
        for &m in moves {
            b.apply(m);
        }
        b
    };
    loop {
        let before = moves.len();
        let (mut i, mut at) = (0, start.clone());
        while i + 2 <= moves.len() {
            let end = (i + window).min(moves.len());
            let target = after(&at, &moves[i..end]);
            if let Some(better) = solve_window(&at, &target)
                && better.len() < end - i
            {
                moves.splice(i..end, better);
                moves = cut_loops(start, &moves);
                // A loop may have been cut before `i`: find the board there again.
                i = i.min(moves.len());
                at = after(start, &moves[..i]);
            }
            let step = (window / 2).min(moves.len() - i);
            at = after(&at, &moves[i..i + step]);
            i += window / 2;
        }
        if moves.len() >= before {
            return moves;
        }
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
