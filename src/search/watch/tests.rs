use super::*;
use crate::puzzle::goal::Goal;
use crate::puzzle::notation::parse_board;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{random_solvable, random_walk};

fn watch(board: &str, watched: Watched, heuristic: Heuristic) -> Watch {
    let position = Position::toward(parse_board(board).unwrap(), &Goal::BlankLast).unwrap();
    Watch::new(&position, watched, heuristic, u64::MAX, 31).unwrap()
}

/// The most moves a board of this size needs (`solver::diameter`'s, for these sizes).
fn diameter(width: usize, height: usize) -> Option<u32> {
    match (width.min(height), width.max(height)) {
        (2, 3) => Some(21),
        (3, 3) => Some(31),
        _ => None,
    }
}

/// Boards of every kind the tests watch: a few random walks from the goal and a uniform draw.
fn boards() -> Vec<Position> {
    let goal = Board::blank_last(3, 3).unwrap();
    let mut rng = Rng::seeded(71);
    let mut boards: Vec<Board> = [6, 11, 16]
        .map(|n| random_walk(&goal, n, &mut rng).0)
        .into();
    boards.push(
        random_solvable(&goal, Default::default(), &mut rng)
            .unwrap()
            .into_board(),
    );
    let two_by_three = Board::blank_last(3, 2).unwrap();
    boards.push(random_walk(&two_by_three, 9, &mut rng).0);
    (boards.into_iter())
        .map(|b| Position::toward(b, &Goal::BlankLast).unwrap())
        .collect()
}

#[test]
fn a_board_too_large_or_out_of_reach_cannot_be_watched() {
    let five = Position::solved(Board::blank_last(5, 5).unwrap());
    let a_star = |p: &Position| Watch::new(p, Watched::AStar, Heuristic::Manhattan, 100, 31);
    assert_eq!(a_star(&five).err(), Some(WatchError::TooLarge));
    let loyd = Position::toward(
        parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0").unwrap(),
        &Goal::BlankLast,
    )
    .unwrap();
    assert_eq!(a_star(&loyd).err(), Some(WatchError::Unsolvable));
    let start = Position::toward(parse_board("1 2 3/4 5 6/7 0 8").unwrap(), &Goal::BlankLast);
    let pdb = Watch::new(&start.unwrap(), Watched::IdaStar, Heuristic::Pdb, 100, 31);
    assert_eq!(pdb.err(), Some(WatchError::PatternDatabases));
}

#[test]
fn the_first_step_of_a_star_expands_the_start_with_g_0_and_h_21() {
    let mut w = watch("8 6 7/2 5 4/3 0 1", Watched::AStar, Heuristic::Manhattan);
    let first = w.step().unwrap();
    assert_eq!(w.board(first.key).to_string(), "8 6 7/2 5 4/3 0 1");
    assert_eq!((first.g, first.h, first.f), (0, Some(21), Some(21)));
    // Three boards one move away, all new, with g 1.
    assert_eq!((first.open, first.closed, first.goal), (3, 1, false));
    let s = w.snapshot();
    assert_eq!(s.children.len(), 3);
    assert!(
        s.children
            .iter()
            .all(|c| c.fate == Fate::Opened && c.g == 1)
    );
}

#[test]
fn watching_to_the_end_is_searching_node_for_node() {
    // Each search, watched to the end, takes one step an expansion the search itself counts,
    // run alone, and one for the goal, and ends on the goal at the search's own length.
    use crate::search::astar::{BestFirst, Priority};
    use crate::search::{Outcome, Step, bfs::Bfs, dfs::Dfs, idastar::IdaStar};
    for position in boards() {
        let (start, goal) = (position.board(), position.goal());
        let estimator = Estimator::new(Heuristic::LinearConflict, goal).unwrap();
        let limit = crate::search::watch::tests::diameter(start.width(), start.height()).unwrap();
        let searches: [(Watched, Box<dyn Step>); 5] = [
            (
                Watched::AStar,
                Box::new(BestFirst::<u64>::new(
                    start,
                    goal,
                    estimator.clone(),
                    Priority::ASTAR,
                    u64::MAX,
                )),
            ),
            (
                Watched::Greedy,
                Box::new(BestFirst::<u64>::new(
                    start,
                    goal,
                    estimator.clone(),
                    Priority::GREEDY,
                    u64::MAX,
                )),
            ),
            (
                Watched::IdaStar,
                Box::new(IdaStar::<u64, Estimator>::new(
                    start,
                    goal,
                    estimator.clone(),
                    u64::MAX,
                )),
            ),
            (
                Watched::BreadthFirst,
                Box::new(Bfs::<u64>::new(start, goal, u64::MAX)),
            ),
            (
                Watched::DepthFirst,
                Box::new(Dfs::<u64>::new(start, goal, limit, u64::MAX)),
            ),
        ];
        for (watched, mut search) in searches {
            let length = loop {
                match search.step(1 << 20) {
                    None => continue,
                    Some(Outcome::Found(moves)) => break moves.len() as u32,
                    Some(other) => panic!("{watched:?}: {other:?}"),
                }
            };
            let heuristic = Heuristic::LinearConflict;
            let mut w = Watch::new(&position, watched, heuristic, u64::MAX, limit).unwrap();
            let mut last = None;
            while let Some(e) = w.step() {
                last = Some(e);
            }
            let last = last.unwrap();
            assert_eq!(w.ended(), Some(Ok(())));
            assert!(last.goal, "{watched:?} ends on the goal");
            assert_eq!(w.board(last.key), *goal);
            assert_eq!(last.g, length, "{watched:?} on {start}");
            assert_eq!(w.snapshot().solution, Some(length));
            assert_eq!(
                last.step,
                search.counters().expanded + 1,
                "{watched:?} on {start}: every expansion, then the goal"
            );
        }
    }
}

#[test]
fn each_snapshot_holds_what_the_step_says_and_its_open_list_is_the_order_of_the_next_steps() {
    for position in boards() {
        for watched in Watched::ALL {
            let limit =
                crate::search::watch::tests::diameter(position.width(), position.height()).unwrap();
            let mut w =
                Watch::new(&position, watched, Heuristic::Manhattan, u64::MAX, limit).unwrap();
            let mut before = w.snapshot();
            assert_eq!(before.open.len(), 1, "the start, first in line");
            for _ in 0..200 {
                let Some(e) = w.step() else { break };
                let s = w.snapshot();
                let tree = &s.tree;
                let current = s.current.map(|c| tree[c as usize]).unwrap();
                assert_eq!((current.key, current.g), (e.key, e.g), "{watched:?}");
                assert_eq!(
                    (s.open.len(), s.closed.len()),
                    (e.open, e.closed),
                    "{watched:?}"
                );
                if watched.estimates() {
                    assert_eq!((Some(current.h), Some(current.f)), (e.h, e.f));
                }
                // The board taken was the first in line, unless IDA* began again at the start.
                let again = s.raised_from.is_some();
                if !again {
                    let first = before.open.first().map(|&i| before.tree[i as usize].key);
                    assert_eq!(first, Some(e.key), "{watched:?} step {}", e.step);
                } else {
                    assert_eq!(
                        (e.g, tree.len() - 1, before.open.len()),
                        (0, s.open.len(), 0)
                    );
                }
                assert_tree(&s, watched);
                before = s;
            }
        }
    }
}

/// A tree whose boards each lead back to the start, a move nearer it at each parent (a parent
/// may come after its board, which a shorter path found later gave it), with one board current
/// and the open list's boards open.
fn assert_tree(s: &Snapshot, watched: Watched) {
    let tree = &s.tree;
    for node in tree {
        let mut at = *node;
        while let Some(p) = at.parent {
            assert_eq!(tree[p as usize].g + 1, at.g, "{watched:?}");
            at = tree[p as usize];
        }
        assert_eq!(at.g, 0);
        if watched.estimates() {
            let f = if watched == Watched::Greedy {
                node.h
            } else {
                node.g + node.h
            };
            assert_eq!(node.f, f);
        }
    }
    let current = tree
        .iter()
        .filter(|n| n.state == NodeState::Current)
        .count();
    assert_eq!(current, 1, "{watched:?}");
    assert!(
        s.open
            .iter()
            .all(|&i| tree[i as usize].state == NodeState::Open)
    );
    let mut listed = s.open.clone();
    listed.sort_unstable();
    listed.dedup();
    assert_eq!(listed.len(), s.open.len(), "each board once");
}

#[test]
fn ida_star_raises_its_bound_to_the_least_f_that_went_over_it() {
    // 8 6 7/2 5 4/3 0 1 needs 31 moves; Manhattan says 21: the bound rises in steps of two.
    let mut w = watch("8 6 7/2 5 4/3 0 1", Watched::IdaStar, Heuristic::Manhattan);
    let mut bounds = vec![];
    let mut over = vec![];
    while let Some(e) = w.step() {
        let s = w.snapshot();
        if let Some(from) = s.raised_from {
            // The new bound is the least f cut off in the iteration before.
            assert_eq!(Some(e.bound.unwrap()), over.iter().copied().min());
            assert_eq!(from, *bounds.last().unwrap());
            over.clear();
        }
        if bounds.last() != e.bound.as_ref() {
            bounds.push(e.bound.unwrap());
        }
        over.extend(
            s.children
                .iter()
                .filter(|c| c.fate == Fate::OverBound)
                .map(|c| c.f),
        );
        if e.step > 2_000_000 {
            break;
        }
    }
    assert_eq!(bounds, [21, 23, 25, 27, 29, 31]);
}

#[test]
fn breadth_first_search_shows_the_goal_first_in_line_then_takes_it() {
    let mut w = watch(
        "1 2 3/4 5 6/7 0 8",
        Watched::BreadthFirst,
        Heuristic::Manhattan,
    );
    let first = w.step().unwrap();
    // Up is off the board; Down is new; Left is the goal: generated, the search stops there.
    assert_eq!((first.g, first.open, first.goal), (0, 2, false));
    let s = w.snapshot();
    let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
    assert_eq!(w.board(s.tree[s.open[0] as usize].key), goal);
    let last = w.step().unwrap();
    assert_eq!((last.g, last.open, last.closed, last.goal), (1, 1, 1, true));
    assert_eq!(w.step(), None);
}

#[test]
fn a_start_that_is_the_goal_is_taken_at_the_first_step() {
    for watched in Watched::ALL {
        let mut w = watch("1 2 3/4 5 6/7 8 0", watched, Heuristic::Hamming);
        let e = w.step().unwrap();
        assert!(e.goal && e.g == 0 && e.step == 1, "{watched:?}");
        assert_eq!(w.snapshot().solution, Some(0));
        assert_eq!(w.step(), None);
    }
}
