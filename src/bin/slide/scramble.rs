//! `slide scramble`: random solvable boards, uniform or a random walk away from the goal.

use super::Failure;
use super::args::{ScrambleArgs, parse_size};
use super::bad_input;
use slide::Goal;
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::{ScrambleOptions, random_solvable, random_walk};

pub(crate) fn run_scramble(args: ScrambleArgs) -> Result<u8, Failure> {
    let (w, h) = parse_size(&args.size)?;
    let goal = Goal::parse(&args.goal)
        .and_then(|g| g.board(w, h))
        .map_err(bad_input)?;
    let mut rng = match args.seed {
        Some(seed) => Rng::seeded(seed),
        None => {
            Rng::from_entropy().map_err(|e| bad_input(format!("no random seed available: {e}")))?
        }
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
