//! The daily race in the page's model, the server's answers played by hand: a name first where
//! this device does not sync, the dealt board on show with help locked, the entry made from the
//! solve by hand (a look past 15 s counted on the clock), the rank, the leaderboard, the result
//! shared with the race's link, and `?race=` links.

use slide::Move;
use slide::play::game::input::Input;
use slide::play::keeping::{StoreSaid, ToStore};
use slide::play::page::{
    Action, AskAction, Calendar, Effect, Page, PlayAction, RaceAction, Remembered, ShareAction,
    SyncAction,
};
use slide::play::race::{RaceJob, RaceSaid, Standing};
use slide::play::sync::SyncSaid;
use slide::puzzle::random::Rng;

/// 2026-11-23, noon UTC.
const NOON: f64 = 1_795_435_200_000.0;
const TODAY: &str = "2026-11-23";

fn open(query: &str) -> Page {
    Page::open(
        query,
        "https://example.org/slide/",
        Remembered::default(),
        Calendar::at(NOON, 0),
        Rng::seeded(1),
    )
}

fn race_jobs(fx: &[Effect]) -> Vec<RaceJob> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Store(ToStore::Race(job)) => Some(job.clone()),
            _ => None,
        })
        .collect()
}

fn said(page: &mut Page, word: RaceSaid, now_ms: f64) -> Vec<Effect> {
    page.reduce(Action::from(StoreSaid::Race(word)), now_ms)
}

/// A page that syncs as Ada.
fn syncing() -> Page {
    let mut page = open("");
    page.reduce(
        Action::from(StoreSaid::Sync(SyncSaid::Player {
            name: Some("Ada".into()),
            pending: 0,
        })),
        0.0,
    );
    page
}

/// Today's 3×3 race dealt, at `now_ms`: two slides from the goal.
fn dealt(page: &mut Page, elapsed_ms: f64, now_ms: f64) {
    let word = RaceSaid::Started {
        date: TODAY.into(),
        size: "3x3".into(),
        board: "1 2 3/4 5 6/0 7 8".into(),
        token: "t0k".into(),
        elapsed_ms,
    };
    said(page, word, now_ms);
    assert_eq!(page.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
}

#[test]
fn a_player_who_does_not_sync_gives_a_name_first_and_the_race_starts_once_they_do() {
    let mut page = open("");
    let fx = page.reduce(RaceAction::Start, 0.0);
    assert_eq!(race_jobs(&fx), []);
    assert!(
        page.racing()
            .words()
            .unwrap()
            .contains("goes under your name")
    );
    page.reduce(SyncAction::Name("Ada".into()), 0.0);
    let fx = page.reduce(SyncAction::Start, 0.0);
    assert!(fx.contains(&Effect::Store(ToStore::Sync(
        slide::play::sync::SyncJob::Start { name: "Ada".into() }
    ))));
    let fx = page.reduce(
        Action::from(StoreSaid::Sync(SyncSaid::Player {
            name: Some("Ada".into()),
            pending: 0,
        })),
        0.0,
    );
    // The board on show when Daily race was pressed is a fresh page's 3×3: today's 3×3 race.
    assert_eq!(
        race_jobs(&fx),
        [RaceJob::Start {
            date: TODAY.into(),
            size: "3x3".into()
        }]
    );
    assert_eq!(page.racing().words(), None);
}

#[test]
fn the_race_locks_help_until_it_is_entered_with_the_moves_and_times_played() {
    let mut page = syncing();
    assert_eq!(race_jobs(&page.reduce(RaceAction::Start, 0.0)).len(), 1);
    dealt(&mut page, 0.0, 1_000.0);
    assert!(page.racing().running());
    for locked in [
        Action::Ask(AskAction::Hint),
        Action::Ask(AskAction::Solve),
        Action::Play(PlayAction::Undo),
    ] {
        assert_eq!(page.reduce(locked.clone(), 2_000.0), [], "{locked:?}");
    }
    // Looked for 3 s, then two slides 400 ms apart.
    page.reduce(PlayAction::Slide(Move::Left, Input::Keys), 4_000.0);
    let fx = page.reduce(PlayAction::Slide(Move::Left, Input::Keys), 4_400.0);
    let entered = race_jobs(&fx);
    assert_eq!(
        entered,
        [RaceJob::Enter {
            date: TODAY.into(),
            size: "3x3".into(),
            token: "t0k".into(),
            moves: "LL".into(),
            times: vec![0.0, 400.0]
        }]
    );
    assert!(!page.racing().running(), "entered: help is back");
    let fx = said(&mut page, RaceSaid::Ranked { rank: 2 }, 4_500.0);
    assert_eq!(
        race_jobs(&fx),
        [RaceJob::Leaderboard {
            date: TODAY.into(),
            size: "3x3".into()
        }]
    );
    assert_eq!(page.racing().rank(), Some(2));
    let ada = Standing {
        rank: 1,
        name: "<img src=x>".into(),
        millis: 300.0,
        moves: 2,
        optimal: Some(2),
        best_known: None,
        replay: None,
    };
    said(
        &mut page,
        RaceSaid::Leaderboard {
            date: TODAY.into(),
            size: "3x3".into(),
            entries: vec![ada.clone()],
            you: None,
        },
        4_600.0,
    );
    assert_eq!(page.racing().table().unwrap().entries, [ada]);
    // Share result gives the race's link and rank.
    let fx = page.reduce(ShareAction::ShareResult, 5_000.0);
    let Some(Effect::Copy { text, .. }) = fx.first() else {
        panic!("{fx:?}")
    };
    assert!(
        text.starts_with("Slide daily race 2026-11-23 · 3×3\nRank 2 · 2 moves in 0.40 s"),
        "{text}"
    );
    assert!(
        text.ends_with("https://example.org/slide/?race=2026-11-23&size=3x3"),
        "{text}"
    );
}

#[test]
fn a_look_past_fifteen_seconds_counts_on_the_clock_and_a_resumed_race_runs_on() {
    let mut page = syncing();
    // Resumed 40 s after the server's start: the clock runs from 15 s after it.
    dealt(&mut page, 40_000.0, 100_000.0);
    page.reduce(PlayAction::Slide(Move::Left, Input::Keys), 101_000.0);
    let fx = page.reduce(PlayAction::Slide(Move::Left, Input::Keys), 101_500.0);
    let [RaceJob::Enter { times, .. }] = &race_jobs(&fx)[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(times, &[26_000.0, 26_500.0]);
}

#[test]
fn leaving_the_board_leaves_the_race_and_a_refusal_is_said() {
    let mut page = syncing();
    dealt(&mut page, 0.0, 0.0);
    page.reduce(slide::play::page::BoardAction::Shuffle, 10.0);
    assert!(!page.racing().running());
    assert_eq!(
        race_jobs(&page.reduce(PlayAction::Slide(Move::Left, Input::Keys), 20.0)),
        []
    );
    said(&mut page, RaceSaid::Refused("The daily race needs the Slide server, which does not answer just now: try again soon. The practice Daily works offline.".into()), 30.0);
    assert!(
        page.racing()
            .words()
            .unwrap()
            .contains("practice Daily works offline")
    );
}

#[test]
fn a_race_link_reads_its_leaderboard_and_a_bad_one_is_said() {
    let mut page = open("?race=2026-11-20&size=5x5");
    let fx = page.reduce(Action::Mounted, 0.0);
    assert_eq!(
        race_jobs(&fx),
        [RaceJob::Leaderboard {
            date: "2026-11-20".into(),
            size: "5x5".into()
        }]
    );
    let mut page = open("?race=2026-11-20");
    assert_eq!(
        race_jobs(&page.reduce(Action::Mounted, 0.0)),
        [RaceJob::Leaderboard {
            date: "2026-11-20".into(),
            size: "4x4".into()
        }]
    );
    for bad in [
        "?race=tomorrow",
        "?race=2026-11-20&size=2x2",
        "?race=2026-11-20&size=3x4",
    ] {
        let mut page = open(bad);
        assert!(
            page.alert().is_some_and(|a| a.contains("race")),
            "{bad}: {:?}",
            page.alert()
        );
        assert_eq!(race_jobs(&page.reduce(Action::Mounted, 0.0)), [], "{bad}");
    }
}
