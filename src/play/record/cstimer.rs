//! csTimer's export, read into solves: the history speedsolvers timed there, brought in by
//! `slide import` and by the page's Import history.
//!
//! The file is one JSON object: `session1`, `session2`, … each a list of solves, and
//! `properties`, whose `sessionData` (a JSON text inside the JSON, or an object) names each
//! session's scramble type as `opt.scrType` (absent: `333`, the cube). A solve is
//! `[[penalty, ms, …], scramble, comment, unix seconds at its start, …]`; the penalty is 0, 2000
//! for a +2 (added to the time, as csTimer counts it) or −1 for a DNF (left out: Slide keeps
//! solved boards only).
//!
//! Only the sliding puzzles' sessions are read: `15prp`, `15prap`, `15prmp` and `8prp`, `8prap`,
//! `8prmp` are random-state boards; `15p`, `15pat` and `15pm` are 80 random moves. A scramble is
//! moves applied to the solved board (blank last): letters, or the arrows ￪ ￩ ￫ ￬, with
//! counts, naming the way the tile slides, as Slide's letters do; in the types with an `m` they
//! name the way the blank moves instead. The moves are read by the one move reader.
//!
//! csTimer keeps a time, not the moves made: such a solve's moves are not known
//! ([`Solve::moves`] is `None`), nor how they were made (it counts as `mixed`). Its id is when it
//! ended (its start and its time), a millisecond later where two would share one; its date is
//! that day in UTC (the file keeps no time zone).

use super::json::Json;
use super::left_out::{Entry, EntryProblem, Unread};
use super::solves::Solve;
use crate::play::game::daily::Date;
use crate::play::game::input::Control;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::position::Position;

/// Whether `value` is csTimer's export: an object with a `sessionN` list or `properties`.
pub fn is_cstimer(value: &Json) -> bool {
    let Json::Object(members) = value else {
        return false;
    };
    members
        .iter()
        .any(|(key, _)| key == "properties" || session_number(key).is_some())
}

/// Whether a JSON object's text (from its `{`, perhaps only its first bytes) is csTimer's export,
/// told by its first key: `session…` or `properties` (`Some(false)` for any other, or for no
/// object; `None` while that key is not complete). The command line and the history reader
/// both tell the file by it, before reading it all.
pub fn starts_export(object: &[u8]) -> Option<bool> {
    let Some(rest) = object.strip_prefix(b"{") else {
        return Some(false);
    };
    let rest = rest.trim_ascii_start();
    let Some(key) = rest.strip_prefix(b"\"") else {
        // Nothing after the brace yet, or no key at all (`{}`).
        return (!rest.is_empty()).then_some(false);
    };
    let close = key.iter().position(|&b| b == b'"')?;
    let key = &key[..close];
    Some(key.starts_with(b"session") || key == b"properties")
}

/// What a session's scramble type makes of its scrambles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    /// 4 for the 15-puzzle, 3 for the 8-puzzle.
    side: usize,
    /// The letters name the way the blank moves.
    blank: bool,
    /// Every solvable board equally likely (else 80 random moves).
    random_state: bool,
}

impl Kind {
    fn of(scramble_type: &str) -> Option<Kind> {
        let (side, random_state, blank) = match scramble_type {
            "15prp" | "15prap" => (4, true, false),
            "15prmp" => (4, true, true),
            "15p" | "15pat" => (4, false, false),
            "15pm" => (4, false, true),
            "8prp" | "8prap" => (3, true, false),
            "8prmp" => (3, true, true),
            _ => return None,
        };
        Some(Kind {
            side,
            blank,
            random_state,
        })
    }

    /// The board a scramble makes of the solved board.
    fn board(self, scramble: &str) -> Result<Board, EntryProblem> {
        let letters: String = (scramble.chars())
            .map(|c| match c {
                '\u{FFEA}' => 'U',
                '\u{FFE9}' => 'L',
                '\u{FFEB}' => 'R',
                '\u{FFEC}' => 'D',
                c => c,
            })
            .collect();
        let moves: Vec<Move> = (parse_moves(&letters).map_err(EntryProblem::Scramble)?)
            .into_iter()
            .map(|m| if self.blank { m.opposite() } else { m })
            .collect();
        let mut board = Board::blank_last(self.side, self.side).map_err(EntryProblem::Size)?;
        board
            .apply_all(&moves)
            .map_err(|i| EntryProblem::ScrambleWalksOff {
                index: i + 1,
                of: moves.len(),
            })?;
        Ok(board)
    }
}

/// `session12` → 12.
fn session_number(key: &str) -> Option<usize> {
    key.strip_prefix("session")?.parse().ok()
}

/// Every session's scramble type, by number, from `properties.sessionData`.
fn scramble_types(value: &Json) -> Vec<(usize, String)> {
    let data = value.get("properties").and_then(|p| p.get("sessionData"));
    // Kept as a JSON text inside the JSON (or, by some versions, as the object itself).
    let parsed = data
        .and_then(Json::as_str)
        .and_then(|text| Json::parse(text).ok());
    let Some(Json::Object(sessions)) = parsed.as_ref().or(data) else {
        return Vec::new();
    };
    (sessions.iter())
        .filter_map(|(key, session)| {
            let number = key.parse().ok()?;
            let opt = session.get("opt");
            // Older files keep the type beside `opt`.
            let kind = (opt
                .and_then(|o| o.get("scrType"))
                .or_else(|| session.get("scr")))
            .and_then(Json::as_str);
            Some((number, kind.unwrap_or("333").to_string()))
        })
        .collect()
}

/// The solves of csTimer's export `value`, and each entry left out with its reason: a session
/// of another puzzle (once, with its count), a DNF, a scramble or a time that cannot be read.
pub fn read(value: &Json) -> Vec<Result<Solve, Unread>> {
    let types = scramble_types(value);
    let Json::Object(members) = value else {
        return Vec::new();
    };
    let mut ids = Vec::new();
    let mut out = Vec::new();
    for (key, list) in members {
        let Some(session) = session_number(key) else {
            continue;
        };
        let solves = list.as_array().unwrap_or_default();
        let scramble_type = (types.iter())
            .find(|(n, _)| *n == session)
            .map_or("333", |(_, t)| t.as_str());
        let Some(kind) = Kind::of(scramble_type) else {
            if !solves.is_empty() {
                out.push(Err(Unread {
                    entry: Entry::Session(session),
                    problem: EntryProblem::OtherPuzzle {
                        scramble_type: scramble_type.chars().take(20).collect(),
                        solves: solves.len(),
                    },
                }));
            }
            continue;
        };
        for (i, entry) in solves.iter().enumerate() {
            let read = solve(entry, kind, &mut ids).map_err(|problem| Unread {
                entry: Entry::Timed {
                    session,
                    solve: i + 1,
                },
                problem,
            });
            out.push(read);
        }
    }
    out
}

/// One solve of a sliding puzzle's session.
fn solve(entry: &Json, kind: Kind, ids: &mut Vec<u64>) -> Result<Solve, EntryProblem> {
    let item = |i: usize| entry.as_array().and_then(|e| e.get(i));
    let result = item(0).and_then(Json::as_array).unwrap_or_default();
    let number = |i: usize| {
        result
            .get(i)
            .and_then(Json::as_f64)
            .filter(|n| n.is_finite())
    };
    let (penalty, ms) = (number(0), number(1).filter(|ms| *ms >= 0.0));
    let (Some(penalty), Some(ms)) = (penalty, ms) else {
        return Err(EntryProblem::Missing("time"));
    };
    if penalty < 0.0 {
        return Err(EntryProblem::Dnf);
    }
    let millis = ms + penalty;
    let scramble = item(1)
        .and_then(Json::as_str)
        .ok_or(EntryProblem::Missing("scramble"))?;
    let board = kind.board(scramble)?;
    let start = Position::toward(board, &Goal::BlankLast).map_err(|_| EntryProblem::SizesDiffer)?;
    let started = (item(3).and_then(Json::as_f64))
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e11)
        .ok_or(EntryProblem::Missing("date"))?;
    // When it ended: its identity, unique in the file (`ids` kept in order).
    let mut id = (started * 1000.0 + millis).round() as u64;
    let at = loop {
        match ids.binary_search(&id) {
            Ok(_) => id += 1,
            Err(at) => break at,
        }
    };
    ids.insert(at, id);
    Ok(Solve {
        id,
        date: Date::at(id as f64, 0),
        start,
        moves: None,
        slides: None,
        millis,
        optimal: None,
        best_known: None,
        assisted: false,
        times: Vec::new(),
        control: Control::Mixed,
        random_state: kind.random_state,
    })
}

/// The board a scramble of the type `scramble_type` makes, for tests.
#[cfg(test)]
fn board_of(scramble_type: &str, scramble: &str) -> Result<Board, EntryProblem> {
    Kind::of(scramble_type)
        .expect("a sliding puzzle")
        .board(scramble)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn board(text: &str) -> Board {
        parse_board(text).unwrap()
    }

    #[test]
    fn a_scramble_is_applied_to_the_solved_board_as_cstimer_draws_it() {
        // csTimer's own worked example: 12 slides down, then 11 slides right.
        let after = board("1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12");
        assert_eq!(board_of("15prp", "D R"), Ok(after.clone()));
        assert_eq!(board_of("15prap", "\u{FFEC} \u{FFEB}"), Ok(after.clone()));
        assert_eq!(board_of("15prmp", "U L"), Ok(after.clone()));
        assert_eq!(board_of("15pm", "U L "), Ok(after));
        let corner = board("0 1 2 3/5 6 7 4/9 10 11 8/13 14 15 12");
        assert_eq!(board_of("15p", "D D D R R R "), Ok(corner.clone()));
        assert_eq!(board_of("15pat", "\u{FFEC}3 \u{FFEB}3 "), Ok(corner));
        assert_eq!(board_of("8prp", "D R"), Ok(board("1 2 3/4 0 5/7 8 6")));
        assert_eq!(
            board_of("8prp", "D3"),
            Err(EntryProblem::ScrambleWalksOff { index: 3, of: 3 })
        );
        assert!(matches!(
            board_of("15prp", "D X"),
            Err(EntryProblem::Scramble(_))
        ));
    }

    fn export() -> Json {
        // Session 1: the 15-puzzle, random state; 2: the cube (no type kept: csTimer's default);
        // 3: the 8-puzzle by blank moves, its data kept as an object.
        Json::parse(
            r#"{"session1":[[[0,12345],"D R","",1700000000],[[2000,10000],"D R","",1700000100],
                [[-1,9000],"D R","",1700000200],[[0,8000],"D X","",1700000300],[[0,7000],"D R",""]],
                "session2":[[[0,9000],"R U R' U'","",1700000000]],
                "session3":[[[0,4000],"U L","",1700000000],[[0,4000],"U L","",1700000000]],
                "properties":{"sessionData":"{\"1\":{\"name\":\"15\",\"opt\":{\"scrType\":\"15prp\"}},\"2\":{\"name\":\"3x3\"},\"3\":{\"opt\":{\"scrType\":\"8prmp\"}}}"}}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_sessions_solves_come_in_with_their_times_and_the_rest_is_named() {
        let value = export();
        assert!(is_cstimer(&value));
        assert!(!is_cstimer(
            &Json::parse(r#"{"version":1,"solves":[]}"#).unwrap()
        ));
        let read = read(&value);
        let (solves, left_out): (Vec<_>, Vec<_>) = read.into_iter().partition(Result::is_ok);
        let solves: Vec<Solve> = solves.into_iter().map(Result::unwrap).collect();
        assert_eq!(solves.len(), 4);
        let first = &solves[0];
        assert_eq!(first.id, 1_700_000_012_345);
        assert_eq!(first.date.to_string(), "2023-11-14");
        assert_eq!(
            first.start.board().to_string(),
            "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12"
        );
        assert_eq!(
            (first.moves, first.slides, first.millis),
            (None, None, 12_345.0)
        );
        assert_eq!((first.control, first.random_state), (Control::Mixed, true));
        assert_eq!(first.tps(), None);
        assert_eq!(first.result_text(), "12.35 s");
        // A +2 is counted in the time, as csTimer counts it.
        assert_eq!(solves[1].millis, 12_000.0);
        // Two solves of one millisecond: the second a millisecond later.
        assert_eq!(solves[2].start.board().to_string(), "1 2 3/4 0 5/7 8 6");
        assert_eq!(
            (solves[2].id, solves[3].id),
            (1_700_000_004_000, 1_700_000_004_001)
        );
        let words: Vec<String> = (left_out.into_iter())
            .map(|r| r.unwrap_err().to_string())
            .collect();
        assert_eq!(
            words,
            [
                "session 1, solve 3: a DNF (Slide keeps solved boards only)",
                "session 1, solve 4: scramble: 'X' at position 3 is not a move: use U, D, L and R",
                "session 1, solve 5: no date",
                "session 2: 1 solve of another puzzle (csTimer's scramble type 333)",
            ]
        );
    }

    #[test]
    fn solves_without_moves_are_written_and_read_back_as_not_known() {
        let solve = read(&export()).into_iter().next().unwrap().unwrap();
        let json = solve.to_json();
        assert_eq!(json.get("moves"), Some(&Json::Null));
        let back = crate::play::record::solves::solve_of_json(&json).unwrap();
        assert_eq!(back, solve);
        let header: Vec<&str> = crate::play::record::solves::CSV_HEADER.split(',').collect();
        let line = solve.csv_line();
        let back = crate::play::record::solves::solve_of_csv(&header, &line).unwrap();
        assert_eq!(back, solve);
    }
}
