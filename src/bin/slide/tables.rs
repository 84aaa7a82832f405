//! The pattern databases as the command line gets them, and `slide tables`.
//!
//! A search that reads pattern databases gets them before its clock starts. On the 4×4 board
//! there are two kinds: the 6-6-3 tables, built in about two seconds in memory, and the 7-8
//! tables, which search some sixteen times fewer nodes but take minutes and 2.2 GiB to build.
//! `--tables auto` reads the 7-8 tables when a file of them is already in the cache folder and
//! builds the 6-6-3 ones otherwise, so that a first solve answers in seconds; `slide tables`
//! builds the 7-8 tables once, with a progress bar, for every later run.

use super::args::{MethodArgs, TablesArgs, goal_for_size};
use super::{Failure, bad_input};
use slide::Board;
use slide::heuristics::Heuristic;
use slide::heuristics::pdb::{self, PatternDb, Split, disk};
use slide::solver::Method;
use std::time::{Duration, Instant};

impl MethodArgs {
    /// Makes ready the pattern databases `--tables` asks for, where the method for `board` reads
    /// them: the 7-8 tables from the cache folder (or built, if asked for by name), the 6-6-3
    /// ones built. `None` when there was nothing to do.
    pub(crate) fn prepare_tables(
        &self,
        board: &Board,
        goal: &Board,
    ) -> Result<Option<Prepared>, Failure> {
        let uses_pdb =
            Method::resolve(&self.options(), board, goal).heuristic == Some(Heuristic::Pdb);
        if !uses_pdb || pdb::unsupported_reason(goal).is_some() {
            return Ok(None);
        }
        let dir = disk::cache_dir();
        let split = match self.tables.as_str() {
            "auto" => disk::auto(goal, dir.as_deref()),
            name => Split::parse(name).unwrap_or_default(),
        };
        if pdb::cached(goal).is_some_and(|db| db.split() == split || goal.width() != 4) {
            return Ok(None);
        }
        let started = Instant::now();
        if split == Split::SixSixThree {
            let db = pdb::install(pdb::Builder::new(goal).map_err(bad_input)?.finish());
            return Ok(Some(Prepared::new(started, &db, "built")));
        }
        let (db, how) = load_or_build(goal, dir.as_deref())?;
        let db = pdb::install(db);
        Ok(Some(Prepared::new(started, &db, how)))
    }
}

/// The 7-8 tables for `goal`: read from `dir`, or built there with a progress bar on stderr.
fn load_or_build(
    goal: &Board,
    dir: Option<&std::path::Path>,
) -> Result<(PatternDb, &'static str), Failure> {
    let mut bar = ProgressBar::new(format!("building the 7-8 pattern databases for {goal}"));
    let (db, origin) = disk::load_or_build(goal, Split::SevenEight, dir, |done| bar.show(done))
        .map_err(bad_input)?;
    let how = match origin {
        disk::Origin::Loaded(_) => "read from disk",
        disk::Origin::Built { saved, damaged } => {
            bar.finish();
            if damaged {
                eprintln!("the stored 7-8 tables were damaged, so they were rebuilt");
            }
            match saved {
                Some(file) => eprintln!("kept in {} for next time", file.display()),
                None => eprintln!(
                    "could not keep them on disk (set {} to a folder that can be written)",
                    disk::CACHE_DIR_VARIABLE
                ),
            }
            "built"
        }
    };
    Ok((db, how))
}

/// Pattern databases made ready before a search (see [`MethodArgs::prepare_tables`]).
pub(crate) struct Prepared {
    pub(crate) millis: f64,
    split: Option<Split>,
    mebibytes: usize,
    how: &'static str,
}

impl Prepared {
    fn new(started: Instant, db: &PatternDb, how: &'static str) -> Prepared {
        Prepared {
            millis: started.elapsed().as_secs_f64() * 1000.0,
            // The 24-puzzle has one split, which needs no name.
            split: (db.goal().width() == 4).then(|| db.split()),
            mebibytes: db.bytes() >> 20,
            how,
        }
    }

    /// Which tables, as `--tables` names them (`663`, `78`; `None` for the 24-puzzle's).
    pub(crate) fn name(&self) -> Option<&'static str> {
        self.split.map(Split::name)
    }

    /// One line: which tables, how they came, and on the 4×4 board with the 6-6-3 tables, how
    /// to have the stronger ones. `6-6-3 pattern databases for …: built in 1843 ms, 16 MiB (…)`.
    pub(crate) fn line(&self, goal: &Board) -> String {
        let name = match self.split {
            Some(Split::SevenEight) => "7-8 ",
            Some(Split::SixSixThree) => "6-6-3 ",
            None => "",
        };
        let mut line = format!(
            "{name}pattern databases for {goal}: {} in {:.0} ms, {} MiB",
            self.how, self.millis, self.mebibytes
        );
        if self.split == Some(Split::SixSixThree) {
            line.push_str(&format!(
                " (`slide tables{}` builds the stronger 7-8 ones, once)",
                goal_option(goal)
            ));
        }
        line
    }
}

/// The `--goal` that names `goal` on a command line (nothing for the default goal).
fn goal_option(goal: &Board) -> String {
    match slide::Goal::named(goal) {
        slide::Goal::BlankLast => String::new(),
        slide::Goal::BlankFirst => " --goal blank-first".into(),
        custom => format!(" --goal \"{custom}\""),
    }
}

/// `slide tables`: the 7-8 tables for a goal of the 4×4 board, built into the cache folder
/// unless they are there already; or, with `--list`, what the folder holds.
pub(crate) fn run_tables(args: TablesArgs) -> Result<u8, Failure> {
    let goal = goal_for_size(&args.goal, 4, 4)?;
    let Some(dir) = disk::cache_dir() else {
        return Err(bad_input(format!(
            "no folder to keep the tables in: set {} (or HOME)",
            disk::CACHE_DIR_VARIABLE
        )));
    };
    let file = disk::cache_file(&dir, &goal, Split::SevenEight);
    if args.list {
        say!("pattern databases are kept in {}", dir.display());
        for goal in [Board::blank_last(4, 4), Board::blank_first(4, 4)]
            .into_iter()
            .flatten()
        {
            let kept = disk::is_kept(&goal, Split::SevenEight, Some(&dir));
            say!(
                "7-8 tables for {goal}: {}",
                if kept { "kept" } else { "not built" }
            );
        }
        return Ok(0);
    }
    if disk::is_kept(&goal, Split::SevenEight, Some(&dir)) {
        // A file of the right size is read and checked, and rebuilt if it fails the check.
        let (_, how) = load_or_build(&goal, Some(&dir))?;
        say!("7-8 tables for {goal}: {how}, kept in {}", file.display());
        return Ok(0);
    }
    let need = disk::build_bytes(Split::SevenEight);
    if let Some(free) = disk::available_memory().filter(|&free| free < need) {
        return Err(Failure {
            code: 3,
            message: format!(
                "building the 7-8 tables needs about {:.1} GB of free memory, and this machine has {:.1} GB free; the 6-6-3 tables (--tables 663) need 0.1 GB",
                need as f64 / 1e9,
                free as f64 / 1e9
            ),
        });
    }
    let started = Instant::now();
    let (_, how) = load_or_build(&goal, Some(&dir))?;
    say!(
        "7-8 tables for {goal}: {how} in {}; every solve of a 4×4 board toward it now reads them (--tables auto)",
        clock(started.elapsed())
    );
    Ok(0)
}

/// A progress bar on stderr, redrawn when the percentage changes: `[#####·····] 50%, 3:20 left`.
struct ProgressBar {
    what: String,
    started: Instant,
    shown: Option<u32>,
}

impl ProgressBar {
    const WIDTH: usize = 30;

    fn new(what: String) -> ProgressBar {
        ProgressBar {
            what,
            started: Instant::now(),
            shown: None,
        }
    }

    fn show(&mut self, done: f64) {
        let done = done.clamp(0.0, 1.0);
        let percent = (done * 100.0) as u32;
        if self.shown == Some(percent) {
            return;
        }
        self.shown = Some(percent);
        let filled = (done * Self::WIDTH as f64) as usize;
        let left = if done > 0.01 {
            let spent = self.started.elapsed().as_secs_f64();
            format!(
                ", {} left",
                clock(Duration::from_secs_f64(spent / done - spent))
            )
        } else {
            String::new()
        };
        eprint!(
            "\r{}: [{}{}] {percent}%{left}   ",
            self.what,
            "#".repeat(filled),
            "·".repeat(Self::WIDTH - filled)
        );
    }

    /// Ends the bar's line, if one was drawn.
    fn finish(&mut self) {
        if self.shown.take().is_some() {
            eprintln!();
        }
    }
}

/// `6:52` (minutes and seconds), or `1.8 s` under a minute.
fn clock(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{}:{:02}", (s / 60.0) as u64, (s % 60.0) as u64)
    }
}
