//! Challenging a friend: a link carries your result on a board (`challenge=MOVES,MILLIS`), and
//! maybe your moves. The friend sees the target; the moves stay hidden until the friend has
//! solved the board or given up, and are then replayed by the page, so a claimed result is
//! checked, not trusted.

use super::LinkedChallenge;
use crate::play::record::solves::Solve;
use crate::play::record::solves::time_text;
use crate::puzzle::position::Position;

/// A challenge on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub target: LinkedChallenge,
    /// The player has solved the board or given up: the friend's moves may be shown.
    pub revealed: bool,
    /// Who won, once the player has solved the board.
    pub outcome: Option<String>,
}

/// What replaying the friend's moves showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// They solve the board in the number of moves claimed.
    Checked,
    /// They solve the board, in another number of moves than claimed.
    Miscounted { actual: usize },
    /// They do not reach the goal.
    NotASolution,
}

impl Challenge {
    pub fn new(target: LinkedChallenge) -> Challenge {
        Challenge {
            target,
            revealed: false,
            outcome: None,
        }
    }

    /// The target as the page states it: `67 moves in 1:23.46`.
    pub fn target_text(&self) -> String {
        format!(
            "{} moves in {}",
            self.target.moves,
            time_text(self.target.millis)
        )
    }

    /// Replays the friend's moves (if the link has them) from the start of `position`.
    pub fn verdict(&self, position: &Position) -> Option<Verdict> {
        let proof = self.target.proof.as_ref()?;
        let mut b = position.board().clone();
        if b.apply_all(proof).is_err() || &b != position.goal() {
            return Some(Verdict::NotASolution);
        }
        Some(if proof.len() == self.target.moves {
            Verdict::Checked
        } else {
            Verdict::Miscounted {
                actual: proof.len(),
            }
        })
    }

    /// Settles the challenge with the player's result: who won on moves, and on time. When the
    /// link carries the friend's moves, their replay from `start` decides the friend's count, not
    /// the claim: miscounted moves count as replayed, and moves that do not solve the board
    /// cannot win. The time cannot be replayed, so the claimed one stands.
    pub fn settle(&mut self, solve: &Solve) {
        let t = &self.target;
        let theirs = match self.verdict(&solve.start) {
            None | Some(Verdict::Checked) => Some(t.moves),
            Some(Verdict::Miscounted { actual }) => Some(actual),
            Some(Verdict::NotASolution) => None,
        };
        // A timer's solve (its moves not known) settles nothing.
        if let Some(moves) = solve.moves {
            self.settle_counts(moves, solve.millis, solve.assisted, theirs);
        }
    }

    /// Settles the challenge with the player's `moves` and `millis` against the friend's
    /// `theirs` moves as replayed (`None`: they solve nothing) and claimed time.
    pub fn settle_counts(
        &mut self,
        moves: usize,
        millis: f64,
        assisted: bool,
        theirs: Option<usize>,
    ) {
        use std::cmp::Ordering::*;
        self.revealed = true;
        if assisted {
            self.outcome = Some(
                "You had help (a hint or the solution), so this solve does not count against your friend's: shuffle another board, or open the link again to try on your own.".into(),
            );
            return;
        }
        let t = &self.target;
        let on_moves = match theirs.map(|theirs| (moves.cmp(&theirs), theirs)) {
            None => {
                format!("you win on moves ({moves}; your friend's moves do not solve the board)")
            }
            Some((Less, theirs)) => format!("you win on moves ({moves} against {theirs})"),
            Some((Equal, _)) => format!("a tie on moves ({moves} each)"),
            Some((Greater, theirs)) => {
                format!("your friend wins on moves ({theirs} against {moves})")
            }
        };
        let (mine, theirs) = (time_text(millis), time_text(t.millis));
        let on_time = match millis.round().total_cmp(&t.millis.round()) {
            Less => format!("you win on time ({mine} against {theirs})"),
            Equal => format!("a tie on time ({mine})"),
            Greater => format!("your friend wins on time ({theirs} against {mine})"),
        };
        let mut text = format!("{on_moves}; {on_time}.");
        if let Some(first) = text.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        self.outcome = Some(text);
    }
}

impl Verdict {
    /// The verdict in words.
    pub fn text(&self, claimed: usize) -> String {
        match self {
            Verdict::Checked => {
                format!("Checked: your friend's {claimed} moves, replayed here, solve the board.")
            }
            Verdict::Miscounted { actual } => format!(
                "Your friend's moves solve the board, but in {actual} moves, not the {claimed} claimed."
            ),
            Verdict::NotASolution => {
                "The moves in the link do not solve the board: the claimed result is not proven."
                    .into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::moves::Move::*;
    use crate::puzzle::notation::parse_board;

    fn solved(moves: usize, millis: f64, start: &Position) -> Solve {
        Solve {
            id: 1,
            date: crate::play::game::daily::Date::parse("2026-11-23").unwrap(),
            start: start.clone(),
            moves: Some(moves),
            slides: Some(moves),
            millis,
            optimal: None,
            best_known: None,
            assisted: false,
            times: Vec::new(),
            control: crate::play::game::input::Control::Click,
            random_state: true,
        }
    }

    #[test]
    fn a_solve_with_help_does_not_count_against_the_friends() {
        let start = Position::solved(Board::blank_last(3, 3).unwrap());
        let mut c = challenge(10, 60_000.0, None);
        c.settle(&Solve {
            assisted: true,
            ..solved(2, 1_000.0, &start)
        });
        assert!(c.revealed);
        assert!(c.outcome.as_deref().unwrap().starts_with("You had help"));
    }

    fn challenge(moves: usize, millis: f64, proof: Option<Vec<crate::Move>>) -> Challenge {
        Challenge::new(LinkedChallenge {
            moves,
            millis,
            proof,
        })
    }

    #[test]
    fn the_friends_moves_are_replayed_not_trusted() {
        let start = Position::toward(
            parse_board("1 2 3/4 5 6/0 7 8").unwrap(),
            &crate::puzzle::goal::Goal::BlankLast,
        )
        .unwrap();
        assert_eq!(challenge(2, 1.0, None).verdict(&start), None);
        assert_eq!(
            challenge(2, 1.0, Some(vec![Left, Left])).verdict(&start),
            Some(Verdict::Checked)
        );
        assert_eq!(
            challenge(1, 1.0, Some(vec![Left, Left])).verdict(&start),
            Some(Verdict::Miscounted { actual: 2 })
        );
        assert_eq!(
            challenge(2, 1.0, Some(vec![Left, Right])).verdict(&start),
            Some(Verdict::NotASolution)
        );
        assert_eq!(
            challenge(2, 1.0, Some(vec![Up, Up, Up])).verdict(&start),
            Some(Verdict::NotASolution),
            "moves off the board prove nothing"
        );
    }

    #[test]
    fn the_outcome_says_who_won_on_moves_and_on_time() {
        let mut c = challenge(67, 83_456.0, None);
        assert_eq!(c.target_text(), "67 moves in 1:23.46");
        let start = Position::solved(Board::blank_last(4, 4).unwrap());
        c.settle(&solved(60, 90_000.0, &start));
        assert_eq!(
            c.outcome.as_deref(),
            Some(
                "You win on moves (60 against 67); your friend wins on time (1:23.46 against 1:30.00)."
            )
        );
        assert!(c.revealed);
        c.settle(&solved(67, 83_456.2, &start));
        assert_eq!(
            c.outcome.as_deref(),
            Some("A tie on moves (67 each); a tie on time (1:23.46).")
        );
    }

    #[test]
    fn the_outcome_counts_the_friends_moves_as_replayed() {
        let start = Position::toward(
            parse_board("1 2 3/4 5 6/0 7 8").unwrap(),
            &crate::puzzle::goal::Goal::BlankLast,
        )
        .unwrap();
        // Claimed 3, but the moves in the link solve it in 2: the player's 2 only ties.
        let mut c = challenge(3, 60_000.0, Some(vec![Left, Left]));
        c.settle(&solved(2, 50_000.0, &start));
        assert!(c.outcome.unwrap().starts_with("A tie on moves (2 each)"));
        // Claimed 1, replayed 2: the player's 2 is a tie, not a loss.
        let mut c = challenge(1, 60_000.0, Some(vec![Left, Left]));
        c.settle(&solved(2, 50_000.0, &start));
        assert!(c.outcome.unwrap().starts_with("A tie on moves (2 each)"));
        // Moves that do not solve the board cannot win on moves.
        let mut c = challenge(1, 60_000.0, Some(vec![Left, Right]));
        c.settle(&solved(4, 50_000.0, &start));
        assert_eq!(
            c.outcome.as_deref(),
            Some(
                "You win on moves (4; your friend's moves do not solve the board); you win on time (50.00 s against 1:00.00)."
            )
        );
    }
}
