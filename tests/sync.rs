//! Your solves on every device, in the page's model: the record's worker played by hand. A
//! device syncs once it has a player; a round runs after each solve kept, on load, when the
//! network comes back and now and then, one at a time, backing off while the server is away;
//! what the panel says in each state; a row deleted and a history cleared here or everywhere.

use slide::play::game::daily::Date;
use slide::play::game::input::Control;
use slide::play::keeping::{Keeping, StoreSaid, ToStore};
use slide::play::page::{
    Action, Calendar, Clearing, Effect, Page, RecordAction, Remembered, SyncAction,
};
use slide::play::record::solves::{History, Solve};
use slide::play::sync::{EVERY_MS, Qr, SyncJob, SyncSaid, SyncState};
use slide::puzzle::goal::Goal;
use slide::puzzle::notation::parse_board;
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;

const NOON: f64 = 1_795_435_200_000.0;

fn open(stored: bool, history: History) -> Page {
    let remembered = Remembered {
        stored,
        history,
        ..Remembered::default()
    };
    Page::open(
        "",
        "https://example.org/slide/",
        remembered,
        Calendar::at(NOON, 0),
        Rng::seeded(1),
    )
}

fn solve(id: u64) -> Solve {
    let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    Solve {
        id,
        date: Date::parse("2026-11-20").unwrap(),
        start: Position::toward(board, &Goal::BlankLast).unwrap(),
        moves: Some(40),
        slides: Some(30),
        millis: 9_000.0 + id as f64,
        optimal: Some(31),
        best_known: None,
        assisted: false,
        times: Vec::new(),
        control: Control::Keys,
        random_state: true,
    }
}

fn said(page: &mut Page, word: SyncSaid) -> Vec<Effect> {
    page.reduce(Action::from(StoreSaid::Sync(word)), 0.0)
}

fn sync(page: &mut Page, action: SyncAction) -> Vec<Effect> {
    page.reduce(Action::Sync(action), 0.0)
}

fn job(job: SyncJob) -> Vec<Effect> {
    vec![Effect::Store(ToStore::Sync(job))]
}

/// A page whose worker said this device syncs as Ada, its first round done.
fn synced() -> Page {
    let mut page = open(true, History::default());
    let fx = said(
        &mut page,
        SyncSaid::Player {
            name: Some("Ada".into()),
            pending: 2,
        },
    );
    assert_eq!(fx, job(SyncJob::Round));
    assert_eq!(
        said(&mut page, SyncSaid::Synced { pending: 0 }),
        [Effect::SyncIn(EVERY_MS)]
    );
    page
}

#[test]
fn a_device_that_does_not_sync_asks_the_server_nothing() {
    let mut page = open(true, History::default());
    assert_eq!(page.syncing().state(), SyncState::Off);
    for action in [SyncAction::Online, SyncAction::Due, SyncAction::Nudge] {
        assert_eq!(sync(&mut page, action), []);
    }
    let kept = StoreSaid::Kept {
        solves: vec![1],
        events: vec![],
    };
    assert!(
        !page
            .reduce(Action::from(kept), 0.0)
            .iter()
            .any(|e| matches!(e, Effect::Store(ToStore::Sync(_))))
    );
    assert_eq!(
        page.syncing().text(),
        "Not syncing: your solves are kept in this browser only."
    );
}

#[test]
fn start_syncing_takes_a_checked_name_then_the_first_round_runs() {
    let mut page = open(true, History::default());
    assert_eq!(sync(&mut page, SyncAction::Start), []);
    assert!(page.syncing().words().unwrap().starts_with("Give a name"));
    sync(&mut page, SyncAction::Name("a\u{7}b".into()));
    assert_eq!(sync(&mut page, SyncAction::Start), []);
    sync(&mut page, SyncAction::Name("  Ada ".into()));
    assert_eq!(
        sync(&mut page, SyncAction::Start),
        job(SyncJob::Start { name: "Ada".into() })
    );
    assert_eq!(page.syncing().state(), SyncState::Syncing);
    // The server refused the name: still off, and why is said.
    let refused = SyncSaid::Refused {
        why: "The name Ada is taken: choose another.".into(),
        pending: 4,
    };
    said(&mut page, refused);
    assert_eq!(page.syncing().state(), SyncState::Off);
    assert_eq!(
        page.syncing().words(),
        Some("The name Ada is taken: choose another.")
    );
    sync(&mut page, SyncAction::Name("Ada L".into()));
    sync(&mut page, SyncAction::Start);
    let fx = said(
        &mut page,
        SyncSaid::Player {
            name: Some("Ada L".into()),
            pending: 4,
        },
    );
    assert_eq!(fx, job(SyncJob::Round));
    assert_eq!(page.syncing().pending(), 4);
    said(&mut page, SyncSaid::Synced { pending: 0 });
    assert_eq!(page.syncing().state(), SyncState::Synced);
    assert_eq!(page.syncing().text(), "Synced as Ada L.");
}

#[test]
fn a_solve_kept_an_import_a_deletion_and_the_network_back_each_bring_a_round() {
    let mut page = synced();
    for word in [
        StoreSaid::Kept {
            solves: vec![5],
            events: vec![],
        },
        StoreSaid::Deleted,
        StoreSaid::Cleared,
    ] {
        let fx = page.reduce(Action::from(word.clone()), 0.0);
        assert!(
            fx.contains(&Effect::Store(ToStore::Sync(SyncJob::Round))),
            "{word:?}: {fx:?}"
        );
        said(&mut page, SyncSaid::Synced { pending: 0 });
    }
    assert_eq!(sync(&mut page, SyncAction::Online), job(SyncJob::Round));
    said(&mut page, SyncSaid::Synced { pending: 0 });
    assert_eq!(sync(&mut page, SyncAction::Due), job(SyncJob::Round));
}

#[test]
fn one_round_at_a_time_and_one_asked_meanwhile_runs_after_it() {
    let mut page = synced();
    assert_eq!(sync(&mut page, SyncAction::Nudge), job(SyncJob::Round));
    assert_eq!(sync(&mut page, SyncAction::Nudge), []);
    assert_eq!(sync(&mut page, SyncAction::Online), []);
    // The round under way ends: the one asked runs at once, once.
    assert_eq!(
        said(&mut page, SyncSaid::Synced { pending: 1 }),
        job(SyncJob::Round)
    );
    assert_eq!(
        said(&mut page, SyncSaid::Synced { pending: 0 }),
        [Effect::SyncIn(EVERY_MS)]
    );
}

#[test]
fn while_the_server_is_away_solves_wait_and_the_rounds_back_off() {
    let mut page = synced();
    let mut waits = Vec::new();
    for pending in 1..=4 {
        sync(&mut page, SyncAction::Due);
        let fx = said(&mut page, SyncSaid::Unreachable { pending });
        let [Effect::SyncIn(ms)] = fx[..] else {
            panic!("{fx:?}")
        };
        waits.push(ms);
    }
    assert_eq!(waits, [2_000, 4_000, 8_000, 16_000]);
    assert_eq!(page.syncing().state(), SyncState::Offline);
    assert_eq!(page.syncing().pending(), 4);
    assert_eq!(
        page.syncing().text(),
        "4 solves waiting: the server does not answer. They go up when it does."
    );
    // Back: everything went up, and the rounds come at their usual pace again.
    sync(&mut page, SyncAction::Online);
    assert_eq!(
        said(&mut page, SyncSaid::Synced { pending: 0 }),
        [Effect::SyncIn(EVERY_MS)]
    );
    assert_eq!(page.syncing().state(), SyncState::Synced);
}

#[test]
fn a_server_that_refuses_says_why_and_keeps_trying() {
    let mut page = synced();
    sync(&mut page, SyncAction::Due);
    let fx = said(
        &mut page,
        SyncSaid::Refused {
            why: "this site has no Slide server.".into(),
            pending: 1,
        },
    );
    assert_eq!(fx, [Effect::SyncIn(2_000)]);
    assert_eq!(page.syncing().state(), SyncState::Error);
    assert_eq!(
        page.syncing().text(),
        "Sync stopped: this site has no Slide server. (1 solve waiting on this device)"
    );
}

#[test]
fn a_device_link_joins_and_is_shown_with_its_qr_code() {
    let mut page = open(true, History::default());
    assert_eq!(
        sync(&mut page, SyncAction::Join("c0de".into())),
        job(SyncJob::Join {
            code: "c0de".into()
        })
    );
    said(
        &mut page,
        SyncSaid::Player {
            name: Some("Ada".into()),
            pending: 0,
        },
    );
    said(&mut page, SyncSaid::Synced { pending: 0 });
    let fx = sync(
        &mut page,
        SyncAction::Link {
            page: "https://example.org/slide/".into(),
        },
    );
    assert_eq!(
        fx,
        job(SyncJob::Link {
            page: "https://example.org/slide/".into()
        })
    );
    let qr = Qr {
        size: 25,
        path: "M0 0h7v1h-7z".into(),
    };
    said(
        &mut page,
        SyncSaid::Linked {
            link: "https://example.org/slide/#device=ab".into(),
            qr: qr.clone(),
        },
    );
    assert_eq!(
        page.syncing().link(),
        Some(&("https://example.org/slide/#device=ab".to_string(), qr))
    );
    sync(&mut page, SyncAction::HideLink);
    assert_eq!(page.syncing().link(), None);
}

#[test]
fn stop_erase_and_a_key_forgotten_elsewhere_leave_the_solves_here() {
    let mut page = synced();
    assert_eq!(sync(&mut page, SyncAction::SaveKey), job(SyncJob::SaveKey));
    // Delete my data on the server asks first.
    assert_eq!(sync(&mut page, SyncAction::Erase), []);
    assert!(page.syncing().confirm_erase());
    assert_eq!(sync(&mut page, SyncAction::ConfirmErase(false)), []);
    sync(&mut page, SyncAction::Erase);
    assert_eq!(
        sync(&mut page, SyncAction::ConfirmErase(true)),
        job(SyncJob::Erase)
    );
    said(&mut page, SyncSaid::Erased);
    assert_eq!(page.syncing().state(), SyncState::Off);
    assert!(
        page.syncing()
            .words()
            .unwrap()
            .contains("stay in this browser")
    );
    assert_eq!(sync(&mut page, SyncAction::Nudge), []);

    let mut page = synced();
    assert_eq!(sync(&mut page, SyncAction::Stop), job(SyncJob::Stop));
    said(
        &mut page,
        SyncSaid::Player {
            name: None,
            pending: 3,
        },
    );
    assert_eq!(page.syncing().state(), SyncState::Off);

    let mut page = synced();
    sync(&mut page, SyncAction::Due);
    said(&mut page, SyncSaid::Forgotten);
    assert_eq!(page.syncing().state(), SyncState::Off);
    assert!(
        page.syncing()
            .words()
            .unwrap()
            .contains("your solves here are kept")
    );
}

#[test]
fn a_row_deleted_goes_from_the_history_and_the_database_and_a_clear_can_reach_every_device() {
    // Held in memory: the row goes, and the statistics are counted again without it.
    let history = History {
        solves: vec![solve(1), solve(2), solve(3)],
    };
    let mut page = open(false, history);
    assert_eq!(page.record().total(), 3);
    assert_eq!(page.reduce(RecordAction::DeleteSolve(2), 0.0), []);
    let left: Vec<u64> = page
        .record()
        .history()
        .solves
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(left, [1, 3]);
    assert_eq!(page.record().total(), 2);
    let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    assert_eq!(page.record().statistics(&board).count, 2);

    // Kept in the database: the worker deletes it, then the record is read again.
    let mut page = synced();
    let arrived = Keeping {
        solves: vec![solve(1), solve(2)],
        events: vec![],
    };
    page.reduce(Action::from(StoreSaid::Arrived(arrived)), 0.0);
    let fx = page.reduce(RecordAction::DeleteSolve(2), 0.0);
    assert_eq!(
        fx,
        [Effect::Store(ToStore::Delete {
            solves: vec![2],
            events: vec![]
        })]
    );
    let fx = page.reduce(Action::from(StoreSaid::Deleted), 0.0);
    assert!(fx.contains(&Effect::Load), "{fx:?}");
    assert!(
        fx.contains(&Effect::Store(ToStore::Sync(SyncJob::Round))),
        "{fx:?}"
    );

    page.reduce(RecordAction::ClearHistory, 0.0);
    let fx = page.reduce(RecordAction::ConfirmClear(Clearing::EveryDevice), 0.0);
    assert_eq!(fx, [Effect::Store(ToStore::Forget { everywhere: true })]);
}
