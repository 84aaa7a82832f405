//! The tables kept on disk between runs of `slide` (natively): the 7-8 tables take minutes to
//! build, so they are built once into the platform's cache folder and read back in a fraction
//! of a second. A file is trusted only when its size, format, goal and checksum all agree (see
//! [`PatternDb::from_bytes`]); anything else is rebuilt and written again, whole or not at all.

use super::build::Builder;
use super::partition::{NoDatabase, RANKED, Split, placements};
use super::tables::PatternDb;
use crate::puzzle::board::Board;
use std::path::{Path, PathBuf};

/// The environment variable that moves the cache folder.
pub const CACHE_DIR_VARIABLE: &str = "SLIDE_CACHE_DIR";

/// Where tables are kept: `$SLIDE_CACHE_DIR`, else `$XDG_CACHE_HOME/slide`, else
/// `~/.cache/slide`; `None` if none of these is set.
pub fn cache_dir() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    set(CACHE_DIR_VARIABLE)
        .map(PathBuf::from)
        .or_else(|| set("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("slide")))
        .or_else(|| set("HOME").map(|d| PathBuf::from(d).join(".cache").join("slide")))
}

/// The file of `split`'s tables for `goal` in `dir` (see [`PatternDb::file_name`]).
pub fn cache_file(dir: &Path, goal: &Board, split: Split) -> PathBuf {
    dir.join(PatternDb::file_name(goal, split))
}

/// Bytes of the stored form of `split`'s tables for the 4×4 board (the file's exact size).
pub fn stored_bytes(split: Split) -> u64 {
    let groups: &[usize] = match split {
        Split::SevenEight => &[7, 8],
        Split::SixSixThree => &[6, 6, 3],
    };
    let entries = |k: usize| match k >= RANKED {
        true => placements(k, 16).div_ceil(2),
        false => placements(k, 16),
    };
    // Format and goal, each group's size, tiles and entries, checksum.
    let body: usize = groups.iter().map(|&k| 1 + k + entries(k)).sum();
    (16 + 16 + body + 8) as u64
}

/// Memory to have free before building `split`'s tables for the 4×4 board, in bytes: the peak
/// measured (2,315,592 KiB resident for 7-8, 2.1 GB of it the eight-tile search's cells), and
/// room to spare.
pub fn build_bytes(split: Split) -> u64 {
    match split {
        Split::SevenEight => 3_000_000_000,
        Split::SixSixThree => 120_000_000,
    }
}

/// Memory the system can still give, from `/proc/meminfo` (`None` where that is unknown).
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The tables to use for `goal` when none were named: 7-8 on the 4×4 board when a sound-sized
/// file of them is already in `dir`, 6-6-3 otherwise. The 7-8 tables take minutes and 2.2 GiB
/// to build and save some 25 ms a solve, so they are built only when asked for (`slide
/// tables`), never on the way to a first answer.
pub fn auto(goal: &Board, dir: Option<&Path>) -> Split {
    if is_kept(goal, Split::SevenEight, dir) {
        Split::SevenEight
    } else {
        Split::SixSixThree
    }
}

/// Whether `dir` holds a file of `split`'s tables for `goal` of the right size (its contents
/// are checked when it is read).
pub fn is_kept(goal: &Board, split: Split, dir: Option<&Path>) -> bool {
    goal.width() == 4
        && goal.height() == 4
        && dir.is_some_and(|d| {
            std::fs::metadata(cache_file(d, goal, split))
                .is_ok_and(|m| m.len() == stored_bytes(split))
        })
}

/// How [`load_or_build`] got its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this file.
    Loaded(PathBuf),
    /// Built now; `saved` is the file written (`None` if none could be), `damaged` whether a
    /// file was there but failed its checks.
    Built {
        saved: Option<PathBuf>,
        damaged: bool,
    },
}

/// Reads `split`'s tables for `goal` from `dir` if a sound file is there; otherwise builds them
/// (calling `progress` with the fraction done now and then) and writes the file for next time.
/// Errors only when no database fits the goal; a folder that cannot be written is not one.
pub fn load_or_build(
    goal: &Board,
    split: Split,
    dir: Option<&Path>,
    mut progress: impl FnMut(f64),
) -> Result<(PatternDb, Origin), NoDatabase> {
    let file = dir.map(|d| cache_file(d, goal, split));
    let mut damaged = false;
    if let Some(file) = &file
        && let Ok(bytes) = std::fs::read(file)
    {
        match PatternDb::from_bytes(goal, &bytes).filter(|db| db.split() == split) {
            Some(db) => return Ok((db, Origin::Loaded(file.clone()))),
            None => damaged = true,
        }
    }
    let mut builder = Builder::with_split(goal, split)?;
    let db = loop {
        if let Some(db) = builder.step(20_000_000) {
            break db;
        }
        progress(builder.progress());
    };
    let saved = file.filter(|f| save(f, &db.to_bytes()).is_ok());
    Ok((db, Origin::Built { saved, damaged }))
}

/// Writes `bytes` to `file` through a temporary file renamed into place, so a reader never
/// sees half a file (and two writers at once leave one whole one).
fn save(file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let partial = file.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, file))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&partial);
        })
}
