//! `slide check`: whether a board can reach its goal, and why.

use super::Failure;
use super::args::{CheckArgs, goal_for, read_board};
use super::bad_input;
use slide::puzzle::solvability;

pub(crate) fn run_check(args: CheckArgs) -> Result<u8, Failure> {
    let board = read_board(&args.board)?;
    let goal = goal_for(&args.goal, &board)?;
    let verdict = solvability::check(&board, &goal).map_err(bad_input)?;
    say!("{}", verdict.explanation());
    Ok(if verdict.solvable { 0 } else { 1 })
}
