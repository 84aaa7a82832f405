//! Open Slidysim's replay links, read and written: the links speedsolvers paste into chat
//! (`https://slidysim.github.io/replay?r=…`).
//!
//! The `r` value is a JSON array, deflated with zlib's header, in base64, percent-encoded. The
//! browser packs and unpacks it (`static/zlib-worker.js`, in a worker of its own, when a link is
//! read or written); this module finds it in a link and reads and writes the JSON inside, so
//! every rule is tested natively.
//!
//! - An array of fewer than ten items is one solve: `[solution, tps, scramble, times]`. The
//!   solution is tile moves in the community's notation (`R3ULD2`, read by [`parse_moves`]); the
//!   TPS is tiles a second × 1000; the scramble a board as `4 5 0/6 3 7/8 2 1`; the times, when
//!   there, the milliseconds of each move from the start, else `-1` (older links stop after the
//!   scramble): the solve then plays at its TPS, each move as long as the next.
//! - Ten items are a leaderboard's saved replay, `[score, data, event, tps, width, height, …]`:
//!   `data` is packed once more (the browser unpacks it too), `solutions;times;moves;tps;memo` with the move times
//!   `[t,t,…;t,t,…]` somewhere in it. It holds no scramble: the board is the solution undone from
//!   the solved board of that size. Only a single solve can be watched; an average, a marathon
//!   or a relay holds several and is refused in words.
//!
//! Every board is solved toward blank last, as Slidysim's are.

use super::replay::TimedMoves;
use super::write_replay_query;
use crate::play::record::json::Json;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{
    MovesError, NotationError, format_board, format_moves_counted, parse_board, parse_moves,
};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;
use std::fmt;

/// Where Slide's Open Slidysim links lead: its replay page.
pub const REPLAY_PAGE: &str = "https://slidysim.github.io/replay";

/// The longest `r` value read (a 10×10 solve with its times is under 10,000 characters).
pub const MAX_DATA: usize = 200_000;

/// A solve an Open Slidysim link holds: its board, and its moves with their times.
#[derive(Clone, Debug, PartialEq)]
pub struct SlidysimSolve {
    pub start: Board,
    pub timed: TimedMoves,
}

impl SlidysimSolve {
    /// The Slide link (its query) that watches it: its board toward blank last, replayed at
    /// its pace.
    pub fn query(&self) -> String {
        // Every board of a size Slide plays has a blank-last goal (the size was checked).
        let start = Position::toward(self.start.clone(), &Goal::BlankLast);
        let (moves, times) = (&self.timed.moves, &self.timed.times);
        start.map_or_else(|_| String::new(), |s| write_replay_query(&s, moves, times))
    }
}

/// What a link's outer array holds: a solve, or a saved replay whose data is packed once more.
#[derive(Clone, Debug, PartialEq)]
pub enum Unpacked {
    Solve(SlidysimSolve),
    Saved(Saved),
}

/// A leaderboard's saved replay: its data, unpacked, is read by [`Saved::read`].
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    width: usize,
    height: usize,
    tps: Option<f64>,
}

/// Why an Open Slidysim link cannot be watched.
#[derive(Clone, Debug, PartialEq)]
pub enum SlidysimError {
    /// Neither a Slide link nor an Open Slidysim link.
    NotALink,
    /// Its `r` is longer than [`MAX_DATA`].
    TooLong(usize),
    /// Its data could not be unpacked (or packed), in the browser's words.
    Packing(String),
    /// Its data is not an array of the forms the module describes.
    NotReplay,
    Scramble(NotationError),
    Solution(MovesError),
    /// A solution of no moves.
    Empty,
    /// The board's size in a saved replay cannot be used.
    Size,
    /// Neither move times nor a TPS above 0 tell the pace.
    NoPace,
    /// Move times that do not fit the moves: their count, or one going back or not a number.
    Times {
        moves: usize,
        times: usize,
    },
    /// A saved replay of several solves.
    Several(usize),
    /// This move (1-based) of so many walks off the board.
    WalksOff {
        index: usize,
        of: usize,
    },
    /// The moves end short of the solved board.
    Unsolved,
}

impl fmt::Display for SlidysimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlidysimError::NotALink => write!(
                f,
                "it is neither a Slide link (with board= and replay=) nor an Open Slidysim link (with r=)"
            ),
            SlidysimError::TooLong(n) => {
                write!(
                    f,
                    "its r= part is too long ({n} characters; {MAX_DATA} at most)"
                )
            }
            SlidysimError::Packing(why) => write!(f, "its r= part cannot be unpacked ({why})"),
            SlidysimError::NotReplay => {
                write!(
                    f,
                    "its data is not a replay (a solution, a TPS and a scramble)"
                )
            }
            SlidysimError::Scramble(e) => write!(f, "its scramble: {e}"),
            SlidysimError::Solution(e) => write!(f, "its solution: {e}"),
            SlidysimError::Empty => write!(f, "its solution has no moves"),
            SlidysimError::Size => {
                write!(f, "its board's size is not one Slide plays (2×2 to 10×10)")
            }
            SlidysimError::NoPace => write!(f, "it has neither move times nor a TPS above 0"),
            SlidysimError::Times { moves, times } => write!(
                f,
                "its {times} move times do not fit its {moves} moves (one a move, never going back)"
            ),
            SlidysimError::Several(n) => write!(
                f,
                "it holds {n} solves (an average, a marathon or a relay); Slide watches a single solve"
            ),
            SlidysimError::WalksOff { index, of } => {
                write!(f, "move {index} of {of} walks off the board")
            }
            SlidysimError::Unsolved => write!(f, "its solution does not solve its scramble"),
        }
    }
}

impl std::error::Error for SlidysimError {}

/// A replay link pasted to watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pasted<'a> {
    /// A Slide link: its query, opened as it is.
    Slide(&'a str),
    /// An Open Slidysim link: its `r`, as it stands in the link, for the browser to unpack.
    Slidysim(&'a str),
}

/// What `link` (a whole link, or its query) is.
pub fn pasted(link: &str) -> Result<Pasted<'_>, SlidysimError> {
    let link = link.trim();
    let query = link.split_once('?').map_or(link, |(_, q)| q);
    let query = query.split('#').next().unwrap_or_default();
    let mut pairs = query.split('&');
    if let Some(r) = pairs.clone().find_map(|pair| pair.strip_prefix("r=")) {
        return match r.len() > MAX_DATA {
            true => Err(SlidysimError::TooLong(r.len())),
            false => Ok(Pasted::Slidysim(r)),
        };
    }
    match pairs.any(|pair| pair.starts_with("board=") || pair.starts_with("daily=")) {
        true => Ok(Pasted::Slide(query)),
        false => Err(SlidysimError::NotALink),
    }
}

/// What watching a link needs once its `r` is unpacked: the Slide query of its solve, from
/// the JSON (`value`) and, for a saved replay, its inner data unpacked (`inner`).
pub fn query_of(value: &Json, inner: Option<&str>) -> Result<String, SlidysimError> {
    let solve = match unpack(value)? {
        Unpacked::Solve(solve) => solve,
        Unpacked::Saved(saved) => saved.read(inner.unwrap_or_default())?,
    };
    Ok(solve.query())
}

/// The link to Open Slidysim's replay page for `r` (the JSON packed, as the browser packs it).
pub fn link_of(r: &str) -> String {
    format!("{REPLAY_PAGE}?r={r}")
}

/// What a link's JSON holds (the text the browser unpacked from its `r`, read as JSON).
pub fn unpack(value: &Json) -> Result<Unpacked, SlidysimError> {
    let items = value.as_array().ok_or(SlidysimError::NotReplay)?;
    let text = |i: usize| {
        items
            .get(i)
            .and_then(Json::as_str)
            .ok_or(SlidysimError::NotReplay)
    };
    if items.len() >= 10 {
        let size = |i| {
            items
                .get(i)
                .and_then(Json::as_count)
                .ok_or(SlidysimError::Size)
        };
        return Ok(Unpacked::Saved(Saved {
            width: size(4)?,
            height: size(5)?,
            tps: items.get(3).and_then(Json::as_f64),
        }));
    }
    let start = parse_board(text(2)?).map_err(SlidysimError::Scramble)?;
    let moves = solution(text(0)?)?;
    let number = |t: &Json| t.as_f64().unwrap_or(f64::NAN);
    let times = (items.get(3).and_then(Json::as_array)).map(|t| t.iter().map(number).collect());
    let tps = items.get(1).and_then(Json::as_f64);
    solve(start, moves, times, tps).map(Unpacked::Solve)
}

impl Saved {
    /// The solve of a saved replay, from its data as the browser unpacked it.
    pub fn read(&self, text: &str) -> Result<SlidysimSolve, SlidysimError> {
        // The move times are the first `[…]`: one list a solve, `;` between them.
        let bracketed = (text.split_once('[')).and_then(|(before, rest)| {
            rest.split_once(']')
                .map(|(times, after)| (before, times, after))
        });
        let (text, times) = match bracketed {
            Some((before, times, after)) => (format!("{before}{after}"), Some(times)),
            None => (text.to_string(), None),
        };
        let solutions = text.split(';').next().unwrap_or_default();
        let count = solutions.split(',').count();
        if count > 1 {
            return Err(SlidysimError::Several(count));
        }
        let moves = solution(solutions)?;
        // Whole milliseconds, as Slidysim keeps them (no float parser comes into the page).
        let millis = |n: &str| n.trim().parse::<u64>().map_or(f64::NAN, |n| n as f64);
        let times = times.map(|t| t.split(',').map(millis));
        // An empty list is how a solve without times is kept.
        let times = times
            .map(Iterator::collect::<Vec<f64>>)
            .filter(|t| t.len() > 1);
        let mut start =
            Board::blank_last(self.width, self.height).map_err(|_| SlidysimError::Size)?;
        let undone: Vec<Move> = moves.iter().rev().map(|m| m.opposite()).collect();
        start
            .apply_all(&undone)
            .map_err(|i| SlidysimError::WalksOff {
                index: moves.len() - i,
                of: moves.len(),
            })?;
        solve(start, moves, times, self.tps)
    }
}

fn solution(text: &str) -> Result<Vec<Move>, SlidysimError> {
    let moves = parse_moves(text).map_err(SlidysimError::Solution)?;
    match moves.is_empty() {
        true => Err(SlidysimError::Empty),
        false => Ok(moves),
    }
}

/// A solve from its parts, checked: the moves walk on the board, and the times (from the first
/// move, as Slide keeps them) fit the moves, else come from the TPS.
fn solve(
    start: Board,
    moves: Vec<Move>,
    times: Option<Vec<f64>>,
    tps: Option<f64>,
) -> Result<SlidysimSolve, SlidysimError> {
    let mut walk = start.clone();
    walk.apply_all(&moves)
        .map_err(|i| SlidysimError::WalksOff {
            index: i + 1,
            of: moves.len(),
        })?;
    if Board::blank_last(walk.width(), walk.height()).ok() != Some(walk) {
        return Err(SlidysimError::Unsolved);
    }
    let times = match times {
        Some(times) => {
            let fits = times.len() == moves.len()
                && times.iter().all(|t| t.is_finite())
                && times.windows(2).all(|w| w[0] <= w[1]);
            if !fits {
                let (moves, times) = (moves.len(), times.len());
                return Err(SlidysimError::Times { moves, times });
            }
            times.iter().map(|t| t - times[0]).collect()
        }
        None => {
            let tps = tps
                .filter(|t| t.is_finite() && *t > 0.0)
                .ok_or(SlidysimError::NoPace)?;
            // `moves` moves in `moves ÷ TPS` seconds: the solve's TPS as Slide counts it.
            let gap = match moves.len() {
                1 => 0.0,
                n => n as f64 * 1e6 / tps / (n - 1) as f64,
            };
            (0..moves.len()).map(|i| (i as f64 * gap).round()).collect()
        }
    };
    Ok(SlidysimSolve {
        start,
        timed: TimedMoves { moves, times },
    })
}

/// The JSON an Open Slidysim link carries for a solve of `moves` from `start`, made at `times`
/// (milliseconds from the first move): its solution, TPS × 1000, scramble and whole-millisecond
/// times. Packed, it is the link's `r` ([`link_of`]).
pub fn write(start: &Board, moves: &[Move], times: &[f64]) -> String {
    let first = times.first().copied().unwrap_or_default();
    let times: Vec<f64> = times.iter().map(|t| (t - first).round()).collect();
    let millis = times.last().copied().unwrap_or_default().max(1.0);
    let tps = (moves.len() as f64 * 1e6 / millis).round();
    let times = times.iter().map(|&t| decimals(t, 0)).collect::<Vec<_>>();
    format!(
        "[\"{}\",{},\"{}\",[{}]]",
        format_moves_counted(moves),
        decimals(tps, 0),
        format_board(start, " "),
        times.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Json {
        Json::parse(text).unwrap()
    }

    /// The board `solution` solves: the solution undone from the solved board.
    fn scrambled(solution: &str, width: usize, height: usize) -> Board {
        let mut board = Board::blank_last(width, height).unwrap();
        for m in parse_moves(solution).unwrap().iter().rev() {
            assert!(board.apply(m.opposite()));
        }
        board
    }

    fn solve_of(text: &str) -> Result<SlidysimSolve, SlidysimError> {
        match unpack(&json(text))? {
            Unpacked::Solve(s) => Ok(s),
            Unpacked::Saved(_) => panic!("a saved replay"),
        }
    }

    #[test]
    fn a_solve_written_reads_back_with_the_same_moves_and_times() {
        let start = scrambled("DL2URUL", 3, 3);
        let moves = parse_moves("DLLURUL").unwrap();
        let times = [1000.4, 1100.0, 1250.6, 1300.0, 1450.0, 1500.0, 1700.2];
        let text = write(&start, &moves, &times);
        let scramble = format_board(&start, " ");
        assert_eq!(
            text,
            format!("[\"DL2URUL\",10000,\"{scramble}\",[0,100,250,300,450,500,700]]")
        );
        let back = solve_of(&text).unwrap();
        assert_eq!(back.start, start);
        assert_eq!(back.timed.moves, moves);
        assert_eq!(
            back.timed.times,
            [0.0, 100.0, 250.0, 300.0, 450.0, 500.0, 700.0]
        );
    }

    #[test]
    fn without_times_a_solve_plays_at_its_tps() {
        let scramble = format_board(&scrambled("L2U2", 3, 3), " ");
        // 4 moves at 8 tiles a second: half a second, from the first move to the last.
        for tail in ["", ",-1"] {
            let back = solve_of(&format!("[\"L2U2\",8000,\"{scramble}\"{tail}]")).unwrap();
            assert_eq!(back.timed.times, [0.0, 167.0, 333.0, 500.0]);
        }
        let no_pace = format!("[\"L2U2\",0,\"{scramble}\",-1]");
        assert_eq!(solve_of(&no_pace), Err(SlidysimError::NoPace));
    }

    #[test]
    fn times_from_the_start_of_the_solve_count_from_the_first_move() {
        let scramble = format_board(&scrambled("UL", 2, 2), " ");
        let back = solve_of(&format!("[\"UL\",1,\"{scramble}\",[120,420]]")).unwrap();
        assert_eq!(back.timed.times, [0.0, 300.0]);
    }

    #[test]
    fn a_link_that_does_not_fit_is_refused_with_its_reason() {
        let scramble = format_board(&scrambled("L2U2", 3, 3), " ");
        let cases = [
            ("{\"a\":1}".to_string(), SlidysimError::NotReplay),
            ("[\"L2U2\",8000]".to_string(), SlidysimError::NotReplay),
            (format!("[\"\",8000,\"{scramble}\"]"), SlidysimError::Empty),
            (
                format!("[\"L2U2\",8000,\"{scramble}\",[0,1,2]]"),
                SlidysimError::Times { moves: 4, times: 3 },
            ),
            (
                format!("[\"L2U2\",8000,\"{scramble}\",[0,5,2,9]]"),
                SlidysimError::Times { moves: 4, times: 4 },
            ),
            (
                format!("[\"L2U3\",8000,\"{scramble}\"]"),
                SlidysimError::WalksOff { index: 5, of: 5 },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(solve_of(&text), Err(expected), "{text}");
        }
        assert!(matches!(
            solve_of("[\"R\",1,\"1 2/3\"]"),
            Err(SlidysimError::Scramble(_))
        ));
        let short = format!("[\"L2U\",8000,\"{scramble}\"]");
        assert_eq!(solve_of(&short), Err(SlidysimError::Unsolved));
        assert!(matches!(
            solve_of(&format!("[\"RX\",1,\"{scramble}\"]")),
            Err(SlidysimError::Solution(_))
        ));
        let e = solve_of(&format!("[\"L2U3\",8000,\"{scramble}\"]")).unwrap_err();
        assert_eq!(e.to_string(), "move 5 of 5 walks off the board");
    }

    fn saved(tps: &str) -> Saved {
        let outer = format!("[{{}},\"eJw=\",-1,{tps},4,4,\"\",-1,\"\",false]");
        match unpack(&json(&outer)).unwrap() {
            Unpacked::Saved(saved) => saved,
            Unpacked::Solve(_) => panic!("a solve"),
        }
    }

    #[test]
    fn a_saved_replay_is_its_solution_undone_from_the_solved_board() {
        let s = saved("13333");
        let timed = s.read("L2U2;0.300;4;13.333;-1;[0,100,200,300]").unwrap();
        assert_eq!(timed.start, scrambled("L2U2", 4, 4));
        assert_eq!(timed.timed.moves, parse_moves("LLUU").unwrap());
        assert_eq!(timed.timed.times, [0.0, 100.0, 200.0, 300.0]);
        // No times kept: the score's TPS paces it.
        let paced = saved("8000").read("L2U2;0.5;4;8.000;-1;[]").unwrap();
        assert_eq!(paced.timed.times, [0.0, 167.0, 333.0, 500.0]);
        let several = s.read("L2U2,RU,UR;1,2,3;4,2,2;4,1,1;-1;[0,1,2,3;0,1;0,1]");
        assert_eq!(several, Err(SlidysimError::Several(3)));
        assert_eq!(
            saved("1").read("L4;1;4;1;-1"),
            Err(SlidysimError::WalksOff { index: 1, of: 4 })
        );
    }

    #[test]
    fn a_pasted_link_is_told_by_its_parameters() {
        let r = "eJ%2By%2FVg%3D%3D";
        assert_eq!(link_of(r), format!("{REPLAY_PAGE}?r={r}"));
        assert_eq!(pasted(&link_of(r)), Ok(Pasted::Slidysim(r)));
        let other = format!("  https://slidysim.online/replay?x=1&r={r}#top ");
        assert_eq!(pasted(&other), Ok(Pasted::Slidysim(r)));
        assert_eq!(pasted("r=ab cd"), Ok(Pasted::Slidysim("ab cd")));
        let slide = "https://example.org/slide/?board=1,2/3,0&replay=R.A";
        assert_eq!(pasted(slide), Ok(Pasted::Slide("board=1,2/3,0&replay=R.A")));
        assert_eq!(
            pasted("daily=2026-11-29&size=4x4"),
            Ok(Pasted::Slide("daily=2026-11-29&size=4x4"))
        );
        for neither in [REPLAY_PAGE, "", "hello <img src=x>", "?boards=1"] {
            assert_eq!(pasted(neither), Err(SlidysimError::NotALink), "{neither}");
        }
        let long = format!("?r={}", "A".repeat(MAX_DATA + 1));
        assert_eq!(pasted(&long), Err(SlidysimError::TooLong(MAX_DATA + 1)));
    }
}
