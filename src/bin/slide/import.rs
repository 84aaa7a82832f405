//! `slide import FILE [-o OUT]`: a speedsolver's history from elsewhere, written as Slide's
//! history file (the JSON the page exports and imports).
//!
//! What the file is, is told by its content:
//!
//! - **Slidysim's solves database** (SQLite, `solves.db`). Each completed single solve (solve
//!   type `Standard`) becomes a Slide solve: its scramble (a board, `4 5 0/6 3 7/8 2 1`) toward the
//!   blank last, its solution (tile moves with repeat counts, `RU2LD2…`, read by the one move
//!   reader), its time and its move times (milliseconds from the first move), the date of its
//!   timestamp (UTC), the controls (Mouse is hover, Keyboard keys) and whether it was drawn at
//!   random (`Random permutation`). Its rows are checked as Slide checks its own: the solution
//!   must solve the scramble, the counts must agree, and the move times must run from 0 on,
//!   never back, within the solve's time.
//! - **csTimer's export** (JSON), read by [`slide::play::record::cstimer`]: the solves of its
//!   15- and 8-puzzle sessions, each with its time and its board (the scramble applied to the
//!   solved board), its moves not known (csTimer keeps none). The sessions of other puzzles are
//!   named once each, with their count.
//!
//! Every entry that is not imported is named on stderr with its reason (an attempt of another
//! kind, a display other than Standard, a row that does not check out). Exit status 2 when the
//! file is neither, or cannot be read.

use super::{Failure, bad_input};
use clap::Args;
use rusqlite::{Connection, OpenFlags};
use slide::play::game::daily::Date;
use slide::play::game::input::Control;
use slide::play::record::cstimer;
use slide::play::record::json::Json;
use slide::play::record::solves::{History, Solve, slides};
use slide::puzzle::board::Board;
use slide::puzzle::notation::{parse_board, parse_moves};
use slide::puzzle::position::Position;
use std::path::{Path, PathBuf};

#[derive(Args)]
pub(crate) struct ImportArgs {
    /// Slidysim's solves database (solves.db) or csTimer's JSON export
    pub(crate) file: PathBuf,
    /// Where to write Slide's history file (default: stdout)
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
}

/// The first bytes of every SQLite database.
const SQLITE: &[u8] = b"SQLite format 3\0";

pub(crate) fn run_import(args: ImportArgs) -> Result<u8, Failure> {
    let name = args.file.display().to_string();
    let head = head(&args.file).map_err(|e| bad_input(format!("cannot read {name}: {e}")))?;
    let history = if head.starts_with(SQLITE) {
        slidysim(&args.file, &name)?
    } else if cstimer::starts_export(head.trim_ascii_start()) == Some(true) {
        cstimer(&args.file, &name)?
    } else {
        return Err(bad_input(format!(
            "{name} is neither Slidysim's solves database (SQLite) nor csTimer's export (JSON)"
        )));
    };
    let text = format!("{}\n", history.to_json());
    match &args.output {
        Some(out) => std::fs::write(out, text)
            .map_err(|e| bad_input(format!("cannot write {}: {e}", out.display())))?,
        None => say!("{}", text.trim_end()),
    }
    Ok(0)
}

/// The file's first bytes, enough to tell what it is (a database may be large).
fn head(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)?.take(64).read_to_end(&mut head)?;
    Ok(head)
}

/// csTimer's export, read as the page reads it.
fn cstimer(path: &Path, name: &str) -> Result<History, Failure> {
    let text =
        std::fs::read_to_string(path).map_err(|e| bad_input(format!("cannot read {name}: {e}")))?;
    let value = Json::parse(&text)
        .ok()
        .filter(cstimer::is_cstimer)
        .ok_or_else(|| {
            bad_input(format!(
                "{name} starts like csTimer's export but is not JSON"
            ))
        })?;
    let mut history = History::default();
    let (mut imported, mut left) = (0, 0);
    for read in cstimer::read(&value) {
        match read {
            Ok(solve) => {
                history.add(solve);
                imported += 1;
            }
            Err(unread) => {
                left += 1;
                eprintln!("slide: {name}: {unread}, left out");
            }
        }
    }
    eprintln!("slide: {name}: {imported} solves imported, {left} entries left out");
    Ok(history)
}

/// One single solve as Slidysim keeps it.
struct Single {
    width: i64,
    height: i64,
    /// Milliseconds.
    time: i64,
    /// Single-tile moves × 1000.
    moves: i64,
    scramble: String,
    solution: String,
    controls: String,
    scrambler: String,
    /// Unix milliseconds.
    timestamp: i64,
    /// Milliseconds from the start, one a single-tile move.
    move_times: Vec<i64>,
}

/// Every completed standard single of a Slidysim database; every other entry named on stderr.
fn slidysim(path: &Path, name: &str) -> Result<History, Failure> {
    let db = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| bad_input(format!("cannot open {name}: {e}")))?;
    let unreadable = |e: rusqlite::Error| {
        bad_input(format!(
            "{name} is an SQLite database, but not Slidysim's solves database as this version reads it: {e}"
        ))
    };
    let mut attempts = db
        .prepare(
            "SELECT id, single_start_id, single_end_id, solve_type, display_type, controls, scrambler, \
             completed, timestamp FROM solves ORDER BY id",
        )
        .map_err(unreadable)?;
    let mut single = db
        .prepare(
            "SELECT width, height, time, moves, scramble, solution, move_times_start_id, move_times_end_id \
             FROM single_solves WHERE id = ?1",
        )
        .map_err(unreadable)?;
    let mut times = db
        .prepare("SELECT time FROM move_times WHERE id BETWEEN ?1 AND ?2 ORDER BY id")
        .map_err(unreadable)?;
    let rows = attempts
        .query_map([], |r| {
            let text = |i| r.get::<_, Option<String>>(i).map(Option::unwrap_or_default);
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<i64>>(1)?,
                r.get::<_, Option<i64>>(2)?,
                text(3)?,
                text(4)?,
                text(5)?,
                text(6)?,
                r.get::<_, Option<i64>>(7)?,
                r.get::<_, Option<i64>>(8)?,
            ))
        })
        .map_err(unreadable)?;
    let mut history = History::default();
    let (mut imported, mut left) = (0, 0);
    for row in rows {
        let (solve, start, end, kind, display, controls, scrambler, completed, timestamp) =
            row.map_err(unreadable)?;
        let solve_of = match (kind.as_str(), start, end, completed, timestamp) {
            (kind, ..) if kind != "Standard" => {
                Err(format!("a {kind} attempt (Slide imports single solves)"))
            }
            (.., Some(1), _) if display != "Standard" => Err(format!(
                "played with the display {display:?} (Slide's solves show every tile)"
            )),
            (_, Some(start), Some(end), Some(1), Some(timestamp)) if start == end => {
                read_single(&mut single, &mut times, start)
                    .map_err(|e| {
                        format!("its single solve has a cell Slidysim does not write: {e}")
                    })
                    .and_then(|s| s.ok_or_else(|| "its single solve is missing".to_string()))
                    .and_then(|s| {
                        to_solve(Single {
                            controls,
                            scrambler,
                            timestamp,
                            ..s
                        })
                    })
            }
            (_, Some(start), Some(end), Some(1), _) if start != end => Err(format!(
                "it spans {} single solves, where a standard solve has one",
                end - start + 1
            )),
            (.., Some(1), _) => Err("its single solve or its date is missing".into()),
            _ => Err("not completed".into()),
        };
        match solve_of.map(|s| history.add(s)) {
            Ok(true) => imported += 1,
            Ok(false) => {
                left += 1;
                eprintln!(
                    "slide: {name}: solve {solve}: a second solve at the same millisecond, left out"
                );
            }
            Err(why) => {
                left += 1;
                eprintln!("slide: {name}: solve {solve}: {why}, left out");
            }
        }
    }
    eprintln!("slide: {name}: {imported} solves imported, {left} entries left out");
    Ok(history)
}

/// Single solve `id` with its move times (`None` where the row is missing).
fn read_single(
    single: &mut rusqlite::Statement,
    times: &mut rusqlite::Statement,
    id: i64,
) -> rusqlite::Result<Option<Single>> {
    let row = single.query_row([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, Option<i64>>(6)?,
            r.get::<_, Option<i64>>(7)?,
        ))
    });
    let (width, height, time, moves, scramble, solution, from, to) = match row {
        Ok(row) => row,
        Err(rusqlite::Error::QueryReturnedNoRows) => return Ok(None),
        Err(e) => return Err(e),
    };
    let move_times = match (from, to) {
        (Some(from), Some(to)) => times
            .query_map([from, to], |r| r.get::<_, i64>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?,
        _ => Vec::new(),
    };
    Ok(Some(Single {
        width,
        height,
        time,
        moves,
        scramble,
        solution,
        controls: String::new(),
        scrambler: String::new(),
        timestamp: 0,
        move_times,
    }))
}

/// A Slidysim single as a Slide solve, checked: the scramble a board of its size, the solution
/// solving it, the move count and the move times agreeing with the moves.
fn to_solve(s: Single) -> Result<Solve, String> {
    let board = parse_board(&s.scramble).map_err(|e| format!("its scramble: {e}"))?;
    if (board.width() as i64, board.height() as i64) != (s.width, s.height) {
        return Err(format!("its scramble is not {}x{}", s.width, s.height));
    }
    let goal = Board::blank_last(board.width(), board.height()).map_err(|e| e.to_string())?;
    let start = Position::new(board, goal).map_err(|e| format!("its scramble: {e}"))?;
    let moves = parse_moves(&s.solution).map_err(|e| format!("its solution: {e}"))?;
    let mut end = start.clone();
    if !moves.iter().all(|&m| end.apply(m)) || !end.is_solved() {
        return Err("its solution does not solve its scramble".into());
    }
    if s.moves != 1000 * moves.len() as i64 {
        return Err(format!(
            "it counts {} moves where its solution has {}",
            s.moves as f64 / 1000.0,
            moves.len()
        ));
    }
    if !s.move_times.is_empty() && s.move_times.len() != moves.len() {
        return Err(format!(
            "it has {} move times for {} moves",
            s.move_times.len(),
            moves.len()
        ));
    }
    // As the page's history reader checks them: from 0 on, never going back, none past the time.
    let steady = s.move_times.windows(2).all(|w| w[0] <= w[1]);
    if !steady
        || s.move_times.first().is_some_and(|&t| t < 0)
        || s.move_times.last().is_some_and(|&t| t > s.time)
    {
        return Err("its move times go back, or run outside its time".into());
    }
    if s.time < 0 || s.timestamp <= 0 {
        return Err("its time or its date is out of range".into());
    }
    Ok(Solve {
        id: s.timestamp as u64,
        date: Date::at(s.timestamp as f64, 0),
        start,
        moves: Some(moves.len()),
        slides: Some(slides(&moves)),
        millis: s.time as f64,
        optimal: None,
        best_known: None,
        assisted: false,
        times: s.move_times.iter().map(|&t| t as f64).collect(),
        control: match s.controls.as_str() {
            "Mouse" => Control::Hover,
            "Keyboard" | "Keyboard+macros" => Control::Keys,
            _ => Control::Mixed,
        },
        random_state: s.scrambler == "Random permutation",
    })
}
