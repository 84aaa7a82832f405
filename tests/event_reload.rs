//! An event in progress across a reload, natively: what the page keeps of it (on calendar
//! time, since the page's clock starts again at each load), and what a new page makes of it:
//! the same event where it stood, its clock counting the time away; a fewest-moves round whose
//! limit passed meanwhile ended as "Time is up"; an event the new page was not opened on ended,
//! given up, and kept.

use slide::Heuristic;
use slide::play::game::input::Input;
use slide::play::keeping::ToStore;
use slide::play::page::{
    Action, Calendar, Choice, Effect, EventAction, Page, PlayAction, Remembered, Setting,
};
use slide::puzzle::moves::Move;
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;
use slide::solver::{Algorithm, Options, solve};

/// 2026-11-23, noon UTC.
const NOON: f64 = 1_795_435_200_000.0;

/// A page opened at calendar time `NOON + opened`.
fn open(query: &str, opened: f64) -> Page {
    Page::open(
        query,
        "https://example.org/slide/",
        Remembered::default(),
        Calendar::at(NOON + opened, 0),
        Rng::seeded(5),
    )
}

/// An action at page time `at`, on a page whose clock runs `since` behind calendar time
/// (`NOON + since + at`), as the web layer keeps the calendar current.
fn act(page: &mut Page, since: f64, action: impl Into<Action>, at: f64) -> Vec<Effect> {
    page.set_calendar(Calendar::at(NOON + since + at, 0));
    page.reduce(action, at)
}

fn shortest(position: &Position) -> Vec<Move> {
    let options = Options::with(Algorithm::AStar, Heuristic::Manhattan);
    let report = solve(position.board(), position.goal(), &options).unwrap();
    report.solution().unwrap().moves().to_vec()
}

/// Solves the board on show by keys, a move every 100 ms from `from`: the last move's time.
fn solve_on_show(page: &mut Page, since: f64, from: f64) -> (f64, Vec<Effect>) {
    let moves = shortest(page.game().position());
    let mut fx = Vec::new();
    let mut at = from;
    for (i, m) in moves.into_iter().enumerate() {
        at = from + 100.0 * i as f64;
        fx = act(page, since, PlayAction::Slide(m, Input::Keys), at);
    }
    (at, fx)
}

/// The last saved form of the run among `fx`.
fn saved_run(fx: &[Effect]) -> Option<Option<String>> {
    fx.iter().rev().find_map(|e| match e {
        Effect::SaveRun(run) => Some(run.clone()),
        _ => None,
    })
}

fn kept_event(fx: &[Effect]) -> Option<slide::play::event::record::EventRecord> {
    fx.iter().find_map(|e| match e {
        Effect::Store(ToStore::Keep(k)) => k.events.first().cloned(),
        _ => None,
    })
}

#[test]
fn a_marathon_reloaded_between_boards_goes_on_with_its_clock() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8", 0.0);
    act(&mut page, 0.0, EventAction::Choose(Choice::Marathon), 0.0);
    act(
        &mut page,
        0.0,
        EventAction::Entered(Setting::Solves, "2".into()),
        0.0,
    );
    let fx = act(&mut page, 0.0, EventAction::Start, 100.0);
    assert!(
        saved_run(&fx).is_some_and(|r| r.is_some()),
        "kept from Start"
    );
    let (end_one, fx) = solve_on_show(&mut page, 0.0, 1_000.0);
    let kept = saved_run(&fx).flatten().expect("kept at the next board");
    let query = page.sharing().query().to_string();
    let second = page.game().start().clone();

    // Reloaded 100 s after the page first opened; the new page's clock reads 500 ms.
    let mut again = open(&query, 100_000.0);
    assert!(
        again.eventing().pending().is_some(),
        "the link waits for Start"
    );
    let fx = again.restore_event(&kept, 500.0);
    assert!(
        !fx.iter()
            .any(|e| matches!(e, Effect::Store(ToStore::Keep(_)))),
        "{fx:?}"
    );
    let run = again.eventing().run().expect("running again");
    assert_eq!(run.progress(), (2, 2));
    assert_eq!(again.game().start(), &second);
    // The clock counts the time away: the first move was at calendar NOON + 1,000.
    assert_eq!(run.since_ms(), Some(1_000.0 - 99_500.0));
    let (end, _) = solve_on_show(&mut again, 99_500.0, 2_000.0);
    let r = again.eventing().result().unwrap().record.clone();
    assert!(r.finished && r.counts());
    assert_eq!(r.millis, 99_500.0 + end - 1_000.0);
    assert_eq!(r.splits[0], end_one - 1_000.0);
    assert_eq!(r.splits.iter().sum::<f64>(), r.millis);
    assert_eq!(r.moves, r.path.len());
}

#[test]
fn the_moves_on_the_board_on_show_come_back_at_their_times() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8", 0.0);
    act(
        &mut page,
        0.0,
        EventAction::Choose(Choice::Blindfolded),
        0.0,
    );
    act(&mut page, 0.0, EventAction::Start, 1_000.0);
    let moves = shortest(page.game().position());
    act(
        &mut page,
        0.0,
        PlayAction::Slide(moves[0], Input::Keys),
        4_000.0,
    );
    assert!(page.eventing().blind());
    // What the page keeps when it is left (the web layer asks at pagehide).
    let kept = page.event_saved(NOON).unwrap();
    let query = page.sharing().query().to_string();
    let mut again = open(&query, 10_000.0);
    again.restore_event(&kept, 0.0);
    assert!(again.eventing().blind(), "still blind: numbers hidden");
    assert_eq!(again.game().moves_made(), 1);
    assert_eq!(again.game().move_times(), [0.0]);
    assert_eq!(again.game().running_since_ms(), Some(4_000.0 - 10_000.0));
    // Done: memorisation 3 s, execution from the first move to now, the time away in it.
    let rest = &moves[1..];
    for (i, &m) in rest.iter().enumerate() {
        act(
            &mut again,
            10_000.0,
            PlayAction::Slide(m, Input::Keys),
            100.0 * i as f64,
        );
    }
    act(&mut again, 10_000.0, EventAction::Done, 1_000.0);
    let r = again.eventing().result().unwrap().record.clone();
    assert_eq!(r.memo_millis, Some(3_000.0));
    assert_eq!(r.splits, [1_000.0 + 10_000.0 - 4_000.0]);
    assert!(r.success());
}

#[test]
fn a_fewest_moves_round_whose_limit_passed_while_away_ends_as_time_is_up() {
    let mut page = open("", 0.0);
    act(&mut page, 0.0, EventAction::Choose(Choice::Fmc), 0.0);
    act(
        &mut page,
        0.0,
        EventAction::Entered(Setting::TimeLimit, "1".into()),
        0.0,
    );
    act(&mut page, 0.0, EventAction::Start, 1_000.0);
    let first = shortest(page.game().position())[0];
    act(
        &mut page,
        0.0,
        PlayAction::Slide(first, Input::Keys),
        2_000.0,
    );
    let kept = page.event_saved(NOON).unwrap();
    let query = page.sharing().query().to_string();
    // Back five minutes later.
    let mut again = open(&query, 300_000.0);
    let fx = again.restore_event(&kept, 0.0);
    assert!(!again.eventing().running());
    assert!(
        again
            .alert()
            .is_some_and(|a| a.starts_with("Time is up: the time limit of 1 minute has passed")),
        "{:?}",
        again.alert()
    );
    let r = kept_event(&fx).expect("the round is kept");
    assert!(!r.finished);
    assert_eq!((r.moves, r.millis), (1, 60_001.0));
    assert_eq!(saved_run(&fx), Some(None), "nothing left to keep");
}

#[test]
fn an_event_the_new_page_was_not_opened_on_ends_given_up_and_is_kept() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8", 0.0);
    act(&mut page, 0.0, EventAction::Choose(Choice::Marathon), 0.0);
    act(
        &mut page,
        0.0,
        EventAction::Entered(Setting::Solves, "3".into()),
        0.0,
    );
    act(&mut page, 0.0, EventAction::Start, 100.0);
    let (_, fx) = solve_on_show(&mut page, 0.0, 1_000.0);
    let kept = saved_run(&fx).flatten().unwrap();
    let mut elsewhere = open("?board=1,2,3/4,5,6/0,7,8", 50_000.0);
    let fx = elsewhere.restore_event(&kept, 0.0);
    assert!(!elsewhere.eventing().running());
    assert_eq!(elsewhere.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
    let r = kept_event(&fx).expect("kept, not finished");
    assert!(!r.finished);
    assert_eq!(r.splits.len(), 1);
    assert_eq!(saved_run(&fx), Some(None));
    // What cannot be read is let go, and the page is untouched.
    let mut fresh = open("", 0.0);
    assert_eq!(
        fresh.restore_event("{\"event\":", 0.0),
        [Effect::SaveRun(None)]
    );
    assert!(!fresh.eventing().running());
}
