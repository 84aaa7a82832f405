//! `slide import`: a small Slidysim solves database, built here with the tables as Slidysim 28.5
//! lays them out (ids linking a solve to its singles and a single to its move times by ranges),
//! becomes Slide's history file, which the page's reader reads back; every entry left out is
//! named with its reason; so does a csTimer export, whose solves keep no moves; files that are
//! neither exit with status 2.

use slide::play::game::input::Control;
use slide::play::record::solves::History;
use std::path::PathBuf;
use std::process::{Command, Output};

fn slide(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .output()
        .expect("slide runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const SCHEMA: &str = "
CREATE TABLE single_solves(id integer primary key autoincrement, width integer, height integer,time integer,
  moves integer, tps integer, scramble text, solution text,move_times_start_id integer, move_times_end_id integer);
CREATE TABLE solves(id integer primary key autoincrement, single_start_id integer, single_end_id integer,width integer,
  height integer, memo_time integer, time integer, moves integer, tps integer,solve_type text, display_type text,
  controls text, scrambler text,marathon_length integer, num_random_moves integer, custom_difficulty_greater integer,
  custom_difficulty integer, success integer, completed integer, timestamp integer);
CREATE TABLE move_times (id integer primary key autoincrement, time integer);
CREATE TABLE slidysim (key text primary key, value text);
INSERT INTO slidysim VALUES ('version', '28.5');";

/// A single solve as the test writes it, and the attempt that owns it.
struct Row {
    kind: &'static str,
    display: &'static str,
    controls: &'static str,
    scramble: &'static str,
    solution: &'static str,
    /// Single-tile moves (Slidysim keeps them × 1000).
    moves: i64,
    times: &'static [i64],
    completed: i64,
    timestamp: i64,
}

/// A completed standard single of `1 2 3/4 5 6/0 7 8`, played with the mouse.
const ROW: Row = Row {
    kind: "Standard",
    display: "Standard",
    controls: "Mouse",
    scramble: "1 2 3/4 5 6/0 7 8",
    solution: "L2",
    moves: 2,
    times: &[0, 120],
    completed: 1,
    timestamp: 1_666_861_874_297,
};

/// The row's single (with its move times) and the solve that owns it.
fn add(db: &rusqlite::Connection, row: Row) {
    let first: i64 = db
        .query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM move_times", [], |r| {
            r.get(0)
        })
        .unwrap();
    for t in row.times {
        db.execute("INSERT INTO move_times (time) VALUES (?1)", [t])
            .unwrap();
    }
    let last = first + row.times.len() as i64 - 1;
    let time = row.times.last().copied().unwrap_or(0);
    db.execute(
        "INSERT INTO single_solves (width, height, time, moves, tps, scramble, solution, move_times_start_id, move_times_end_id)
         VALUES (3, 3, ?1, ?2, 0, ?3, ?4, ?5, ?6)",
        rusqlite::params![time, row.moves * 1000, row.scramble, row.solution, first, last],
    )
    .unwrap();
    let single = db.last_insert_rowid();
    db.execute(
        "INSERT INTO solves (single_start_id, single_end_id, width, height, time, moves, solve_type, display_type, controls, scrambler, completed, timestamp)
         VALUES (?1, ?1, 3, 3, ?2, ?3, ?4, ?5, ?6, 'Random permutation', ?7, ?8)",
        rusqlite::params![single, time, row.moves * 1000, row.kind, row.display, row.controls, row.completed, row.timestamp],
    )
    .unwrap();
}

#[test]
fn a_slidysim_database_becomes_slides_history_file_and_each_entry_left_out_is_named() {
    let path = scratch("solves.db");
    let _ = std::fs::remove_file(&path);
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute_batch(SCHEMA).unwrap();
    // Two solves: ROW, and a 3×3 played with keys.
    add(&db, ROW);
    let keys = Row {
        controls: "Keyboard",
        scramble: "1 2 0/4 5 3/7 8 6",
        solution: "U2",
        times: &[0, 80],
        timestamp: 1_666_861_999_000,
        ..ROW
    };
    add(&db, keys);
    // Left out: a relay, an unfinished solve, a solution that does not solve its scramble, a
    // count that disagrees with the solution, a display that hides tiles, move times that go
    // back, and a solution that is no text.
    add(
        &db,
        Row {
            kind: "2-N relay",
            timestamp: 1_666_862_000_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            solution: "L",
            moves: 1,
            times: &[0],
            completed: 0,
            timestamp: 1_666_862_100_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            solution: "R2",
            timestamp: 1_666_862_200_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            moves: 3,
            timestamp: 1_666_862_300_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            display: "Minimal",
            timestamp: 1_666_862_400_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            times: &[130, 0],
            timestamp: 1_666_862_500_000,
            ..ROW
        },
    );
    add(
        &db,
        Row {
            timestamp: 1_666_862_600_000,
            ..ROW
        },
    );
    db.execute("UPDATE single_solves SET solution = NULL WHERE id = 9", [])
        .unwrap();
    drop(db);

    let out = scratch("history.json");
    let run = slide(&[
        "import",
        path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{said}");
    for why in [
        "solve 3: a 2-N relay attempt (Slide imports single solves), left out",
        "solve 4: not completed, left out",
        "solve 5: its solution does not solve its scramble, left out",
        "solve 6: it counts 3 moves where its solution has 2, left out",
        "solve 7: played with the display \"Minimal\" (Slide's solves show every tile), left out",
        "solve 8: its move times go back, or run outside its time, left out",
        "solve 9: its single solve has a cell Slidysim does not write",
        "2 solves imported, 7 entries left out",
    ] {
        assert!(said.contains(why), "{why} in {said}");
    }

    // The page's reader reads the file back: the two solves, as played.
    let mut history = History::default();
    let report = history
        .import(&std::fs::read_to_string(&out).unwrap())
        .unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let solves = &history.solves;
    assert_eq!(solves.len(), 2);
    let first = &solves[0];
    assert_eq!(first.id, 1_666_861_874_297);
    assert_eq!(first.date.to_string(), "2022-10-27");
    assert_eq!(first.start.board().to_string(), "1 2 3/4 5 6/0 7 8");
    assert_eq!(first.start.goal().to_string(), "1 2 3/4 5 6/7 8 0");
    assert_eq!(
        (first.moves, first.slides, first.millis),
        (Some(2), Some(1), 120.0)
    );
    assert_eq!(first.times, vec![0.0, 120.0]);
    assert_eq!(first.control, Control::Hover);
    assert!(first.random_state && !first.assisted);
    assert_eq!(solves[1].control, Control::Keys);

    // To stdout without -o: the same file.
    let run = slide(&["import", path.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout).trim(),
        std::fs::read_to_string(&out).unwrap().trim()
    );
}

/// Newer Slidysim versions put a `completed` column among `single_solves`' columns: they are read
/// by name, so the same solve comes out.
#[test]
fn a_newer_database_with_a_column_more_reads_the_same() {
    let path = scratch("newer.db");
    let _ = std::fs::remove_file(&path);
    let db = rusqlite::Connection::open(&path).unwrap();
    let newer = SCHEMA.replace(
        "solution text,move_times_start_id",
        "solution text, completed integer, move_times_start_id",
    );
    assert_ne!(newer, SCHEMA);
    db.execute_batch(&newer).unwrap();
    add(&db, ROW);
    drop(db);
    let run = slide(&["import", path.to_str().unwrap()]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut history = History::default();
    history
        .import(&String::from_utf8_lossy(&run.stdout))
        .unwrap();
    assert_eq!(history.solves.len(), 1);
    assert_eq!(history.solves[0].times, vec![0.0, 120.0]);
}

#[test]
fn a_cstimer_export_becomes_solves_whose_moves_are_not_known() {
    let cstimer = scratch("cstimer.txt");
    std::fs::write(
        &cstimer,
        r#"{"session1":[[[0,12345],"D3 R U2 L","",1700000000],[[-1,9000],"D R","",1700000100]],"session2":[[[0,8000],"R U R' U'","",1700000000]],"properties":{"sessionData":"{\"1\":{\"name\":1,\"opt\":{\"scrType\":\"15prp\"}},\"2\":{\"name\":2}}"}}"#,
    )
    .unwrap();
    let out = scratch("cstimer.json");
    let run = slide(&[
        "import",
        cstimer.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{said}");
    assert_eq!(
        said.lines().collect::<Vec<_>>(),
        [
            format!(
                "slide: {}: session 1, solve 2: a DNF (Slide keeps solved boards only), left out",
                cstimer.display()
            ),
            format!(
                "slide: {}: session 2: 1 solve of another puzzle (csTimer's scramble type 333), left out",
                cstimer.display()
            ),
            format!(
                "slide: {}: 1 solves imported, 2 entries left out",
                cstimer.display()
            ),
        ]
    );
    // Slide's history file, as the page imports it: the time and the board, no moves.
    let mut history = History::default();
    history
        .import(&std::fs::read_to_string(&out).unwrap())
        .unwrap();
    let solve = &history.solves[0];
    // D3 R U2 L from the solved board: 12, 8, 4 down, 3 right, 7 and 11 up, 8 left.
    assert_eq!(
        solve.start.board().to_string(),
        "1 2 7 3/5 6 11 4/9 10 8 0/13 14 15 12"
    );
    assert_eq!(
        (solve.moves, solve.millis, solve.random_state),
        (None, 12_345.0, true)
    );
    assert_eq!(solve.control, Control::Mixed);
}

#[test]
fn files_that_are_neither_exit_with_status_2() {
    let junk = scratch("junk.txt");
    std::fs::write(&junk, "8 6 7/2 5 4/3 0 1\n").unwrap();
    let run = slide(&["import", junk.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(
        said.contains("is neither Slidysim's solves database"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "one line: {said}");

    // An SQLite file without Slidysim's tables.
    let other = scratch("other.db");
    let _ = std::fs::remove_file(&other);
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t(x integer);")
        .unwrap();
    let run = slide(&["import", other.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not Slidysim's solves database"));

    let run = slide(&["import", "/no/such/file.db"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot read /no/such/file.db"));
}
