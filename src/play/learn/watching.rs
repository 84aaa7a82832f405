//! Learn mode's step-through: A* or greedy best-first on the board, one expansion at a time,
//! by Step or on a timer (Run). A step of a 3×3 search takes microseconds, so it runs right here.

use crate::puzzle::position::Position;
use crate::search::watch::{Watch, WatchStep};

/// The step-through's state.
#[derive(Default)]
pub struct Watching {
    watch: Option<Watch>,
    /// Greedy best-first (f = h) rather than A* (f = g + h).
    pub greedy: bool,
    /// Every step so far, first first.
    pub steps: Vec<WatchStep>,
    /// Stepping on a timer.
    pub running: bool,
    /// Why it cannot start.
    pub problem: Option<String>,
}

impl Watching {
    /// Starts watching A* or greedy best-first on `position`.
    pub fn start(&mut self, position: &Position, greedy: bool) {
        *self = Watching {
            greedy,
            ..Watching::default()
        };
        match Watch::manhattan(position, greedy) {
            Ok(w) => self.watch = Some(w),
            Err(e) => self.problem = Some(format!("Cannot watch: {e}.")),
        }
    }

    /// One expansion; stops the timer once the goal is reached.
    pub fn step(&mut self) {
        match self.watch.as_mut().and_then(Watch::step) {
            Some(step) => self.steps.push(step),
            None => self.running = false,
        }
    }

    /// Whether a search is being watched.
    pub fn active(&self) -> bool {
        self.watch.is_some()
    }

    /// Whether the goal has been reached.
    pub fn finished(&self) -> bool {
        self.steps.last().is_some_and(|s| s.solution.is_some())
    }

    /// A new board (or goal) ends the step-through.
    pub fn reset(&mut self) {
        *self = Watching::default();
    }
}

/// What the step-through panel shows (the search itself stays with the model).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WatchView {
    pub greedy: bool,
    pub steps: Vec<WatchStep>,
    pub running: bool,
    pub problem: Option<String>,
    pub active: bool,
    pub finished: bool,
}

impl WatchView {
    pub fn of(w: &Watching) -> WatchView {
        WatchView {
            greedy: w.greedy,
            steps: w.steps.clone(),
            running: w.running,
            problem: w.problem.clone(),
            active: w.active(),
            finished: w.finished(),
        }
    }
}

impl std::fmt::Debug for Watching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Watching({} steps)", self.steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn a_star_starts_by_expanding_the_start() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let position = Position::toward(board, &crate::puzzle::goal::Goal::BlankLast).unwrap();
        let mut w = Watching::default();
        w.start(&position, false);
        assert!(w.active());
        w.step();
        let first = &w.steps[0].expanded;
        assert_eq!((first.g, first.h, first.f), (0, 21, 21));
        w.start(&position, true);
        w.step();
        w.step();
        let second = &w.steps[1].expanded;
        assert_eq!(u64::from(second.h), second.f, "greedy orders by h alone");
    }

    #[test]
    fn large_boards_are_refused_with_a_reason() {
        let goal = Board::blank_last(5, 5).unwrap();
        let mut w = Watching::default();
        w.start(&Position::solved(goal), false);
        assert!(!w.active());
        assert!(w.problem.unwrap().contains("up to 4×4"));
    }
}
