//! The sets of instances the panel offers, and how several workers take each on.

/// A set of benchmark instances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Set {
    pub name: &'static str,
    pub(super) text: &'static str,
    pub(super) goal: &'static str,
    pub about: &'static str,
    /// How several workers take the set on.
    pub teamwork: Teamwork,
}

/// How several workers take a set on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teamwork {
    /// Each worker solves puzzles of its own, the next one as soon as it is free: for many
    /// small puzzles, where sharing one would cost more in messages than it saves.
    Puzzles,
    /// Each 15-puzzle's IDA* iterations are shared among all (see [`crate::solver::team`]): for
    /// the hardest, whose iterations are long.
    Iterations,
}

/// The sets the panel offers.
pub const SETS: [Set; 3] = [
    Set {
        name: "Korf's 100 fifteen-puzzles",
        text: include_str!("../../../benches/korf100.txt"),
        goal: "blank-last",
        about: "The 100 random 15-puzzles of Korf's 1985 paper, solved optimally by IDA* with pattern databases and checked against their published shortest lengths.",
        teamwork: Teamwork::Puzzles,
    },
    Set {
        name: "Korf's 50 24-puzzles",
        text: include_str!("../../../benches/korf50-24puzzle-blank-first.txt"),
        goal: "blank-first",
        about: "The 50 random 24-puzzles of Korf and Felner (2002), far beyond optimal search in a tab: the anytime search's final answers, compared with the published shortest lengths.",
        teamwork: Teamwork::Puzzles,
    },
    Set {
        name: "80-move 15-puzzles",
        // Two of the seventeen positions that need 80 moves, the 15-puzzle's diameter (the
        // third of `../shared/bench/hardest.txt` needs more nodes than a tab's budget).
        text: "1 80 0 0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1\n2 80 0 0 12 10 13/15 11 14 9/3 7 2 5/4 8 6 1\n",
        goal: "blank-last",
        about: "Two of the hardest 15-puzzles there are, 80 moves each: half a billion nodes or more apiece, tens of seconds.",
        teamwork: Teamwork::Iterations,
    },
];
