//! Events on the page's model, natively: a marathon, a relay, a blindfolded solve and a
//! fewest-moves round played end to end through the page's actions, with the page's clock; their
//! records kept, stored, exported and imported; event links opened, checked and refused.

use slide::Heuristic;
use slide::play::event::record::EventRecord;
use slide::play::game::input::Input;
use slide::play::keeping::file::{self, Import};
use slide::play::keeping::{Keeping, StoreSaid, ToStore};
use slide::play::page::{
    Action, AskAction, BoardAction, Calendar, Choice, Effect, EventAction, Page, PlayAction,
    RecordAction, Remembered, Setting,
};
use slide::play::worker::protocol::{Answer, FromWorker, Purpose, ToWorker};
use slide::puzzle::moves::Move;
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;
use slide::solver::{Algorithm, Options, solve};

/// 2026-11-23, noon UTC.
const NOON: f64 = 1_795_435_200_000.0;

fn open(query: &str) -> Page {
    open_with(query, Remembered::default())
}

fn open_with(query: &str, remembered: Remembered) -> Page {
    Page::open(
        query,
        "https://example.org/slide/",
        remembered,
        Calendar::at(NOON, 0),
        Rng::seeded(5),
    )
}

fn event(page: &mut Page, action: EventAction, now_ms: f64) -> Vec<Effect> {
    page.reduce(Action::Event(action), now_ms)
}

/// A shortest solution of the position.
fn shortest(position: &Position) -> Vec<Move> {
    let options = Options::with(Algorithm::AStar, Heuristic::Manhattan);
    let report = solve(position.board(), position.goal(), &options).unwrap();
    report.solution().unwrap().moves().to_vec()
}

/// Plays `moves` by keys, one every `gap` ms from `from`; returns the time of the last.
fn play(page: &mut Page, moves: &[Move], from: f64, gap: f64) -> (f64, Vec<Effect>) {
    let mut fx = Vec::new();
    let mut now = from;
    for (i, &m) in moves.iter().enumerate() {
        now = from + gap * i as f64;
        fx = page.reduce(Action::Play(PlayAction::Slide(m, Input::Keys)), now);
    }
    (now, fx)
}

/// The board on show, solved by keys.
fn solve_on_show(page: &mut Page, from: f64) -> (f64, Vec<Effect>) {
    let moves = shortest(page.game().position());
    play(page, &moves, from, 100.0)
}

/// What the last write kept, as a history file.
fn saved(fx: &[Effect]) -> Option<String> {
    fx.iter().rev().find_map(|e| match e {
        Effect::Store(ToStore::Keep(k)) => {
            let solves: Vec<String> = k.solves.iter().map(|s| s.to_json().to_string()).collect();
            let events = slide::play::event::log::EventLog {
                events: k.events.clone(),
            };
            Some(format!(
                "{{\"version\":1,\"solves\":[{}],\"events\":{}}}",
                solves.join(","),
                events.to_json()
            ))
        }
        _ => None,
    })
}

/// Imports `text` as a file named `name`, the record's worker's part played by its functions.
fn import_file(page: &mut Page, name: &str, text: &str) {
    let size = text.len() as u64;
    let fx = page.reduce(
        Action::Record(RecordAction::ImportStart {
            name: name.into(),
            size,
        }),
        0.0,
    );
    let [Effect::Store(ToStore::Import { known, .. })] = &fx[..] else {
        panic!("{fx:?}")
    };
    let known = known.clone().unwrap_or_default();
    let mut import = Import::new(name);
    import.feed(text.as_bytes());
    let (solves, events, report) = import.finish(|id| known.contains(&id), |_| false).unwrap();
    let added = Keeping { solves, events };
    let said = StoreSaid::Imported { report, added };
    page.reduce(Action::Record(RecordAction::Store(said)), 0.0);
}

fn last_event(page: &Page) -> EventRecord {
    page.record()
        .events()
        .events
        .last()
        .cloned()
        .expect("an event is kept")
}

#[test]
fn a_marathon_of_two_runs_on_one_clock_from_the_first_move_to_the_last() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8");
    event(&mut page, EventAction::Choose(Choice::Marathon), 0.0);
    event(
        &mut page,
        EventAction::Entered(Setting::Solves, "2".into()),
        0.0,
    );
    event(&mut page, EventAction::Start, 100.0);
    let first = page.game().start().clone();
    assert_eq!(page.eventing().run().unwrap().progress(), (1, 2));
    assert!(
        page.sharing().query().contains("event=marathon-2"),
        "{}",
        page.sharing().query()
    );
    // Solve and Hint are off: an event is the player's own.
    let fx = page.reduce(Action::Ask(AskAction::Solve), 200.0);
    assert!(
        fx.iter()
            .all(|e| !matches!(e, Effect::Send(ToWorker::Solve { .. })))
    );
    let (end_one, _) = solve_on_show(&mut page, 1_000.0);
    // The next board appears the moment the first is solved; the clock runs on.
    assert_ne!(page.game().start(), &first);
    assert_eq!(page.eventing().run().unwrap().progress(), (2, 2));
    let (end, fx) = solve_on_show(&mut page, end_one + 500.0);
    let r = page.eventing().result().unwrap().record.clone();
    assert!(r.finished && r.counts());
    assert_eq!(r.millis, end - 1_000.0);
    assert_eq!(r.splits.len(), 2);
    assert_eq!(r.splits[0], end_one - 1_000.0);
    assert_eq!(r.splits.iter().sum::<f64>(), r.millis);
    assert_eq!(r.moves, r.path.len());
    assert!(saved(&fx).is_some_and(|s| s.contains("\"marathon-2\"")));
    // No single solve was recorded for the event's boards.
    assert!(page.record().history().solves.is_empty());
    assert!(page.record().result().is_none());
    let stats = page.record().event_stats();
    assert_eq!(stats[0].key.text(), "marathon-2 3x3 keys");
    assert_eq!(stats[0].best_time, Some(r.millis));
}

#[test]
fn a_relay_goes_largest_first_unless_smallest_first_is_chosen() {
    let mut page = open("");
    event(&mut page, EventAction::Choose(Choice::Relay), 0.0);
    event(&mut page, EventAction::UpTo(3), 0.0);
    assert!(
        page.eventing().down(),
        "largest first, as the community plays it"
    );
    event(&mut page, EventAction::Start, 0.0);
    assert_eq!(page.game().board().width(), 3);
    let (t, _) = solve_on_show(&mut page, 1_000.0);
    assert_eq!(page.game().board().width(), 2);
    solve_on_show(&mut page, t + 100.0);
    let r = last_event(&page);
    assert_eq!(
        (r.event.name(), r.size(), r.splits.len()),
        ("relay-down-3".into(), "3x3".into(), 2)
    );
    assert!(r.finished);

    // Smallest first: today's relay-N, a record apart.
    event(&mut page, EventAction::RelayDown(false), 0.0);
    event(&mut page, EventAction::Start, 0.0);
    assert_eq!(page.game().board().width(), 2);
    let (t, _) = solve_on_show(&mut page, 1_000.0);
    assert_eq!(page.game().board().width(), 3);
    solve_on_show(&mut page, t + 100.0);
    let r = last_event(&page);
    assert_eq!(
        (r.event.name(), r.size(), r.splits.len()),
        ("relay-3".into(), "3x3".into(), 2)
    );
    assert!(r.finished);
}

#[test]
fn blindfolded_hides_the_board_at_the_first_move_and_done_says_whether_it_is_solved() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    event(&mut page, EventAction::Choose(Choice::Blindfolded), 0.0);
    event(&mut page, EventAction::Start, 1_000.0);
    assert!(!page.eventing().blind());
    let moves = shortest(page.game().position());
    play(&mut page, &moves[..1], 4_000.0, 0.0);
    assert!(page.eventing().blind());
    // Undo is off while blind.
    let before = page.game().board().clone();
    page.reduce(Action::Play(PlayAction::Undo), 4_100.0);
    assert_eq!(page.game().board(), &before);
    let (t, _) = play(&mut page, &moves[1..], 5_000.0, 100.0);
    // Reaching the goal reveals nothing: the event waits for Done.
    assert!(page.eventing().blind() && page.eventing().result().is_none());
    event(&mut page, EventAction::Done, t + 1_000.0);
    let r = last_event(&page);
    assert_eq!(r.memo_millis, Some(3_000.0));
    assert_eq!(r.splits, vec![t + 1_000.0 - 4_000.0]);
    assert_eq!(r.millis, 3_000.0 + r.splits[0]);
    assert!(r.success() && r.counts());

    // Done on a board left unsolved: not a success, the tiles out of place counted.
    event(&mut page, EventAction::Start, 20_000.0);
    let board = page.game().position().clone();
    let first = board.board().legal_moves().next().unwrap();
    play(&mut page, &[first], 21_000.0, 0.0);
    event(&mut page, EventAction::Done, 22_000.0);
    let r = last_event(&page);
    assert!(r.finished && !r.success() && !r.counts());
    assert_eq!(r.out_of_place, Some(page.game().position().misplaced()));
}

/// A setting's field as typed.
fn typing(page: &mut Page, setting: Setting, text: &str, now_ms: f64) {
    event(page, EventAction::Typing(setting, text.into()), now_ms);
}

/// A setting's field shows what is typed in it whatever else happens meanwhile (the page drawn
/// again would otherwise set it back to the number before); left, or at Start, a number sets
/// it within its range and anything else leaves it as it was.
#[test]
fn a_setting_being_typed_stays_as_typed_and_start_takes_it() {
    let mut page = open("?board=1,2,3/4,5,6/7,8,0");
    event(&mut page, EventAction::Choose(Choice::Marathon), 0.0);
    assert_eq!(page.eventing().field(Setting::Solves), "5");
    typing(&mut page, Setting::Solves, "1", 0.0);
    // Something else happens while the field is being typed in: it still shows what is typed.
    page.reduce(BoardAction::Shuffle, 10.0);
    assert_eq!(page.eventing().field(Setting::Solves), "1");
    assert_eq!(
        page.eventing().field(Setting::TimeLimit),
        "10",
        "that field only"
    );
    // Start with the field not left: taken as typed.
    typing(&mut page, Setting::Solves, " 12", 20.0);
    event(&mut page, EventAction::Start, 30.0);
    assert_eq!(page.eventing().run().unwrap().progress(), (1, 12));
    assert_eq!(page.eventing().field(Setting::Solves), "12");
    event(&mut page, EventAction::GiveUp, 40.0);

    // Left: the number set within its range, the text typed gone.
    typing(&mut page, Setting::Solves, "1000", 50.0);
    event(
        &mut page,
        EventAction::Entered(Setting::Solves, "1000".into()),
        50.0,
    );
    assert_eq!(page.eventing().field(Setting::Solves), "100");
    event(
        &mut page,
        EventAction::Entered(Setting::Solves, "x".into()),
        55.0,
    );
    assert_eq!(
        page.eventing().field(Setting::Solves),
        "100",
        "not a number: as it was"
    );
    // Not a number at Start: as it was.
    typing(&mut page, Setting::Solves, "-3", 60.0);
    event(&mut page, EventAction::Start, 70.0);
    assert_eq!(page.eventing().run().unwrap().progress(), (1, 100));
    event(&mut page, EventAction::GiveUp, 80.0);

    // Another event chosen: the text typed for the last one goes.
    event(&mut page, EventAction::Choose(Choice::Fmc), 90.0);
    typing(&mut page, Setting::TimeLimit, "3", 90.0);
    event(&mut page, EventAction::Choose(Choice::Marathon), 100.0);
    event(&mut page, EventAction::Choose(Choice::Fmc), 110.0);
    assert_eq!(page.eventing().field(Setting::TimeLimit), "10");
}

#[test]
fn a_fewest_moves_submission_is_checked_scored_against_the_optimum_or_rejected() {
    let mut page = open("?board=1,2,3/4,5,6/7,8,0");
    page.reduce(BoardAction::Shuffle, 0.0);
    event(&mut page, EventAction::Choose(Choice::Fmc), 0.0);
    event(
        &mut page,
        EventAction::Entered(Setting::TimeLimit, "2".into()),
        0.0,
    );
    event(&mut page, EventAction::Start, 1_000.0);
    let start = page.game().start().clone();
    // Not solved: rejected with the reason, and the round goes on.
    let moves = shortest(&start);
    play(&mut page, &moves[..1], 2_000.0, 0.0);
    event(&mut page, EventAction::Submit, 3_000.0);
    assert!(
        page.alert()
            .is_some_and(|a| a.starts_with("Not accepted: the moves do not solve"))
    );
    assert!(page.eventing().running());
    // Reset to start, then the shortest: accepted, and measured.
    event(&mut page, EventAction::Reset, 3_500.0);
    assert_eq!(page.game().position(), &start);
    play(&mut page, &moves, 4_000.0, 10.0);
    let fx = event(&mut page, EventAction::Submit, 10_000.0);
    let r = page.eventing().result().unwrap().record.clone();
    assert_eq!((r.moves, r.millis, r.optimal), (moves.len(), 9_000.0, None));
    assert_eq!(r.splits, vec![9_000.0]);
    let id = fx
        .iter()
        .find_map(|e| match e {
            Effect::Measure(ToWorker::Solve { id, board, .. }) => {
                assert_eq!(board, &start.board().to_string());
                Some(*id)
            }
            _ => None,
        })
        .expect("the optimum is measured after the submission");
    let report = solve(
        start.board(),
        start.goal(),
        &Options::with(Algorithm::AStar, Heuristic::Manhattan),
    )
    .unwrap();
    let answer = Answer::of(&report, None).unwrap();
    let worker = FromWorker::Solved {
        id,
        purpose: Purpose::Measure,
        answer,
    };
    page.reduce(Action::Ask(AskAction::Worker(worker)), 11_000.0);
    let r = page.eventing().result().unwrap().record.clone();
    assert_eq!(r.optimal, Some(moves.len()));
    assert_eq!(r.efficiency(), Some(1.0));
    assert_eq!(last_event(&page).optimal, Some(moves.len()));

    // After the time limit: rejected, and the round is over, not finished.
    event(&mut page, EventAction::Start, 20_000.0);
    let moves = shortest(page.game().position());
    play(&mut page, &moves, 21_000.0, 10.0);
    event(
        &mut page,
        EventAction::Submit,
        20_000.0 + 2.0 * 60_000.0 + 1.0,
    );
    assert!(
        page.alert()
            .is_some_and(|a| a.contains("time limit of 2 minutes had passed"))
    );
    assert!(!page.eventing().running());
    assert!(!last_event(&page).finished);
}

#[test]
fn giving_up_or_leaving_ends_an_event_unfinished() {
    let mut page = open("");
    event(&mut page, EventAction::Choose(Choice::Marathon), 0.0);
    event(&mut page, EventAction::Start, 0.0);
    // Left before a move: nothing kept.
    page.reduce(BoardAction::Shuffle, 100.0);
    assert!(page.record().events().events.is_empty() && !page.eventing().running());
    event(&mut page, EventAction::Start, 200.0);
    let first = shortest(page.game().position())[0];
    play(&mut page, &[first], 1_000.0, 0.0);
    event(&mut page, EventAction::GiveUp, 5_000.0);
    let r = last_event(&page);
    assert!(!r.finished && !r.counts());
    assert_eq!((r.moves, r.millis), (1, 4_000.0));
    assert_eq!(page.record().event_stats()[0].attempts, 1);
    assert_eq!(page.record().event_stats()[0].count, 0);
}

#[test]
fn records_survive_the_store_and_an_export_and_import() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    event(&mut page, EventAction::Choose(Choice::Blindfolded), 0.0);
    event(&mut page, EventAction::Start, 0.0);
    let (t, _) = solve_on_show(&mut page, 1_000.0);
    let fx = event(&mut page, EventAction::Done, t + 10.0);
    let stored = saved(&fx).unwrap();
    let (history, left_out) = slide::play::record::solves::History::from_stored(&stored);
    let (events, events_left_out) = slide::play::event::log::EventLog::from_stored(&stored);
    assert!(left_out.is_empty() && events_left_out.is_empty());
    let again = open_with(
        "",
        Remembered {
            history,
            events,
            ..Remembered::default()
        },
    );
    assert_eq!(again.record().events(), page.record().events());

    for format in [
        slide::play::page::HistoryFormat::Json,
        slide::play::page::HistoryFormat::Csv,
    ] {
        let fx = page.reduce(
            Action::Record(RecordAction::ExportHistory(format)),
            t + 20.0,
        );
        let Some(Effect::Store(ToStore::Export { held, .. })) = fx.first() else {
            panic!("an export asks the record's worker");
        };
        let text = file::write(format, &held.solves, &held.events);
        let mut fresh = open("");
        import_file(&mut fresh, "h", &text);
        assert_eq!(
            fresh.record().events(),
            page.record().events(),
            "{format:?}"
        );
        assert!(
            fresh
                .record()
                .import_note()
                .is_some_and(|n| n.contains("1 event added"))
        );
    }
}

#[test]
fn an_import_names_the_events_it_left_out() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    event(&mut page, EventAction::Choose(Choice::Blindfolded), 0.0);
    event(&mut page, EventAction::Start, 0.0);
    let (t, _) = solve_on_show(&mut page, 1_000.0);
    let fx = event(&mut page, EventAction::Done, t + 10.0);
    let stored = saved(&fx)
        .unwrap()
        .replacen("\"blindfolded\"", "\"juggling-3\"", 1);
    let mut fresh = open("");
    import_file(&mut fresh, "h.json", &stored);
    let note = fresh.record().import_note().unwrap().to_string();
    assert!(
        note.contains("Left out: event 1: no such event \"juggling-3\""),
        "{note}"
    );
}

#[test]
fn a_challenge_link_to_an_event_plays_the_same_boards_and_checks_the_moves() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8");
    page.reduce(BoardAction::Shuffle, 0.0);
    event(&mut page, EventAction::Choose(Choice::Marathon), 0.0);
    event(
        &mut page,
        EventAction::Entered(Setting::Solves, "2".into()),
        0.0,
    );
    event(&mut page, EventAction::Start, 0.0);
    let boards = page.eventing().run().unwrap().boards().to_vec();
    let (t, _) = solve_on_show(&mut page, 1_000.0);
    solve_on_show(&mut page, t + 100.0);
    let fx = event(&mut page, EventAction::CopyChallenge, 50_000.0);
    let Some(Effect::Copy { text, .. }) = fx.first() else {
        panic!("the challenge link is copied");
    };
    let query = &text[text.find('?').unwrap()..];
    assert!(query.contains("event=marathon-2") && query.contains("challenge="));

    let mut friend = open(query);
    assert_eq!(friend.alert(), None);
    assert_eq!(friend.eventing().choice(), Choice::Marathon);
    assert_eq!(friend.eventing().pending().unwrap().boards, boards);
    assert!(friend.eventing().challenge().is_some());
    // The friend's first move starts the event on the same boards.
    let (t, _) = solve_on_show(&mut friend, 1_000.0);
    assert!(friend.eventing().running());
    solve_on_show(&mut friend, t + 100.0);
    let outcome = friend
        .eventing()
        .challenge()
        .unwrap()
        .outcome
        .clone()
        .unwrap();
    assert!(
        outcome.contains("on moves") && outcome.contains("on time"),
        "{outcome}"
    );

    // Moves that do not check: an alert, and a fresh board with no event.
    let bad = query.replace("moves=", "moves=UU");
    let refused = open(&bad);
    assert!(
        refused
            .alert()
            .is_some_and(|a| a.contains("The link's moves do not check"))
    );
    assert!(refused.eventing().pending().is_none());
}

#[test]
fn a_malformed_event_link_says_what_is_wrong_and_gives_a_fresh_board() {
    for (query, said) in [
        (
            "?board=1,2,3/4,5,6/7,8,0&event=marathon-0",
            "a marathon has 2 to 100 solves",
        ),
        (
            "?board=1,2,3/4,5,6/7,8,0&event=bogus",
            "no such event \"bogus\"",
        ),
        (
            "?board=1,2,3/4,5,6/7,0,8&event=relay-5",
            "needs a 5×5 board",
        ),
        ("?event=fmc", "no board"),
    ] {
        let page = open(query);
        let alert = page.alert().unwrap_or_default();
        assert!(alert.contains(said), "{query}: {alert}");
        assert!(alert.ends_with("Here is a fresh board instead."), "{alert}");
        assert!(page.eventing().pending().is_none());
        assert!(!page.game().is_solved());
    }
}

#[test]
fn the_daily_fewest_moves_board_is_the_dates_for_everyone() {
    let a = open("?daily=2026-11-23&event=fmc");
    let b = open("?daily=2026-11-23&event=fmc");
    assert_eq!(a.alert(), None);
    assert_eq!(a.eventing().choice(), Choice::Fmc);
    assert_eq!(a.game().start(), b.game().start());
    // Not the daily puzzle's own board.
    let puzzle = open("?daily=2026-11-23");
    assert_ne!(puzzle.game().start(), a.game().start());
    assert!(
        a.sharing().query().contains("daily=2026-11-23")
            && a.sharing().query().contains("event=fmc")
    );
    // A future date is refused.
    let later = open("?daily=2027-01-01&event=fmc");
    assert!(later.alert().is_some());
}

#[test]
fn an_embedded_event_link_is_only_its_board() {
    let page = open("?board=1,2,3/4,5,6/7,0,8&event=marathon-3&embed=1");
    assert_eq!(page.alert(), None);
    assert!(page.eventing().pending().is_none());
    assert_eq!(page.game().board().to_string(), "1 2 3/4 5 6/7 0 8");
}

#[test]
fn a_fewest_moves_round_ends_by_itself_at_its_limit() {
    let mut page = open("");
    event(&mut page, EventAction::Choose(Choice::Fmc), 0.0);
    event(
        &mut page,
        EventAction::Entered(Setting::TimeLimit, "1".into()),
        0.0,
    );
    event(&mut page, EventAction::Start, 1_000.0);
    assert!(page.eventing().timed());
    let first = shortest(page.game().position())[0];
    play(&mut page, &[first], 2_000.0, 0.0);
    // Within the minute, the clock's ticks change nothing.
    event(&mut page, EventAction::Tick, 61_000.0);
    assert!(page.eventing().running() && page.alert().is_none());
    let fx = event(&mut page, EventAction::Tick, 61_001.0);
    assert!(!page.eventing().running() && !page.eventing().timed());
    assert!(
        page.alert()
            .is_some_and(|a| a.starts_with("Time is up: the time limit of 1 minute has passed"))
    );
    let r = last_event(&page);
    assert!(!r.finished);
    assert_eq!((r.moves, r.millis), (1, 60_001.0));
    assert!(saved(&fx).is_some());
}
