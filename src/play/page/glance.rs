//! What a move may change beyond the board, at a glance. The web layer draws the panels that
//! show the record (statistics, history), learn mode, an event's start and end, and the alert
//! again only when an action is not a move, or a move changed its [`Glance`]: so a move redraws
//! the board, its counters and what stands beside them, and a solve redraws everything.

use super::{Action, AskAction, Page};
use crate::play::link::pace::Pace;
use crate::play::worker::protocol::{FromWorker, Purpose};

/// A few cheap facts about the parts a move reaches only by ending something: a solve by hand
/// kept (the record), an event started, ended or on to its next board, learn mode's
/// stepper left behind, an alert.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glance {
    won: bool,
    solves: usize,
    events: usize,
    result: bool,
    /// An event is waiting for its first move, runs (and how many of its boards are done), has
    /// a result.
    event: (bool, Option<usize>, bool),
    /// The board's size: a relay's next board is bigger, and the statistics follow it.
    size: (usize, usize),
    watching: bool,
    alert: Option<usize>,
}

impl Page {
    /// The facts a move changes when it changes more than the board and what stands beside it.
    pub fn glance(&self) -> Glance {
        let (record, eventing) = (self.record(), self.eventing());
        Glance {
            won: self.game().won(),
            solves: record.history().solves.len(),
            events: record.events().events.len(),
            result: record.result().is_some(),
            event: (
                eventing.pending().is_some(),
                eventing.run().map(|r| r.progress().0),
                eventing.result().is_some(),
            ),
            size: (self.game().board().width(), self.game().board().height()),
            watching: self.learning().stepping().active(),
            alert: self.alert().map(str::len),
        }
    }
}

/// What stands beside the board (the controls, a replay's details) as a move can change it:
/// after a move the web layer draws that part again only when this changed. An event's panel
/// stands there too and follows its moves: while an event waits or runs there is none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beside {
    undo: (bool, bool),
    solved: bool,
    searching: bool,
    /// A replay's step, speed, pace, and whether it has the times of a solve.
    replay: Option<(usize, u32, Pace, bool)>,
}

impl Page {
    /// What a move can change beside the board; `None` while an event waits or runs.
    pub fn beside(&self) -> Option<Beside> {
        let (g, e, playing) = (self.game(), self.eventing(), self.playing());
        if e.running() || e.pending().is_some() {
            return None;
        }
        Some(Beside {
            undo: (g.can_undo(), g.can_redo()),
            solved: self.shown().is_solved() || self.editor().editing().is_some(),
            searching: self.searching(),
            replay: (g.replay_step()).map(|step| {
                let timed = playing.times().is_some();
                (step, playing.speed(), playing.pace(), timed)
            }),
        })
    }

    /// A Solve or a Hint under way whose answer is not on show yet: its Cancel stands beside
    /// the board (once an answer shows, the answer's Stop looking does).
    pub fn searching(&self) -> bool {
        (self.asking().request()).is_some_and(|r| {
            matches!(r.purpose, Purpose::Solve | Purpose::Hint) && r.shown.is_none()
        })
    }
}

/// Whether `action` can change the page only as a move does (a move, undo and redo, a replay's
/// steps, pace and speed; a search's progress): then a [`Glance`] unchanged vouches that the
/// record, learn mode, the events and the alert are as they were.
pub fn moves_only(action: &Action) -> bool {
    match action {
        Action::Play(_) => true,
        Action::Ask(AskAction::Worker(
            FromWorker::Progress { purpose, .. } | FromWorker::Preparing { purpose, .. },
        )) => !matches!(purpose, Purpose::Measure | Purpose::Analysis),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::input::Input;
    use crate::play::page::{
        BoardAction, Calendar, Choice, EventAction, LearnAction, PlayAction, Remembered,
    };
    use crate::puzzle::moves::Move;
    use crate::puzzle::random::Rng;

    fn open(query: &str) -> Page {
        let calendar = Calendar::at(1_795_435_200_000.0, 0);
        Page::open(
            query,
            "https://example.org/",
            Remembered::default(),
            calendar,
            Rng::seeded(3),
        )
    }

    /// What the panels drawn only when the glance changes are drawn from.
    fn beyond_the_board(page: &Page) -> String {
        format!(
            "{:?} {:?} {:?} {:?}",
            page.record(),
            page.learning().comparison(),
            page.learning().stepping(),
            page.alert()
        )
    }

    /// What the part beside the board is drawn from (the controls, a replay's details, the
    /// event's panel), as `web/layout.rs` reads it.
    fn beside_the_board(page: &Page) -> String {
        let (g, e, p) = (page.game(), page.eventing(), page.playing());
        format!(
            "{} {} {} {} {:?} {:?} {:?} {:?} {} {} {:?} {}",
            g.can_undo() && e.allows_undo(),
            g.can_redo() && e.allows_undo(),
            page.shown().is_solved() || page.editor().editing().is_some(),
            page.searching(),
            (g.replay_step(), p.speed(), p.pace(), p.times().is_some()),
            p.summary().is_some(),
            (g.board().width(), g.board().height()),
            page.asking().method(),
            page.prefs().mostly_misplaced(),
            page.sharing().daily().is_some(),
            e.run().map(|r| r.progress()),
            e.running(),
        )
    }

    /// Moves, undos, redos and a replay's steps on boards near their goal, an event now and
    /// then: whenever a move left [`Page::beside`] as it was, what stands beside the board was
    /// as it was; and moves did change it (Undo made possible, a solve).
    #[test]
    fn a_move_that_keeps_what_is_beside_changes_nothing_there() {
        let mut rng = Rng::seeded(45);
        let (mut kept, mut changed) = (0, 0);
        for session in 0..30 {
            let mut page = open("?board=1,2,3/4,5,6/7,0,8");
            if session % 6 == 5 {
                page.reduce(EventAction::Choose(Choice::Marathon), 0.0);
                page.reduce(EventAction::Start, 0.0);
            }
            for i in 0..120 {
                let action: Action = match rng.below(10) {
                    0..=4 => PlayAction::Tap(rng.below(9) as usize, Input::Hover).into(),
                    5 | 6 => {
                        PlayAction::Slide(Move::ALL[rng.below(4) as usize], Input::Keys).into()
                    }
                    7 => PlayAction::Undo.into(),
                    8 => PlayAction::Redo.into(),
                    _ => PlayAction::Step(rng.below(2) == 0).into(),
                };
                let (beside, before) = (page.beside(), beside_the_board(&page));
                page.reduce(action.clone(), (session * 1000 + i) as f64 * 40.0);
                if !moves_only(&action) {
                    continue;
                }
                match beside.is_some() && beside == page.beside() {
                    true => {
                        assert_eq!(beside_the_board(&page), before, "after {action:?}");
                        kept += 1;
                    }
                    false => changed += 1,
                }
            }
        }
        assert!(
            kept > 1000 && changed > 50,
            "{kept} kept, {changed} changed"
        );
    }

    /// A restless player's moves on a board near its goal, with the stepper opened now and
    /// then and an event or two: each action whose glance stayed left the record, learn mode
    /// and the alert as they were, and the solves and steppers closed did change it.
    #[test]
    fn a_move_that_keeps_the_glance_changes_nothing_beyond_the_board() {
        let mut rng = Rng::seeded(44);
        let mut kept = 0;
        // The glances changed: by a solve, a stepper left behind, an event's next board.
        let (mut solves, mut left_behind, mut next_boards) = (0, 0, 0);
        for session in 0..40 {
            // A board a move from its goal, so that random play solves it now and then.
            let mut page = open("?board=1,2,3/4,5,6/7,0,8");
            // Now and then a marathon or a relay, whose boards follow one another as each is
            // solved (a relay smallest first, so random play solves its 2×2, then each bigger).
            if let Some(&event) = [Choice::Marathon, Choice::Relay].get(session % 8) {
                page.reduce(EventAction::Choose(event), 0.0);
                page.reduce(EventAction::RelayDown(false), 0.0);
                page.reduce(EventAction::Start, 0.0);
            }
            for i in 0..150 {
                let action: Action = match rng.below(12) {
                    0..=5 => PlayAction::Tap(rng.below(9) as usize, Input::Hover).into(),
                    6 | 7 => {
                        PlayAction::Slide(Move::ALL[rng.below(4) as usize], Input::Keys).into()
                    }
                    8 => PlayAction::Undo.into(),
                    9 => PlayAction::Redo.into(),
                    10 if i % 40 == 0 => LearnAction::Watch(crate::solver::Algorithm::AStar).into(),
                    11 if session % 5 == 0 && i == 20 => {
                        EventAction::Choose(Choice::Marathon).into()
                    }
                    11 if session % 5 == 0 && i > 20 => EventAction::Start.into(),
                    _ => PlayAction::Tap(rng.below(9) as usize, Input::Click).into(),
                };
                let (glance, before) = (page.glance(), beyond_the_board(&page));
                page.reduce(action.clone(), (session * 1000 + i) as f64 * 40.0);
                if !moves_only(&action) {
                    continue;
                }
                let after = page.glance();
                if after == glance {
                    assert_eq!(beyond_the_board(&page), before, "after {action:?}");
                    kept += 1;
                }
                solves += usize::from(after.won && !glance.won);
                left_behind += usize::from(glance.watching && !after.watching);
                next_boards +=
                    usize::from(after.event.1 > glance.event.1 && glance.event.1.is_some());
            }
        }
        assert!(kept > 3000, "{kept} moves kept the glance");
        assert!(solves > 0 && left_behind > 0 && next_boards > 0);
    }

    #[test]
    fn a_solve_by_hand_changes_the_glance_and_a_move_before_it_does_not() {
        let mut page = open("?board=1,2,3/4,5,6/0,7,8");
        let start = page.glance();
        page.reduce(PlayAction::Tap(7, Input::Hover), 1000.0);
        assert_eq!(page.glance(), start);
        page.reduce(PlayAction::Tap(8, Input::Hover), 1040.0);
        assert_ne!(page.glance(), start);
        assert_eq!(page.record().history().solves.len(), 1);
    }

    #[test]
    fn moves_and_a_searchs_progress_may_be_vouched_for_and_nothing_else() {
        assert!(moves_only(&PlayAction::Undo.into()));
        assert!(moves_only(&PlayAction::Tap(3, Input::Hover).into()));
        assert!(!moves_only(&BoardAction::Shuffle.into()));
        assert!(!moves_only(&AskAction::Solve.into()));
        assert!(!moves_only(&LearnAction::Step.into()));
    }
}
