//! The search tree as the stepper draws it: which boards are drawn and where. Thousands of
//! boards stay readable because what is far from the board taken is folded: drawn are the path
//! from the start to it and the boards beside that path, its own boards below it, and the next
//! few boards in line with their paths; each board with boards folded away below it gets one
//! mark saying how many. Every board stays in the page's lists either way. A* and greedy may
//! give an open board a new parent, found later, so a parent may come after its board in the
//! tree's order: the layout follows the parents, not the order.

use crate::search::watch::Snapshot;

/// How many of the boards first in line are drawn, with their paths.
const NEXT_IN_LINE: usize = 3;

/// What a place in the drawing holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drawn {
    /// A board: its index in the tree.
    Board(u32),
    /// Boards folded away below the board above: how many.
    Folded(u32),
}

/// One place in the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub drawn: Drawn,
    /// Its column (a leaf a column; a board with boards below it centred over them).
    pub x: f32,
    /// Its row: moves from the start.
    pub row: u32,
    /// The place of the board above it, an index into [`Drawing::placed`].
    pub parent: Option<usize>,
}

/// The tree laid out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    pub placed: Vec<Placed>,
    /// Columns and rows taken.
    pub columns: f32,
    pub rows: u32,
    /// The place of the board taken last.
    pub focus: Option<usize>,
}

impl Drawing {
    /// The tree of `snapshot` laid out, with what is far from the board taken folded away
    /// (`fold`), or every board drawn.
    pub fn of(snapshot: &Snapshot, fold: bool) -> Drawing {
        let tree = &snapshot.tree;
        let n = tree.len();
        // A parent may come after its board in the tree (a shorter path found later).
        let parent = |i: usize| {
            tree[i]
                .parent
                .filter(|&p| (p as usize) < n && p as usize != i)
        };
        let mut below: Vec<Vec<u32>> = vec![Vec::new(); n];
        for i in 0..n {
            if let Some(p) = parent(i) {
                below[p as usize].push(i as u32);
            }
        }
        let shown = match fold {
            true => near(snapshot, &below),
            false => vec![true; n],
        };
        // Boards in each subtree, counted from the leaves up, in the reverse of a walk down.
        let mut walk: Vec<u32> = (0..n as u32)
            .filter(|&i| parent(i as usize).is_none())
            .collect();
        let mut i = 0;
        while let Some(&node) = walk.get(i) {
            walk.extend(&below[node as usize]);
            i += 1;
        }
        let mut size = vec![1u32; n];
        for &node in walk.iter().rev() {
            if let Some(p) = parent(node as usize) {
                size[p as usize] += size[node as usize];
            }
        }
        // The places in the order a depth-first walk meets them, each with its children.
        let mut drawing = Drawing::default();
        let mut kids: Vec<Vec<usize>> = Vec::new();
        let mut stack: Vec<(Drawn, u32, Option<usize>)> = (0..n)
            .rev()
            .filter(|&i| parent(i).is_none())
            .map(|i| (Drawn::Board(i as u32), tree[i].g, None))
            .collect();
        while let Some((drawn, row, parent)) = stack.pop() {
            let at = drawing.placed.len();
            drawing.placed.push(Placed {
                drawn,
                x: 0.0,
                row,
                parent,
            });
            drawing.rows = drawing.rows.max(row + 1);
            kids.push(Vec::new());
            if let Some(p) = parent {
                kids[p].push(at);
            }
            let Drawn::Board(b) = drawn else { continue };
            if snapshot.current == Some(b) {
                drawing.focus = Some(at);
            }
            let children = &below[b as usize];
            let folded: u32 = (children.iter())
                .filter(|&&c| !shown[c as usize])
                .map(|&c| size[c as usize])
                .sum();
            if folded > 0 {
                stack.push((Drawn::Folded(folded), row + 1, Some(at)));
            }
            for &c in children.iter().rev().filter(|&&c| shown[c as usize]) {
                stack.push((Drawn::Board(c), tree[c as usize].g, Some(at)));
            }
        }
        // Leaves a column each, left to right; a parent centred over its first and last child.
        for (i, place) in drawing.placed.iter_mut().enumerate() {
            if kids[i].is_empty() {
                place.x = drawing.columns;
                drawing.columns += 1.0;
            }
        }
        for i in (0..drawing.placed.len()).rev() {
            if let (Some(&a), Some(&b)) = (kids[i].first(), kids[i].last()) {
                drawing.placed[i].x = (drawing.placed[a].x + drawing.placed[b].x) / 2.0;
            }
        }
        drawing
    }
}

/// Which boards are drawn when what is far from the board taken is folded: the paths from the
/// start to the board taken and to the next few in line, the boards beside those paths, and
/// the boards below the board taken, two deep.
fn near(snapshot: &Snapshot, below: &[Vec<u32>]) -> Vec<bool> {
    let tree = &snapshot.tree;
    let mut shown = vec![false; tree.len()];
    let path = |from: u32, shown: &mut Vec<bool>| {
        let mut at = Some(from);
        let mut steps = 0;
        while let Some(i) = at.filter(|&i| (i as usize) < tree.len() && steps <= tree.len()) {
            shown[i as usize] = true;
            for &c in &below[i as usize] {
                shown[c as usize] = true;
            }
            at = tree[i as usize].parent;
            steps += 1;
        }
    };
    let targets = snapshot
        .current
        .into_iter()
        .chain(snapshot.open.iter().copied().take(NEXT_IN_LINE));
    for target in targets.collect::<Vec<_>>() {
        path(target, &mut shown);
    }
    if let Some(current) = snapshot.current {
        for &c in below.get(current as usize).into_iter().flatten() {
            for &g in &below[c as usize] {
                shown[g as usize] = true;
            }
        }
    }
    if let Some(root) = shown.first_mut() {
        *root = true;
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::play::worker::protocol::Lessons;
    use crate::solver::Algorithm;

    fn snapshot(algorithm: Algorithm, heuristic: Heuristic, step: u64) -> Snapshot {
        let mut lessons = Lessons::default();
        let lesson = lessons.show(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            algorithm,
            heuristic,
            step,
        );
        lesson.unwrap().snapshot
    }

    /// Every board drawn or counted in a mark once, each place a row below its parent's, and
    /// each parent centred over what is below it.
    fn assert_whole(drawing: &Drawing, s: &Snapshot) {
        let boards = (drawing.placed.iter())
            .filter(|p| matches!(p.drawn, Drawn::Board(_)))
            .count();
        let folded: u32 = (drawing.placed.iter())
            .map(|p| match p.drawn {
                Drawn::Folded(n) => n,
                Drawn::Board(_) => 0,
            })
            .sum();
        assert_eq!(boards + folded as usize, s.tree.len());
        for (i, p) in drawing.placed.iter().enumerate() {
            let Some(parent) = p.parent else { continue };
            assert_eq!(drawing.placed[parent].row + 1, p.row);
            let kids: Vec<f32> = (drawing.placed.iter())
                .filter(|c| c.parent == Some(parent))
                .map(|c| c.x)
                .collect();
            let (lo, hi) = (
                kids.iter().cloned().fold(f32::MAX, f32::min),
                kids.iter().cloned().fold(f32::MIN, f32::max),
            );
            assert!(
                drawing.placed[parent].x >= lo && drawing.placed[parent].x <= hi,
                "place {i}"
            );
        }
        let focus = drawing.focus.map(|f| drawing.placed[f].drawn);
        assert_eq!(focus, s.current.map(Drawn::Board));
    }

    #[test]
    fn unfolded_every_board_is_drawn_once_with_nothing_folded() {
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Greedy,
            Algorithm::IdaStar,
            Algorithm::Bfs,
            Algorithm::Dfs,
        ] {
            let s = snapshot(algorithm, Heuristic::Manhattan, 300);
            let drawing = Drawing::of(&s, false);
            assert_eq!(drawing.placed.len(), s.tree.len(), "{algorithm:?}");
            assert_whole(&drawing, &s);
        }
    }

    #[test]
    fn thousands_of_boards_fold_to_the_path_and_whats_near_it() {
        // A* by misplaced tiles at step 3000: thousands of boards, a hundred or so drawn.
        let s = snapshot(Algorithm::AStar, Heuristic::Hamming, 3000);
        assert!(s.tree.len() > 4000, "{}", s.tree.len());
        let drawing = Drawing::of(&s, true);
        assert!(
            drawing.placed.len() < 200,
            "{} places",
            drawing.placed.len()
        );
        assert_whole(&drawing, &s);
        // The board taken, its path from the start, and the next in line are drawn.
        let drawn = |b: u32| drawing.placed.iter().any(|p| p.drawn == Drawn::Board(b));
        let mut at = s.current;
        while let Some(b) = at {
            assert!(drawn(b));
            at = s.tree[b as usize].parent;
        }
        assert!(s.open.iter().take(NEXT_IN_LINE).all(|&b| drawn(b)));
    }
}
