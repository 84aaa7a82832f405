//! The board's lifecycle: which board the page plays next, and why. A link opens its board (or
//! the daily of its date, or else a fresh one with the link's problem said); Shuffle and a new
//! size draw a fresh board; Daily opens the day's; a goal chosen keeps the board where it can
//! reach it; a board typed, loaded or set by hand is played or shown with its fix; a solve is
//! watched again from its start; a solve by hand is written down. The part owns what a new
//! board is drawn with (the calendar, for dailies and the history, and the shuffles'
//! randomness) and reads the rest from the other parts ([`Scene`]); what the page must do about
//! it comes back as [`Boarded`], in order.

use super::record::HandResult;
use super::{Evented, Pending, Record};
use crate::play::event::run::When;
use crate::play::event::{Event, boards};
use crate::play::game::Game;
use crate::play::game::daily::{self, DailyError, Date};
use crate::play::game::input::Control;
use crate::play::game::origin::Origin;
use crate::play::link::challenge::{Challenge, Verdict};
use crate::play::link::{LinkRequest, LinkedDaily, LinkedReplay};
use crate::play::record::solves::{Solve, slides};
use crate::play::worker::solving::Summary;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

/// What the player can do to the board itself.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardAction {
    /// A fresh shuffle of the size on the board (leaving the daily, if one is on).
    Shuffle,
    /// A new size: a fresh shuffle of it (while a daily is on, that day's daily of the size).
    Size(usize, usize),
    /// Today's daily puzzle (at the daily size in play, 4×4 at first).
    Daily,
    /// Replay the player's own solve, the shortest one, or the friend's (a challenge's).
    Watch(Whose),
    /// A goal chosen in the picker.
    Goal(Goal),
    /// A board typed or loaded, to play toward the goal chosen.
    Typed(Board),
    /// A position set by hand (or fixed so that it can be solved).
    Edited(Position),
    /// The daily race's board, as the server dealt it.
    Race(Position),
}

/// Whose moves a replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Shortest,
    Friends,
}

/// A replay from a start of its own: a solve by hand, the shortest, a friend's.
#[derive(Clone, Debug, PartialEq)]
pub struct Watched {
    pub start: Position,
    pub moves: Vec<Move>,
    pub optimal: bool,
    pub summary: Summary,
    /// When each move was made, for a replay at the pace played.
    pub times: Option<Vec<f64>>,
}

/// What the page must do for the board part, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Boarded {
    /// Whatever ran on the board stops, and what belonged to it goes: an event, the search, the
    /// result, a challenge, a daily, a board being set by hand.
    Leave,
    /// Play this board, which came from there.
    Start(Position, Origin),
    /// The daily of a date and size is on the board now.
    Daily(LinkedDaily),
    /// A link's replay, on the board it opened.
    Replay(LinkedReplay),
    /// Replay moves from a start of their own.
    Watch(Watched),
    /// A board that cannot reach its goal: shown with its fix, not played.
    Unsolvable(Position),
    /// Say this in the alert (`None`: the alert goes).
    Alert(Option<String>),
    /// The size to shuffle at next visit.
    RememberSize((usize, usize)),
    /// The goal to keep for the next visit.
    RememberGoal(Goal),
    /// The statistics follow the board to its new size.
    StatsFollowSize,
    /// A solve that counts: the size's best with its control, if it beat it.
    Best {
        size: (usize, usize),
        control: Control,
        moves: usize,
        millis: f64,
    },
    /// A solve by hand, with the player's moves: kept, measured, analysed, set against a
    /// friend's challenge.
    Solved(Solve, Vec<Move>),
}

/// The date, as the page needs it: the player's, the latest anywhere (for dailies), and the time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calendar {
    /// The player's date.
    pub today: Date,
    /// The latest date on Earth: later dailies are not out.
    pub latest: Date,
    /// Milliseconds since 1970 UTC.
    pub epoch_ms: f64,
}

impl Calendar {
    /// The calendar at `epoch_ms`, in a time zone `offset_minutes` ahead of UTC.
    pub fn at(epoch_ms: f64, offset_minutes: i32) -> Calendar {
        Calendar {
            today: Date::at(epoch_ms, offset_minutes),
            latest: Date::latest_at(epoch_ms),
            epoch_ms,
        }
    }
}

/// What the board part reads from the other parts.
pub struct Scene<'a> {
    pub game: &'a Game,
    /// Where the game's start came from.
    pub origin: Origin,
    /// The goal chosen, and whether shuffles leave most tiles out of place.
    pub goal: Goal,
    pub mostly_misplaced: bool,
    /// The size kept from the last visit.
    pub saved_size: (usize, usize),
    /// The daily on the board, if one is.
    pub daily: Option<LinkedDaily>,
    /// The last solve by hand's result.
    pub result: Option<&'a HandResult>,
    /// A friend's result to beat on this board.
    pub challenge: Option<&'a Challenge>,
    /// Embedded: a solve is the embedding page's to keep.
    pub embed: bool,
}

/// The board part of the page.
#[derive(Debug)]
pub struct Boarding {
    /// Today, for dailies and the history; the web layer keeps it current.
    calendar: Calendar,
    /// A shuffle's randomness.
    rng: Rng,
}

impl Boarding {
    pub fn new(calendar: Calendar, rng: Rng) -> Boarding {
        Boarding { calendar, rng }
    }

    /// Carries out `action` on the page as `scene` shows it.
    pub fn reduce(&mut self, action: BoardAction, scene: &Scene) -> Vec<Boarded> {
        match action {
            // A fresh board, leaving the daily if one is on (Daily comes back to it).
            BoardAction::Shuffle => self.new_game(size_of(scene.game), scene),
            // The statistics follow the board to its new size; while a daily is on, that day's
            // daily of the size.
            BoardAction::Size(w, h) => {
                let mut said = vec![Boarded::StatsFollowSize];
                said.extend(match scene.daily {
                    Some(_) => self.new_daily((w, h)),
                    None => self.new_game((w, h), scene),
                });
                said
            }
            BoardAction::Daily => {
                let size = scene.daily.map_or((4, 4), |d| (d.width, d.height));
                self.new_daily(size)
            }
            BoardAction::Watch(whose) => watch(whose, scene)
                .map(Boarded::Watch)
                .into_iter()
                .collect(),
            BoardAction::Goal(goal) => self.choose_goal(goal, scene),
            BoardAction::Typed(board) => match Position::toward(board, &scene.goal) {
                Ok(position) => own_board(position, Origin::Typed),
                Err(e) => vec![Boarded::Alert(Some(format!(
                    "{e}: choose another goal, or a board of its size."
                )))],
            },
            BoardAction::Edited(position) => own_board(position, Origin::Edited),
            BoardAction::Race(position) => {
                vec![Boarded::Leave, Boarded::Start(position, Origin::Race)]
            }
        }
    }

    /// What a link asks for (its event already opened or refused): its board and replay, or the
    /// daily of its date, or else a fresh board, with the link's problem said.
    pub fn open(&mut self, link: LinkRequest, scene: &Scene) -> Vec<Boarded> {
        if let Some(position) = link.position {
            // A friend's challenge is a board drawn at random by the friend's page.
            let origin = match scene.challenge {
                Some(_) => Origin::Challenge,
                None => Origin::Link,
            };
            let mut said = vec![
                Boarded::Alert(link.problem),
                Boarded::Start(position, origin),
            ];
            said.extend(link.replay.map(Boarded::Replay));
            return said;
        }
        let opened = link
            .daily
            .map(|d| self.open_daily(d.date, (d.width, d.height)));
        let problem = match opened {
            Some(Ok(mut said)) => {
                said.insert(0, Boarded::Alert(link.problem));
                return said;
            }
            Some(Err(e)) => Some(e.to_string()),
            None => link.problem,
        };
        let alert = problem.map(|p| format!("{p} Here is a fresh board instead."));
        let mut said = vec![Boarded::Leave, Boarded::Alert(alert)];
        let filtered = scene.mostly_misplaced;
        let (w, h) = scene.saved_size;
        said.push(match shuffled(w, h, filtered, &scene.goal, &mut self.rng) {
            Ok(position) => Boarded::Start(position, Origin::Shuffle { filtered }),
            // Without a usable size, the solved 8-puzzle still makes a playable page.
            Err(e) => Boarded::Alert(Some(e)),
        });
        said
    }

    /// A fresh shuffle of `size`, remembered.
    fn new_game(&mut self, (w, h): (usize, usize), scene: &Scene) -> Vec<Boarded> {
        let mut said = vec![Boarded::Leave];
        let filtered = scene.mostly_misplaced;
        match shuffled(w, h, filtered, &scene.goal, &mut self.rng) {
            Ok(position) => said.extend([
                Boarded::Alert(None),
                Boarded::RememberSize((w, h)),
                Boarded::Start(position, Origin::Shuffle { filtered }),
            ]),
            Err(e) => said.push(Boarded::Alert(Some(e))),
        }
        said
    }

    /// Today's daily at a size: whatever ran stops.
    fn new_daily(&mut self, size: (usize, usize)) -> Vec<Boarded> {
        let mut said = vec![Boarded::Leave];
        match self.open_daily(self.calendar.today, size) {
            Ok(opened) => said.extend([Boarded::Alert(None)].into_iter().chain(opened)),
            Err(e) => said.push(Boarded::Alert(Some(e.to_string()))),
        }
        said
    }

    /// The daily puzzle of `date` at a size (checked against the calendar).
    fn open_daily(
        &self,
        date: Date,
        (width, height): (usize, usize),
    ) -> Result<Vec<Boarded>, DailyError> {
        daily::check(date, self.calendar.latest)?;
        let board = daily::board(date, width, height)?;
        let uniform = daily::random_state(date);
        Ok(vec![
            Boarded::Start(board, Origin::Daily { uniform }),
            Boarded::Daily(LinkedDaily {
                date,
                width,
                height,
            }),
        ])
    }

    /// A goal chosen in the picker: the board stays if it can reach it, else a new one can.
    fn choose_goal(&mut self, goal: Goal, scene: &Scene) -> Vec<Boarded> {
        let g = scene.game;
        let board = g.board().clone();
        // A board drawn at random stays so toward another goal it can reach (the same half of
        // all boards); one the player moved first is the player's choice.
        let kept = match g.start().board() == &board {
            true => scene.origin,
            false => Origin::Moved,
        };
        let position = match Position::toward(board, &goal) {
            Ok(position) => position,
            Err(e) => return vec![Boarded::Alert(Some(format!("Custom goal: {e}.")))],
        };
        // Another goal is another puzzle: a search toward the old one stops like any other.
        let mut said = vec![Boarded::RememberGoal(goal.clone()), Boarded::Leave];
        if position.is_solvable() {
            said.extend([Boarded::Alert(None), Boarded::Start(position, kept)]);
            return said;
        }
        // Half of all boards cannot reach a given goal: start one that can.
        let (w, h) = (position.width(), position.height());
        let filtered = scene.mostly_misplaced;
        said.extend(match shuffled(w, h, filtered, &goal, &mut self.rng) {
            Ok(next) => vec![
                Boarded::Alert(Some(
                    "This board could never reach that goal, so here is a new one that can.".into(),
                )),
                Boarded::Start(next, Origin::Shuffle { filtered }),
            ],
            Err(e) => vec![Boarded::Alert(Some(e))],
        });
        said
    }

    /// The player's own moves just reached the goal (`now_ms`): a best of its control if it
    /// counts, and, unless the page is embedded, the solve written down.
    pub fn solved(&self, scene: &Scene, now_ms: f64) -> Vec<Boarded> {
        let g = scene.game;
        let mut said = Vec::new();
        // A solve with help, or of a board not drawn at random, is kept, marked, but is no
        // best; a best is a best of its control.
        if !g.helped() && scene.origin.random_state() {
            said.push(Boarded::Best {
                size: size_of(g),
                control: g.control(),
                moves: g.moves_made(),
                millis: g.elapsed_ms(now_ms),
            });
        }
        // Embedded, the page that embeds this one hears of the solve; the result, the history
        // and the measure belong to the game's own page.
        if scene.embed {
            return said;
        }
        let path = g.history().to_vec();
        let solve = Solve {
            // Solves are known by when they happened.
            id: self.calendar.epoch_ms.max(0.0) as u64,
            date: self.calendar.today,
            start: g.start().clone(),
            moves: Some(path.len()),
            slides: Some(slides(&path)),
            millis: g.elapsed_ms(now_ms),
            optimal: None,
            best_known: None,
            assisted: g.helped(),
            times: g.move_times(),
            control: g.control(),
            random_state: scene.origin.random_state(),
        };
        said.push(Boarded::Solved(solve, path));
        said
    }

    /// The boards of a fresh `event`, for the event part: the size on the board (a relay's own),
    /// the goal chosen; while a daily is on, that date's event boards. Or why it cannot start.
    pub fn draw_event(&mut self, event: Event, scene: &Scene) -> Vec<Evented> {
        let (boards, daily) = match scene.daily {
            Some(d) => (boards::daily(event, d.date, (d.width, d.height)), Some(d)),
            None => {
                let size = size_of(scene.game);
                let fresh = boards::fresh(event, size, &scene.goal, &mut self.rng);
                (fresh, None)
            }
        };
        let said = match boards {
            Ok(boards) => Evented::Begin(
                Pending {
                    event,
                    boards,
                    daily,
                    random_state: true,
                },
                None,
            ),
            Err(e) => Evented::Alert(Some(format!("The event cannot start: {e}."))),
        };
        vec![said]
    }

    /// When an event ending now is kept: its id (free among solves and events) and date.
    pub fn when(&self, record: &Record) -> When {
        When {
            id: record.free_id(self.calendar.epoch_ms.max(0.0) as u64),
            date: self.calendar.today,
        }
    }

    pub fn calendar(&self) -> Calendar {
        self.calendar
    }

    /// The date from now on (the web layer keeps it current).
    pub fn set_calendar(&mut self, calendar: Calendar) {
        self.calendar = calendar;
    }
}

/// A board of the player's own: played if it can reach its goal, else shown with its fix.
fn own_board(position: Position, origin: Origin) -> Vec<Boarded> {
    let shown = match position.is_solvable() {
        true => Boarded::Start(position, origin),
        false => Boarded::Unsolvable(position),
    };
    vec![Boarded::Leave, Boarded::Alert(None), shown]
}

/// Moves to replay from the start board of the result (or the challenge): the player's own,
/// the shortest, or the friend's.
fn watch(whose: Whose, scene: &Scene) -> Option<Watched> {
    let result = scene.result;
    let start = result.map_or_else(|| scene.game.start().clone(), |r| r.solve.start.clone());
    let (moves, optimal, summary, times) = match whose {
        Whose::Yours => result.map(|r| {
            let times = Some(r.solve.times.clone()).filter(|t| t.len() == r.path.len());
            (r.path.clone(), false, Summary::Yours, times)
        }),
        Whose::Shortest => result.and_then(|r| r.shortest.as_ref()).and_then(|answer| {
            let moves = parse_moves(&answer.moves).ok()?;
            Some((moves, answer.optimal, Summary::of(answer, 0.0, false), None))
        }),
        Whose::Friends => {
            let c = scene.challenge.filter(|c| c.revealed);
            let checked = c
                .and_then(|c| c.verdict(&start))
                .is_some_and(|v| v != Verdict::NotASolution);
            c.and_then(|c| c.target.proof.clone())
                .filter(|_| checked)
                .map(|proof| (proof, false, Summary::Friends, None))
        }
    }?;
    Some(Watched {
        start,
        moves,
        optimal,
        summary,
        times,
    })
}

fn size_of(game: &Game) -> (usize, usize) {
    (game.board().width(), game.board().height())
}

/// A fresh scramble of the given size toward `goal` (blank last where a custom goal has another
/// size), most tiles out of place if asked; or what stops one, in words for the alert.
fn shuffled(
    width: usize,
    height: usize,
    mostly_misplaced: bool,
    goal: &Goal,
    rng: &mut Rng,
) -> Result<Position, String> {
    let goal = goal
        .board(width, height)
        .or_else(|_| Goal::BlankLast.board(width, height))
        .map_err(|e| e.to_string())?;
    let options = if mostly_misplaced {
        ScrambleOptions::MOSTLY_MISPLACED
    } else {
        ScrambleOptions::default()
    };
    random_solvable(&goal, options, rng).map_err(|e| e.to_string())
}
