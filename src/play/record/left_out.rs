//! What a reader of a history left out, and why, as values a caller can match: an entry (a
//! solve, or an event) that could not be read is named by where it was ([`Entry`]) and why
//! ([`EntryProblem`]); a text that is no history at all is a [`HistoryError`]. Nothing is left
//! out without a word: an import says it in its note, and the stored history's readers
//! ([`History::from_stored`](super::solves::History::from_stored), and the events' beside it)
//! return it.

use crate::play::game::daily::DailyError;
use crate::puzzle::board::BoardError;
use crate::puzzle::notation::{MovesError, NotationError};
use std::fmt;

/// Why a text is not a history at all (a line or entry that cannot be read is only left out:
/// see [`Imported::problems`](super::solves::Imported::problems)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// It starts like JSON but is not (the parser's words).
    NotJson(String),
    /// JSON without a list of solves.
    NoSolves,
    /// Nothing in it.
    Empty,
    /// A CSV whose first line does not name the columns.
    NoColumns,
    /// A file read whole (csTimer's export) past this many megabytes.
    TooLarge(usize),
}

impl std::fmt::Display for HistoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HistoryError::NotJson(e) => f.write_str(e),
            HistoryError::NoSolves => f.write_str("no list of solves"),
            HistoryError::Empty => f.write_str("the file is empty"),
            HistoryError::TooLarge(mb) => write!(
                f,
                "csTimer's export is read whole, and this one is over {mb} MB: export its sliding-puzzle sessions alone"
            ),
            HistoryError::NoColumns => f.write_str(
                "not a history: the first line must name the columns (id,date,size,board,…)",
            ),
        }
    }
}

impl std::error::Error for HistoryError {}

/// Where an entry was: `solve 3` (the third of a JSON list), `line 4` (of a CSV file, counting
/// the header), `event 2`, `event line 1` (of the events' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Solve(usize),
    Line(usize),
    Event(usize),
    EventLine(usize),
    /// A session of csTimer's export, as a whole.
    Session(usize),
    /// A solve of a session of csTimer's export.
    Timed {
        session: usize,
        solve: usize,
    },
}

/// Why an entry could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    /// A field it needs is not there: `board`, `goal`, `id`, `time`, `date`, `event`.
    Missing(&'static str),
    /// A field that counts (`moves`, `mtm`) is not a whole number.
    NotACount(&'static str),
    Board(NotationError),
    Goal(NotationError),
    /// The board has no size the page can play.
    Size(BoardError),
    /// The goal and the board differ in size.
    SizesDiffer,
    /// The moves' times: `count` of them, not rising from 0, for `moves` moves.
    Times {
        count: usize,
        moves: usize,
    },
    /// An event's splits are not times.
    Splits,
    /// No such control (its name as written).
    Control(String),
    Date(DailyError),
    /// An event's moves.
    Path(MovesError),
    /// An event this page does not know, in the event parser's words.
    Event(String),
    /// An entry of a file read piece by piece that is not text (UTF-8).
    NotText,
    /// An entry of a file read piece by piece that is not JSON, in the parser's words.
    NotJson(String),
    /// A timer's solve that did not finish.
    Dnf,
    /// A timer's scramble that cannot be read as moves.
    Scramble(MovesError),
    /// A timer's scramble whose move `index` of `of` walks off the board.
    ScrambleWalksOff {
        index: usize,
        of: usize,
    },
    /// A timer's session of another puzzle: its scramble type, and its solves.
    OtherPuzzle {
        scramble_type: String,
        solves: usize,
    },
}

/// An entry left out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub entry: Entry,
    pub problem: EntryProblem,
}

/// What a reading of a stored history left out: the whole text, when it is no history at all,
/// or each entry it could not read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Nothing of the text could be read.
    pub whole: Option<HistoryError>,
    /// The entries that could not be read, in the order they came.
    pub entries: Vec<Unread>,
}

impl LeftOut {
    /// Nothing was left out.
    pub fn is_empty(&self) -> bool {
        self.whole.is_none() && self.entries.is_empty()
    }

    /// This and `other` (the same text read for its events, say): one whole problem, every
    /// entry.
    pub fn and(mut self, other: LeftOut) -> LeftOut {
        self.whole = self.whole.or(other.whole);
        self.entries.extend(other.entries);
        self
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Solve(n) => write!(f, "solve {n}"),
            Entry::Line(n) => write!(f, "line {n}"),
            Entry::Event(n) => write!(f, "event {n}"),
            Entry::EventLine(n) => write!(f, "event line {n}"),
            Entry::Session(n) => write!(f, "session {n}"),
            Entry::Timed { session, solve } => write!(f, "session {session}, solve {solve}"),
        }
    }
}

impl fmt::Display for EntryProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryProblem::Missing(field) => write!(f, "no {field}"),
            EntryProblem::NotACount(field) => write!(f, "{field} is not a count"),
            EntryProblem::Board(e) => write!(f, "board: {e}"),
            EntryProblem::Goal(e) => write!(f, "goal: {e}"),
            EntryProblem::Size(e) => write!(f, "{e}"),
            EntryProblem::SizesDiffer => f.write_str("the goal and the board differ in size"),
            EntryProblem::Times { count, moves } => {
                write!(
                    f,
                    "times: {count} of them, not rising from 0, for {moves} moves"
                )
            }
            EntryProblem::Splits => f.write_str("splits: not times"),
            EntryProblem::Control(name) => write!(f, "control: no such control {name}"),
            EntryProblem::Date(e) => write!(f, "{e}"),
            EntryProblem::Path(e) => write!(f, "path: {e}"),
            EntryProblem::Event(words) => f.write_str(words),
            EntryProblem::NotText => f.write_str("not text"),
            EntryProblem::NotJson(words) => f.write_str(words),
            EntryProblem::Dnf => f.write_str("a DNF (Slide keeps solved boards only)"),
            EntryProblem::Scramble(e) => write!(f, "scramble: {e}"),
            EntryProblem::ScrambleWalksOff { index, of } => {
                write!(f, "scramble: move {index} of {of} walks off the board")
            }
            EntryProblem::OtherPuzzle {
                scramble_type,
                solves,
            } => write!(
                f,
                "{solves} solve{} of another puzzle (csTimer's scramble type {scramble_type})",
                if *solves == 1 { "" } else { "s" }
            ),
        }
    }
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.entry, self.problem)
    }
}

impl fmt::Display for LeftOut {
    /// `the file is empty`, or `solve 3: no board; line 4: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(whole) = &self.whole {
            return write!(f, "{whole}");
        }
        let entries: Vec<String> = self.entries.iter().map(Unread::to_string).collect();
        f.write_str(&entries.join("; "))
    }
}

impl std::error::Error for EntryProblem {}
