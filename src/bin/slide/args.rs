//! The command line's arguments: what each subcommand takes, and the board and goal they read.

use super::{Failure, bad_input};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use slide::heuristics::Heuristic;
use slide::puzzle::notation::parse_board;
use slide::solver::{Algorithm, Options};
use slide::{Board, Goal};
use std::io::Read;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct MethodArgs {
    /// Search algorithm
    #[arg(long, short, default_value = "auto", value_parser = algorithm_parser())]
    pub(crate) algorithm: Algorithm,
    /// Heuristic (default: manhattan for astar and greedy, linear-conflict for idastar and weighted)
    #[arg(long = "heuristic", short = 'H', value_parser = heuristic_parser())]
    pub(crate) heuristic: Option<Heuristic>,
    /// Goal: blank-last, blank-first, or a board
    #[arg(long, short, default_value = "blank-last")]
    pub(crate) goal: String,
    /// Most nodes to expand (default: about 1 GB worth, 2 to 10 million by size; 9 to 18 million for line by line search on 6x6 and larger; unlimited for idastar)
    #[arg(long)]
    pub(crate) max_nodes: Option<u64>,
    /// Most memory in MB a search that keeps its nodes (astar, weighted, greedy, bfs) may
    /// hold before it stops with a message (default: three quarters of what the system has
    /// free)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_memory: Option<u64>,
    /// Weight w of weighted A* (f = depth + w·h)
    #[arg(long, default_value_t = slide::solver::DEFAULT_WEIGHT)]
    pub(crate) weight: f64,
    /// Depth limit of dfs (default: the board's diameter where known)
    #[arg(long)]
    pub(crate) depth_limit: Option<u32>,
    /// Threads for idastar (and auto where it picks idastar): each iteration's subtrees are
    /// shared out
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) threads: u16,
    /// The 15-puzzle's pattern databases: 663 (6-6-3, 16 MiB, built in about two seconds),
    /// 78 (7-8, 288 MB, some sixteen times fewer nodes; built once in minutes and kept in
    /// $SLIDE_CACHE_DIR or ~/.cache/slide), or auto: 78 when `slide tables` has built them,
    /// 663 otherwise
    #[arg(long, env = "SLIDE_TABLES", default_value = "auto",
          value_parser = PossibleValuesParser::new(["auto", "663", "78"]))]
    pub(crate) tables: String,
    /// Print JSON instead of text
    #[arg(long)]
    pub(crate) json: bool,
}

impl MethodArgs {
    pub(crate) fn options(&self) -> Options {
        Options {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            depth_limit: self.depth_limit,
            max_nodes: self.max_nodes,
            max_memory: self.max_memory.map(|mb| mb.saturating_mul(1 << 20)),
            threads: usize::from(self.threads),
            seconds: None,
        }
    }
}

#[derive(Args)]
pub(crate) struct BoardArgs {
    /// Read the board from a file (board notation or the seed layout format; - for stdin)
    #[arg(long, short)]
    pub(crate) file: Option<PathBuf>,
    /// The board, e.g. "8 6 7/2 5 4/3 0 1" (quotes optional)
    #[arg(num_args = 0.., allow_hyphen_values = false)]
    pub(crate) board: Vec<String>,
}

#[derive(Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) method: MethodArgs,
    /// Keep improving the answer for this many seconds of wall time, where it is not proven
    /// shortest (anytime searches: auto on 5x5 and larger, anytime, fringe), stopping sooner
    /// once it is; without it, the quick answer (about a second)
    #[arg(long)]
    pub(crate) seconds: Option<f64>,
    /// Print each shorter answer's length as it comes, on stderr
    #[arg(long)]
    pub(crate) progress: bool,
    /// Before the usual output, one JSON line per expansion of the search, as learn mode's
    /// stepper shows it: {"step":K,"board":"…","g":G,"h":H,"f":F,"open":N,"closed":N}, with
    /// "bound" for idastar and no h or f for bfs and dfs (astar, greedy, idastar, bfs or dfs with
    /// hamming, manhattan or linear-conflict, on boards up to 4x4)
    #[arg(long)]
    pub(crate) trace: bool,
    #[command(flatten)]
    pub(crate) board: BoardArgs,
}

#[derive(Args)]
pub(crate) struct BenchArgs {
    #[command(flatten)]
    pub(crate) method: MethodArgs,
    /// Only the first N instances
    #[arg(long)]
    pub(crate) first: Option<usize>,
    /// Benchmark file: lines of `id optimal nodes BOARD`
    pub(crate) file: PathBuf,
}

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// Goal: blank-last, blank-first, or a board
    #[arg(long, short, default_value = "blank-last")]
    pub(crate) goal: String,
    #[command(flatten)]
    pub(crate) board: BoardArgs,
}

#[derive(Args)]
pub(crate) struct CheckArgsJson {
    /// Goal: blank-last, blank-first, or a board
    #[arg(long, short, default_value = "blank-last")]
    pub(crate) goal: String,
    /// Print one JSON object per row
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) board: BoardArgs,
}

#[derive(Args)]
pub(crate) struct ScrambleArgs {
    /// Board size, WIDTHxHEIGHT or N
    #[arg(long, short, default_value = "3x3")]
    pub(crate) size: String,
    /// Goal: blank-last, blank-first, or a board
    #[arg(long, short, default_value = "blank-last")]
    pub(crate) goal: String,
    /// Least fraction of tiles out of place (0.8 = most tiles)
    #[arg(long, default_value_t = 0.0)]
    pub(crate) misplaced: f64,
    /// Make this many random moves from the goal instead of a uniform draw
    #[arg(long)]
    pub(crate) walk: Option<usize>,
    /// How many boards
    #[arg(long, short = 'n', default_value_t = 1)]
    pub(crate) count: usize,
    /// Seed, for reproducible boards
    #[arg(long)]
    pub(crate) seed: Option<u64>,
}

pub(crate) fn algorithm_parser() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(Algorithm::ALL.map(Algorithm::name))
        .map(|s| Algorithm::from_name(&s).unwrap_or_default())
}

pub(crate) fn heuristic_parser() -> impl TypedValueParser<Value = Heuristic> {
    PossibleValuesParser::new(Heuristic::ALL.map(Heuristic::name))
        .map(|s| Heuristic::from_name(&s).unwrap_or(Heuristic::Manhattan))
}

pub(crate) const MAX_FILE_BYTES: u64 = 1 << 20;

pub(crate) fn read_board(args: &BoardArgs) -> Result<Board, Failure> {
    let text = match (&args.file, args.board.is_empty()) {
        (Some(_), false) => {
            return Err(bad_input(
                "give the board either as an argument or with --file, not both",
            ));
        }
        (None, true) => {
            return Err(bad_input(
                "no board given: try slide solve \"8 6 7/2 5 4/3 0 1\" or --file PATH",
            ));
        }
        (None, false) => args.board.join(" "),
        (Some(path), true) => {
            let mut text = String::new();
            let read = if path.as_os_str() == "-" {
                std::io::stdin()
                    .take(MAX_FILE_BYTES)
                    .read_to_string(&mut text)
            } else {
                std::fs::File::open(path)
                    .and_then(|f| f.take(MAX_FILE_BYTES).read_to_string(&mut text))
            };
            read.map_err(|e| bad_input(format!("cannot read {}: {e}", path.display())))?;
            text
        }
    };
    parse_board(&text).map_err(bad_input)
}

/// `slide tables`' arguments.
#[derive(Args)]
pub(crate) struct TablesArgs {
    /// Goal of the 4x4 board the tables are for: blank-last, blank-first, or a board
    #[arg(long, short, default_value = "blank-last")]
    pub(crate) goal: String,
    /// Only say where tables are kept and which are there
    #[arg(long)]
    pub(crate) list: bool,
}

/// The goal named by `goal` for a board of `width` × `height`.
pub(crate) fn goal_for_size(goal: &str, width: usize, height: usize) -> Result<Board, Failure> {
    Goal::parse(goal)
        .and_then(|g| g.board(width, height))
        .map_err(bad_input)
}

pub(crate) fn goal_for(goal: &str, board: &Board) -> Result<Board, Failure> {
    Goal::parse(goal)
        .and_then(|g| g.for_board(board))
        .map_err(bad_input)
}

pub(crate) fn parse_size(s: &str) -> Result<(usize, usize), Failure> {
    let bad = || bad_input(format!("\"{s}\" is not a size: write 4x4, 3x5 or 4"));
    let parts: Vec<&str> = s.split(['x', 'X', '×']).collect();
    let num = |p: &str| p.trim().parse::<usize>().map_err(|_| bad());
    let (w, h) = match parts.as_slice() {
        [n] => (num(n)?, num(n)?),
        [w, h] => (num(w)?, num(h)?),
        _ => return Err(bad()),
    };
    slide::puzzle::board::check_size(w, h).map_err(bad_input)?;
    Ok((w, h))
}
