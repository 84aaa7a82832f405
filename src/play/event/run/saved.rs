//! An event in progress as the page keeps it across a reload: the run, its daily, and the moves
//! made on the board on show with when and how, its instants as calendar time (milliseconds
//! since 1970, not the page's clock, which starts again at each load), in a short text (its
//! bincode, in hexadecimal). Restored, the clock counts the time away: a reload never stops it.

use super::{Phase, Run};
use crate::play::game::Game;
use crate::play::input::Input;
use crate::play::link::LinkedDaily;
use crate::puzzle::moves::Move;
use serde::{Deserialize, Serialize};

/// An event read back: the run, its daily, and the moves made on its board on show (each
/// move with when it was made on the page's clock, and how).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Restored {
    pub run: Run,
    pub daily: Option<LinkedDaily>,
    pub moves: Vec<(Move, f64, Input)>,
}

impl Run {
    /// The run with every instant moved by `by` (from the page's clock to the calendar's and
    /// back).
    fn shifted(&self, by: f64) -> Run {
        let mut run = self.clone();
        run.phase = match run.phase {
            Phase::Running => Phase::Running,
            Phase::Memorising { since_ms } => Phase::Memorising {
                since_ms: since_ms + by,
            },
            Phase::Blind { memo_ms, since_ms } => Phase::Blind {
                memo_ms,
                since_ms: since_ms + by,
            },
            Phase::Exploring { since_ms, minutes } => Phase::Exploring {
                since_ms: since_ms + by,
                minutes,
            },
        };
        run.began_ms = run.began_ms.map(|b| b + by);
        run.ends.iter_mut().for_each(|e| *e += by);
        run
    }

    /// The run as kept, with `game` (its board on show) and `daily`; `offset` turns the page's
    /// clock into calendar time (calendar = page + offset).
    pub fn saved(&self, game: &Game, daily: Option<&LinkedDaily>, offset: f64) -> String {
        let moves = (game.history().iter().zip(game.stamps()))
            .map(|(&mv, (ms, input))| (mv, ms + offset, input.unwrap_or(Input::Keys)))
            .collect();
        let kept = Restored {
            run: self.shifted(offset),
            daily: daily.copied(),
            moves,
        };
        let bytes = bincode::serialize(&kept).unwrap_or_default();
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Reads what [`Run::saved`] wrote, its instants on this page's clock (page = calendar −
    /// `offset`); `None` if it cannot be read.
    pub fn restored(text: &str, offset: f64) -> Option<Restored> {
        let bytes = (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()?;
        let mut kept: Restored = bincode::deserialize(&bytes).ok()?;
        kept.run = kept.run.shifted(-offset);
        kept.moves.iter_mut().for_each(|(_, at, _)| *at -= offset);
        // A run that stands past its last board is no run.
        kept.run.board()?;
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::daily::Date;
    use crate::play::event::Event;
    use crate::play::event::run::When;
    use crate::play::game::Action;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::notation::parse_board;
    use crate::puzzle::position::Position;

    fn boards() -> Vec<Position> {
        ["1 2 3/4 5 6/0 7 8", "1 2 3/4 5 6/7 0 8"]
            .iter()
            .map(|b| Position::toward(parse_board(b).unwrap(), &Goal::BlankLast).unwrap())
            .collect()
    }

    fn play(game: &mut Game, moves: &[Move], at: f64) {
        for (i, &mv) in moves.iter().enumerate() {
            game.apply(Action::Move {
                mv,
                now_ms: at + 100.0 * i as f64,
                input: Input::Keys,
            });
        }
    }

    #[test]
    fn a_marathon_between_boards_comes_back_with_its_clock_on_calendar_time() {
        let mut run = Run::start(Event::Marathon { solves: 2 }, boards(), true, 10, 1_000.0);
        let mut game = Game::new(boards()[0].clone());
        play(&mut game, &[Move::Left, Move::Left], 2_000.0);
        run.follow(&game, 2_100.0);
        let when = When {
            id: 1,
            date: Date::parse("2026-11-23").unwrap(),
        };
        run.solved(&game, 2_100.0, when);
        let mut next = Game::new(boards()[1].clone());
        play(&mut next, &[Move::Left], 3_000.0);
        // Kept with the page's clock 1,000,000 behind the calendar; read back on a page whose
        // clock is 5,000,000 behind.
        let back = Run::restored(&run.saved(&next, None, 1_000_000.0), 5_000_000.0).unwrap();
        let shift = |ms: f64| ms - 4_000_000.0;
        assert_eq!(back.run.since_ms(), run.since_ms().map(shift));
        assert_eq!(back.run, run.shifted(-4_000_000.0));
        assert_eq!(
            (back.run.at, back.run.path.clone()),
            (1, vec![Move::Left, Move::Left])
        );
        assert_eq!(back.moves, [(Move::Left, shift(3_000.0), Input::Keys)]);
        assert_eq!(back.run.boards, boards());
    }

    #[test]
    fn every_phase_reads_back_and_damage_reads_as_nothing() {
        let start = |event| Run::start(event, boards()[..1].to_vec(), false, 3, 500.0);
        let game = Game::new(boards()[0].clone());
        let daily = LinkedDaily {
            date: Date::parse("2026-11-23").unwrap(),
            width: 3,
            height: 3,
        };
        let mut blind = start(Event::Blindfolded);
        blind.phase = Phase::Blind {
            memo_ms: 4_000.0,
            since_ms: 4_500.0,
        };
        for run in [start(Event::Fmc), start(Event::Blindfolded), blind] {
            let saved = run.saved(&game, Some(&daily), 0.0);
            let back = Run::restored(&saved, 0.0).unwrap();
            assert_eq!((back.run, back.daily), (run.clone(), Some(daily)));
            assert_eq!(
                Run::restored(&saved[..saved.len() - 2], 0.0),
                None,
                "cut short"
            );
            assert_eq!(
                Run::restored(&saved.replace('0', "g"), 0.0),
                None,
                "not hexadecimal"
            );
        }
        assert_eq!(Run::restored("", 0.0), None);
    }
}
