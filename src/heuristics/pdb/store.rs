//! Keeping the tables: a compact stored form (only the placements that exist, a header naming
//! the goal and format, a checksum), and the databases built in this process, so each goal is
//! built once.

use super::build::Builder;
use super::partition::{NoDatabase, RANKED, Split};
use super::partition::{for_each_placement, groups_for, homes, layout, placements};
use super::tables::{Direct, Packed, PatternDb, Table};
use crate::puzzle::board::Board;
use crate::puzzle::random::fnv1a;
use std::sync::{Arc, Mutex};

impl PatternDb {
    /// The stored form's name and version, e.g. `pdb-663-v1` (part of a cache entry's address).
    pub fn format_name(goal: &Board) -> &'static str {
        PatternDb::format_name_of(goal, Split::SixSixThree)
    }

    /// [`PatternDb::format_name`] for the tables of `split`: `pdb-78-v1` for the 7-8 tables.
    pub fn format_name_of(goal: &Board, split: Split) -> &'static str {
        match (goal.width(), split) {
            (5, _) => "pdb-5x5-v1",
            (_, Split::SevenEight) => "pdb-78-v1",
            _ => "pdb-663-v1",
        }
    }

    /// A file name for `split`'s tables for `goal`: the format's name, the board's size and the
    /// goal's tiles in hexadecimal, e.g. `pdb-78-v1-4x4-123456789abcdef0.bin`.
    pub fn file_name(goal: &Board, split: Split) -> String {
        let tiles: String = goal.tiles().iter().map(|t| format!("{t:x}")).collect();
        let (w, h) = (goal.width(), goal.height());
        format!(
            "{}-{w}x{h}-{tiles}.bin",
            PatternDb::format_name_of(goal, split)
        )
    }

    /// The name of the gzipped [`PatternDb::to_download_bytes`] of the standard tables for
    /// `goal`, as `make tables-download` writes it: e.g.
    /// `pdb-663-x1-4x4-123456789abcdef0.bin.gz`.
    pub fn download_name(goal: &Board) -> String {
        let name = PatternDb::file_name(goal, Split::SixSixThree);
        format!("{}.gz", name.replacen("-v1-", "-x1-", 1))
    }

    /// The tables in a compact form for storage: a header naming the goal, then each table's
    /// entries for the placements that exist (5,765,760 of the 16,777,216 indices of a 15-puzzle
    /// six-tile table; the four-bit tables as they are), then a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.stored(false)
    }

    /// [`PatternDb::to_bytes`] for a download: each entry of the byte tables as half its excess
    /// over the group's Manhattan distance (always even), small numbers that compress well:
    /// the 6-6-3 tables gzip to 1.40 MB this way, 3.15 MB plainly. [`PatternDb::from_bytes`]
    /// reads both forms.
    pub fn to_download_bytes(&self) -> Vec<u8> {
        self.stored(true)
    }

    fn stored(&self, excess: bool) -> Vec<u8> {
        let n = self.goal.len();
        let mut out = Vec::with_capacity(self.bytes() * 2 / 3 + 64);
        let format = layout(self.goal.width(), self.split).map_or(&[0; 16], |l| {
            if excess { l.excess_format } else { l.format }
        });
        out.extend_from_slice(format);
        out.extend_from_slice(self.goal.tiles());
        for (tiles, table) in self.groups.iter().zip(&self.tables) {
            out.push(tiles.len() as u8);
            out.extend_from_slice(tiles);
            match table {
                Table::Direct(direct) => for_each_placement(tiles.len(), n, |index| {
                    out.push(match excess {
                        true => direct.half(index as u32),
                        false => direct.read(index as u32),
                    });
                }),
                Table::Packed(packed) => out.extend_from_slice(&packed.nibbles),
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads what [`PatternDb::to_bytes`] or [`PatternDb::to_download_bytes`] wrote, for
    /// `goal`; `None` if the bytes are for another goal or version, or damaged.
    pub fn from_bytes(goal: &Board, bytes: &[u8]) -> Option<PatternDb> {
        let n = goal.len();
        let body_len = bytes.len().checked_sub(8)?;
        let (body, sum) = bytes.split_at(body_len);
        if fnv1a(body).to_le_bytes() != sum {
            return None;
        }
        let (split, excess) = [Split::SixSixThree, Split::SevenEight]
            .into_iter()
            .flat_map(|s| [(s, false), (s, true)])
            .find(|&(s, excess)| {
                layout(goal.width(), s).is_some_and(|l| {
                    body.starts_with(if excess { l.excess_format } else { l.format })
                })
            })?;
        let rest = &body[16..];
        let (tiles, mut rest) = rest.split_at_checked(n)?;
        if tiles != goal.tiles() {
            return None;
        }
        let expected = groups_for(goal, split)?;
        let mut tables = Vec::with_capacity(expected.len());
        for group in &expected {
            let (&k, after) = rest.split_first()?;
            let (listed, after) = after.split_at_checked(k as usize)?;
            if listed != group.as_slice() {
                return None;
            }
            let count = placements(group.len(), n);
            if n == 16 && group.len() >= RANKED {
                let (nibbles, after) = after.split_at_checked(count.div_ceil(2))?;
                let homes = homes(goal, group);
                tables.push(Table::Packed(Packed::new(&homes, nibbles.to_vec())));
                rest = after;
                continue;
            }
            let (values, after) = after.split_at_checked(count)?;
            let mut table = Direct::new(&homes(goal, group), goal.width());
            let mut next = values.iter();
            for_each_placement(group.len(), n, |index| {
                let value = *next.next().unwrap_or(&0);
                match excess {
                    true => table.set_half(index, value),
                    false => table.set(index, value),
                }
            });
            tables.push(Table::Direct(table));
            rest = after;
        }
        rest.is_empty()
            .then(|| PatternDb::assemble(goal, split, expected, tables))
    }
}

/// Databases built so far in this process, most recently used last (each 16 MiB).
static CACHE: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());
/// Databases kept at once: both named goals and one custom goal.
const KEEP: usize = 3;

/// The database for `goal` if it is built already.
pub fn cached(goal: &Board) -> Option<Arc<PatternDb>> {
    let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.iter().find(|db| db.goal() == goal).cloned()
}

/// Keeps a database for later searches (dropping the least recently added beyond three).
pub fn install(db: PatternDb) -> Arc<PatternDb> {
    let db = Arc::new(db);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|d| d.goal() != db.goal());
    cache.push(db.clone());
    if cache.len() > KEEP {
        cache.remove(0);
    }
    db
}

/// Held while a database is built, so threads asking for the same goal build it once.
static BUILDING: Mutex<()> = Mutex::new(());

/// The database for `goal`, built now if need be (under three seconds natively).
pub fn shared(goal: &Board) -> Result<Arc<PatternDb>, NoDatabase> {
    if let Some(db) = cached(goal) {
        return Ok(db);
    }
    let _building = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = cached(goal) {
        return Ok(db);
    }
    Ok(install(Builder::new(goal)?.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_tables_read_back_and_damage_is_noticed() {
        let goal = Board::blank_last(4, 4).unwrap();
        let db = shared(&goal).unwrap();
        let bytes = db.to_bytes();
        let back = PatternDb::from_bytes(&goal, &bytes).unwrap();
        for (a, b) in back.tables.iter().zip(&db.tables) {
            match (a, b) {
                (Table::Direct(a), Table::Direct(b)) => assert!(a.nibbles == b.nibbles),
                _ => panic!("the 6-6-3 tables are direct"),
            }
        }
        let download = db.to_download_bytes();
        let again = PatternDb::from_bytes(&goal, &download).unwrap();
        assert_eq!(again.to_bytes(), bytes);
        assert!(download[16..] != bytes[16..]);
        let mut broken = bytes.clone();
        broken[1000] ^= 1;
        assert!(PatternDb::from_bytes(&goal, &broken).is_none());
        assert!(PatternDb::from_bytes(&Board::blank_first(4, 4).unwrap(), &bytes).is_none());
        assert!(PatternDb::from_bytes(&goal, &bytes[..bytes.len() - 9]).is_none());
    }
}
