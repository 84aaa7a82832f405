//! One game of Slide and how it is played. The room's parts:
//!
//! - [`input`]: how a move was made (click, hover, keys, touch), and a solve's control;
//!   [`hover`]: the squares a hovering pointer's path enters, in order.
//! - [`moving`]: how the player moves tiles (click or hover, the arrow keys' sense) and how a
//!   move looks; [`schemes`]: the colour schemes (plain, rows, columns, fringe, grids).
//! - [`origin`]: where the board came from, and whether its solve counts (random state);
//!   [`daily`]: the daily puzzle, one board a date.
//!
//! The game itself, here:
//!
//! One game of Slide as plain data: the board, its goal, the history (undo and redo), the clock,
//! and a solution being replayed. The browser's components only dispatch [`Action`]s to it and
//! render what it says, so every rule of play is tested natively.
//!
//! The replay is part of the history rather than beside it: stepping forward makes the next move
//! of the solution, stepping back undoes it, and the move counter counts both. So a replay link
//! can open at any step, undo works during a replay, and touching the board simply continues
//! from wherever the replay stands.

pub mod daily;
pub mod hover;
pub mod input;
pub mod moving;
pub mod origin;
pub mod schemes;

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use input::{Control, Input};

/// A solution attached to the game, replayed from the position where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The moves of the solution.
    pub moves: Vec<Move>,
    /// Whether the method guaranteed a shortest solution.
    pub optimal: bool,
    /// Length of the history when the solution starts.
    base: usize,
}

/// When a move was made (the caller's clock), and how: `None` for a replayed step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Stamp {
    at_ms: f64,
    input: Option<Input>,
}

/// Everything the player can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Slide the tile on this square (and those between it and the blank) toward the blank.
    Tap {
        square: usize,
        now_ms: f64,
        input: Input,
    },
    /// One move by key or swipe.
    Move {
        mv: Move,
        now_ms: f64,
        input: Input,
    },
    Undo,
    /// Makes the last undone move again, at `now_ms`.
    Redo {
        now_ms: f64,
    },
    /// Start over from a new board (a shuffle, a new size, a link).
    NewBoard(Position),
    /// Attach a solution of the current position, ready to replay.
    ShowSolution {
        moves: Vec<Move>,
        optimal: bool,
    },
    /// Replay: one move forward or back, or jump to a step.
    StepForward,
    StepBack,
    SeekStep(usize),
    /// Forget the solution (the board stays where it is).
    CloseSolution,
    /// The player was shown a hint.
    Helped,
}

/// The state of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    origin: Position,
    /// The board as shown, and its goal.
    position: Position,
    past: Vec<Move>,
    /// When and how each move of `past` was made.
    stamps: Vec<Stamp>,
    future: Vec<Move>,
    /// How each move of `future` was made, for a redo.
    undone: Vec<Stamp>,
    started_ms: Option<f64>,
    solved_ms: Option<f64>,
    /// The player's own moves reached the goal (not a replay or a redo).
    won: bool,
    /// A replay made moves in this game: a solve is then not the player's alone.
    replayed: bool,
    /// The player was shown a solution or a hint: a solve by hand is then an assisted one.
    helped: bool,
    /// Solutions attached so far (a new one is a new replay, at its own pace).
    solutions: u32,
    replay: Option<Replay>,
}

impl Game {
    /// A fresh game from `position`.
    pub fn new(position: Position) -> Game {
        Game {
            origin: position.clone(),
            position,
            past: Vec::new(),
            stamps: Vec::new(),
            future: Vec::new(),
            undone: Vec::new(),
            started_ms: None,
            solved_ms: None,
            won: false,
            replayed: false,
            helped: false,
            solutions: 0,
            replay: None,
        }
    }

    /// Whether the player reached the goal by their own moves (what counts for best results).
    pub fn won(&self) -> bool {
        self.won
    }

    /// Whether the player reached the goal with their own moves only, no replayed step among
    /// them: a solve by hand, which the page measures and keeps.
    pub fn solved_by_hand(&self) -> bool {
        self.won && !self.replayed
    }

    /// Whether the player was shown a solution or a hint in this game (a solve by hand is then
    /// kept, marked assisted, and counts for no best or average).
    pub fn helped(&self) -> bool {
        self.helped
    }

    /// How many solutions were attached in this game: a change means a new replay.
    pub fn solutions(&self) -> u32 {
        self.solutions
    }

    /// The board as shown.
    pub fn board(&self) -> &Board {
        self.position.board()
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        self.position.goal()
    }

    /// The board as shown with its goal.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The board this game started from.
    pub fn origin(&self) -> &Board {
        self.origin.board()
    }

    /// The board this game started from, with its goal.
    pub fn start(&self) -> &Position {
        &self.origin
    }

    /// Moves made (replayed steps included, undone ones not).
    pub fn moves_made(&self) -> usize {
        self.past.len()
    }

    /// The moves made, in order.
    pub fn history(&self) -> &[Move] {
        &self.past
    }

    /// When each move made was made, in milliseconds from the first: the first is 0, the last
    /// the solve's time once solved.
    pub fn move_times(&self) -> Vec<f64> {
        let first = self.started_ms.unwrap_or(0.0);
        self.stamps.iter().map(|s| s.at_ms - first).collect()
    }

    /// When each move made was made (the caller's clock), and how (`None`: a replayed step).
    pub fn stamps(&self) -> Vec<(f64, Option<Input>)> {
        self.stamps.iter().map(|s| (s.at_ms, s.input)).collect()
    }

    /// How the moves made were made: one control throughout, or mixed (replayed steps are not
    /// the player's and do not count).
    pub fn control(&self) -> Control {
        Control::of(self.stamps.iter().filter_map(|s| s.input))
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.position.is_solved()
    }

    /// Whether there is a move to undo, or to redo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    /// The attached solution, if any.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// How far into the attached solution the board stands (0 = where it was found).
    pub fn replay_step(&self) -> Option<usize> {
        self.replay
            .as_ref()
            .map(|r| self.past.len().saturating_sub(r.base).min(r.moves.len()))
    }

    /// The board the attached solution starts from (what a link to the replay names).
    pub fn replay_start(&self) -> Option<Board> {
        let step = self.replay_step()?;
        let mut board = self.board().clone();
        for &m in self.past[self.past.len() - step..].iter().rev() {
            board.apply(m.opposite());
        }
        Some(board)
    }

    /// The next move of the replay, if one remains.
    pub fn next_replay_move(&self) -> Option<Move> {
        let r = self.replay.as_ref()?;
        r.moves.get(self.replay_step()?).copied()
    }

    /// Milliseconds played: from the first move to the solve, or to `now_ms` while playing.
    pub fn elapsed_ms(&self, now_ms: f64) -> f64 {
        match (self.started_ms, self.solved_ms) {
            (Some(s), Some(e)) => e - s,
            (Some(s), None) => now_ms - s,
            _ => 0.0,
        }
    }

    /// When the clock started, while it runs (the caller's time base).
    pub fn running_since_ms(&self) -> Option<f64> {
        self.started_ms.filter(|_| self.solved_ms.is_none())
    }

    /// Whether the clock is running.
    pub fn clock_running(&self) -> bool {
        self.started_ms.is_some() && self.solved_ms.is_none()
    }

    /// Applies an action; returns whether anything changed.
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Tap {
                square,
                now_ms,
                input,
            } => {
                let moves = self.board().slide_from(square);
                self.play(&moves, now_ms, input)
            }
            Action::Move { mv, now_ms, input } => self.play(&[mv], now_ms, input),
            Action::Undo if self.replay_step().is_some_and(|s| s > 0) => self.step_back(),
            Action::Undo => match self.past.pop() {
                Some(m) => {
                    // Undoing past the start of a solution leaves the solution behind.
                    self.replay = None;
                    self.position.apply(m.opposite());
                    self.future.push(m);
                    self.undone.extend(self.stamps.pop());
                    true
                }
                None => false,
            },
            Action::Redo { now_ms } => match self.future.pop() {
                Some(m) => {
                    self.position.apply(m);
                    self.past.push(m);
                    let input = self.undone.pop().and_then(|s| s.input);
                    let last = self.stamps.last().map_or(now_ms, |s| s.at_ms);
                    self.stamps.push(Stamp {
                        at_ms: now_ms.max(last),
                        input,
                    });
                    self.note_solved(None);
                    true
                }
                None => false,
            },
            Action::NewBoard(position) => {
                *self = Game::new(position);
                true
            }
            Action::ShowSolution { moves, optimal } => {
                // Redo would fight the replay for the same moves: the solution wins.
                self.future.clear();
                self.undone.clear();
                self.helped = true;
                self.solutions += 1;
                self.replay = Some(Replay {
                    moves,
                    optimal,
                    base: self.past.len(),
                });
                true
            }
            Action::StepForward => self.step_forward(),
            Action::StepBack => self.step_back(),
            Action::SeekStep(target) => {
                let mut changed = false;
                while self.replay_step().is_some_and(|s| s < target) && self.step_forward() {
                    changed = true;
                }
                while self.replay_step().is_some_and(|s| s > target) && self.step_back() {
                    changed = true;
                }
                changed
            }
            Action::CloseSolution => self.replay.take().is_some(),
            Action::Helped => !std::mem::replace(&mut self.helped, true),
        }
    }

    /// Makes player moves: leaves any replay where it stands and starts the clock.
    fn play(&mut self, moves: &[Move], now_ms: f64, input: Input) -> bool {
        // Each move comes with its input's own time; inputs of two kinds (a click and a key)
        // can reach the page a little out of order, and a solve's times only ever rise.
        let now_ms = self.stamps.last().map_or(now_ms, |s| now_ms.max(s.at_ms));
        let mut moved = false;
        for &m in moves {
            if !self.position.apply(m) {
                break;
            }
            self.past.push(m);
            let input = Some(input);
            self.stamps.push(Stamp {
                at_ms: now_ms,
                input,
            });
            moved = true;
        }
        if moved {
            self.replay = None;
            self.future.clear();
            self.undone.clear();
            if self.started_ms.is_none() {
                self.started_ms = Some(now_ms);
            }
            self.note_solved(Some(now_ms));
            self.won |= self.is_solved();
        }
        moved
    }

    fn step_forward(&mut self) -> bool {
        let Some(m) = self.next_replay_move() else {
            return false;
        };
        self.replayed = true;
        self.position.apply(m);
        self.past.push(m);
        let at_ms = self.stamps.last().map_or(0.0, |s| s.at_ms);
        self.stamps.push(Stamp { at_ms, input: None });
        self.note_solved(None);
        true
    }

    fn step_back(&mut self) -> bool {
        if self.replay_step().is_none_or(|s| s == 0) {
            return false;
        }
        match self.past.pop() {
            Some(m) => {
                self.position.apply(m.opposite());
                self.stamps.pop();
                true
            }
            None => false,
        }
    }

    /// Stops the clock when the goal is reached by play (a replay solves without timing it).
    fn note_solved(&mut self, now_ms: Option<f64>) {
        if self.is_solved() && self.solved_ms.is_none() {
            self.solved_ms = now_ms.or(self.started_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::{parse_board, parse_moves};

    fn game(board: &str) -> Game {
        let b = parse_board(board).unwrap();
        let goal = Board::blank_last(b.width(), b.height()).unwrap();
        Game::new(Position::new(b, goal).unwrap())
    }

    #[test]
    fn tapping_a_tile_in_line_slides_it_and_those_between() {
        let mut g = game("1 2 3/4 5 6/0 7 8");
        assert!(g.apply(Action::Tap {
            square: 8,
            now_ms: 1000.0,
            input: Input::Click
        }));
        assert_eq!(g.board().to_string(), "1 2 3/4 5 6/7 8 0");
        assert_eq!(g.moves_made(), 2);
        assert!(g.is_solved());
        assert!(
            !g.apply(Action::Tap {
                square: 0,
                now_ms: 0.0,
                input: Input::Click
            }),
            "not in line"
        );
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_stops_when_solved() {
        let mut g = game("1 2 3/4 5 6/7 0 8");
        assert_eq!(g.elapsed_ms(5000.0), 0.0);
        assert!(!g.clock_running());
        g.apply(Action::Move {
            mv: Move::Right,
            now_ms: 1000.0,
            input: Input::Keys,
        });
        assert!(g.clock_running());
        assert_eq!(g.elapsed_ms(1500.0), 500.0);
        g.apply(Action::Move {
            mv: Move::Left,
            now_ms: 2000.0,
            input: Input::Keys,
        });
        g.apply(Action::Move {
            mv: Move::Left,
            now_ms: 3000.0,
            input: Input::Keys,
        });
        assert!(g.is_solved());
        assert_eq!(g.elapsed_ms(99_999.0), 2000.0);
        assert!(!g.clock_running());
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = game("1 2 3/4 5 6/7 0 8");
        g.apply(Action::Move {
            mv: Move::Right,
            now_ms: 0.0,
            input: Input::Keys,
        });
        g.apply(Action::Move {
            mv: Move::Down,
            now_ms: 0.0,
            input: Input::Keys,
        });
        let after = g.board().clone();
        assert!(g.apply(Action::Undo));
        assert!(g.apply(Action::Undo));
        assert!(!g.apply(Action::Undo));
        assert_eq!(g.board().to_string(), "1 2 3/4 5 6/7 0 8");
        assert!(g.apply(Action::Redo { now_ms: 0.0 }));
        assert!(g.apply(Action::Redo { now_ms: 0.0 }));
        assert_eq!(g.board(), &after);
        // A new move forgets what could be redone.
        g.apply(Action::Undo);
        g.apply(Action::Move {
            mv: Move::Left,
            now_ms: 0.0,
            input: Input::Keys,
        });
        assert!(!g.can_redo());
    }

    #[test]
    fn a_replay_steps_through_the_solution_and_reaches_the_goal() {
        let mut g = game("8 6 7/2 5 4/3 0 1");
        let moves = parse_moves("RDLDLUURDRDLLUURRDDLLURURDDLULU").unwrap();
        g.apply(Action::ShowSolution {
            moves: moves.clone(),
            optimal: true,
        });
        assert_eq!(g.replay_step(), Some(0));
        assert_eq!(g.next_replay_move(), Some(Move::Right));
        assert!(!g.apply(Action::StepBack), "nothing before the start");
        while g.apply(Action::StepForward) {}
        assert!(g.is_solved());
        assert!(!g.won(), "a replay solves, the player did not");
        assert_eq!(g.replay_step(), Some(31));
        assert_eq!(g.moves_made(), 31);
        assert!(g.apply(Action::SeekStep(10)));
        assert_eq!(g.replay_step(), Some(10));
        assert_eq!(g.replay_start().unwrap().to_string(), "8 6 7/2 5 4/3 0 1");
        let mut expected = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        expected.apply_all(&moves[..10]).unwrap();
        assert_eq!(g.board(), &expected);
        assert!(g.apply(Action::StepBack));
        assert_eq!(g.replay_step(), Some(9));
    }

    #[test]
    fn touching_the_board_during_a_replay_continues_from_there() {
        let mut g = game("1 2 3/4 5 6/0 7 8");
        g.apply(Action::ShowSolution {
            moves: parse_moves("LL").unwrap(),
            optimal: true,
        });
        g.apply(Action::StepForward);
        assert_eq!(g.board().to_string(), "1 2 3/4 5 6/7 0 8");
        assert!(g.apply(Action::Move {
            mv: Move::Down,
            now_ms: 0.0,
            input: Input::Keys
        }));
        assert!(g.replay().is_none(), "the replay is left behind");
        assert_eq!(g.board().to_string(), "1 2 3/4 0 6/7 5 8");
        assert_eq!(g.moves_made(), 2);
    }

    #[test]
    fn undo_during_a_replay_is_a_step_back() {
        let mut g = game("1 2 3/4 5 6/0 7 8");
        g.apply(Action::ShowSolution {
            moves: parse_moves("LL").unwrap(),
            optimal: true,
        });
        g.apply(Action::StepForward);
        g.apply(Action::Undo);
        assert_eq!(g.replay_step(), Some(0));
        assert_eq!(g.board().to_string(), "1 2 3/4 5 6/0 7 8");
        // One more undo reaches before the solution: it is left behind, nothing is lost.
        let mut h = game("1 2 3/4 5 6/0 7 8");
        h.apply(Action::Move {
            mv: Move::Down,
            now_ms: 0.0,
            input: Input::Keys,
        });
        h.apply(Action::ShowSolution {
            moves: parse_moves("ULL").unwrap(),
            optimal: true,
        });
        assert!(h.apply(Action::Undo));
        assert!(h.replay().is_none());
        assert_eq!(h.board().to_string(), "1 2 3/4 5 6/0 7 8");
    }

    #[test]
    fn each_move_keeps_its_time_from_the_first_and_how_it_was_made() {
        let mut g = Game::new(
            Position::toward(
                parse_board("1 2 3/4 5 6/0 7 8").unwrap(),
                &Default::default(),
            )
            .unwrap(),
        );
        let hover = |square, now_ms| Action::Tap {
            square,
            now_ms,
            input: Input::Hover,
        };
        assert!(g.apply(hover(7, 1000.0)));
        assert!(g.apply(Action::Undo));
        assert!(g.apply(Action::Redo { now_ms: 1500.0 }));
        // A tap two squares away slides two tiles at one time.
        assert!(g.apply(Action::Undo));
        assert!(g.apply(hover(8, 2250.0)));
        assert_eq!(g.move_times(), vec![1250.0, 1250.0]);
        assert!(g.is_solved());
        assert_eq!(g.control(), Control::Hover);
        assert_eq!(g.elapsed_ms(9e9), 1250.0);
        let mut keys = g.clone();
        keys.apply(Action::Undo);
        keys.apply(Action::Move {
            mv: Move::Left,
            now_ms: 3000.0,
            input: Input::Keys,
        });
        assert_eq!(keys.control(), Control::Mixed);
    }

    #[test]
    fn a_moves_time_never_falls_behind_the_one_before() {
        let mut g = game("1 2 3/4 5 6/0 7 8");
        let tap = |square, now_ms| Action::Tap {
            square,
            now_ms,
            input: Input::Hover,
        };
        assert!(g.apply(tap(7, 1000.0)));
        // An input that happened earlier but arrived later counts as made with the one before.
        assert!(g.apply(tap(8, 990.0)));
        assert_eq!(g.move_times(), vec![0.0, 0.0]);
        assert!(g.apply(Action::Undo));
        assert!(g.apply(Action::Redo { now_ms: 500.0 }));
        assert_eq!(g.move_times(), vec![0.0, 0.0]);
    }
}
