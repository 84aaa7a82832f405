//! An event's boards. Every board is drawn uniformly from all solvable boards of its size
//! (random state), and all of an event's boards follow from one of them, its *anchor*: a
//! marathon's first board, a relay's largest, the single board of a blindfolded solve or a
//! fewest-moves round. The others are drawn from a seed made of the anchor, so a link that
//! names the anchor names the whole event, and a friend's page draws the same boards.
//!
//! A daily event's anchor is drawn from the date, the size and the event's name: the same for
//! every player that day, and not the daily puzzle's own board (so playing one spoils nothing of
//! the other).

use super::Event;
use crate::play::game::daily::Date;
use crate::puzzle::goal::Goal;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};
use std::fmt;

/// Why an event's boards cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardsError {
    /// A relay's anchor is its largest board: `up_to`×`up_to`.
    NotRelaySize {
        up_to: u32,
        width: usize,
        height: usize,
    },
    /// A board could not be drawn (the scramble's or the goal's words).
    Draw(String),
}

impl fmt::Display for BoardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardsError::NotRelaySize {
                up_to,
                width,
                height,
            } => write!(
                f,
                "a relay up to {up_to}×{up_to} needs a {up_to}×{up_to} board, not a {width}×{height} one"
            ),
            BoardsError::Draw(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for BoardsError {}

/// FNV-1a of a text: the seed of the boards that follow from it.
fn seed(text: &str) -> u64 {
    crate::puzzle::random::fnv1a(text.as_bytes())
}

/// A uniformly random solvable board of `width`×`height` toward `goal`'s kind of goal (blank
/// last for a custom goal of another size).
fn draw(width: usize, height: usize, goal: &Goal, rng: &mut Rng) -> Result<Position, BoardsError> {
    let goal = goal
        .board(width, height)
        .or_else(|_| Goal::BlankLast.board(width, height))
        .map_err(|e| BoardsError::Draw(e.to_string()))?;
    random_solvable(&goal, ScrambleOptions::default(), rng)
        .map_err(|e| BoardsError::Draw(e.to_string()))
}

/// The size of an event's anchor, for boards of `width`×`height` (a relay's is its largest).
pub fn anchor_size(event: Event, width: usize, height: usize) -> (usize, usize) {
    match event {
        Event::Relay { up_to, .. } => (up_to as usize, up_to as usize),
        _ => (width, height),
    }
}

/// The event's boards, in the order played, from its anchor.
pub fn from_anchor(event: Event, anchor: &Position) -> Result<Vec<Position>, BoardsError> {
    let goal = Goal::named(anchor.goal());
    let mut rng = Rng::seeded(seed(&format!(
        "slide event {} {}",
        event.name(),
        anchor.board()
    )));
    match event {
        Event::Marathon { solves } => {
            let mut boards = vec![anchor.clone()];
            for _ in 1..solves {
                boards.push(draw(anchor.width(), anchor.height(), &goal, &mut rng)?);
            }
            Ok(boards)
        }
        Event::Relay { up_to, down } => {
            let n = up_to as usize;
            if (anchor.width(), anchor.height()) != (n, n) {
                return Err(BoardsError::NotRelaySize {
                    up_to,
                    width: anchor.width(),
                    height: anchor.height(),
                });
            }
            let mut boards = (2..n)
                .map(|k| draw(k, k, &goal, &mut rng))
                .collect::<Result<Vec<_>, _>>()?;
            boards.push(anchor.clone());
            if down {
                boards.reverse();
            }
            Ok(boards)
        }
        Event::Blindfolded | Event::Fmc => Ok(vec![anchor.clone()]),
    }
}

/// A fresh event: its anchor drawn from `rng` (boards of `width`×`height` toward `goal`), and
/// the boards that follow from it.
pub fn fresh(
    event: Event,
    (width, height): (usize, usize),
    goal: &Goal,
    rng: &mut Rng,
) -> Result<Vec<Position>, BoardsError> {
    let (w, h) = anchor_size(event, width, height);
    from_anchor(event, &draw(w, h, goal, rng)?)
}

/// The daily event of `date` (boards of `width`×`height`, toward blank last): the same for
/// everyone that day.
pub fn daily(
    event: Event,
    date: Date,
    (width, height): (usize, usize),
) -> Result<Vec<Position>, BoardsError> {
    let (w, h) = anchor_size(event, width, height);
    let name = format!("slide daily {date} {w}x{h} {}", event.name());
    let anchor = draw(w, h, &Goal::BlankLast, &mut Rng::seeded(seed(&name)))?;
    from_anchor(event, &anchor)
}

/// The board an event's link names: its anchor.
pub fn anchor(event: Event, boards: &[Position]) -> Option<&Position> {
    match event {
        Event::Relay { down: false, .. } => boards.last(),
        _ => boards.first(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date() -> Date {
        Date::parse("2026-11-30").unwrap()
    }

    #[test]
    fn the_anchor_names_every_board_and_each_is_solvable() {
        let mut rng = Rng::seeded(7);
        let event = Event::Marathon { solves: 5 };
        let boards = fresh(event, (4, 4), &Goal::BlankLast, &mut rng).unwrap();
        assert_eq!(boards.len(), 5);
        assert!(boards.iter().all(|b| b.is_solvable() && !b.is_solved()));
        assert_eq!(from_anchor(event, &boards[0]).unwrap(), boards);
        // Another count is another event: its second board is not the same.
        let other = from_anchor(Event::Marathon { solves: 6 }, &boards[0]).unwrap();
        assert_ne!(other[1], boards[1]);
    }

    #[test]
    fn a_relay_climbs_from_two_by_two_to_its_anchor() {
        let event = Event::Relay {
            up_to: 5,
            down: false,
        };
        let boards = fresh(event, (3, 3), &Goal::BlankFirst, &mut Rng::seeded(3)).unwrap();
        let sizes: Vec<_> = boards.iter().map(|b| (b.width(), b.height())).collect();
        assert_eq!(sizes, [(2, 2), (3, 3), (4, 4), (5, 5)]);
        assert!(
            boards
                .iter()
                .all(|b| b.goal().blank() == 0 && b.is_solvable())
        );
        let anchor = anchor(event, &boards).unwrap();
        assert_eq!(from_anchor(event, anchor).unwrap(), boards);
        assert_eq!(
            from_anchor(event, &boards[1]),
            Err(BoardsError::NotRelaySize {
                up_to: 5,
                width: 3,
                height: 3
            })
        );
    }

    #[test]
    fn a_relay_down_starts_at_its_anchor_and_ends_at_two_by_two() {
        let event = Event::Relay {
            up_to: 4,
            down: true,
        };
        let boards = fresh(event, (3, 3), &Goal::BlankLast, &mut Rng::seeded(3)).unwrap();
        let sizes: Vec<_> = boards.iter().map(|b| (b.width(), b.height())).collect();
        assert_eq!(sizes, [(4, 4), (3, 3), (2, 2)]);
        let anchor = anchor(event, &boards).unwrap();
        assert_eq!(
            anchor, &boards[0],
            "a link names the first board, the largest"
        );
        assert_eq!(from_anchor(event, anchor).unwrap(), boards);
        // The other order is another event: its smaller boards are drawn apart.
        let up = from_anchor(
            Event::Relay {
                up_to: 4,
                down: false,
            },
            anchor,
        )
        .unwrap();
        assert_ne!(up[1], boards[1]);
    }

    #[test]
    fn a_daily_event_is_the_same_for_everyone_and_not_the_daily_puzzle() {
        let a = daily(Event::Fmc, date(), (4, 4)).unwrap();
        assert_eq!(a, daily(Event::Fmc, date(), (4, 4)).unwrap());
        let puzzle = crate::play::game::daily::board(date(), 4, 4).unwrap();
        assert_ne!(a[0], puzzle);
        assert_ne!(a, daily(Event::Blindfolded, date(), (4, 4)).unwrap());
        let relay = daily(
            Event::Relay {
                up_to: 3,
                down: true,
            },
            date(),
            (4, 4),
        )
        .unwrap();
        assert_eq!(relay.len(), 2);
    }
}
