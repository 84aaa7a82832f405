//! Your solves: every board solved by hand, kept in the browser (never sent anywhere), with the
//! statistics speedsolvers keep per size and control (click, hover, keys, touch, or a mix): best
//! time, best moves and best TPS (each on its own), the mean, the trimmed averages of the last 5,
//! 12, 50 and 100, and a histogram of times. Only random-state solves without help count (see
//! [`crate::play::game::origin`]); the others stay in the history, marked. The history goes out and comes
//! back as a JSON or CSV file.
//!
//! Moves are counted in the single-tile metric (STM): a slide of three tiles is three moves. The
//! multi-tile metric (MTM), where a run of slides in one direction is one move, is kept beside it.

use super::histogram::{Bin, histogram};
use super::json::Json;
use super::left_out::{Entry, EntryProblem, HistoryError, LeftOut, Unread};
use super::uid::{Facts, Kind, uid};
use crate::play::game::daily::Date;
use crate::play::game::input::Control;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_board;
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;

/// One solve by hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    /// When it was solved (milliseconds since 1970 UTC): also its identity.
    pub id: u64,
    /// The player's date of the solve.
    pub date: Date,
    /// The board it started from, and its goal.
    pub start: Position,
    /// Single-tile moves; `None` for a solve brought in from a timer that keeps no moves
    /// (csTimer): its time is known, its moves are not.
    pub moves: Option<usize>,
    /// Multi-tile moves: runs of moves in one direction (`None` with the moves).
    pub slides: Option<usize>,
    /// From the first move to the solve.
    pub millis: f64,
    /// The shortest solution's length, once proven.
    pub optimal: Option<usize>,
    /// The best solution the solver found, where it proved none shortest (large boards).
    pub best_known: Option<usize>,
    /// The player was shown a solution or a hint on the way: kept, but in no best or average.
    pub assisted: bool,
    /// When each move was made, in milliseconds from the first (the first is 0, the last is
    /// `millis`); empty for solves kept before times were.
    pub times: Vec<f64>,
    /// How the moves were made.
    pub control: Control,
    /// The board was drawn uniformly from all solvable boards: only such solves count for
    /// statistics.
    pub random_state: bool,
}

impl Solve {
    /// "4x4".
    pub fn size(&self) -> String {
        size_name(self.start.width(), self.start.height())
    }

    /// It counts for statistics and bests: a random-state board, solved without help.
    pub fn counts(&self) -> bool {
        self.random_state && !self.assisted
    }

    /// Tiles a second, where the moves are known.
    pub fn tps(&self) -> Option<f64> {
        let moves = self.moves?;
        (self.millis > 0.0).then(|| moves as f64 * 1000.0 / self.millis)
    }

    /// The shortest length, or the best known: what the player is measured against.
    pub fn reference(&self) -> Option<usize> {
        self.optimal.or(self.best_known)
    }

    /// Reference ÷ moves, at most 1 (a player may beat a best known that is not shortest).
    pub fn efficiency(&self) -> Option<f64> {
        let (reference, moves) = (self.reference()?, self.moves?);
        (moves > 0).then(|| (reference as f64 / moves as f64).min(1.0))
    }

    /// Its name on every device, from its facts: when it ended, its board and goal, its moves
    /// and times (see [`super::uid`]).
    pub fn uid(&self) -> String {
        let facts = Facts::new()
            .text(self.id)
            .text(self.start.board())
            .text(self.start.goal())
            .text(self.moves.map_or(String::from("-"), |m| m.to_string()))
            .millis(self.millis)
            .all_millis(&self.times);
        uid(Kind::Solve, &facts)
    }

    /// As the history's JSON keeps it: one object of the `solves` list.
    pub fn to_json(&self) -> Json {
        solve_json(self)
    }

    /// One line of the history's CSV, under [`CSV_HEADER`] (without its line end).
    pub fn csv_line(&self) -> String {
        let optional = |n: Option<usize>| n.map_or(String::new(), |n| n.to_string());
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            self.id,
            self.date,
            self.size(),
            self.start.board(),
            self.start.goal(),
            optional(self.moves),
            optional(self.slides),
            decimals(self.millis, 3),
            optional(self.optimal),
            optional(self.best_known),
            self.assisted,
            self.control.name(),
            self.random_state,
            // One cell: the times apart by spaces, as a spreadsheet keeps them whole.
            (self.times.iter().map(|&t| decimals(t, 0)))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// The result in words with their units: `12.35 s · 67 moves · 5.4 tiles/s` (the time
    /// alone where the moves are not known).
    pub fn result_text(&self) -> String {
        let mut text = time_text(self.millis);
        if let Some(moves) = self.moves {
            text.push_str(&format!(" · {}", count(moves, "move")));
        }
        if let Some(tps) = self.tps() {
            text.push_str(&format!(" · {} tiles/s", decimals(tps, 1)));
        }
        text
    }
}

/// "4x4", as sizes are keyed.
pub fn size_name(width: usize, height: usize) -> String {
    format!("{width}x{height}")
}

/// Multi-tile moves: each run of equal moves counts once.
pub fn slides(moves: &[Move]) -> usize {
    moves
        .iter()
        .enumerate()
        .filter(|&(i, m)| i == 0 || moves[i - 1] != *m)
        .count()
}

/// A time as a player reads it: `9.87 s`, and from a minute on `1:02.35` (minutes and seconds).
pub fn time_text(millis: f64) -> String {
    let cs = (millis.max(0.0) / 10.0).round() as u64;
    let (minutes, seconds, hundredths) = (cs / 6_000, cs / 100 % 60, cs % 100);
    if minutes > 0 {
        format!("{minutes}:{seconds:02}.{hundredths:02}")
    } else {
        format!("{seconds}.{hundredths:02} s")
    }
}

/// `1 move`, `67 moves`.
pub fn count(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The statistics of a size and control; `None` where there are too few solves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statistics {
    /// The solves counted: random-state, without help.
    pub count: usize,
    /// Solves of this size and control kept in the history but not counted (not random-state,
    /// or with help).
    pub left_out: usize,
    pub best_time: Option<f64>,
    pub best_moves: Option<usize>,
    pub best_tps: Option<f64>,
    pub mean_time: Option<f64>,
    pub ao5: Option<f64>,
    pub ao12: Option<f64>,
    pub ao50: Option<f64>,
    pub ao100: Option<f64>,
    /// The counted solves' times.
    pub histogram: Vec<Bin>,
}

/// The average of the last `n` times, trimmed as csTimer trims by default: 5 % of the `n` times,
/// rounded up, dropped at each end (the best 1 and the worst 1 of 5 or 12, the best 3 and the
/// worst 3 of 50, the best 5 and the worst 5 of 100), the rest averaged. `None` with fewer than
/// `n` times.
pub fn average_of(times: &[f64], n: usize) -> Option<f64> {
    if n < 3 || times.len() < n {
        return None;
    }
    let trim = (n * 5).div_ceil(100);
    let mut last = times[times.len() - n..].to_vec();
    sort_times(&mut last);
    let kept = &last[trim..n - trim];
    Some(kept.iter().sum::<f64>() / kept.len() as f64)
}

/// Sorts times in place, shortest first (by `total_cmp`): an insertion sort, for the hundred
/// times at most an average takes, in a few bytes of the page's code where the standard
/// library's sort costs kilobytes.
fn sort_times(times: &mut [f64]) {
    for i in 1..times.len() {
        let mut j = i;
        while j > 0 && times[j - 1].total_cmp(&times[j]).is_gt() {
            times.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Every solve, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub solves: Vec<Solve>,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    pub added: usize,
    /// Already in the history (same id).
    pub known: usize,
    /// Lines or entries that could not be read, with where and why, in the order they came.
    pub problems: Vec<Unread>,
}

impl Imported {
    /// What an import of `entries` did, each read one handed to `add` (which says whether it
    /// was new); each that could not be read is kept with why.
    pub fn of<T>(entries: Vec<Result<T, Unread>>, mut add: impl FnMut(T) -> bool) -> Imported {
        let mut report = Imported::default();
        for entry in entries {
            match entry {
                Ok(item) => match add(item) {
                    true => report.added += 1,
                    false => report.known += 1,
                },
                Err(problem) => report.problems.push(problem),
            }
        }
        report
    }
}

impl History {
    /// Adds a solve (kept in order of id); `false` if one with its id is already here.
    pub fn add(&mut self, solve: Solve) -> bool {
        if self.solves.iter().any(|s| s.id == solve.id) {
            return false;
        }
        let at = self.solves.partition_point(|s| s.id < solve.id);
        self.solves.insert(at, solve);
        true
    }

    /// The solve `id`, to give it its optimal length once the worker has found it.
    pub fn get_mut(&mut self, id: u64) -> Option<&mut Solve> {
        self.solves.iter_mut().find(|s| s.id == id)
    }

    /// The statistics of one size (`4x4`) and control, from its random-state solves without
    /// help: a hover solve never counts among the click ones.
    pub fn statistics(&self, size: &str, control: Control) -> Statistics {
        let (solves, left_out): (Vec<&Solve>, Vec<&Solve>) = (self.solves.iter())
            .filter(|s| s.control == control && s.size() == size)
            .partition(|s| s.counts());
        let times: Vec<f64> = solves.iter().map(|s| s.millis).collect();
        let min = |values: Vec<f64>| values.into_iter().min_by(f64::total_cmp);
        Statistics {
            count: solves.len(),
            left_out: left_out.len(),
            best_time: min(times.clone()),
            best_moves: solves.iter().filter_map(|s| s.moves).min(),
            best_tps: solves.iter().filter_map(|s| s.tps()).max_by(f64::total_cmp),
            mean_time: (!times.is_empty()).then(|| times.iter().sum::<f64>() / times.len() as f64),
            ao5: average_of(&times, 5),
            ao12: average_of(&times, 12),
            ao50: average_of(&times, 50),
            ao100: average_of(&times, 100),
            histogram: histogram(&times),
        }
    }

    /// The control of the latest solve, if any: the statistics shown at first.
    pub fn last_control(&self) -> Option<Control> {
        self.solves.last().map(|s| s.control)
    }

    /// The history as stored and exported: `{"version":1,"solves":[…]}`.
    pub fn to_json(&self) -> Json {
        let solves = self.solves.iter().map(solve_json).collect();
        Json::Object(vec![
            ("version".into(), Json::Number(1.0)),
            ("solves".into(), Json::Array(solves)),
        ])
    }

    /// The history as a spreadsheet reads it, one solve a line after a header.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(CSV_HEADER);
        out.push('\n');
        for s in &self.solves {
            out.push_str(&s.csv_line());
            out.push('\n');
        }
        out
    }

    /// Reads what [`History::to_json`] or [`History::to_csv`] wrote (told apart by the first
    /// character) into this history, keeping what is here.
    pub fn import(&mut self, text: &str) -> Result<Imported, HistoryError> {
        let entries = if text.trim_start().starts_with(['{', '[']) {
            from_json(text)?
        } else {
            from_csv(text)?
        };
        Ok(Imported::of(entries, |solve| self.add(solve)))
    }

    /// Reads the stored history: the solves it could read, and what it left out (nothing for
    /// an empty store).
    pub fn from_stored(text: &str) -> (History, LeftOut) {
        let mut history = History::default();
        let left_out = match history.import(text) {
            Ok(report) => LeftOut {
                whole: None,
                entries: report.problems,
            },
            Err(HistoryError::Empty) => LeftOut::default(),
            Err(whole) => LeftOut {
                whole: Some(whole),
                entries: Vec::new(),
            },
        };
        (history, left_out)
    }
}

/// The header line of the history's CSV: the solves' columns.
pub const CSV_HEADER: &str = "id,date,size,board,goal,moves,mtm,millis,optimal,best_known,assisted,control,random_state,times";

fn solve_json(s: &Solve) -> Json {
    let count = |n: usize| Json::Number(n as f64);
    let optional = |n: Option<usize>| n.map_or(Json::Null, count);
    Json::Object(vec![
        ("uid".into(), Json::String(s.uid())),
        ("id".into(), Json::Number(s.id as f64)),
        ("date".into(), Json::String(s.date.to_string())),
        ("size".into(), Json::String(s.size())),
        ("board".into(), Json::String(s.start.board().to_string())),
        ("goal".into(), Json::String(s.start.goal().to_string())),
        ("moves".into(), optional(s.moves)),
        ("mtm".into(), optional(s.slides)),
        ("millis".into(), Json::Number(s.millis)),
        ("optimal".into(), optional(s.optimal)),
        ("best_known".into(), optional(s.best_known)),
        ("assisted".into(), Json::Bool(s.assisted)),
        ("control".into(), Json::String(s.control.name().into())),
        ("random_state".into(), Json::Bool(s.random_state)),
        (
            "times".into(),
            Json::Array(s.times.iter().map(|&t| Json::Number(t)).collect()),
        ),
    ])
}

/// The fields of one solve, however they were read.
struct Fields<'a> {
    id: Option<f64>,
    date: Option<&'a str>,
    board: Option<&'a str>,
    goal: Option<&'a str>,
    moves: Option<f64>,
    /// The moves are written as not known (JSON's `null`, an empty CSV cell).
    moves_unknown: bool,
    slides: Option<f64>,
    millis: Option<f64>,
    optimal: Option<f64>,
    best_known: Option<f64>,
    assisted: bool,
    control: Option<&'a str>,
    random_state: bool,
    times: Option<Vec<f64>>,
}

impl<'a> Fields<'a> {
    /// The fields by name, from a JSON object's members or a CSV line's cells (`flag`: a yes or
    /// no, absent in files written before it was kept).
    fn read(
        number: impl Fn(&str) -> Option<f64>,
        text: impl Fn(&str) -> Option<&'a str>,
        flag: impl Fn(&str) -> Option<bool>,
        times: Option<Vec<f64>>,
        moves_unknown: bool,
    ) -> Self {
        Fields {
            id: number("id"),
            date: text("date"),
            board: text("board"),
            goal: text("goal"),
            moves: number("moves"),
            moves_unknown,
            slides: number("mtm"),
            millis: number("millis"),
            optimal: number("optimal"),
            best_known: number("best_known"),
            assisted: flag("assisted").unwrap_or(false),
            control: text("control"),
            random_state: flag("random_state").unwrap_or(false),
            times,
        }
    }

    fn solve(&self) -> Result<Solve, EntryProblem> {
        let count = |v: Option<f64>, name: &'static str| -> Result<usize, EntryProblem> {
            v.filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < 1e9)
                .map(|n| n as usize)
                .ok_or(EntryProblem::NotACount(name))
        };
        let board = self.board.ok_or(EntryProblem::Missing("board"))?;
        let board = parse_board(board).map_err(EntryProblem::Board)?;
        let goal = match self.goal.filter(|g| !g.is_empty()) {
            Some(g) => parse_board(g).map_err(EntryProblem::Goal)?,
            None => Board::blank_last(board.width(), board.height()).map_err(EntryProblem::Size)?,
        };
        let start = Position::new(board, goal).map_err(|_| EntryProblem::SizesDiffer)?;
        let id = self
            .id
            .filter(|n| *n >= 0.0 && n.fract() == 0.0)
            .ok_or(EntryProblem::Missing("id"))?;
        let millis = self
            .millis
            .filter(|n| *n >= 0.0 && n.is_finite())
            .ok_or(EntryProblem::Missing("time"))?;
        let moves = match self.moves_unknown {
            true => None,
            false => Some(count(self.moves, "moves")?),
        };
        let times = self.times.clone().unwrap_or_default();
        let steady = times.windows(2).all(|w| w[0] <= w[1]);
        if !times.is_empty() && (Some(times.len()) != moves || !steady || times[0] < 0.0) {
            let count = times.len();
            let moves = moves.unwrap_or_default();
            return Err(EntryProblem::Times { count, moves });
        }
        // Solves kept before controls were have none known.
        let control = match self.control {
            Some(name) => Control::parse(name).ok_or(EntryProblem::Control(name.into()))?,
            None => Control::Mixed,
        };
        let date = self.date.ok_or(EntryProblem::Missing("date"))?;
        Ok(Solve {
            id: id as u64,
            date: Date::parse(date).map_err(EntryProblem::Date)?,
            start,
            moves,
            slides: moves.map(|moves| count(self.slides, "mtm").unwrap_or(moves)),
            millis,
            optimal: count(self.optimal, "optimal").ok(),
            best_known: count(self.best_known, "best_known").ok(),
            assisted: self.assisted,
            times,
            control,
            random_state: self.random_state,
        })
    }
}

fn from_json(text: &str) -> Result<Vec<Result<Solve, Unread>>, HistoryError> {
    let value = Json::parse(text).map_err(|e| HistoryError::NotJson(e.to_string()))?;
    let list = value
        .get("solves")
        .unwrap_or(&value)
        .as_array()
        .ok_or(HistoryError::NoSolves)?;
    Ok(list
        .iter()
        .enumerate()
        .map(|(i, v)| {
            solve_of_json(v).map_err(|problem| Unread {
                entry: Entry::Solve(i + 1),
                problem,
            })
        })
        .collect())
}

/// One solve from its JSON object (an entry of the `solves` list, or a stored record), or why
/// not.
pub(crate) fn solve_of_json(v: &Json) -> Result<Solve, EntryProblem> {
    let number = |k: &str| v.get(k).and_then(Json::as_f64);
    let text = |k: &str| v.get(k).and_then(Json::as_str);
    let flag = |k: &str| v.get(k).and_then(Json::as_bool);
    let times = (v.get("times").and_then(Json::as_array))
        .map(|ts| ts.iter().map(|t| t.as_f64().unwrap_or(-1.0)).collect());
    let unknown = matches!(v.get("moves"), Some(Json::Null));
    Fields::read(number, text, flag, times, unknown).solve()
}

fn from_csv(text: &str) -> Result<Vec<Result<Solve, Unread>>, HistoryError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let header: Vec<&str> = match lines.next() {
        Some((_, h)) => h.split(',').map(str::trim).collect(),
        None => return Err(HistoryError::Empty),
    };
    let column = |name: &str| header.iter().position(|h| *h == name);
    if column("board").is_none() || column("millis").is_none() {
        return Err(HistoryError::NoColumns);
    }
    Ok(lines
        .map(|(n, line)| {
            solve_of_csv(&header, line).map_err(|problem| Unread {
                entry: Entry::Line(n + 1),
                problem,
            })
        })
        .collect())
}

/// One solve from a CSV line under `header` (the column names), or why not.
pub(crate) fn solve_of_csv(header: &[&str], line: &str) -> Result<Solve, EntryProblem> {
    let column = |name: &str| header.iter().position(|h| *h == name);
    let cells: Vec<&str> = line.split(',').map(str::trim).collect();
    let cell = |name: &str| column(name).and_then(|i| cells.get(i)).copied();
    let number = |name: &str| cell(name).and_then(super::json::number);
    let flag = |name: &str| cell(name).map(|c| c == "true");
    let times = cell("times").filter(|c| !c.is_empty()).map(|c| {
        (c.split_whitespace())
            .map(|t| super::json::number(t).unwrap_or(-1.0))
            .collect()
    });
    let unknown = cell("moves") == Some("");
    Fields::read(number, cell, flag, times, unknown).solve()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(id: u64, millis: f64, moves: usize) -> Solve {
        Solve {
            id,
            date: Date::parse("2026-11-23").unwrap(),
            start: Position::toward(
                parse_board("8 6 7/2 5 4/3 0 1").unwrap(),
                &Default::default(),
            )
            .unwrap(),
            moves: Some(moves),
            slides: Some(moves - 2),
            millis,
            optimal: Some(31),
            best_known: None,
            assisted: false,
            times: Vec::new(),
            control: Control::Click,
            random_state: true,
        }
    }

    fn history(times: &[f64]) -> History {
        let mut h = History::default();
        for (i, &t) in times.iter().enumerate() {
            h.add(solve(i as u64 + 1, t, 40 + i));
        }
        h
    }

    #[test]
    fn averages_drop_the_best_and_the_worst() {
        assert_eq!(average_of(&[1.0, 2.0, 3.0, 4.0], 5), None);
        assert_eq!(average_of(&[10.0, 1.0, 2.0, 3.0, 100.0], 5), Some(5.0));
        // Of the last five only: the first solve is left out.
        assert_eq!(
            average_of(&[999.0, 10.0, 1.0, 2.0, 3.0, 100.0], 5),
            Some(5.0)
        );
        // Ties: one best and one worst are dropped, the equal ones stay.
        assert_eq!(average_of(&[4.0, 4.0, 4.0, 8.0, 8.0], 5), Some(16.0 / 3.0));
    }

    #[test]
    fn statistics_per_size_keep_each_best_apart() {
        let h = history(&[12_000.0, 9_000.0, 15_000.0, 11_000.0]);
        let s = h.statistics("3x3", Control::Click);
        assert_eq!(s.count, 4);
        assert_eq!(s.best_time, Some(9_000.0));
        assert_eq!(s.best_moves, Some(40));
        // 43 moves in 11 s beats 41 in 9 s: the best TPS is not the best time's.
        assert_eq!(s.best_tps.map(|t| decimals(t, 3)), Some("4.556".into()));
        assert_eq!(s.mean_time, Some(11_750.0));
        assert_eq!(s.ao5, None);
        assert_eq!(h.statistics("4x4", Control::Click), Statistics::default());
        let twelve = history(&[
            5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 1.0,
        ]);
        assert_eq!(twelve.statistics("3x3", Control::Click).ao12, Some(9.5));
        // A solve with help is kept, and counts for nothing.
        let mut helped = history(&[12_000.0, 1_000.0]);
        helped.solves[1].assisted = true;
        let s = helped.statistics("3x3", Control::Click);
        assert_eq!((s.count, s.left_out, s.best_time), (1, 1, Some(12_000.0)));
    }

    #[test]
    fn each_control_has_its_own_statistics_and_only_random_state_solves_count() {
        let mut h = history(&[12_000.0, 9_000.0, 15_000.0, 11_000.0]);
        h.solves[1].control = Control::Hover;
        h.solves[3].random_state = false;
        let click = h.statistics("3x3", Control::Click);
        // The hover solve's 9 s is no click best; the typed board's 11 s is kept, not counted.
        assert_eq!((click.count, click.left_out), (2, 1));
        assert_eq!(click.best_time, Some(12_000.0));
        assert_eq!(click.mean_time, Some(13_500.0));
        let hover = h.statistics("3x3", Control::Hover);
        assert_eq!((hover.count, hover.best_time), (1, Some(9_000.0)));
        assert_eq!(hover.histogram.iter().map(|b| b.count).sum::<usize>(), 1);
        assert_eq!(h.statistics("3x3", Control::Keys), Statistics::default());
        assert_eq!(h.last_control(), Some(Control::Click));
    }

    #[test]
    fn ao50_and_ao100_drop_five_percent_rounded_up_at_each_end() {
        // 1, 2, …, 100 s, shuffled so that order is not what is trimmed.
        let times: Vec<f64> = (0..100).map(|i| ((i * 37) % 100 + 1) as f64).collect();
        // ao100: 5 dropped each end, 6..=95 averaged.
        assert_eq!(average_of(&times, 100), Some(50.5));
        // ao50 of the last 50: 3 dropped each end.
        let last: Vec<f64> = times[50..].to_vec();
        let mut sorted = last.clone();
        sorted.sort_by(f64::total_cmp);
        let kept = &sorted[3..47];
        assert_eq!(
            average_of(&times, 50),
            Some(kept.iter().sum::<f64>() / 44.0)
        );
        // Exactly: 50 times 1..=50 → 4..=47 averaged.
        let fifty: Vec<f64> = (1..=50).rev().map(f64::from).collect();
        assert_eq!(average_of(&fifty, 50), Some(25.5));
        // One outlier each way moves the mean, not the average.
        let mut steady = vec![10.0; 50];
        steady[7] = 1.0;
        steady[20] = 1_000.0;
        assert_eq!(average_of(&steady, 50), Some(10.0));
        assert_eq!(average_of(&steady, 100), None);
        let s = history(
            &(1..=100)
                .map(|t| f64::from(t) * 1_000.0)
                .collect::<Vec<_>>(),
        )
        .statistics("3x3", Control::Click);
        assert_eq!(s.ao100, Some(50_500.0));
        assert_eq!(s.ao50, Some(75_500.0));
    }

    #[test]
    fn results_are_written_as_speedsolvers_write_them() {
        let s = solve(1, 12_345.0, 67);
        assert_eq!(s.result_text(), "12.35 s · 67 moves · 5.4 tiles/s");
        assert_eq!(time_text(62_345.4), "1:02.35");
        assert_eq!(
            time_text(59_996.0),
            "1:00.00",
            "rounded up to a minute, said as one"
        );
        assert_eq!(time_text(999.0), "1.00 s");
        assert_eq!(s.efficiency().map(|e| decimals(e, 3)), Some("0.463".into()));
        use Move::*;
        assert_eq!(slides(&[Left, Left, Up, Right, Right, Right]), 3);
        assert_eq!(slides(&[]), 0);
    }

    #[test]
    fn the_history_goes_out_and_comes_back_as_json_and_csv() {
        let mut h = history(&[12_000.5, 9_000.0, 15_000.25]);
        h.solves[1].optimal = None;
        h.solves[1].best_known = Some(44);
        h.solves[2].assisted = true;
        for text in [h.to_json().to_string(), h.to_csv()] {
            let mut back = History::default();
            let report = back.import(&text).unwrap();
            assert_eq!(report.added, 3, "{text}");
            assert_eq!(back, h, "{text}");
            // Importing again adds nothing.
            assert_eq!(back.import(&text).unwrap().known, 3);
        }
    }

    #[test]
    fn a_file_from_before_controls_imports_as_mixed_and_counts_for_nothing() {
        let mut h = History::default();
        let old = r#"{"version":1,"solves":[{"id":5,"date":"2026-11-23","size":"3x3","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","moves":40,"mtm":30,"millis":9000,"optimal":31,"best_known":null,"assisted":false}]}"#;
        assert_eq!(h.import(old).unwrap().added, 1);
        let s = &h.solves[0];
        assert_eq!(
            (s.control, s.random_state, s.times.len()),
            (Control::Mixed, false, 0)
        );
        let mixed = h.statistics("3x3", Control::Mixed);
        assert_eq!((mixed.count, mixed.left_out), (0, 1));
        let csv = "id,date,size,board,goal,moves,mtm,millis,optimal,best_known,assisted\n6,2026-11-23,3x3,8 6 7/2 5 4/3 0 1,,40,30,9000,31,,false\n";
        assert_eq!(h.import(csv).unwrap().added, 1);
        assert_eq!(h.statistics("3x3", Control::Mixed).left_out, 2);
    }

    #[test]
    fn a_bad_file_is_refused_and_bad_lines_are_named() {
        let mut h = History::default();
        assert_eq!(h.import("hello").unwrap_err(), HistoryError::NoColumns);
        assert!(
            HistoryError::NoColumns
                .to_string()
                .contains("not a history")
        );
        assert!(h.import("{\"solves\":").is_err());
        let csv = format!(
            "{CSV_HEADER}\n1,2026-11-23,3x3,8 6 7/2 5 4/3 0 1,,31,29,9000,31,\n2,2026-11-23,3x3,8 6 7/2 5 4/3 0 0,,31,29,9000,,\n"
        );
        let report = h.import(&csv).unwrap();
        assert_eq!(report.added, 1);
        assert_eq!(report.problems.len(), 1);
        assert!(
            report.problems[0].to_string().starts_with("line 3: board:"),
            "{:?}",
            report.problems
        );
    }
}
