//! The game on the board and its replay: the player's moves, the solution attached and where the
//! replay stands, how fast it plays, where the answer on show came from, the hint, and where the
//! board itself came from (whether its solve can count for statistics).

use super::Watched;
use crate::play::game::input::Input;
use crate::play::game::origin::Origin;
use crate::play::game::{self, Game};
use crate::play::link::LinkedReplay;
use crate::play::link::pace::{MoveTimes, Pace, StepFigures};
use crate::play::worker::solving::Summary;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;

/// Replay speeds offered, in moves a second.
pub const SPEEDS: std::ops::RangeInclusive<u32> = 1..=60;

/// The speed a replay of `moves` moves starts at: 4 moves a second, or faster for a long one,
/// so that it plays in about 20 seconds (a minute at most, for the longest 10×10 answers).
pub fn replay_speed(moves: usize) -> u32 {
    (moves.div_ceil(20) as u32).clamp(4, *SPEEDS.end())
}

/// What the player can do to the game and its replay.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// A tap (or hover) on the tile on this square: slides it (and those between it and the
    /// blank).
    Tap(usize, Input),
    /// One move, by key or swipe.
    Slide(Move, Input),
    Undo,
    Redo,
    /// Play, or Pause.
    PlayPause,
    /// The replay timer: one step.
    Tick,
    /// One step of the replay: forward (`true`) or back.
    Step(bool),
    /// Jump to a step of the replay.
    Seek(usize),
    /// A steady speed, in moves a second.
    Speed(u32),
    /// How fast a replay with times plays: at the pace played (times a factor), or steady.
    Pace(Pace),
}

/// The game part of the page.
#[derive(Debug)]
pub struct Playing {
    game: Game,
    /// The replay plays on its timer.
    playing: bool,
    speed: u32,
    pace: Pace,
    /// When each move of the replay was made, for a solve by hand's replay.
    times: Option<MoveTimes>,
    /// Where the solution on show came from.
    summary: Option<Summary>,
    /// The first move of a shortest solution from this board.
    hint: Option<(Board, Move)>,
    /// Where the game's start came from.
    origin: Origin,
}

impl Playing {
    /// A game from `position` (which came from `origin`), with nothing on show.
    pub fn new(position: Position, origin: Origin) -> Playing {
        Playing {
            game: Game::new(position),
            playing: false,
            speed: replay_speed(0),
            pace: Pace::Steady(replay_speed(0)),
            times: None,
            summary: None,
            hint: None,
            origin,
        }
    }

    /// Carries out `action`, which happened at `now_ms`.
    pub fn reduce(&mut self, action: PlayAction, now_ms: f64) {
        match action {
            // Passing over the board while a replay plays, or once it is solved, moves nothing:
            // a hovering pointer would otherwise take over the replay or undo the solve.
            PlayAction::Tap(_, Input::Hover) if self.playing || self.game.is_solved() => {}
            PlayAction::Tap(square, input) => {
                self.playing = false;
                (self.game).apply(game::Action::Tap {
                    square,
                    now_ms,
                    input,
                });
            }
            PlayAction::Slide(mv, input) => {
                self.playing = false;
                (self.game).apply(game::Action::Move { mv, now_ms, input });
            }
            PlayAction::Undo => {
                self.game.apply(game::Action::Undo);
            }
            PlayAction::Redo => {
                self.game.apply(game::Action::Redo { now_ms });
            }
            PlayAction::PlayPause => {
                if !self.playing && self.game.next_replay_move().is_none() {
                    // At the end: play again from the start.
                    self.game.apply(game::Action::SeekStep(0));
                }
                self.playing = !self.playing;
            }
            PlayAction::Tick | PlayAction::Step(true) => {
                self.game.apply(game::Action::StepForward);
            }
            PlayAction::Step(false) => {
                self.game.apply(game::Action::StepBack);
            }
            PlayAction::Seek(step) => {
                self.game.apply(game::Action::SeekStep(step));
            }
            PlayAction::Speed(s) => {
                self.speed = s.clamp(*SPEEDS.start(), *SPEEDS.end());
                self.pace = Pace::Steady(self.speed);
            }
            PlayAction::Pace(Pace::Steady(s)) => self.reduce(PlayAction::Speed(s), now_ms),
            // Only a replay with times has a pace played to follow.
            PlayAction::Pace(pace) if self.times.is_some() => self.pace = pace,
            PlayAction::Pace(_) => {}
        }
        self.follow();
    }

    /// A replay that reached its end stops; a hint for another board goes.
    fn follow(&mut self) {
        let g = &self.game;
        if self.playing && (g.replay().is_none() || g.next_replay_move().is_none()) {
            self.playing = false;
        }
        if g.replay().is_none() {
            self.times = None;
            self.pace = Pace::Steady(self.speed);
        }
        if self.hint.as_ref().is_some_and(|(b, _)| b != g.board()) {
            self.hint = None;
        }
    }

    /// A new game from `position`, which came from `origin`: nothing plays, nothing is on show.
    pub(super) fn start(&mut self, position: Position, origin: Origin) {
        *self = Playing {
            speed: self.speed,
            pace: Pace::Steady(self.speed),
            ..Playing::new(position, origin)
        };
    }

    /// Attaches a solution of the board on show (`summary` says where it came from); a new
    /// replay starts at a pace fitted to its length.
    pub(super) fn show(&mut self, moves: Vec<Move>, optimal: bool, summary: Summary) {
        self.speed = replay_speed(moves.len());
        self.pace = Pace::Steady(self.speed);
        self.times = None;
        self.game
            .apply(game::Action::ShowSolution { moves, optimal });
        self.summary = Some(summary);
    }

    /// Attaches a solve by hand with when each move was made (`times`): it plays at the pace
    /// played; times that do not fit the moves leave a steady replay.
    pub(super) fn show_timed(&mut self, moves: Vec<Move>, times: Vec<f64>, summary: Summary) {
        let times = MoveTimes::new(times, moves.len());
        self.show(moves, false, summary);
        if times.is_some() {
            self.times = times;
            self.pace = Pace::AsPlayed(1.0);
        }
    }

    /// Replays moves from a start of their own in a fresh game (a solve by hand, the shortest,
    /// a friend's), at the pace played where it says when each was made.
    pub(super) fn watch(&mut self, watched: Watched) {
        self.start(watched.start, Origin::Replay);
        match watched.times {
            Some(times) => self.show_timed(watched.moves, times, watched.summary),
            None => self.show(watched.moves, watched.optimal, watched.summary),
        }
    }

    /// A link's replay on the board it opened: a solve by hand with its pace plays back at
    /// once, as it was played; other moves wait at the link's step.
    pub(super) fn open_replay(&mut self, replay: LinkedReplay) {
        match replay.times {
            Some(times) => {
                self.show_timed(replay.moves, times, Summary::Link);
                self.reduce(PlayAction::PlayPause, 0.0);
            }
            None => {
                self.show(replay.moves, false, Summary::Link);
                self.reduce(PlayAction::Seek(replay.step), 0.0);
            }
        }
    }

    /// Solve was asked: the old answer goes, the replay stops.
    pub(super) fn asked(&mut self) {
        self.summary = None;
        self.playing = false;
    }

    /// The answer on show no longer promises a shorter one (its search ended or was stopped).
    pub(super) fn settle(&mut self) {
        if let Some(summary) = self.summary.take() {
            self.summary = Some(summary.settled());
        }
    }

    /// The hint for `board`: its tile is outlined while the board stays so.
    pub(super) fn hint(&mut self, board: Board, mv: Move) {
        self.game.apply(game::Action::Helped);
        self.hint = (self.game.board() == &board).then_some((board, mv));
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the game's start came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    pub fn speed(&self) -> u32 {
        self.speed
    }

    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// When each move of the replay was made, for a solve by hand's replay.
    pub fn times(&self) -> Option<&MoveTimes> {
        self.times.as_ref()
    }

    /// While the replay plays, how long to wait before its next step, in whole milliseconds:
    /// the gap before that move as played (scaled by the pace), or one step at the steady
    /// speed. The web layer sets one timer a step from this and sends [`PlayAction::Tick`].
    pub fn step_delay_ms(&self) -> Option<u32> {
        if !self.playing {
            return None;
        }
        let step = self.game.replay_step()?;
        let ms = match (self.pace, &self.times) {
            (Pace::AsPlayed(x), Some(times)) => times.delay_before(step, x),
            _ => 1000.0 / f64::from(self.speed.max(1)),
        };
        Some(ms.round() as u32)
    }

    /// What the replay shows at its step: the time as played, moves, TPS, Manhattan distance.
    pub fn figures(&self) -> Option<StepFigures> {
        let (replay, step) = (self.game.replay()?, self.game.replay_step()?);
        let n = replay.moves.len();
        Some(StepFigures::at(
            self.game.position(),
            step,
            n,
            self.times.as_ref(),
        ))
    }

    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_ref()
    }

    /// The tile to outline: the next move of a replay, or the hint.
    pub fn highlight(&self) -> Option<u8> {
        let board = self.game.board();
        let mv = match (self.game.next_replay_move(), &self.hint) {
            (Some(m), _) => m,
            (None, Some((b, m))) if b == board => *m,
            _ => return None,
        };
        mv.blank_target(board.blank(), board.width(), board.height())
            .map(|square| board.tile(square))
    }

    /// The hint on show, in words: `Hint: slide tile 3 down.` (the tile is also ringed).
    pub fn hint_text(&self) -> Option<String> {
        let board = self.game.board();
        let (b, mv) = self.hint.as_ref().filter(|(b, _)| b == board)?;
        let square = mv.blank_target(b.blank(), b.width(), b.height())?;
        Some(format!(
            "Hint: slide tile {} {}.",
            b.tile(square),
            mv.word()
        ))
    }

    /// The hint's move, while its board is on show.
    pub fn hint_move(&self) -> Option<Move> {
        (self.hint.as_ref())
            .filter(|(b, _)| b == self.game.board())
            .map(|(_, m)| *m)
    }

    /// How long a tile takes to slide: shorter while a replay plays fast.
    pub fn slide_ms(&self) -> u32 {
        if self.playing {
            // At the pace played, tiles glide briefly: the next move may follow at once.
            let speed = match self.pace {
                Pace::AsPlayed(x) if self.times.is_some() => (7.0 * x) as u32,
                _ => self.speed,
            };
            (700 / speed.max(1)).clamp(30, 130)
        } else {
            130
        }
    }
}
