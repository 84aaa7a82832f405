//! What to solve with: the [`Algorithm`]s, the [`Options`] a caller gives, and the [`Method`] they
//! resolve to on a board (what `auto` picks, by measurement), with the budgets and bounds that go
//! with them. Plain data and decisions; nothing here runs a search.

use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use std::fmt;

/// Node budget of the searches that keep what they explore, for a board of `squares` squares:
/// about 1 GB of memory whatever the size (a stored node of a 10×10 board is five times one of
/// a 3×3 board, so large boards get fewer).
pub fn default_max_nodes(squares: usize) -> u64 {
    match squares {
        0..=16 => 10_000_000,
        17..=25 => 6_000_000,
        _ => 2_000_000,
    }
}
/// Nodes an anytime search spends unless told otherwise: under a second on the 24-puzzle
/// natively and in a browser, enough for 1.2 times the shortest at worst on Korf's 50.
pub const ANYTIME_MAX_NODES: u64 = 10_000_000;

/// Weight of weighted A* unless told otherwise.
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// A search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// The fastest method for the board's size (see [`Method::auto`]).
    #[default]
    Auto,
    /// A*: f = depth + h.
    AStar,
    /// Iterative-deepening A*.
    IdaStar,
    /// Breadth-first search.
    Bfs,
    /// Depth-first search, depth-limited.
    Dfs,
    /// Greedy best-first search: f = h.
    Greedy,
    /// Weighted A*: f = depth + w·h.
    Weighted,
    /// Rows and columns one at a time, the last 3×3 corner optimally, then the path shortened
    /// (see [`crate::solver::rows_and_columns`]): any size in milliseconds, not optimal.
    Reduction,
    /// Weighted IDA* with a falling weight: a quick answer, then shorter ones while the budget
    /// lasts, each with a proven bound (see [`crate::search::anytime`]).
    Anytime,
    /// Rows and columns' answer at once, then a shorter one: each line placed by a bounded
    /// search over its tiles and the blank together, then shortened (see
    /// [`crate::solver::fringe`]). Any size in well under a second, not optimal.
    Fringe,
}

impl Algorithm {
    /// Every algorithm, `auto` first.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::Auto,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Greedy,
        Algorithm::Weighted,
        Algorithm::Reduction,
        Algorithm::Anytime,
        Algorithm::Fringe,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Greedy => "greedy",
            Algorithm::Weighted => "weighted",
            Algorithm::Reduction => "reduction",
            Algorithm::Anytime => "anytime",
            Algorithm::Fringe => "fringe",
        }
    }

    /// The algorithm of a name.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Its names for people, the one place they are written: in a picker or a table
    /// (`Greedy best-first`), and within a sentence (`greedy best-first search`).
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Algorithm::Auto => ("Fastest for this size", "the fastest method for the size"),
            Algorithm::AStar => ("A*", "A*"),
            Algorithm::IdaStar => ("IDA*", "IDA*"),
            Algorithm::Bfs => ("Breadth-first search", "breadth-first search"),
            Algorithm::Dfs => (
                "Depth-first search (depth-limited)",
                "depth-first search, depth-limited",
            ),
            Algorithm::Greedy => ("Greedy best-first", "greedy best-first search"),
            Algorithm::Weighted => ("Weighted A*", "weighted A*"),
            Algorithm::Reduction => ("Rows and columns", "rows and columns, then shortened"),
            Algorithm::Anytime => ("Anytime weighted IDA*", "anytime weighted IDA*"),
            Algorithm::Fringe => ("Line by line", "line by line, then shortened"),
        }
    }

    /// Whether it uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        !matches!(
            self,
            Algorithm::Bfs | Algorithm::Dfs | Algorithm::Reduction | Algorithm::Fringe
        )
    }

    /// Whether it improves its answer while it runs, so that a time ([`Options::seconds`])
    /// means something to it.
    pub fn improves(self) -> bool {
        matches!(self, Algorithm::Anytime | Algorithm::Fringe)
    }

    /// Whether it keeps every explored node in memory (and so needs a node budget).
    pub fn keeps_nodes(self) -> bool {
        !matches!(
            self,
            Algorithm::IdaStar | Algorithm::Reduction | Algorithm::Anytime | Algorithm::Fringe
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to solve with; every field has a sensible default.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The search.
    pub algorithm: Algorithm,
    /// The estimate; `None` picks the algorithm's usual one.
    pub heuristic: Option<Heuristic>,
    /// w of weighted A* (at least 1).
    pub weight: f64,
    /// Depth limit of DFS; `None` picks the board's diameter where it is known.
    pub depth_limit: Option<u32>,
    /// Threads for IDA* (natively; the browser's worker has one). Node counts of the last
    /// iteration then vary from run to run.
    pub threads: usize,
    /// Most nodes to expand; `None` is [`default_max_nodes`] for searches that keep nodes and no
    /// limit for IDA*, whose memory does not grow.
    pub max_nodes: Option<u64>,
    /// Most bytes a search that keeps its nodes (A*, weighted A*, greedy, BFS) may hold; `None`
    /// is [`crate::search::memory_limit`]. A search that would need more ends with
    /// [`crate::solver::Ending::MemoryExhausted`].
    pub max_memory: Option<u64>,
    /// Seconds of wall time an anytime search (anytime IDA*, and line by line search, which
    /// then goes on with ever wider beams over the whole board) keeps improving its answer,
    /// ending sooner once it is proven shortest; its node budget is then unlimited unless
    /// `max_nodes` says otherwise. `None`: the anytime searches stop at their node budgets, about
    /// a second. Other searches ignore it: their first answer is their last.
    pub seconds: Option<f64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::Auto,
            heuristic: None,
            weight: DEFAULT_WEIGHT,
            depth_limit: None,
            max_nodes: None,
            max_memory: None,
            threads: 1,
            seconds: None,
        }
    }
}

impl Options {
    /// Options for one algorithm and heuristic, defaults elsewhere.
    pub fn with(algorithm: Algorithm, heuristic: Heuristic) -> Options {
        Options {
            algorithm,
            heuristic: Some(heuristic),
            ..Options::default()
        }
    }
}

/// An algorithm with its heuristic: as asked for (`auto`, or no heuristic for the algorithm's
/// usual one; the default is `auto`), or once [resolved](Method::resolve), what actually runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Method {
    /// Never [`Algorithm::Auto`].
    pub algorithm: Algorithm,
    /// `None` for BFS and DFS, which use none.
    pub heuristic: Option<Heuristic>,
}

impl Method {
    /// The method `auto` stands for on a board of `squares` squares, chosen by measurement (see
    /// docs/solver.md): A* with depth + Manhattan where the whole space is small (up to 3×3 and 2×4),
    /// IDA* with pattern databases on the 15-puzzle (linear conflict on the other boards of 10
    /// to 16 squares), weighted A* up to 24 squares (in a few milliseconds), anytime weighted
    /// IDA* with pattern databases on the 24-puzzle (at worst 1.2 times the shortest on Korf's
    /// 50, in under a second), and beyond, rows and columns' answer at once, then line by line
    /// search's shorter ones (shells and a 7×7 corner beyond 7×7: 10×10 in about 1.6 seconds).
    pub fn auto(squares: usize) -> Method {
        let (algorithm, heuristic) = match squares {
            0..=9 => (Algorithm::AStar, Heuristic::Manhattan),
            10..=15 => (Algorithm::IdaStar, Heuristic::LinearConflict),
            16 => (Algorithm::IdaStar, Heuristic::Pdb),
            17..=24 => (Algorithm::Weighted, Heuristic::LinearConflict),
            25 => (Algorithm::Anytime, Heuristic::Pdb),
            _ => {
                return Method {
                    algorithm: Algorithm::Fringe,
                    heuristic: None,
                };
            }
        };
        Method {
            algorithm,
            heuristic: Some(heuristic),
        }
    }

    /// [`Method::auto`] for this board and goal: pattern databases only where they fit (the
    /// 4×4 board, its goal's blank in a corner), linear conflict elsewhere; and where the board
    /// is beyond what that method answers within the browser's budgets (a long thin board:
    /// [`Method::offered_for`]), line by line search, which answers on any board toward any
    /// goal (one whose blank is not in a corner by way of one).
    pub fn auto_for(start: &Board, goal: &Board) -> Method {
        let mut method = Method::auto(start.len());
        // Long thin boards (2×9, 3×7, 2×10) defeat weighted A*'s budget; line by line search does
        // not, and answers 14-20 % shorter than rows and columns (8 random boards of each).
        if method.algorithm == Algorithm::Weighted && start.width().min(start.height()) < 4 {
            method = Method {
                algorithm: Algorithm::Fringe,
                heuristic: None,
            };
        }
        if method.heuristic == Some(Heuristic::Pdb)
            && crate::heuristics::pdb::unsupported_reason(goal).is_some()
        {
            method.heuristic = Some(Heuristic::LinearConflict);
            // Without the tables, weighted A*'s single answer beats anytime search's first ones.
            if method.algorithm == Algorithm::Anytime {
                method.algorithm = Algorithm::Weighted;
            }
        }
        // 2×6 to 2×8 defeat IDA*'s budget (or all but: 361 M nodes of its 1 G on a 2×6), 6×4
        // weighted A*'s (every one of 20 boards).
        if method.offered_for(goal).is_err() {
            method = Method {
                algorithm: Algorithm::Fringe,
                heuristic: None,
            };
        }
        method
    }

    /// The method `options` stand for on `board` with `goal` (resolving `auto` and default
    /// heuristics).
    pub fn resolve(options: &Options, board: &Board, goal: &Board) -> Method {
        if options.algorithm == Algorithm::Auto {
            let auto = Method::auto_for(board, goal);
            return Method {
                heuristic: options.heuristic.or(auto.heuristic),
                ..auto
            };
        }
        let heuristic = options.algorithm.uses_heuristic().then(|| {
            options.heuristic.unwrap_or(match options.algorithm {
                Algorithm::Anytime
                    if crate::heuristics::pdb::unsupported_reason(goal).is_none() =>
                {
                    Heuristic::Pdb
                }
                Algorithm::IdaStar | Algorithm::Weighted | Algorithm::Anytime => {
                    Heuristic::LinearConflict
                }
                _ => Heuristic::Manhattan,
            })
        });
        Method {
            algorithm: options.algorithm,
            heuristic,
        }
    }

    /// Whether this method always returns a shortest solution (all heuristics here are admissible).
    pub fn optimal(self) -> bool {
        matches!(
            self.algorithm,
            Algorithm::AStar | Algorithm::IdaStar | Algorithm::Bfs
        )
    }

    /// Whether the method can run toward `goal` at all: pattern databases are built for the 4×4
    /// and 5×5 boards with the goal's blank in a corner; every other method runs toward any
    /// goal (rows and columns, and line by line search, by way of a corner). The solver asks
    /// before it searches.
    pub fn runs_toward(self, goal: &Board) -> Result<(), Unfit> {
        match self.heuristic {
            Some(Heuristic::Pdb) => match crate::heuristics::pdb::unsupported_reason(goal) {
                Some(reason) => Err(Unfit::Tables(reason)),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Whether the page offers the method toward `goal` (and so on every board of its size): it
    /// runs there ([`Method::runs_toward`]) and answers within the browser's node budgets
    /// (`play::worker::protocol::browser_budget`) on every board of that size, as measured on
    /// random boards of each size (docs/solver.md, "What the picker offers"). `auto` is
    /// offered everywhere. The picker, the page's fallback and learn mode ask this; the
    /// command line, whose budgets are its own, asks only [`Method::runs_toward`].
    pub fn offered_for(self, goal: &Board) -> Result<(), Unfit> {
        self.runs_toward(goal)?;
        let (w, h) = (goal.width(), goal.height());
        let (short, long) = (w.min(h), w.max(h));
        match self.reach() {
            ([], _) => Ok(()),
            (shapes, _) if shapes.iter().any(|&(a, b)| short <= a && long <= b) => Ok(()),
            (_, up_to) => Err(Unfit::Larger { up_to }),
        }
    }

    /// The largest boards (shorter side × longer side, either way round) on which the method
    /// answers every board within the browser's budgets; none: any size. Measured with
    /// `examples/method_reach.rs` on 20 random boards of each size and shape: the most nodes any
    /// of them took is at most a third of the budget there, or the whole space of boards fits
    /// in it. Long thin boards are harder than square ones of as many squares (weighted A*
    /// answers every 4×5 board in 200,000 nodes, and runs out on 9 of 20 boards 2×8). With
    /// them, in words (written out, so that the page carries no code to write them).
    fn reach(self) -> (&'static [(usize, usize)], &'static str) {
        use Algorithm::*;
        use Heuristic::*;
        match (self.algorithm, self.heuristic) {
            (Auto | Reduction | Fringe | Anytime, _) => (&[], ""),
            // Every board of 10 squares fits the budget of nodes kept: 10!/2 = 1,814,400.
            (Bfs, _) | (AStar, Some(Hamming)) => (&[(3, 3), (2, 5)], "3×3 or 2×5"),
            (Dfs, _) => (&[(3, 3), (2, 4)], "3×3 or 2×4"),
            (AStar, _) | (IdaStar, Some(Manhattan | Hamming)) => (&[(3, 4), (2, 5)], "3×4 or 2×5"),
            (IdaStar, _) => (&[(4, 4), (3, 5), (2, 5)], "4×4, 3×5 or 2×5"),
            (Weighted, _) => (&[(5, 5), (3, 6), (2, 7)], "5×5, 3×6 or 2×7"),
            (Greedy, Some(LinearConflict)) => {
                (&[(5, 5), (4, 6), (3, 7), (2, 9)], "5×5, 4×6, 3×7 or 2×9")
            }
            (Greedy, Some(Hamming)) => (&[(4, 5), (2, 8)], "4×5 or 2×8"),
            (Greedy, _) => (&[(5, 5), (4, 6), (3, 7), (2, 8)], "5×5, 4×6, 3×7 or 2×8"),
        }
    }

    /// The methods the page offers, in its picker's order: `auto` first, then those that always
    /// find a shortest solution, then the quicker ones that may not.
    pub const OFFERED: [Method; 16] = {
        use Algorithm::*;
        use Heuristic::*;
        const fn m(algorithm: Algorithm, heuristic: Option<Heuristic>) -> Method {
            Method {
                algorithm,
                heuristic,
            }
        }
        [
            m(Auto, None),
            m(AStar, Some(Manhattan)),
            m(AStar, Some(LinearConflict)),
            m(AStar, Some(Hamming)),
            m(IdaStar, Some(Pdb)),
            m(IdaStar, Some(LinearConflict)),
            m(IdaStar, Some(Manhattan)),
            m(Bfs, None),
            m(Anytime, Some(Pdb)),
            m(Fringe, None),
            m(Reduction, None),
            m(Weighted, Some(LinearConflict)),
            m(Greedy, Some(LinearConflict)),
            m(Greedy, Some(Manhattan)),
            m(Greedy, Some(Hamming)),
            m(Dfs, None),
        ]
    };

    /// The method's name in a picker or a table: `A* with Manhattan distance`, `Breadth-first
    /// search`.
    pub fn label(self) -> String {
        self.with_heuristic(self.algorithm.names().0)
    }

    /// The method's name within a sentence: `greedy best-first search with misplaced tiles
    /// (Hamming)`.
    pub fn description(self) -> String {
        self.with_heuristic(self.algorithm.names().1)
    }

    fn with_heuristic(self, algorithm: &str) -> String {
        match self.heuristic {
            Some(h) => format!("{algorithm} with {}", h.description()),
            None => algorithm.to_string(),
        }
    }

    /// The heuristic's name, or `none`.
    pub fn heuristic_name(self) -> &'static str {
        self.heuristic.map_or("none", Heuristic::name)
    }
}

/// Why the page does not offer a method for a board ([`Method::offered_for`]), or why it
/// cannot run there at all ([`Method::runs_toward`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// Its pattern databases are built for other boards or goals.
    Tables(crate::heuristics::pdb::NoDatabase),
    /// On a board larger than the largest it answers on, `up_to` (`5×5, 3×6 or 2×7`, either
    /// way round), it would run out of the browser's budget on some boards.
    Larger { up_to: &'static str },
}

impl fmt::Display for Unfit {
    /// Where the method works, in words: `pattern databases are built for the 4×4 and 5×5
    /// boards, not 3×3`, `it answers within its budget on boards up to 2×5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfit::Tables(reason) => reason.fmt(f),
            Unfit::Larger { up_to } => {
                write!(f, "it answers within its budget on boards up to {up_to}")
            }
        }
    }
}

/// What an answer promises, as the command line and the page say it: `optimal`, `at most 1.19×
/// the shortest` (a proven bound), or `not guaranteed optimal`.
pub fn promise(optimal: bool, within: Option<f64>) -> String {
    match within {
        _ if optimal => "optimal".to_string(),
        Some(w) if w.is_finite() => format!(
            "at most {}× the shortest",
            crate::puzzle::numbers::decimals(w, 2)
        ),
        _ => "not guaranteed optimal".to_string(),
    }
}

/// The most moves any board of this size needs (its "God's number"), where known: proven by
/// exhaustive search (Korf, 2008, and Brüngger et al. for 4×4). The sizes up to 3×3 are checked
/// again by this crate's own tests.
pub fn diameter(width: usize, height: usize) -> Option<u32> {
    let (a, b) = (width.min(height), width.max(height));
    match (a, b) {
        (2, 2) => Some(6),
        (2, 3) => Some(21),
        (2, 4) => Some(36),
        (2, 5) => Some(55),
        (3, 3) => Some(31),
        (3, 4) => Some(53),
        (4, 4) => Some(80),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reach_says_in_words_the_shapes_it_holds() {
        let heuristics = [None].into_iter().chain(Heuristic::ALL.map(Some));
        for (algorithm, heuristic) in Algorithm::ALL
            .into_iter()
            .flat_map(|a| heuristics.clone().map(move |h| (a, h)))
        {
            let (shapes, words) = Method {
                algorithm,
                heuristic,
            }
            .reach();
            let said: Vec<String> = shapes.iter().map(|(a, b)| format!("{a}×{b}")).collect();
            let written = match said.split_last() {
                None => String::new(),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            };
            assert_eq!(words, written, "{algorithm} {heuristic:?}");
            assert!(shapes.iter().all(|(a, b)| a <= b), "shorter side first");
        }
    }

    #[test]
    fn a_board_is_within_reach_either_way_round() {
        let weighted = Method {
            algorithm: Algorithm::Weighted,
            heuristic: Some(Heuristic::LinearConflict),
        };
        let goal = |w, h| Board::blank_last(w, h).unwrap();
        assert_eq!(weighted.offered_for(&goal(6, 3)), Ok(()));
        assert_eq!(weighted.offered_for(&goal(3, 6)), Ok(()));
        let larger = Err(Unfit::Larger {
            up_to: "5×5, 3×6 or 2×7",
        });
        assert_eq!(weighted.offered_for(&goal(4, 6)), larger);
        assert_eq!(weighted.offered_for(&goal(2, 8)), larger);
        // Fastest for this size answers anywhere; pattern databases run only where built.
        assert_eq!(Method::default().offered_for(&goal(10, 10)), Ok(()));
        let pdb = Method::OFFERED[4];
        assert_eq!(pdb.heuristic, Some(Heuristic::Pdb));
        assert!(matches!(
            pdb.runs_toward(&goal(3, 3)),
            Err(Unfit::Tables(_))
        ));
        assert_eq!(pdb.offered_for(&goal(4, 4)), Ok(()));
        // It runs on 5×5, but does not answer every board there within the budget.
        assert_eq!(pdb.runs_toward(&goal(5, 5)), Ok(()));
        assert!(matches!(
            pdb.offered_for(&goal(5, 5)),
            Err(Unfit::Larger { .. })
        ));
    }
}
