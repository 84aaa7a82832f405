//! An event in progress as the page keeps it across a reload: its boards, where it stands, its
//! clock's instants as calendar time (milliseconds since 1970, not the page's clock, which
//! starts again at each load), and the moves made on the board on show with when and how.
//! Restored, the clock counts the time away: a reload never stops it.

use super::{Phase, Run};
use crate::play::daily::Date;
use crate::play::event::Event;
use crate::play::game::Game;
use crate::play::input::{Control, Input};
use crate::play::json::Json;
use crate::play::link::LinkedDaily;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{format_moves, parse_board, parse_moves};
use crate::puzzle::position::Position;

/// An event read back: the run, its daily, and the moves made on its board on show (each
/// move with when it was made on the page's clock, and how).
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    pub run: Run,
    pub daily: Option<LinkedDaily>,
    pub moves: Vec<(Move, f64, Input)>,
}

const INPUTS: [(Input, &str); 4] = [
    (Input::Click, "click"),
    (Input::Hover, "hover"),
    (Input::Keys, "keys"),
    (Input::Touch, "touch"),
];

fn number(n: f64) -> Json {
    Json::Number(n)
}

fn list(items: impl Iterator<Item = Json>) -> Json {
    Json::Array(items.collect())
}

impl Run {
    /// The run as kept, with `game` (its board on show) and `daily`; `offset` turns the page's
    /// clock into calendar time (calendar = page + offset).
    pub fn saved(&self, game: &Game, daily: Option<&LinkedDaily>, offset: f64) -> Json {
        let at = |ms: f64| number(ms + offset);
        let (since, memo, minutes) = match self.phase {
            Phase::Running => (None, None, None),
            Phase::Memorising { since_ms } => (Some(since_ms), None, None),
            Phase::Blind { memo_ms, since_ms } => (Some(since_ms), Some(memo_ms), None),
            Phase::Exploring { since_ms, minutes } => (Some(since_ms), None, Some(minutes)),
        };
        let optional = |v: Option<Json>| v.unwrap_or(Json::Null);
        let stamps = game.stamps();
        let moves: Vec<Json> = (game.history().iter().zip(&stamps))
            .map(|(mv, (ms, input))| {
                let how = INPUTS.iter().find(|(i, _)| Some(*i) == *input);
                list(
                    [
                        Json::String(format_moves(&[*mv])),
                        at(*ms),
                        Json::String(how.map_or("keys", |(_, n)| n).into()),
                    ]
                    .into_iter(),
                )
            })
            .collect();
        Json::Object(vec![
            ("event".into(), Json::String(self.event.name())),
            (
                "boards".into(),
                list(
                    self.boards
                        .iter()
                        .map(|p| Json::String(format!("{}|{}", p.board(), p.goal()))),
                ),
            ),
            ("random".into(), Json::Bool(self.random_state)),
            ("at".into(), number(self.at as f64)),
            ("phase".into(), Json::String(self.phase.name().into())),
            ("since".into(), optional(since.map(at))),
            ("memo".into(), optional(memo.map(number))),
            (
                "minutes".into(),
                optional(minutes.map(|m| number(f64::from(m)))),
            ),
            ("began".into(), optional(self.began_ms.map(at))),
            ("ends".into(), list(self.ends.iter().map(|&e| at(e)))),
            ("path".into(), Json::String(format_moves(&self.path))),
            (
                "counts".into(),
                list(self.boards_moves.iter().map(|&n| number(n as f64))),
            ),
            (
                "controls".into(),
                list(self.controls.iter().map(|c| Json::String(c.name().into()))),
            ),
            (
                "daily".into(),
                optional(
                    daily.map(|d| Json::String(format!("{} {}x{}", d.date, d.width, d.height))),
                ),
            ),
            ("moves".into(), Json::Array(moves)),
        ])
    }

    /// Reads what [`Run::saved`] wrote, its instants on this page's clock (page = calendar −
    /// `offset`); `None` if any of it cannot be read.
    pub fn restored(json: &Json, offset: f64) -> Option<Restored> {
        let text = |k: &str| json.get(k).and_then(Json::as_str);
        let items = |k: &str| json.get(k).and_then(Json::as_array).unwrap_or_default();
        let page = |v: &Json| v.as_f64().map(|ms| ms - offset);
        let event = Event::parse(text("event")?).ok()?;
        let boards = (items("boards").iter())
            .map(|b| {
                let (board, goal) = b.as_str()?.split_once('|')?;
                Position::new(parse_board(board).ok()?, parse_board(goal).ok()?).ok()
            })
            .collect::<Option<Vec<Position>>>()?;
        let at = json.get("at")?.as_count()?;
        let since = json.get("since").and_then(page);
        let phase = match text("phase")? {
            "running" => Phase::Running,
            "memorising" => Phase::Memorising { since_ms: since? },
            "blind" => Phase::Blind {
                memo_ms: json.get("memo")?.as_f64()?,
                since_ms: since?,
            },
            "exploring" => Phase::Exploring {
                since_ms: since?,
                minutes: json.get("minutes")?.as_count()? as u32,
            },
            _ => return None,
        };
        let controls = (items("controls").iter())
            .map(|c| Control::parse(c.as_str()?))
            .collect::<Option<Vec<Control>>>()?;
        let moves = (items("moves").iter())
            .map(|m| {
                let m = m.as_array()?;
                let mv = *parse_moves(m.first()?.as_str()?).ok()?.first()?;
                let how = m.get(2)?.as_str()?;
                let input = INPUTS.iter().find(|(_, n)| *n == how)?.0;
                Some((mv, page(m.get(1)?)?, input))
            })
            .collect::<Option<Vec<_>>>()?;
        let daily = match json.get("daily")? {
            Json::Null => None,
            d => {
                let (date, size) = d.as_str()?.split_once(' ')?;
                let (w, h) = size.split_once('x')?;
                Some(LinkedDaily {
                    date: Date::parse(date).ok()?,
                    width: w.parse().ok()?,
                    height: h.parse().ok()?,
                })
            }
        };
        let run = Run {
            event,
            random_state: json.get("random")?.as_bool()?,
            at,
            phase,
            began_ms: json.get("began").and_then(page),
            ends: items("ends").iter().map(page).collect::<Option<_>>()?,
            path: parse_moves(text("path")?).ok()?,
            boards_moves: (items("counts").iter())
                .map(Json::as_count)
                .collect::<Option<_>>()?,
            controls,
            boards,
        };
        // A run that stands past its last board is no run.
        run.board()?;
        Some(Restored { run, daily, moves })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::run::When;
    use crate::play::game::Action;
    use crate::puzzle::goal::Goal;

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
        // Kept at page time 3,500 with the page's clock 1,000,000 behind the calendar; read
        // back on a page whose clock is 5,000,000 behind.
        let json = Json::parse(&run.saved(&next, None, 1_000_000.0).to_string()).unwrap();
        let back = Run::restored(&json, 5_000_000.0).unwrap();
        let shift = |ms: f64| ms - 4_000_000.0;
        assert_eq!(back.run.since_ms(), run.since_ms().map(shift));
        assert_eq!(
            back.run.ends,
            run.ends.iter().map(|&e| shift(e)).collect::<Vec<_>>()
        );
        assert_eq!(
            (back.run.at, back.run.path.clone()),
            (1, vec![Move::Left, Move::Left])
        );
        assert_eq!(back.moves, [(Move::Left, shift(3_000.0), Input::Keys)]);
        assert_eq!(back.run.boards, boards());
        // The same run, on the new page's clock.
        let mut expected = run.clone();
        expected.began_ms = run.began_ms.map(shift);
        expected.ends = back.run.ends.clone();
        assert_eq!(back.run, expected);
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
            let damaged = saved.to_string().replace("\"phase\":\"", "\"phase\":\"x");
            assert_eq!(Run::restored(&Json::parse(&damaged).unwrap(), 0.0), None);
        }
        assert_eq!(Run::restored(&Json::Null, 0.0), None);
    }
}
