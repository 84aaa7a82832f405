//! An event in progress: its boards, where it stands, its clock, and how it ends.
//!
//! Times come from the page's clock, the one each game stamps its moves with:
//! - a marathon's or a relay's clock runs from the first move of the first board to the last
//!   move of the last; a board's split runs from the previous board's last move (the first
//!   board's from its first move), so the splits add up to the total;
//! - a blindfolded solve's memorisation runs from Start to the first move, its execution from
//!   the first move to Done; its time is both together;
//! - a fewest-moves round's clock runs from Start; a submission is timed when it is made.

use super::Event;
use super::record::EventRecord;
use super::submission::{self, Rejection};
use crate::play::game::Game;
use crate::play::game::daily::Date;
use crate::play::game::input::Control;
use crate::play::wire::{Wire, tag, take_tag};
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// A marathon or a relay: playing board after board (the clock starts at the first move).
    Running,
    /// Blindfolded: the board is shown and memorised, since `since_ms`.
    Memorising { since_ms: f64 },
    /// Blindfolded: the numbers are hidden; the first move was at `since_ms`.
    Blind { memo_ms: f64, since_ms: f64 },
    /// Fewest moves: exploring since `since_ms`, with a limit of `minutes`.
    Exploring { since_ms: f64, minutes: u32 },
}

impl Phase {
    /// As `data-state` names it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Running => "running",
            Phase::Memorising { .. } => "memorising",
            Phase::Blind { .. } => "blind",
            Phase::Exploring { .. } => "exploring",
        }
    }
}

/// What a solved board means for the event.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The next board to play.
    Next(Position),
    /// That was the last board: the event's record.
    Finished(Box<EventRecord>),
}

/// When an event ended, as its record keeps it: its id (milliseconds since 1970) and date.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct When {
    pub id: u64,
    pub date: Date,
}

/// An event in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    event: Event,
    boards: Vec<Position>,
    /// The boards are random state (drawn fresh, a daily's, or a friend's drawn so).
    random_state: bool,
    /// The board on show (an index into `boards`).
    at: usize,
    phase: Phase,
    /// When the first move of the first board was made.
    began_ms: Option<f64>,
    /// When each finished board's last move was made.
    ends: Vec<f64>,
    /// The moves of the finished boards, board after board.
    path: Vec<Move>,
    /// Each finished board's moves and control.
    boards_moves: Vec<usize>,
    controls: Vec<Control>,
}

impl Run {
    /// Starts `event` on its `boards` at `now_ms` (a fewest-moves round with a limit of
    /// `minutes`); `random_state` when they were drawn at random.
    pub fn start(
        event: Event,
        boards: Vec<Position>,
        random_state: bool,
        minutes: u32,
        now_ms: f64,
    ) -> Run {
        let phase = match event {
            Event::Marathon { .. } | Event::Relay { .. } => Phase::Running,
            Event::Blindfolded => Phase::Memorising { since_ms: now_ms },
            Event::Fmc => Phase::Exploring {
                since_ms: now_ms,
                minutes,
            },
        };
        // A fewest-moves round is timed from Start; the others from their first move.
        let began_ms = (event == Event::Fmc).then_some(now_ms);
        Run {
            event,
            boards,
            random_state,
            at: 0,
            phase,
            began_ms,
            ends: Vec::new(),
            path: Vec::new(),
            boards_moves: Vec::new(),
            controls: Vec::new(),
        }
    }

    pub fn event(&self) -> Event {
        self.event
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The board to play now.
    pub fn board(&self) -> Option<&Position> {
        self.boards.get(self.at)
    }

    /// The board on show, 1-based, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.at + 1, self.boards.len())
    }

    /// Every board of the event.
    pub fn boards(&self) -> &[Position] {
        &self.boards
    }

    /// The numbers and pictures are hidden.
    pub fn blind(&self) -> bool {
        matches!(self.phase, Phase::Blind { .. })
    }

    /// Solve and Hint are off during an event; Undo and Redo while blind too.
    pub fn allows_undo(&self) -> bool {
        !self.blind()
    }

    /// When the event's clock started (for the clock on show), if it has.
    pub fn since_ms(&self) -> Option<f64> {
        match self.phase {
            Phase::Running => self.began_ms,
            Phase::Memorising { since_ms } | Phase::Exploring { since_ms, .. } => Some(since_ms),
            Phase::Blind { memo_ms, since_ms } => Some(since_ms - memo_ms),
        }
    }

    /// Follows the game on the board after an action: the first move starts a marathon's
    /// clock, and ends a blindfolded solve's memorisation.
    pub fn follow(&mut self, game: &Game, now_ms: f64) {
        if game.moves_made() == 0 {
            return;
        }
        let first_move = now_ms - game.elapsed_ms(now_ms);
        match self.phase {
            Phase::Running if self.at == 0 && self.began_ms.is_none() => {
                self.began_ms = Some(first_move)
            }
            Phase::Memorising { since_ms } => {
                self.phase = Phase::Blind {
                    memo_ms: (first_move - since_ms).max(0.0),
                    since_ms: first_move,
                }
            }
            _ => {}
        }
    }

    /// The player's own moves solved the board on show (a marathon's or a relay's): the next
    /// board, or the event's record.
    pub fn solved(&mut self, game: &Game, now_ms: f64, when: When) -> Option<Step> {
        if self.phase != Phase::Running {
            return None;
        }
        // The solving move was made now: the board's clock stopped at it.
        let end = now_ms;
        let began = *self.began_ms.get_or_insert(end - game.elapsed_ms(now_ms));
        self.finish_board(game, end);
        self.at += 1;
        Some(match self.boards.get(self.at) {
            Some(next) => Step::Next(next.clone()),
            None => {
                let millis = end - began;
                Step::Finished(Box::new(self.record(when, true, millis)))
            }
        })
    }

    /// Blindfolded: the player says the solve is done. The record says whether it is solved,
    /// or how many tiles are out of place.
    pub fn done(&mut self, game: &Game, now_ms: f64, when: When) -> Option<EventRecord> {
        let Phase::Blind { memo_ms, since_ms } = self.phase else {
            return None;
        };
        let exec = (now_ms - since_ms).max(0.0);
        self.finish_board(game, now_ms);
        let mut record = self.record(when, true, memo_ms + exec);
        record.splits = vec![exec];
        record.memo_millis = Some(memo_ms);
        record.out_of_place = Some(game.position().misplaced());
        Some(record)
    }

    /// Fewest moves: the moves made from the start board are submitted. Accepted, the
    /// record (its optimum is measured after); rejected, why, with the record of a round the
    /// rejection ended.
    pub fn submit(
        &mut self,
        game: &Game,
        now_ms: f64,
        when: When,
    ) -> Option<Result<EventRecord, (Rejection, Option<EventRecord>)>> {
        let Phase::Exploring { since_ms, minutes } = self.phase else {
            return None;
        };
        let used = (now_ms - since_ms).max(0.0);
        let start = self.board()?.clone();
        Some(
            match submission::check(&start, game.history(), used, minutes) {
                Ok(_) => {
                    self.finish_board(game, now_ms);
                    Ok(self.record(when, true, used))
                }
                Err(rejection) if rejection.round_goes_on() => Err((rejection, None)),
                Err(rejection) => Err((rejection, Some(self.give_up(game, now_ms, when)))),
            },
        )
    }

    /// The player gives up (or leaves for another board): the event's record, not finished,
    /// with the boards finished so far and the moves made on the one on show.
    pub fn give_up(&mut self, game: &Game, now_ms: f64, when: When) -> EventRecord {
        let since = self.since_ms();
        let millis = since.map_or(0.0, |s| (now_ms - s).max(0.0));
        if game.moves_made() > 0 {
            self.controls.push(game.control());
        }
        let mut record = self.record(when, false, millis);
        record.moves += game.moves_made();
        if let Phase::Blind { memo_ms, .. } = self.phase {
            record.memo_millis = Some(memo_ms);
        }
        record
    }

    /// The run with every instant moved by `by`: from the page's clock to the calendar's and
    /// back, for a run kept across a reload.
    pub fn shifted(&self, by: f64) -> Run {
        let mut run = self.clone();
        run.phase = match run.phase {
            Phase::Running => Phase::Running,
            Phase::Memorising { since_ms } => Phase::Memorising {
                since_ms: since_ms + by,
            },
            Phase::Blind { memo_ms, since_ms } => Phase::Blind {
                memo_ms,
                since_ms: since_ms + by,
            },
            Phase::Exploring { since_ms, minutes } => Phase::Exploring {
                since_ms: since_ms + by,
                minutes,
            },
        };
        run.began_ms = run.began_ms.map(|b| b + by);
        run.ends.iter_mut().for_each(|e| *e += by);
        run
    }

    /// Fewest moves: the limit (minutes) if it has passed at `now_ms`.
    pub fn time_up(&self, now_ms: f64) -> Option<u32> {
        match self.phase {
            Phase::Exploring { since_ms, minutes } => {
                (now_ms - since_ms > f64::from(minutes) * 60_000.0).then_some(minutes)
            }
            _ => None,
        }
    }

    /// Moves made in the event so far, the board on show's among them.
    pub fn moves_so_far(&self, game: &Game) -> usize {
        self.boards_moves.iter().sum::<usize>() + game.moves_made()
    }

    /// Whether anything was played: an event left before its first move is not kept.
    pub fn played(&self, game: &Game) -> bool {
        self.at > 0 || game.moves_made() > 0 || matches!(self.phase, Phase::Exploring { .. })
    }

    /// The board on show is finished at `end_ms`: its moves and split are kept.
    fn finish_board(&mut self, game: &Game, end_ms: f64) {
        self.ends.push(end_ms);
        self.path.extend_from_slice(game.history());
        self.boards_moves.push(game.moves_made());
        if game.moves_made() > 0 {
            self.controls.push(game.control());
        }
    }

    /// The record so far: `millis` in all, the boards finished.
    fn record(&self, when: When, finished: bool, millis: f64) -> EventRecord {
        let began = self.began_ms.unwrap_or(0.0);
        let splits = (self.ends.iter().enumerate())
            .map(|(k, &end)| end - if k == 0 { began } else { self.ends[k - 1] })
            .collect();
        let control = match self.controls.split_first() {
            Some((first, rest)) if rest.iter().all(|c| c == first) => *first,
            _ => Control::Mixed,
        };
        let anchor = super::boards::anchor(self.event, &self.boards);
        EventRecord {
            id: when.id,
            date: when.date,
            event: self.event,
            anchor: anchor.cloned().unwrap_or_default(),
            millis,
            moves: self.boards_moves.iter().sum(),
            splits,
            control,
            finished,
            memo_millis: None,
            out_of_place: None,
            optimal: None,
            best_known: None,
            random_state: self.random_state,
            path: self.path.clone(),
        }
    }
}

/// A phase as kept across a reload: its tag, then its instants.
impl Wire for Phase {
    fn put(&self, out: &mut Vec<u8>) {
        match *self {
            Phase::Running => tag(out, 0),
            Phase::Memorising { since_ms } => {
                tag(out, 1);
                since_ms.put(out);
            }
            Phase::Blind { memo_ms, since_ms } => {
                tag(out, 2);
                (memo_ms, since_ms).put(out);
            }
            Phase::Exploring { since_ms, minutes } => {
                tag(out, 3);
                (since_ms, u64::from(minutes)).put(out);
            }
        }
    }
    fn take(input: &mut &[u8]) -> Option<Phase> {
        Some(match take_tag(input)? {
            0 => Phase::Running,
            1 => Phase::Memorising {
                since_ms: f64::take(input)?,
            },
            2 => {
                let (memo_ms, since_ms) = <(f64, f64)>::take(input)?;
                Phase::Blind { memo_ms, since_ms }
            }
            3 => {
                let (since_ms, minutes) = <(f64, u64)>::take(input)?;
                Phase::Exploring {
                    since_ms,
                    minutes: u32::try_from(minutes).ok()?,
                }
            }
            _ => return None,
        })
    }
}

crate::wire_fields!(Run {
    event,
    boards,
    random_state,
    at,
    phase,
    began_ms,
    ends,
    path,
    boards_moves,
    controls,
});
