//! `slide`: solve, check, scramble and benchmark sliding puzzles from the command line.
//!
//! A thin shell over the library: it parses arguments, calls the core and prints. Exit status:
//! 0 solved (or solvable, for `check`), 1 the board cannot reach the goal, 2 bad input (one line on
//! stderr says what), 3 the node budget ran out first, 4 an internal error (a bug; please report).
#![deny(clippy::unwrap_used, clippy::expect_used)]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    /// `println!` that stops at the first line it cannot write, rather than working on for
    /// nobody: quietly when the reader has gone (`slide bench … | head`), with the status a shell
    /// gives a program a closed pipe ends (128 + SIGPIPE); with a message and status 74
    /// (sysexits' I/O error) when the output cannot be written at all (a full disk).
    macro_rules! say {
        ($($arg:tt)*) => {{
            use std::io::Write;
            if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
                if e.kind() == std::io::ErrorKind::BrokenPipe {
                    std::process::exit(141);
                }
                eprintln!("slide: cannot write the output: {e}");
                std::process::exit(74);
            }
        }};
    }

    use clap::builder::{PossibleValuesParser, TypedValueParser};
    use clap::{Args, Parser, Subcommand};
    use serde_json::json;
    use slide::heuristics::Heuristic;
    use slide::puzzle::notation::{format_moves, parse_board};
    use slide::puzzle::numbers::thousands;
    use slide::puzzle::random::Rng;
    use slide::puzzle::scramble::{ScrambleOptions, random_solvable, random_walk};
    use slide::puzzle::solvability;
    use slide::solver::bench::{Timing, parse_instances, summarize};
    use slide::solver::{
        Algorithm, Ending, Method, Options, Progress, Report, SolveError, Solver, promise, solve,
    };
    use slide::{Board, Goal};
    use std::io::Read;
    use std::path::PathBuf;
    use std::process::ExitCode;

    /// Solve, check, scramble and benchmark sliding-tile puzzles (2×2 to 10×10).
    #[derive(Parser)]
    #[command(name = "slide", version, after_help = EXAMPLES)]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    const EXAMPLES: &str = "Examples:
  slide solve \"8 6 7/2 5 4/3 0 1\"
  slide solve --algorithm greedy --heuristic hamming 8,6,7/2,5,4/3,0,1
  slide solve --file board.txt --goal blank-first --json
  slide check \"1 2 3/4 5 6/8 7 0\"
  slide bench ../shared/bench/korf100.txt --algorithm idastar --heuristic linear-conflict";

    #[derive(Subcommand)]
    enum Command {
        /// Solve one board (given as an argument or with --file)
        Solve(SolveArgs),
        /// Solve every instance of a benchmark file and summarize
        Bench(BenchArgs),
        /// Say whether a board can reach its goal, and why
        Check(CheckArgs),
        /// Print random solvable boards
        Scramble(ScrambleArgs),
        /// Run every algorithm and heuristic on one board, side by side (learn mode's table)
        Compare(CheckArgsJson),
    }

    #[derive(Args)]
    struct MethodArgs {
        /// Search algorithm
        #[arg(long, short, default_value = "auto", value_parser = algorithm_parser())]
        algorithm: Algorithm,
        /// Heuristic (default: manhattan for astar and greedy, linear-conflict for idastar and weighted)
        #[arg(long = "heuristic", short = 'H', value_parser = heuristic_parser())]
        heuristic: Option<Heuristic>,
        /// Goal: blank-last, blank-first, or a board
        #[arg(long, short, default_value = "blank-last")]
        goal: String,
        /// Most nodes to expand (default: about 1 GB worth, 2 to 10 million by size; 9 to 18 million for line by line search on 6x6 and larger; unlimited for idastar)
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Most memory in MB a search that keeps its nodes (astar, weighted, greedy, bfs) may
        /// hold before it stops with a message (default: three quarters of what the system has
        /// free)
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max_memory: Option<u64>,
        /// Weight w of weighted A* (f = depth + w·h)
        #[arg(long, default_value_t = slide::solver::DEFAULT_WEIGHT)]
        weight: f64,
        /// Depth limit of dfs (default: the board's diameter where known)
        #[arg(long)]
        depth_limit: Option<u32>,
        /// Threads for idastar (and auto where it picks idastar): each iteration's subtrees are
        /// shared out
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// The 15-puzzle's pattern databases: 78 (7-8 tables, 288 MB, built once in minutes and
        /// kept in $SLIDE_CACHE_DIR or ~/.cache/slide), 663 (6-6-3, 16 MiB, built in seconds),
        /// or auto: 78 when its file is there or its build fits in the memory available
        #[arg(long, env = "SLIDE_TABLES", default_value = "auto",
              value_parser = PossibleValuesParser::new(["auto", "663", "78"]))]
        tables: String,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    }

    impl MethodArgs {
        /// Makes the pattern databases `--tables` asks for the ones searches for `goal` use (a
        /// no-op unless the method for `board` reads pattern databases): read from the cache
        /// folder or built, with a progress line on stderr. Returns how long that took, the
        /// tables' size and how they came, when it did anything.
        fn prepare_tables(&self, board: &Board, goal: &Board) -> Result<Option<Prepared>, Failure> {
            use slide::heuristics::pdb::{self, Split, disk};
            let uses_pdb =
                Method::resolve(&self.options(), board, goal).heuristic == Some(Heuristic::Pdb);
            if !uses_pdb || pdb::unsupported_reason(goal).is_some() {
                return Ok(None);
            }
            let dir = disk::cache_dir();
            let split = match self.tables.as_str() {
                "auto" => disk::strongest(goal, dir.as_deref()),
                name => Split::parse(name).unwrap_or_default(),
            };
            if pdb::cached(goal).is_some_and(|db| db.split() == split || goal.width() != 4) {
                return Ok(None);
            }
            let started = std::time::Instant::now();
            if split == Split::SixSixThree {
                let db = pdb::install(pdb::Builder::new(goal).map_err(bad_input)?.finish());
                return Ok(Some(Prepared::new(started, &db, "built")));
            }
            let mut shown = -1;
            let (db, origin) = disk::load_or_build(goal, split, dir.as_deref(), |done| {
                let percent = (done * 100.0) as i32;
                if percent != shown {
                    shown = percent;
                    eprint!(
                        "\rbuilding the 7-8 pattern databases for {goal} (once, about 7 minutes of one core; --tables 663 skips them): {percent}% "
                    );
                }
            })
            .map_err(bad_input)?;
            let how = match origin {
                disk::Origin::Loaded(_) => "read from disk",
                disk::Origin::Built { saved, damaged } => {
                    if damaged {
                        eprintln!("\nthe stored 7-8 tables were damaged, so they were rebuilt");
                    }
                    match saved {
                        Some(file) => {
                            eprintln!("\rkept in {} for next time{:>20}", file.display(), "")
                        }
                        None => eprintln!(
                            "\rcould not keep them on disk (set {})",
                            disk::CACHE_DIR_VARIABLE
                        ),
                    }
                    "built"
                }
            };
            let db = pdb::install(db);
            Ok(Some(Prepared::new(started, &db, how)))
        }
    }

    /// Pattern databases made ready before a search (see [`MethodArgs::prepare_tables`]).
    struct Prepared {
        millis: f64,
        /// "6-6-3 ", "7-8 " or "" (the 24-puzzle's one split).
        split: &'static str,
        mebibytes: usize,
        how: &'static str,
    }

    impl Prepared {
        fn new(
            started: std::time::Instant,
            db: &slide::heuristics::pdb::PatternDb,
            how: &'static str,
        ) -> Prepared {
            let split = match (db.goal().width(), db.split().name()) {
                (4, "78") => "7-8 ",
                (4, _) => "6-6-3 ",
                _ => "",
            };
            Prepared {
                millis: started.elapsed().as_secs_f64() * 1000.0,
                split,
                mebibytes: db.bytes() >> 20,
                how,
            }
        }
    }

    impl MethodArgs {
        fn options(&self) -> Options {
            Options {
                algorithm: self.algorithm,
                heuristic: self.heuristic,
                weight: self.weight,
                depth_limit: self.depth_limit,
                max_nodes: self.max_nodes,
                max_memory: self.max_memory.map(|mb| mb.saturating_mul(1 << 20)),
                threads: usize::from(self.threads),
            }
        }
    }

    #[derive(Args)]
    struct BoardArgs {
        /// Read the board from a file (board notation or the seed layout format; - for stdin)
        #[arg(long, short)]
        file: Option<PathBuf>,
        /// The board, e.g. "8 6 7/2 5 4/3 0 1" (quotes optional)
        #[arg(num_args = 0.., allow_hyphen_values = false)]
        board: Vec<String>,
    }

    #[derive(Args)]
    struct SolveArgs {
        #[command(flatten)]
        method: MethodArgs,
        #[command(flatten)]
        board: BoardArgs,
    }

    #[derive(Args)]
    struct BenchArgs {
        #[command(flatten)]
        method: MethodArgs,
        /// Only the first N instances
        #[arg(long)]
        first: Option<usize>,
        /// Benchmark file: lines of `id optimal nodes BOARD`
        file: PathBuf,
    }

    #[derive(Args)]
    struct CheckArgs {
        /// Goal: blank-last, blank-first, or a board
        #[arg(long, short, default_value = "blank-last")]
        goal: String,
        #[command(flatten)]
        board: BoardArgs,
    }

    #[derive(Args)]
    struct CheckArgsJson {
        /// Goal: blank-last, blank-first, or a board
        #[arg(long, short, default_value = "blank-last")]
        goal: String,
        /// Print one JSON object per row
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        board: BoardArgs,
    }

    #[derive(Args)]
    struct ScrambleArgs {
        /// Board size, WIDTHxHEIGHT or N
        #[arg(long, short, default_value = "3x3")]
        size: String,
        /// Goal: blank-last, blank-first, or a board
        #[arg(long, short, default_value = "blank-last")]
        goal: String,
        /// Least fraction of tiles out of place (0.8 = most tiles)
        #[arg(long, default_value_t = 0.0)]
        misplaced: f64,
        /// Make this many random moves from the goal instead of a uniform draw
        #[arg(long)]
        walk: Option<usize>,
        /// How many boards
        #[arg(long, short = 'n', default_value_t = 1)]
        count: usize,
        /// Seed, for reproducible boards
        #[arg(long)]
        seed: Option<u64>,
    }

    fn algorithm_parser() -> impl TypedValueParser<Value = Algorithm> {
        PossibleValuesParser::new(Algorithm::ALL.map(Algorithm::name))
            .map(|s| Algorithm::from_name(&s).unwrap_or_default())
    }

    fn heuristic_parser() -> impl TypedValueParser<Value = Heuristic> {
        PossibleValuesParser::new(Heuristic::ALL.map(Heuristic::name))
            .map(|s| Heuristic::from_name(&s).unwrap_or(Heuristic::Manhattan))
    }

    /// A failure with its exit status and its one line for stderr.
    struct Failure {
        code: u8,
        message: String,
    }

    fn bad_input(message: impl ToString) -> Failure {
        Failure {
            code: 2,
            message: message.to_string(),
        }
    }

    pub fn main() -> ExitCode {
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            Err(e) => {
                use clap::error::ErrorKind;
                if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
                // One line: what clap says, without the usage block that follows it.
                let text = e.render().to_string();
                let line: Vec<&str> = text
                    .lines()
                    .take_while(|l| !l.starts_with("Usage:"))
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect();
                let line = line.join(" ");
                eprintln!("slide: {}", line.strip_prefix("error: ").unwrap_or(&line));
                return ExitCode::from(2);
            }
        };
        let result = match cli.command {
            Command::Solve(args) => run_solve(args),
            Command::Bench(args) => run_bench(args),
            Command::Check(args) => run_check(args),
            Command::Scramble(args) => run_scramble(args),
            Command::Compare(args) => run_compare(args),
        };
        match result {
            Ok(code) => ExitCode::from(code),
            Err(f) => {
                eprintln!("slide: {}", f.message);
                ExitCode::from(f.code)
            }
        }
    }

    const MAX_FILE_BYTES: u64 = 1 << 20;

    fn read_board(args: &BoardArgs) -> Result<Board, Failure> {
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

    fn goal_for(goal: &str, board: &Board) -> Result<Board, Failure> {
        Goal::parse(goal)
            .and_then(|g| g.for_board(board))
            .map_err(bad_input)
    }

    fn run_solve(args: SolveArgs) -> Result<u8, Failure> {
        let board = read_board(&args.board)?;
        let goal = goal_for(&args.method.goal, &board)?;
        let options = args.method.options();
        let json = args.method.json;
        args.method.prepare_tables(&board, &goal)?;
        match solve(&board, &goal, &options) {
            Ok(report) => Ok(print_report(&board, &goal, &report, json)),
            Err(SolveError::Unsolvable(verdict)) => {
                if json {
                    say!(
                        "{}",
                        json!({"solvable": false, "reason": verdict.explanation()})
                    );
                } else {
                    say!("{}", verdict.explanation());
                }
                Ok(1)
            }
            Err(e @ SolveError::Internal(_)) => Err(Failure {
                code: 4,
                message: e.to_string(),
            }),
            Err(e) => Err(bad_input(e)),
        }
    }

    fn print_report(board: &Board, goal: &Board, report: &Report, json: bool) -> u8 {
        let s = &report.stats;
        let m = report.method;
        let (code, solution) = match &report.ending {
            Ending::Solved(sol) => (0, Some(sol)),
            _ => (3, None),
        };
        let why = match &report.ending {
            Ending::Solved(_) => String::new(),
            Ending::BudgetExhausted { max_nodes } => format!(
                "the node budget ran out after {} expanded nodes: raise --max-nodes, or try idastar (no memory limit) or greedy (fast, long solutions)",
                thousands(*max_nodes)
            ),
            Ending::MemoryExhausted { bytes } => format!(
                "the search stopped after {} expanded nodes, before it would have held {} MB, more memory than it may take (--max-memory, or three quarters of what the system has free): lower --max-nodes, or try idastar (no memory limit) or greedy (fast, long solutions)",
                thousands(s.expanded),
                thousands(bytes >> 20)
            ),
            Ending::DepthLimitReached { limit } => {
                format!("no solution within the depth limit of {limit} moves: raise --depth-limit")
            }
        };
        if json {
            let mut out = match solution {
                Some(sol) => json!({
                    "solvable": true,
                    "optimal": sol.optimal(),
                    "length": sol.len(),
                    "moves": sol.to_string(),
                    "within": report.within,
                }),
                None => json!({"solvable": true, "solved": false, "reason": why}),
            };
            let extra = json!({
                "expanded": s.expanded,
                "generated": s.generated,
                "millis": round3(s.millis),
                "algorithm": m.algorithm.name(),
                "heuristic": m.heuristic_name(),
                "peak_frontier": s.peak_frontier,
                "board": board.to_string(),
                "goal": goal.to_string(),
            });
            if let (Some(o), Some(e)) = (out.as_object_mut(), extra.as_object()) {
                o.extend(e.clone());
            }
            say!("{out}");
        } else {
            say!("Board     {board}");
            say!("Goal      {goal}");
            say!("Method    {}", describe(m));
            match solution {
                Some(sol) => {
                    say!(
                        "Solution  {} move{}, {}",
                        sol.len(),
                        if sol.len() == 1 { "" } else { "s" },
                        promise(sol.optimal(), report.within)
                    );
                    say!("Moves     {}", format_moves(sol.moves()));
                }
                None => say!("No solution: {why}"),
            }
            say!(
                "Nodes     {} expanded, {} generated, peak frontier {}",
                thousands(s.expanded),
                thousands(s.generated),
                thousands(s.peak_frontier)
            );
            say!("Time      {:.3} ms", s.millis);
        }
        code
    }

    fn describe(m: Method) -> String {
        let h = m.heuristic_name();
        match m.algorithm {
            Algorithm::AStar => format!("A* (f = depth + {h})"),
            Algorithm::IdaStar => format!("IDA* (f = depth + {h})"),
            Algorithm::Weighted => format!("weighted A* (f = depth + w·{h})"),
            Algorithm::Greedy => format!("greedy best-first (f = {h})"),
            Algorithm::Bfs => "breadth-first search".into(),
            Algorithm::Dfs => "depth-first search, depth-limited".into(),
            Algorithm::Reduction => "rows and columns, then shortened".into(),
            Algorithm::Fringe => "each line by a bounded search, then shortened".into(),
            Algorithm::Anytime => format!("anytime weighted IDA* (f = depth + w·{h}, w falling)"),
            Algorithm::Auto => "auto".into(),
        }
    }

    fn run_bench(args: BenchArgs) -> Result<u8, Failure> {
        let text = std::fs::read_to_string(&args.file)
            .map_err(|e| bad_input(format!("cannot read {}: {e}", args.file.display())))?;
        let mut instances = parse_instances(&text)
            .map_err(|e| bad_input(format!("{}: {e}", args.file.display())))?;
        if let Some(n) = args.first {
            instances.truncate(n);
        }
        let goal_spec = Goal::parse(&args.method.goal).map_err(bad_input)?;
        let options = args.method.options();
        let json = args.method.json;
        let mut rows = Vec::new();
        let mut code = 0u8;
        // Pattern databases are built once for each goal that uses them, before any clock
        // starts, and their build is reported on its own.
        let mut pdb_millis = None;
        let mut built: Vec<Board> = Vec::new();
        for inst in &instances {
            let goal = goal_spec.for_board(&inst.board).map_err(bad_input)?;
            if built.contains(&goal) {
                continue;
            }
            let Some(ready) = args.method.prepare_tables(&inst.board, &goal)? else {
                continue;
            };
            *pdb_millis.get_or_insert(0.0) += ready.millis;
            if !json {
                say!(
                    "{}pattern databases for {goal}: {} in {:.0} ms, {} MiB",
                    ready.split,
                    ready.how,
                    ready.millis,
                    ready.mebibytes
                );
            }
            built.push(goal);
        }
        if !json {
            say!(
                "{:>4} {:>5} {:>5} {:>4} {:>14} {:>14} {:>11}",
                "id",
                "exp",
                "len",
                "opt",
                "expanded",
                "generated",
                "ms"
            );
        }
        for inst in &instances {
            let goal = goal_spec.for_board(&inst.board).map_err(bad_input)?;
            let first_millis;
            let report = match solve_timed(&inst.board, &goal, &options) {
                Ok((r, first)) => {
                    first_millis = first;
                    r
                }
                Err(SolveError::Unsolvable(v)) => {
                    return Err(Failure {
                        code: 1,
                        message: format!(
                            "instance {} cannot reach {goal} (is --goal right?): {}",
                            inst.id,
                            v.explanation()
                        ),
                    });
                }
                Err(e @ SolveError::Internal(_)) => {
                    return Err(Failure {
                        code: 4,
                        message: e.to_string(),
                    });
                }
                Err(e) => return Err(bad_input(e)),
            };
            let s = report.stats;
            let length = report.solution().map(|sol| sol.len() as u32);
            let matched = length == Some(inst.expected);
            if length.is_none() {
                code = 3;
            } else if report.method.optimal() && !matched {
                // An optimal method disagreeing with a published optimum: the file or the solver
                // is wrong, and either must be looked at.
                code = code.max(1);
            }
            rows.push(Timing {
                first_millis,
                ..Timing::new(inst.expected, length, s.millis, s.expanded, s.generated)
            });
            if json {
                say!(
                    "{}",
                    json!({
                        "id": inst.id,
                        "expected": inst.expected,
                        "length": length,
                        "optimal": matched,
                        "moves": report.solution().map(|sol| sol.to_string()),
                        "expanded": s.expanded,
                        "generated": s.generated,
                        "millis": round3(s.millis),
                    })
                );
            } else {
                say!(
                    "{:>4} {:>5} {:>5} {:>4} {:>14} {:>14} {:>11.1}",
                    inst.id,
                    inst.expected,
                    length.map_or("-".into(), |l| l.to_string()),
                    if matched { "yes" } else { "no" },
                    thousands(s.expanded),
                    thousands(s.generated),
                    s.millis
                );
            }
        }
        let sum = summarize(&rows);
        if json {
            say!(
                "{}",
                json!({
                    "summary": true,
                    "count": sum.count,
                    "solved": sum.solved,
                    "all_expected": sum.all_expected,
                    "total_millis": round3(sum.total_millis),
                    "median_millis": round3(sum.median_millis),
                    "max_millis": round3(sum.max_millis),
                    "expanded": sum.expanded,
                    "generated": sum.generated,
                    "pdb_build_millis": pdb_millis.map(round3),
                    "mean_ratio": round3(sum.mean_ratio),
                    "max_ratio": round3(sum.max_ratio),
                    "first_answer_median_millis": sum.first_answer.map(|f| round3(f.0)),
                    "first_answer_max_millis": sum.first_answer.map(|f| round3(f.1)),
                })
            );
        } else {
            let rate = if sum.total_millis > 0.0 {
                sum.generated as f64 / sum.total_millis / 1000.0
            } else {
                0.0
            };
            // The method, when one method solved every instance.
            let mut methods: Vec<Method> = instances
                .iter()
                .map(|i| {
                    let goal = goal_spec
                        .for_board(&i.board)
                        .unwrap_or_else(|_| i.board.clone());
                    Method::resolve(&options, &i.board, &goal)
                })
                .collect();
            methods.dedup();
            let method = match methods.as_slice() {
                [one] => format!(" with {}", describe(*one)),
                _ => " (methods by size)".to_string(),
            };
            say!(
                "\n{} instances{method}: {} solved, all at the published length: {}",
                sum.count,
                sum.solved,
                if sum.all_expected { "yes" } else { "no" }
            );
            say!(
                "time: total {:.1} ms, median {:.1} ms, max {:.1} ms; nodes: {} expanded, {} generated ({:.1} M generated/s)",
                sum.total_millis,
                sum.median_millis,
                sum.max_millis,
                thousands(sum.expanded),
                thousands(sum.generated),
                rate
            );
            if !sum.all_expected && sum.solved > 0 {
                say!(
                    "lengths: {:.3}× the published on average, {:.3}× at most",
                    sum.mean_ratio,
                    sum.max_ratio
                );
            }
            if let Some((median, max)) = sum.first_answer {
                say!(
                    "first answers: median {median:.1} ms, max {max:.1} ms (then shorter ones until the budget ran out or the answer was proven shortest)"
                );
            }
        }
        Ok(code)
    }

    /// Solves to the end, and says when the first of several answers came (anytime search).
    fn solve_timed(
        start: &Board,
        goal: &Board,
        options: &Options,
    ) -> Result<(Report, Option<f64>), SolveError> {
        let mut solver = Solver::new(start, goal, options)?;
        let mut first = None;
        loop {
            match solver.run(1 << 20) {
                Progress::Running(_) => {}
                Progress::Better(report) => {
                    first = first.or(Some(report.stats.millis));
                }
                Progress::Done(report) => return report.map(|r| (r, first)),
            }
        }
    }

    fn run_check(args: CheckArgs) -> Result<u8, Failure> {
        let board = read_board(&args.board)?;
        let goal = goal_for(&args.goal, &board)?;
        let verdict = solvability::check(&board, &goal).map_err(bad_input)?;
        say!("{}", verdict.explanation());
        Ok(if verdict.solvable { 0 } else { 1 })
    }

    fn run_compare(args: CheckArgsJson) -> Result<u8, Failure> {
        let board = read_board(&args.board)?;
        let goal = goal_for(&args.goal, &board)?;
        if !args.json {
            say!(
                "{:<44} {:>7} {:>8} {:>12} {:>12} {:>10}",
                "method",
                "length",
                "optimal",
                "expanded",
                "peak memory",
                "ms"
            );
        }
        for method in slide::solver::compare::methods(&board) {
            let row = match slide::solver::compare::row(&board, &goal, method) {
                Ok(row) => row,
                Err(SolveError::Unsolvable(v)) => {
                    say!("{}", v.explanation());
                    return Ok(1);
                }
                Err(e) => return Err(bad_input(e)),
            };
            if args.json {
                say!(
                    "{}",
                    json!({
                        "algorithm": method.algorithm.name(),
                        "heuristic": method.heuristic_name(),
                        "length": row.length,
                        "optimal": row.optimal,
                        "expanded": row.stats.expanded,
                        "generated": row.stats.generated,
                        "peak_memory": row.peak_memory(),
                        "millis": round3(row.stats.millis),
                    })
                );
            } else {
                say!(
                    "{:<44} {:>7} {:>8} {:>12} {:>12} {:>10.2}",
                    describe(method),
                    row.length.map_or("budget".into(), |l| l.to_string()),
                    if row.optimal { "yes" } else { "no" },
                    thousands(row.stats.expanded),
                    thousands(row.peak_memory()),
                    row.stats.millis
                );
            }
        }
        Ok(0)
    }

    fn run_scramble(args: ScrambleArgs) -> Result<u8, Failure> {
        let (w, h) = parse_size(&args.size)?;
        let goal = Goal::parse(&args.goal)
            .and_then(|g| g.board(w, h))
            .map_err(bad_input)?;
        let mut rng = match args.seed {
            Some(seed) => Rng::seeded(seed),
            None => Rng::from_entropy()
                .map_err(|e| bad_input(format!("no random seed available: {e}")))?,
        };
        for _ in 0..args.count {
            let board = match args.walk {
                Some(k) => random_walk(&goal, k, &mut rng).0,
                None => random_solvable(
                    &goal,
                    ScrambleOptions {
                        min_misplaced: args.misplaced,
                    },
                    &mut rng,
                )
                .map_err(bad_input)?
                .into_board(),
            };
            say!("{board}");
        }
        Ok(0)
    }

    fn parse_size(s: &str) -> Result<(usize, usize), Failure> {
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

    fn round3(x: f64) -> f64 {
        (x * 1000.0).round() / 1000.0
    }
}
