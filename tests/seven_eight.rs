//! The 15-puzzle's 7-8 pattern databases: their entries are the abstract space's distances, they
//! never overestimate, the solver with them is optimal on Korf's instances, and the file that
//! keeps them is checked before it is trusted. The tables are built once into `target/` (a few
//! minutes on one core) and read back by later runs.

mod common;

use common::{reaches, tables_dir};
use slide::heuristics::pdb::{self, PatternDb, Split, disk};
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_walk;
use slide::solver::bench::parse_instances;
use slide::solver::{Options, solve};
use slide::{Board, Heuristic};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

/// The 7-8 tables for the blank-last goal, installed for every search in this process.
fn seven_eight() -> Arc<PatternDb> {
    static DB: OnceLock<Arc<PatternDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let goal = Board::blank_last(4, 4).unwrap();
        let (db, _) =
            disk::load_or_build(&goal, Split::SevenEight, Some(&tables_dir()), |_| {}).unwrap();
        assert_eq!(db.split(), Split::SevenEight);
        pdb::install(db)
    })
    .clone()
}

fn korf() -> Vec<slide::solver::bench::Instance> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/korf100.txt"))
        .unwrap();
    parse_instances(&text).unwrap()
}

/// A group's distance in the abstract space, found independently of the builder: a 0-1
/// breadth-first search from the group's tiles on `squares` with the blank anywhere free (moves
/// of other tiles cost nothing) to the tiles at home with the blank on the goal's blank square.
fn abstract_distance(squares: &[u8], homes: &[u8], blank_home: u8) -> u32 {
    let neighbours = |s: u8| {
        let (r, c) = (s / 4, s % 4);
        [
            (r > 0).then(|| s - 4),
            (r < 3).then(|| s + 4),
            (c > 0).then(|| s - 1),
            (c < 3).then(|| s + 1),
        ]
        .into_iter()
        .flatten()
    };
    let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
    let mut deque = VecDeque::new();
    for blank in (0..16).filter(|b| !squares.contains(b)) {
        dist.insert((squares.to_vec(), blank), 0);
        deque.push_back((squares.to_vec(), blank));
    }
    while let Some((tiles, blank)) = deque.pop_front() {
        let d = dist[&(tiles.clone(), blank)];
        if tiles == homes && blank == blank_home {
            return d;
        }
        for next in neighbours(blank) {
            let mut moved = tiles.clone();
            let cost = match moved.iter().position(|&s| s == next) {
                Some(i) => {
                    moved[i] = blank;
                    1
                }
                None => 0,
            };
            let key = (moved, next);
            if dist.get(&key).is_none_or(|&old| old > d + cost) {
                dist.insert(key.clone(), d + cost);
                if cost == 0 {
                    deque.push_front(key);
                } else {
                    deque.push_back(key);
                }
            }
        }
    }
    unreachable!("every placement reaches the goal")
}

#[test]
fn entries_are_the_abstract_distances() {
    let db = seven_eight();
    let goal = db.goal().clone();
    let mut rng = Rng::seeded(78);
    let mut checked = 0;
    for walk in [6, 10, 14, 18] {
        for _ in 0..6 {
            let (board, _) = random_walk(&goal, walk, &mut rng);
            for (g, tiles) in db.groups().iter().enumerate() {
                let squares: Vec<u8> = tiles.iter().map(|&t| board.position_of(t) as u8).collect();
                let homes: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
                let want = abstract_distance(&squares, &homes, goal.blank() as u8);
                assert_eq!(u32::from(db.entry(g, &squares)), want, "{board}, group {g}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 48);
    assert_eq!(db.clamped_entries(), 0, "every excess fits four bits");
}

#[test]
fn estimates_never_exceed_korfs_published_lengths_and_beat_six_six_three() {
    let db = seven_eight();
    let six = pdb::Builder::new(db.goal()).unwrap().finish();
    let (mut strong, mut weak) = (0, 0);
    for inst in korf() {
        let h = db.estimate_board(&inst.board);
        assert!(
            h <= inst.expected,
            "instance {}: {h} > {}",
            inst.id,
            inst.expected
        );
        strong += h;
        weak += six.estimate_board(&inst.board);
    }
    assert!(strong > weak, "7-8 sums {strong}, 6-6-3 {weak}");
}

#[test]
fn korfs_first_ten_at_their_published_lengths() {
    let db = seven_eight();
    let goal = db.goal().clone();
    for inst in korf().iter().take(10) {
        let report = solve(&inst.board, &goal, &Options::default()).unwrap();
        assert_eq!(report.method.heuristic, Some(Heuristic::Pdb));
        let sol = report.solution().unwrap();
        assert_eq!(sol.len() as u32, inst.expected, "instance {}", inst.id);
        assert!(sol.optimal());
        assert!(reaches(&inst.board, &goal, sol.moves()));
    }
}

#[test]
fn a_damaged_or_truncated_file_is_never_trusted() {
    let db = seven_eight();
    let goal = db.goal().clone();
    let file = disk::cache_file(&tables_dir(), &goal, Split::SevenEight);
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(bytes.len() as u64, disk::stored_bytes(Split::SevenEight));
    assert!(PatternDb::from_bytes(&goal, &bytes).is_some());
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x10;
    assert!(PatternDb::from_bytes(&goal, &flipped).is_none());
    assert!(PatternDb::from_bytes(&goal, &bytes[..bytes.len() - 1000]).is_none());
    assert!(PatternDb::from_bytes(&Board::blank_first(4, 4).unwrap(), &bytes).is_none());
}

/// The whole cycle with the 6-6-3 tables, seconds to build: a damaged file, then a truncated
/// one, is noticed, rebuilt and written again whole.
#[test]
fn a_damaged_file_is_rebuilt_and_replaced() {
    let dir = tables_dir().join("rebuild");
    let _ = std::fs::remove_dir_all(&dir);
    let goal = Board::blank_first(4, 4).unwrap();
    let split = Split::SixSixThree;
    let (_, origin) = disk::load_or_build(&goal, split, Some(&dir), |_| {}).unwrap();
    let file = disk::cache_file(&dir, &goal, split);
    let whole = std::fs::read(&file).unwrap();
    assert_eq!(whole.len() as u64, disk::stored_bytes(split));
    let built = disk::Origin::Built {
        saved: Some(file.clone()),
        damaged: false,
    };
    assert_eq!(origin, built);
    let (_, origin) = disk::load_or_build(&goal, split, Some(&dir), |_| {}).unwrap();
    assert_eq!(origin, disk::Origin::Loaded(file.clone()));
    let mut damaged = whole.clone();
    damaged[whole.len() / 3] ^= 1;
    for bad in [damaged, whole[..whole.len() / 2].to_vec()] {
        std::fs::write(&file, &bad).unwrap();
        let (db, origin) = disk::load_or_build(&goal, split, Some(&dir), |_| {}).unwrap();
        let rebuilt = disk::Origin::Built {
            saved: Some(file.clone()),
            damaged: true,
        };
        assert_eq!(origin, rebuilt);
        assert_eq!(db.estimate_board(&goal), 0);
        assert_eq!(std::fs::read(&file).unwrap(), whole);
    }
}
