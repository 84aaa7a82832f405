//! An event in progress kept across a reload: the run, its daily, and the moves made on its
//! board on show with when and how, its instants as calendar time (milliseconds since 1970, not
//! the page's clock, which starts again at each load), as a short text (its binary form, in
//! hexadecimal; `record/wire.rs`). Kept at each new board or phase (and by the web layer, with the moves, when the
//! page is hidden or left); restored, the clock counts the time away: a reload never stops it.

use super::{Choice, EventAction, Evented, Eventing};
use crate::play::event::run::{Phase, Run, When};
use crate::play::game::input::Input;
use crate::play::game::{Action as GameAction, Game};
use crate::play::link::LinkedDaily;
use crate::play::wire::{decode, encode};
use crate::puzzle::moves::Move;

/// An event as kept: the run, its daily, and the moves made on its board on show (each with
/// when it was made, and how).
#[derive(Clone, Debug, PartialEq)]
struct Kept {
    run: Run,
    daily: Option<LinkedDaily>,
    moves: Vec<(Move, f64, Input)>,
}

crate::wire_fields!(Kept { run, daily, moves });

crate::wire_fields!(LinkedDaily {
    date,
    width,
    height,
});

/// Hexadecimal digits, as the kept text writes its bytes.
const HEX: &[u8; 16] = b"0123456789abcdef";

impl Kept {
    /// `self` with every instant moved by `by` (from the page's clock to the calendar's, and
    /// back).
    fn shifted(mut self, by: f64) -> Kept {
        self.run = self.run.shifted(by);
        self.moves.iter_mut().for_each(|(_, at, _)| *at += by);
        self
    }

    fn text(&self) -> String {
        let bytes = encode(self);
        let digit = |n: u8| char::from(HEX[usize::from(n & 15)]);
        bytes
            .iter()
            .flat_map(|b| [digit(b >> 4), digit(*b)])
            .collect()
    }

    fn read(text: &str) -> Option<Kept> {
        let value = |c: u8| HEX.iter().position(|&h| h == c).map(|v| v as u8);
        let bytes = (text.as_bytes().chunks(2))
            .map(|pair| match pair {
                [hi, lo] => Some(value(*hi)? << 4 | value(*lo)?),
                _ => None,
            })
            .collect::<Option<Vec<u8>>>()?;
        let kept: Kept = decode(&bytes)?;
        // A run that stands past its last board is no run.
        kept.run.board()?;
        Some(kept)
    }
}

impl Eventing {
    /// What is kept of the run for a reload, `game` its board on show (`offset`: the calendar's
    /// time less the page's clock); `None` without a run.
    pub fn saved(&self, game: &Game, offset: f64) -> Option<String> {
        let (run, daily) = self.run.as_ref()?;
        let moves = (game.history().iter().zip(game.stamps()))
            .map(|(&mv, (ms, input))| (mv, ms, input.unwrap_or(Input::Keys)))
            .collect();
        let kept = Kept {
            run: run.clone(),
            daily: *daily,
            moves,
        };
        Some(kept.shifted(offset).text())
    }

    /// After an action: the run kept anew if it stands on a new board or phase, or its keeping
    /// forgotten once it ended (`Some`: what to keep, or `None` to forget).
    pub(in crate::play::page) fn keep_due(
        &mut self,
        game: &Game,
        offset: f64,
    ) -> Option<Option<String>> {
        let key = (self.run()).map(|r| (r.progress().0, r.phase().name(), game.moves_made() == 0));
        if self.saved == key {
            return None;
        }
        self.saved = key;
        Some(self.saved(game, offset))
    }

    /// An event kept before a reload (`saved`; `offset`: the calendar's time less the page's
    /// clock, now at `now_ms`). Where the page opened on its boards (the reload's own address),
    /// it runs again where it stood: its board, its moves made again at their times, its clock
    /// counting the time away, and a fewest-moves round whose limit passed meanwhile ends at
    /// its limit, as it would have. Opened on anything else, it ends, given up, and is kept.
    pub(in crate::play::page) fn restore(
        &mut self,
        saved: &str,
        offset: f64,
        now_ms: f64,
        when: When,
    ) -> Vec<Evented> {
        let Some(Kept {
            mut run,
            daily,
            moves,
        }) = Kept::read(saved).map(|k| k.shifted(-offset))
        else {
            return vec![Evented::Keep(None)];
        };
        let board = run.board().cloned().unwrap_or_default();
        let mut game = Game::new(board.clone());
        for &(mv, now_ms, input) in &moves {
            game.apply(GameAction::Move { mv, now_ms, input });
        }
        let same = (self.pending.as_ref()).is_some_and(|p| {
            p.event == run.event() && p.boards == run.boards() && p.daily == daily
        });
        if !same {
            let record = run.give_up(&game, now_ms, when);
            return vec![Evented::Ended(record), Evented::Keep(None)];
        }
        self.choice = Choice::of(run.event());
        (self.pending, self.result) = (None, None);
        self.run = Some((run, daily));
        let mut said = vec![Evented::Board(board), Evented::Replay(moves)];
        if let Some(Phase::Exploring { since_ms, minutes }) = self.phase() {
            let limit = since_ms + f64::from(minutes) * 60_000.0;
            if now_ms > limit {
                said.extend(self.reduce(EventAction::Tick, &game, limit + 1.0, when));
                said.push(Evented::Keep(None));
            }
        }
        said
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::Event;
    use crate::play::game::daily::Date;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::notation::parse_board;
    use crate::puzzle::position::Position;

    fn boards() -> Vec<Position> {
        ["1 2 3/4 5 6/0 7 8", "1 2 3/4 5 6/7 0 8"]
            .iter()
            .map(|b| Position::toward(parse_board(b).unwrap(), &Goal::BlankLast).unwrap())
            .collect()
    }

    #[test]
    fn every_phase_reads_back_on_another_clock_and_damage_reads_as_nothing() {
        let daily = LinkedDaily {
            date: Date::parse("2026-11-23").unwrap(),
            width: 3,
            height: 3,
        };
        let start = |event| Run::start(event, boards(), true, 3, 500.0);
        for event in [
            Event::Marathon { solves: 2 },
            Event::Fmc,
            Event::Blindfolded,
        ] {
            let kept = Kept {
                run: start(event),
                daily: Some(daily),
                moves: vec![(Move::Left, 700.0, Input::Hover)],
            };
            let text = kept.clone().shifted(1_000_000.0).text();
            let back = Kept::read(&text).unwrap().shifted(-5_000_000.0);
            assert_eq!(back, kept.clone().shifted(-4_000_000.0));
            assert_eq!(
                back.run.since_ms(),
                kept.run.since_ms().map(|s| s - 4_000_000.0)
            );
            assert_eq!(Kept::read(&text[..text.len() - 2]), None, "cut short");
            assert_eq!(Kept::read(&text.replace('0', "g")), None, "not hexadecimal");
        }
        assert_eq!(Kept::read(""), None);
    }
}
