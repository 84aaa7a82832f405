//! The command line: its subcommands, one file each, and how a failure ends the program.

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

mod args;
mod bench;
mod check;
mod compare;
mod import;
mod scramble;
mod serve;
mod solve;
mod tables;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Solve, check, scramble and benchmark sliding-tile puzzles (2×2 to 10×10), and import a history.
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
  slide bench ../shared/bench/korf100.txt --algorithm idastar --heuristic linear-conflict
  slide tables --goal blank-first
  slide import solves.db -o history.json
  slide serve --database postgres://slide@127.0.0.1/slide";

#[derive(Subcommand)]
enum Command {
    /// Solve one board (given as an argument or with --file)
    Solve(args::SolveArgs),
    /// Solve every instance of a benchmark file and summarize
    Bench(args::BenchArgs),
    /// Say whether a board can reach its goal, and why
    Check(args::CheckArgs),
    /// Print random solvable boards
    Scramble(args::ScrambleArgs),
    /// Run every algorithm and heuristic on one board, side by side (learn mode's table)
    Compare(args::CheckArgsJson),
    /// Build the 15-puzzle's 7-8 pattern databases once (minutes), for every later solve
    Tables(args::TablesArgs),
    /// Bring in a history from Slidysim's solves database, as Slide's history file
    Import(import::ImportArgs),
    /// Serve the built site and the API that keeps solves on every device (SQLite or PostgreSQL)
    Serve(serve::ServeArgs),
}

/// A failure with its exit status and its one line for stderr.
pub(crate) struct Failure {
    pub(crate) code: u8,
    pub(crate) message: String,
}

pub(crate) fn bad_input(message: impl ToString) -> Failure {
    Failure {
        code: 2,
        message: message.to_string(),
    }
}

/// A search that could not be made or did not finish, but for a board that cannot reach its
/// goal (each subcommand says that its own way): a bug is status 4, anything else bad input,
/// with the way on where there is one.
pub(crate) fn not_solved(e: slide::solver::SolveError) -> Failure {
    use slide::solver::SolveError;
    match e {
        SolveError::Internal(_) => Failure {
            code: 4,
            message: e.to_string(),
        },
        SolveError::Unfit { .. } => bad_input(format!(
            "{e}; choose another --heuristic (linear-conflict runs on every board)"
        )),
        e => bad_input(e),
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
        Command::Solve(args) => solve::run_solve(args),
        Command::Bench(args) => bench::run_bench(args),
        Command::Check(args) => check::run_check(args),
        Command::Scramble(args) => scramble::run_scramble(args),
        Command::Compare(args) => compare::run_compare(args),
        Command::Tables(args) => tables::run_tables(args),
        Command::Import(args) => import::run_import(args),
        Command::Serve(args) => serve::run_serve(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("slide: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

pub(crate) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
