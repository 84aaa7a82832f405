//! Making a long solution shorter: cut the loops (stretches that come back to a board already
//! visited), then re-solve short windows of the path with a search the caller chooses, while that
//! still helps. The caller passes the window search in, so this file depends on no solver.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::search::{Outcome, Step};
use std::collections::HashMap;

/// A window's search, as the caller starts it: from, to. `None` when it cannot search.
pub(crate) type WindowSearch<'a> = dyn FnMut(&Board, &Board) -> Option<Box<dyn Step>> + 'a;

/// Shortens a solution: boards visited twice lose the loop between, then windows of `window`
/// moves are re-solved by the searches `start_window` starts (from, to), while that still helps.
pub(crate) fn shorten(
    start: &Board,
    moves: &[Move],
    window: usize,
    start_window: &mut WindowSearch,
) -> Vec<Move> {
    let mut shortening = Shortening::new(start, moves, window);
    loop {
        if let Some(moves) = shortening.step(u64::MAX, start_window) {
            return moves;
        }
    }
}

/// What a window costs at least, in nodes of its search, when a step's nodes are counted: a few
/// windows a step even when each is found at once.
const WINDOW_COST: u64 = 500;

/// [`shorten`] a slice at a time (so that the browser's worker can listen between them): a
/// window's search can take 100,000 nodes, tens of milliseconds on a 10×10, so it too is run in
/// slices.
pub struct Shortening {
    start: Board,
    moves: Vec<Move>,
    window: usize,
    /// Where the next window starts, and the board there.
    i: usize,
    at: Board,
    /// The length when this pass over the path began.
    before: usize,
    /// The window being re-solved: its search, and where it ends.
    searching: Option<(Box<dyn Step>, usize)>,
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
            searching: None,
        }
    }

    /// The answer as it stands: whole, from the start to the goal, at every step.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Searches on for about `nodes` more expansions (a window's search stops between slices,
    /// never inside a node); the moves once a whole pass no longer helps.
    pub(crate) fn step(
        &mut self,
        nodes: u64,
        start_window: &mut WindowSearch,
    ) -> Option<Vec<Move>> {
        let mut left = nodes;
        loop {
            let (mut search, end) = match self.searching.take() {
                Some(searching) => searching,
                None => {
                    let end = match self.next_window() {
                        Ok(end) => end,
                        Err(moves) => return Some(moves),
                    };
                    let target = after(&self.at, &self.moves[self.i..end]);
                    match start_window(&self.at, &target) {
                        Some(search) => (search, end),
                        None => {
                            self.answer(None, end);
                            continue;
                        }
                    }
                }
            };
            let before = search.counters().expanded;
            let outcome = search.step(left);
            let spent = search.counters().expanded - before;
            // A window costs more than its nodes (the boards at its ends, the path spliced and
            // its loops cut): at least `WINDOW_COST` nodes' worth.
            left = left.saturating_sub(spent.max(WINDOW_COST));
            match outcome {
                None => {
                    self.searching = Some((search, end));
                    return None;
                }
                Some(Outcome::Found(better)) => self.answer(Some(better), end),
                Some(_) => self.answer(None, end),
            }
            if left == 0 {
                return None;
            }
        }
    }

    /// Where the next window ends (it starts at `i`), starting a new pass at the end of one
    /// that helped; the moves once a pass did not.
    fn next_window(&mut self) -> Result<usize, Vec<Move>> {
        if self.i + 2 > self.moves.len() {
            // The end of a pass: another while they still help.
            if self.moves.len() >= self.before {
                return Err(std::mem::take(&mut self.moves));
            }
            (self.before, self.i, self.at) = (self.moves.len(), 0, self.start.clone());
        }
        Ok((self.i + self.window).min(self.moves.len()))
    }

    /// Takes the window `i..end`'s answer (a path between its ends, if one was found) and moves
    /// half a window on.
    fn answer(&mut self, better: Option<Vec<Move>>, end: usize) {
        let (i, window) = (self.i, self.window);
        if let Some(better) = better
            && better.len() < end - i
        {
            self.moves.splice(i..end, better);
            self.moves = cut_loops(&self.start, &self.moves);
            // A loop may have been cut before `i`: find the board there again.
            self.i = i.min(self.moves.len());
            self.at = after(&self.start, &self.moves[..self.i]);
        }
        let i = self.i;
        let step = (window / 2).min(self.moves.len() - i);
        self.at = after(&self.at, &self.moves[i..i + step]);
        self.i = i + window / 2;
    }
}

/// The board after `moves` from `b`.
fn after(b: &Board, moves: &[Move]) -> Board {
    let mut b = b.clone();
    for &m in moves {
        b.apply(m);
    }
    b
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

    #[test]
    fn shortening_a_few_nodes_at_a_time_ends_where_shortening_at_once_does() {
        use crate::puzzle::random::Rng;
        use crate::puzzle::scramble::{ScrambleOptions, random_solvable};
        use crate::solver::rows_and_columns::{optimal_search, reduce_boards};
        let mut rng = Rng::seeded(2);
        let goal = Board::blank_last(6, 6).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let long = reduce_boards(&start, &goal).unwrap().moves;
        let mut window = |a: &Board, b: &Board| optimal_search(a, b, 20_000);
        let whole = shorten(&start, &long, 24, &mut window);
        assert!(whole.len() < long.len());
        let mut shortening = Shortening::new(&start, &long, 24);
        let mut steps = 0;
        let sliced = loop {
            steps += 1;
            if let Some(moves) = shortening.step(50, &mut window) {
                break moves;
            }
        };
        assert!(steps > long.len() / 12, "{steps} steps");
        assert_eq!(sliced, whole);
        let mut b = start.clone();
        assert!(b.apply_all(&sliced).is_ok());
        assert_eq!(b, goal);
    }
}
