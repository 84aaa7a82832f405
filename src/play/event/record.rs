//! An event as the history keeps it, and as files carry it: one JSON object, or one CSV line.

use super::Event;
use crate::play::game::daily::Date;
use crate::play::game::input::Control;
use crate::play::record::json::Json;
use crate::play::record::left_out::EntryProblem;
use crate::play::record::uid::{Facts, Kind, uid};
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{format_moves, parse_board, parse_moves};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;

/// One event played (finished, or given up).
#[derive(Clone, Debug, PartialEq)]
pub struct EventRecord {
    /// When it ended (milliseconds since 1970 UTC): also its identity.
    pub id: u64,
    pub date: Date,
    pub event: Event,
    /// The board its link names (the first; a relay's largest), with its goal: the event's
    /// other boards follow from it.
    pub anchor: Position,
    /// In all: a marathon's or a relay's clock, a blindfolded solve's memorisation and
    /// execution together, the time a fewest-moves submission took.
    pub millis: f64,
    /// Single-tile moves, of every board.
    pub moves: usize,
    /// Each finished board's time (blindfolded: the execution).
    pub splits: Vec<f64>,
    pub control: Control,
    /// Played to the end (a blindfolded solve ended with Done, solved or not).
    pub finished: bool,
    /// Blindfolded: the memorisation.
    pub memo_millis: Option<f64>,
    /// Blindfolded: tiles out of place when Done was pressed (0: a success).
    pub out_of_place: Option<usize>,
    /// Fewest moves: the shortest solution's length, once measured.
    pub optimal: Option<usize>,
    /// Fewest moves on a large board: the best solution the solver found.
    pub best_known: Option<usize>,
    /// The boards were drawn uniformly from all solvable boards.
    pub random_state: bool,
    /// The moves of the finished boards, board after board (what a challenge link carries).
    pub path: Vec<Move>,
}

impl EventRecord {
    /// The size its records are kept under: `4x4` (a relay's largest).
    pub fn size(&self) -> String {
        format!("{}x{}", self.anchor.width(), self.anchor.height())
    }

    /// A blindfolded solve ended solved.
    pub fn success(&self) -> bool {
        self.finished && self.out_of_place == Some(0)
    }

    /// It counts for bests and averages: finished, on random-state boards (and a blindfolded
    /// solve, solved).
    pub fn counts(&self) -> bool {
        self.finished && self.random_state && (self.event != Event::Blindfolded || self.success())
    }

    /// Fewest moves: the optimum (or best known) ÷ moves, at most 1.
    pub fn efficiency(&self) -> Option<f64> {
        let reference = self.optimal.or(self.best_known)?;
        (self.moves > 0).then(|| (reference as f64 / self.moves as f64).min(1.0))
    }

    /// Its name on every device, from its facts: when it ended, its kind, its board and goal,
    /// its time, moves, splits and path (see [`crate::play::record::uid`]).
    pub fn uid(&self) -> String {
        let facts = Facts::new()
            .text(self.id)
            .text(self.event.name())
            .text(self.anchor.board())
            .text(self.anchor.goal())
            .millis(self.millis)
            .text(self.moves)
            .all_millis(&self.splits)
            .text(format_moves(&self.path));
        uid(Kind::Event, &facts)
    }

    /// As files keep it.
    pub fn to_json(&self) -> Json {
        let number = |n: f64| Json::Number(n);
        let count = |n: usize| Json::Number(n as f64);
        let optional = |n: Option<usize>| n.map_or(Json::Null, count);
        Json::Object(vec![
            ("uid".into(), Json::String(self.uid())),
            ("id".into(), number(self.id as f64)),
            ("date".into(), Json::String(self.date.to_string())),
            ("event".into(), Json::String(self.event.name())),
            ("size".into(), Json::String(self.size())),
            (
                "board".into(),
                Json::String(self.anchor.board().to_string()),
            ),
            ("goal".into(), Json::String(self.anchor.goal().to_string())),
            ("millis".into(), number(self.millis)),
            ("moves".into(), count(self.moves)),
            (
                "splits".into(),
                Json::Array(self.splits.iter().map(|&s| number(s)).collect()),
            ),
            ("control".into(), Json::String(self.control.name().into())),
            ("finished".into(), Json::Bool(self.finished)),
            (
                "memo_millis".into(),
                self.memo_millis.map_or(Json::Null, number),
            ),
            ("out_of_place".into(), optional(self.out_of_place)),
            ("optimal".into(), optional(self.optimal)),
            ("best_known".into(), optional(self.best_known)),
            ("random_state".into(), Json::Bool(self.random_state)),
            ("path".into(), Json::String(format_moves(&self.path))),
        ])
    }

    /// One CSV line under [`CSV_HEADER`].
    pub fn to_csv(&self) -> String {
        let optional = |n: Option<usize>| n.map_or(String::new(), |n| n.to_string());
        let splits: Vec<String> = self.splits.iter().map(|&s| decimals(s, 0)).collect();
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            self.id,
            self.date,
            self.event.name(),
            self.size(),
            self.anchor.board(),
            self.anchor.goal(),
            decimals(self.millis, 3),
            self.moves,
            splits.join(" "),
            self.control.name(),
            self.finished,
            self.memo_millis.map_or(String::new(), |m| decimals(m, 3)),
            optional(self.out_of_place),
            optional(self.optimal),
            optional(self.best_known),
            self.random_state,
            format_moves(&self.path),
        )
    }
}

/// The header line of the events' table in a CSV history.
pub const CSV_HEADER: &str = "id,date,event,size,board,goal,millis,moves,splits,control,finished,memo_millis,out_of_place,optimal,best_known,random_state,path";

/// An event's fields by name, however they were read (a JSON object's members, a CSV line's
/// cells): `text` gives each as text, `number` as a number. Or why it is no event.
pub fn read(
    text: &dyn Fn(&str) -> Option<String>,
    number: &dyn Fn(&str) -> Option<f64>,
    splits: Vec<f64>,
) -> Result<EventRecord, EntryProblem> {
    let need = |key: &'static str| text(key).ok_or(EntryProblem::Missing(key));
    let event = Event::parse(&need("event")?).map_err(|e| EntryProblem::Event(e.to_string()))?;
    let count = |key: &str| {
        number(key)
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < 1e9)
            .map(|n| n as usize)
    };
    let millis = |key: &str| number(key).filter(|n| *n >= 0.0 && n.is_finite());
    let board = parse_board(&need("board")?).map_err(EntryProblem::Board)?;
    let goal = parse_board(&need("goal")?).map_err(EntryProblem::Goal)?;
    let anchor = Position::new(board, goal).map_err(|_| EntryProblem::SizesDiffer)?;
    if splits.iter().any(|s| !(s.is_finite() && *s >= 0.0)) {
        return Err(EntryProblem::Splits);
    }
    let control = text("control").unwrap_or_default();
    let id = number("id").filter(|n| *n >= 0.0 && n.fract() == 0.0);
    Ok(EventRecord {
        id: id.ok_or(EntryProblem::Missing("id"))? as u64,
        date: Date::parse(&need("date")?).map_err(EntryProblem::Date)?,
        event,
        anchor,
        millis: millis("millis").ok_or(EntryProblem::Missing("time"))?,
        moves: count("moves").ok_or(EntryProblem::NotACount("moves"))?,
        splits,
        control: Control::parse(&control).ok_or(EntryProblem::Control(control))?,
        finished: text("finished").as_deref() == Some("true"),
        memo_millis: millis("memo_millis"),
        out_of_place: count("out_of_place"),
        optimal: count("optimal"),
        best_known: count("best_known"),
        random_state: text("random_state").as_deref() == Some("true"),
        path: parse_moves(&text("path").unwrap_or_default()).map_err(EntryProblem::Path)?,
    })
}

crate::wire_fields!(EventRecord {
    id,
    date,
    event,
    anchor,
    millis,
    moves,
    splits,
    control,
    finished,
    memo_millis,
    out_of_place,
    optimal,
    best_known,
    random_state,
    path,
});

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::moves::Move::*;

    /// A marathon of 2 on 3×3 boards, finished in 9.5 s.
    pub(crate) fn marathon(id: u64, millis: f64) -> EventRecord {
        let board = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
        EventRecord {
            id,
            date: Date::parse("2026-11-26").unwrap(),
            event: Event::Marathon { solves: 2 },
            anchor: Position::toward(board, &Goal::BlankLast).unwrap(),
            millis,
            moves: 30,
            splits: vec![millis / 2.0, millis / 2.0],
            control: Control::Keys,
            finished: true,
            memo_millis: None,
            out_of_place: None,
            optimal: None,
            best_known: None,
            random_state: true,
            path: vec![Left, Left, Up],
        }
    }

    #[test]
    fn a_blindfolded_solve_counts_only_when_solved() {
        let mut r = marathon(1, 9_500.0);
        r.event = Event::Blindfolded;
        r.out_of_place = Some(2);
        assert!(!r.success() && !r.counts());
        r.out_of_place = Some(0);
        assert!(r.success() && r.counts());
        r.random_state = false;
        assert!(!r.counts());
    }

    #[test]
    fn efficiency_is_the_optimum_over_the_moves() {
        let mut r = marathon(1, 9_500.0);
        r.event = Event::Fmc;
        assert_eq!(r.efficiency(), None);
        r.optimal = Some(24);
        assert_eq!(r.efficiency(), Some(0.8));
    }
}
