//! The daily race's part: today's race of the size on the board, asked of the server through the
//! sync worker (a player not yet syncing gives a name first, which starts syncing); the race on
//! the board while it runs (Hint, Solve, Undo and every solution locked, as in events); its
//! entry once solved by hand, the rank it got, and the leaderboard on show. Looking at the board
//! before the first move is free for 15 s; longer counts on the clock, which is what the
//! server's check expects (`play::race`). A reload resumes the race: the same board, the clock
//! running on from the server's start.

use super::{Action, AskAction, BoardAction, PlayAction};
use crate::play::race::{INSPECTION_MS, RaceJob, RaceSaid, Standing};
use crate::play::record::solves::Solve;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{format_moves, parse_board};
use crate::puzzle::position::Position;

/// What the player (or the page) can do with the race.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceAction {
    /// Daily race: today's race of the size on the board.
    Start,
    /// The leaderboard of a date and size (`4x4`).
    Leaderboard { date: String, size: String },
    /// Close the leaderboard.
    Close,
    /// What the server said, through the sync worker.
    Said(RaceSaid),
}

/// The race on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    pub date: String,
    pub size: String,
    pub start: Position,
    token: String,
    /// When the server started it, on the page's clock.
    started_ms: f64,
    /// Entered: the board is no longer locked.
    entered: bool,
}

impl Race {
    /// The race's link: its leaderboard, or the race itself before it is started.
    pub fn query(date: &str, size: &str) -> String {
        format!("?race={date}&size={size}")
    }
}

/// A leaderboard on show.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub date: String,
    pub size: String,
    pub entries: Vec<Standing>,
    pub you: Option<Standing>,
}

/// What the racing part says back to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Raced {
    /// Ask the server this.
    Ask(RaceJob),
    /// Play the race's board (a new one, or a resumed one), then [`Racing::begin`].
    Board(Position),
    /// Start syncing first, under the name in the sync panel's field.
    NeedsName,
}

/// The race's part.
#[derive(Debug, Default)]
pub struct Racing {
    race: Option<Race>,
    /// A start the server answered, waiting for its board to be on the page.
    dealt: Option<Race>,
    /// A race asked while this device did not sync: started once it does.
    waiting: Option<(String, String)>,
    /// The rank of the race just entered.
    rank: Option<usize>,
    table: Option<Table>,
    words: Option<String>,
    /// A leaderboard a `?race=` link asked for, read once the page is on screen.
    linked: Option<(String, String)>,
}

impl Racing {
    /// A `?race=DATE&size=SIZE` link: its leaderboard is read once the page is on screen.
    pub fn link(date: String, size: String) -> Racing {
        Racing {
            linked: Some((date, size)),
            ..Racing::default()
        }
    }

    /// The page is on screen: a linked leaderboard is asked for.
    pub fn mounted(&mut self) -> Vec<Raced> {
        let linked = self.linked.take();
        linked.map_or_else(Vec::new, |(date, size)| {
            vec![Raced::Ask(RaceJob::Leaderboard { date, size })]
        })
    }

    /// `date` (today) and `size` (the board's) for Start; `syncs`: whether this device syncs.
    pub fn reduce(
        &mut self,
        action: RaceAction,
        date: &str,
        size: &str,
        syncs: bool,
    ) -> Vec<Raced> {
        let ask = |job| vec![Raced::Ask(job)];
        match action {
            RaceAction::Start if !syncs => {
                self.waiting = Some((date.into(), size.into()));
                self.words = Some(
                    "The daily race goes under your name: give one in the sync panel (Your solves and statistics), and the race begins."
                        .into(),
                );
                vec![Raced::NeedsName]
            }
            RaceAction::Start => {
                self.words = None;
                ask(RaceJob::Start {
                    date: date.into(),
                    size: size.into(),
                })
            }
            RaceAction::Leaderboard { date, size } => ask(RaceJob::Leaderboard { date, size }),
            RaceAction::Close => {
                self.table = None;
                Vec::new()
            }
            RaceAction::Said(said) => self.said(said),
        }
    }

    /// This device now syncs: a race asked before starts.
    pub fn syncing(&mut self) -> Vec<Raced> {
        self.waiting.take().map_or_else(Vec::new, |(date, size)| {
            self.words = None;
            vec![Raced::Ask(RaceJob::Start { date, size })]
        })
    }

    fn said(&mut self, said: RaceSaid) -> Vec<Raced> {
        match said {
            RaceSaid::Started {
                date,
                size,
                board,
                token,
                elapsed_ms,
            } => self.dealt(date, size, &board, token, elapsed_ms),
            RaceSaid::Ranked { rank } => {
                self.rank = Some(rank);
                let race = self.race.as_ref();
                race.map_or_else(Vec::new, |r| {
                    vec![Raced::Ask(RaceJob::Leaderboard {
                        date: r.date.clone(),
                        size: r.size.clone(),
                    })]
                })
            }
            RaceSaid::Leaderboard {
                date,
                size,
                entries,
                you,
            } => {
                self.table = Some(Table {
                    date,
                    size,
                    entries,
                    you,
                });
                Vec::new()
            }
            RaceSaid::Refused(why) => {
                self.words = Some(why);
                Vec::new()
            }
        }
    }

    /// The server dealt the race's board: the page plays it, then [`Racing::begin`] runs it.
    fn dealt(
        &mut self,
        date: String,
        size: String,
        board: &str,
        token: String,
        elapsed_ms: f64,
    ) -> Vec<Raced> {
        let dealt = parse_board(board)
            .ok()
            .and_then(|b| Position::toward(b, &Goal::BlankLast).ok());
        let Some(start) = dealt else {
            self.words = Some("The server dealt a board this page cannot read.".into());
            return Vec::new();
        };
        // The page's clock when the server started it: set by `begin`, less this.
        self.dealt = Some(Race {
            date,
            size,
            start: start.clone(),
            token,
            started_ms: -elapsed_ms,
            entered: false,
        });
        vec![Raced::Board(start)]
    }

    /// The race's board is on the page (at `now_ms`): the race runs.
    pub fn begin(&mut self, now_ms: f64) {
        if let Some(mut race) = self.dealt.take() {
            race.started_ms += now_ms;
            (self.race, self.rank, self.words) = (Some(race), None, None);
        }
    }

    /// Another board: a race left unfinished stays on the server, to resume.
    pub fn leave(&mut self) {
        (self.race, self.rank) = (None, None);
    }

    /// A solve by hand at `now_ms`: the race's entry, if it was the race's board. The look
    /// before the first move beyond the inspection counts on the clock.
    pub fn solved(&mut self, solve: &Solve, path: &[Move], now_ms: f64) -> Option<RaceJob> {
        let race = self
            .race
            .as_mut()
            .filter(|r| !r.entered && r.start == solve.start)?;
        race.entered = true;
        let first_move_ms = now_ms - solve.millis;
        let over = (first_move_ms - race.started_ms - INSPECTION_MS).max(0.0);
        Some(RaceJob::Enter {
            date: race.date.clone(),
            size: race.size.clone(),
            token: race.token.clone(),
            moves: format_moves(path),
            times: solve.times.iter().map(|t| t + over).collect(),
        })
    }

    /// A race is on and not yet entered: help and solutions are locked.
    pub fn running(&self) -> bool {
        self.race.as_ref().is_some_and(|r| !r.entered)
    }

    /// Whether `action` is refused while a race runs: a solution, a hint, an undo, a replay,
    /// learn mode.
    pub fn locks(&self, action: &Action) -> bool {
        self.running()
            && matches!(
                action,
                Action::Ask(AskAction::Solve | AskAction::Hint)
                    | Action::Play(PlayAction::Undo | PlayAction::Redo)
                    | Action::Board(BoardAction::Watch(_))
                    | Action::Learn(_)
            )
    }

    /// The race on the board.
    pub fn race(&self) -> Option<&Race> {
        self.race.as_ref()
    }

    /// The race just entered's rank.
    pub fn rank(&self) -> Option<usize> {
        self.rank
    }

    /// The leaderboard on show.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// What the race says in words: a refusal, or what it waits for.
    pub fn words(&self) -> Option<&str> {
        self.words.as_deref()
    }
}
