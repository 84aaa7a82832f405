//! The record kept in the browser's database, natively: the page's model with the database's
//! side played by hand (its words built as the web layer builds them). A load in chunks after
//! the first board, the newest solves held and older ones paged, statistics that follow every
//! solve, writes kept, refused and tried again, another tab's solves, an import written in one
//! transaction, what could not be read told once, and the browser asked to keep it all.

use slide::play::event::record::EventRecord;
use slide::play::game::daily::Date;
use slide::play::game::input::{Control, Input};
use slide::play::keeping::file::{self, Import, ImportReport};
use slide::play::keeping::{Keeping, Refusal, StoreSaid, ToStore};
use slide::play::page::{
    Action, Calendar, Clearing, Effect, HistoryFormat, PAGE, Page, PlayAction, RecordAction,
    Remembered, Store, Task,
};
use slide::play::record::solves::{History, Solve};
use slide::play::record::tally::Brief;
use slide::puzzle::goal::Goal;
use slide::puzzle::notation::parse_board;
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;

/// 2026-11-23, noon UTC.
const NOON: f64 = 1_795_435_200_000.0;

fn open(query: &str) -> Page {
    let remembered = Remembered {
        stored: true,
        ..Remembered::default()
    };
    Page::open(
        query,
        "https://example.org/slide/",
        remembered,
        Calendar::at(NOON, 0),
        Rng::seeded(1),
    )
}

/// Solve `id` of a 3×3 board: random state, by keys, `millis` long.
fn solve(id: u64, millis: f64) -> Solve {
    let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    Solve {
        id,
        date: Date::parse("2026-11-20").unwrap(),
        start: Position::toward(board, &Goal::BlankLast).unwrap(),
        moves: Some(31 + (id % 20) as usize),
        slides: Some(30),
        millis,
        optimal: Some(31),
        best_known: None,
        assisted: false,
        times: Vec::new(),
        control: Control::Keys,
        random_state: !id.is_multiple_of(7),
    }
}

/// `n` solves, ids 1000, 1010, …, times in whole milliseconds.
fn solves(n: u64) -> Vec<Solve> {
    (0..n)
        .map(|i| solve(1_000 + i * 10, 5_000.0 + ((i * 7_919) % 20_000) as f64))
        .collect()
}

fn store(page: &mut Page, said: StoreSaid) -> Vec<Effect> {
    page.reduce(Action::Record(RecordAction::Store(said)), 0.0)
}

/// Loads `all` as the web layer does: the newest page in full, then every solve's figures in
/// chunks, oldest first, then the events.
fn load(page: &mut Page, all: &[Solve], events: Vec<EventRecord>) -> Vec<Effect> {
    let newest: Vec<Solve> = all.iter().rev().take(PAGE).cloned().collect();
    store(page, StoreSaid::Opened { persisted: None });
    store(
        page,
        StoreSaid::Newest {
            solves: newest,
            total: all.len(),
        },
    );
    for chunk in all.chunks(37) {
        store(
            page,
            StoreSaid::Briefs(chunk.iter().map(Brief::of).collect()),
        );
    }
    store(page, StoreSaid::Events(events));
    store(page, StoreSaid::Loaded)
}

fn whole(list: &[Solve]) -> History {
    let mut h = History::default();
    for s in list {
        h.add(s.clone());
    }
    h
}

/// Solves `1 2 3/4 5 6/0 7 8` by hand in two moves.
fn solve_by_hand(page: &mut Page, at: f64) -> Vec<Effect> {
    page.reduce(PlayAction::Slide(slide::Move::Left, Input::Keys), at);
    page.reduce(
        PlayAction::Slide(slide::Move::Left, Input::Keys),
        at + 1_500.0,
    )
}

fn kept(fx: &[Effect]) -> Option<Keeping> {
    fx.iter().find_map(|e| match e {
        Effect::Store(ToStore::Keep(k)) => Some(k.clone()),
        _ => None,
    })
}

/// What the record's worker does with a file: reads it, and sorts out what `known` holds.
fn worker_import(name: &str, text: &str, known: &[u64]) -> (Keeping, ImportReport) {
    let mut import = Import::new(name);
    for piece in text.as_bytes().chunks(1_000) {
        import.feed(piece);
    }
    let (solves, events, report) = import
        .finish(|id| known.binary_search(&id).is_ok(), |_| false)
        .unwrap();
    (Keeping { solves, events }, report)
}

fn ids(list: &[Solve]) -> Vec<u64> {
    list.iter().map(|s| s.id).collect()
}

#[test]
fn the_record_loads_after_the_first_board_holding_the_newest_solves_and_counting_all() {
    let mut page = open("");
    assert_eq!(page.record().store(), &Store::Loading);
    assert_eq!(
        page.record().progress().map(|p| p.text()),
        Some("Loading your solves…".into())
    );
    let fx = page.reduce(Action::Mounted, 0.0);
    assert!(fx.contains(&Effect::Load), "{fx:?}");

    let all = solves(120);
    store(&mut page, StoreSaid::Opened { persisted: None });
    store(
        &mut page,
        StoreSaid::Newest {
            solves: all.iter().rev().take(PAGE).cloned().collect(),
            total: 120,
        },
    );
    store(
        &mut page,
        StoreSaid::Briefs(all[..60].iter().map(Brief::of).collect()),
    );
    assert_eq!(
        page.record().progress().map(|p| p.text()),
        Some("Loading your solves… 50 %".into())
    );
    store(
        &mut page,
        StoreSaid::Briefs(all[60..].iter().map(Brief::of).collect()),
    );
    let fx = store(&mut page, StoreSaid::Loaded);
    assert_eq!(page.record().store(), &Store::Ready);
    assert_eq!(page.record().progress(), None);
    assert_eq!(fx, [Effect::AskPersist], "a record worth keeping");

    let record = page.record();
    assert_eq!(record.total(), 120);
    assert_eq!(ids(&record.history().solves), ids(&all[70..]));
    let board = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
    let stats = record.statistics(&board);
    assert_eq!(stats, whole(&all).statistics("3x3", Control::Keys));
    assert_eq!(stats.count + stats.left_out, 120);
    assert!(stats.ao100.is_some());
    assert_eq!(record.stats_sizes(&board), ["3x3"]);

    // Older pages come from the database as the table grows.
    let fx = page.reduce(RecordAction::ShowMoreSolves, 0.0);
    assert_eq!(
        fx,
        [Effect::Store(ToStore::Older {
            before: all[70].id,
            count: PAGE
        })]
    );
    store(
        &mut page,
        StoreSaid::Older(all[20..70].iter().rev().cloned().collect()),
    );
    assert_eq!(ids(&page.record().history().solves), ids(&all[20..]));
    let fx = page.reduce(RecordAction::ShowMoreSolves, 0.0);
    assert_eq!(
        fx,
        [Effect::Store(ToStore::Older {
            before: all[20].id,
            count: PAGE
        })]
    );
    store(
        &mut page,
        StoreSaid::Older(all[..20].iter().rev().cloned().collect()),
    );
    assert_eq!(page.record().history().solves, all);
    // All held: nothing more to read.
    assert_eq!(page.reduce(RecordAction::ShowMoreSolves, 0.0), []);
    assert_eq!(page.record().shown(), 4 * PAGE);
}

#[test]
fn a_solve_made_while_loading_is_kept_once_and_the_statistics_follow_each_solve() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Mounted, 0.0);
    let fx = solve_by_hand(&mut page, 1_000.0);
    let mine = kept(&fx).expect("kept at once, in its own write");
    assert_eq!(mine.solves.len(), 1);
    let id = mine.solves[0].id;
    // The load brings it back among the others: counted once.
    let mut all = solves(10);
    all.push(mine.solves[0].clone());
    load(&mut page, &all, Vec::new());
    assert_eq!(page.record().total(), 11);
    assert_eq!(
        page.record().history().solves.last().map(|s| s.id),
        Some(id)
    );
    assert_eq!(
        page.record()
            .history()
            .solves
            .iter()
            .filter(|s| s.id == id)
            .count(),
        1
    );
    let board = page.game().board().clone();
    // The solve from a link is kept but not counted: 10 from the load count or not as they are.
    let stats = page.record().statistics(&board);
    assert_eq!(stats, whole(&all).statistics("3x3", Control::Keys));
}

#[test]
fn a_write_the_browser_refuses_is_told_kept_in_memory_and_tried_again_with_the_next() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Mounted, 0.0);
    load(&mut page, &solves(3), Vec::new());
    let first = kept(&solve_by_hand(&mut page, 1_000.0)).unwrap();
    let id = first.solves[0].id;
    store(
        &mut page,
        StoreSaid::NotKept {
            solves: vec![id],
            events: Vec::new(),
            why: Refusal::Full,
        },
    );
    let note = page.record().note().unwrap();
    assert!(
        note.starts_with("The browser's storage for this site is full"),
        "{note}"
    );
    assert!(note.ends_with("kept until this tab closes: export them to keep them."));
    assert_eq!(page.record().unsaved(), 1);
    assert_eq!(page.record().total(), 4, "still in the record");

    // The next solve's write carries the one not kept.
    page.set_calendar(Calendar::at(NOON + 60_000.0, 0));
    page.reduce(slide::play::page::BoardAction::Shuffle, 5_000.0);
    let board = page.game().board().clone();
    let next = play_shuffle(&mut page, &board, 6_000.0);
    let second = kept(&next).expect("a second write");
    assert_eq!(second.solves.len(), 2, "{second:?}");
    assert!(second.solves.iter().any(|s| s.id == id));
    let ids: Vec<u64> = second.solves.iter().map(|s| s.id).collect();
    store(
        &mut page,
        StoreSaid::Kept {
            solves: ids,
            events: Vec::new(),
        },
    );
    assert_eq!(page.record().unsaved(), 0);
    page.reduce(Action::Record(RecordAction::DismissNote), 0.0);
    assert_eq!(page.record().note(), None);
}

/// Solves the shuffled board on the page by hand with a shortest solution found here.
fn play_shuffle(page: &mut Page, board: &slide::Board, at: f64) -> Vec<Effect> {
    use slide::solver::{Algorithm, Options, solve};
    let goal = page.game().goal().clone();
    let options = Options::with(Algorithm::IdaStar, slide::Heuristic::Manhattan);
    let moves = solve(board, &goal, &options)
        .unwrap()
        .solution()
        .unwrap()
        .moves()
        .to_vec();
    let mut fx = Vec::new();
    for (i, mv) in moves.into_iter().enumerate() {
        fx = page.reduce(PlayAction::Slide(mv, Input::Keys), at + 100.0 * i as f64);
    }
    assert!(page.game().is_solved());
    fx
}

#[test]
fn where_the_browser_refuses_the_database_the_game_plays_on_in_memory_and_exports_it() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Mounted, 0.0);
    store(&mut page, StoreSaid::Refused(Refusal::Unavailable));
    assert_eq!(page.record().store(), &Store::Refused(Refusal::Unavailable));
    assert_eq!(page.record().progress(), None);
    let note = page.record().note().unwrap();
    assert!(note.contains("private window"), "{note}");
    let fx = solve_by_hand(&mut page, 1_000.0);
    assert_eq!(kept(&fx), None, "nothing to write to");
    assert_eq!((page.record().total(), page.record().unsaved()), (1, 1));
    // The export is of everything held.
    let fx = page.reduce(RecordAction::ExportHistory(HistoryFormat::Json), 0.0);
    let [Effect::Store(ToStore::Export { held, .. })] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(held.solves, page.record().history().solves);
    // An import is sorted against what the page holds, and joins it in memory.
    let fx = page.reduce(
        RecordAction::ImportStart {
            name: "mine.json".into(),
            size: 100,
        },
        0.0,
    );
    let [
        Effect::Store(ToStore::Import {
            known: Some(known), ..
        }),
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    let file = file::write(HistoryFormat::Json, &solves(3), &[]);
    let (added, report) = worker_import("mine.json", &file, known);
    store(&mut page, StoreSaid::Imported { report, added });
    assert_eq!((page.record().total(), page.record().unsaved()), (4, 4));
    assert_eq!(
        page.record().import_note(),
        Some("mine.json: 3 solves added, 0 already here.")
    );
}

#[test]
fn another_tabs_solves_join_the_record_and_its_clear_reloads_it() {
    let mut page = open("");
    page.reduce(Action::Mounted, 0.0);
    let all = solves(5);
    load(&mut page, &all[..4], Vec::new());
    let board = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
    let before = page.record().statistics(&board);
    store(
        &mut page,
        StoreSaid::Arrived(Keeping {
            solves: vec![all[4].clone()],
            events: Vec::new(),
        }),
    );
    assert_eq!(page.record().total(), 5);
    assert_eq!(
        page.record().statistics(&board),
        whole(&all).statistics("3x3", Control::Keys)
    );
    assert_ne!(page.record().statistics(&board), before);
    // Its measure arrives later: the same solve, updated, not a sixth.
    let mut measured = all[4].clone();
    measured.optimal = Some(29);
    store(
        &mut page,
        StoreSaid::Arrived(Keeping {
            solves: vec![measured],
            events: Vec::new(),
        }),
    );
    assert_eq!(page.record().total(), 5);
    assert_eq!(page.record().history().solves[4].optimal, Some(29));
    let fx = store(&mut page, StoreSaid::Reload);
    assert_eq!(fx, [Effect::Load]);
    assert_eq!(
        (page.record().total(), page.record().store()),
        (0, &Store::Loading)
    );
}

#[test]
fn an_import_is_done_by_the_worker_and_the_record_read_again_once_it_is_kept() {
    let mut page = open("");
    page.reduce(Action::Mounted, 0.0);
    let all = solves(300);
    load(&mut page, &all[..100], Vec::new());
    let fx = page.reduce(
        RecordAction::ImportStart {
            name: "big.json".into(),
            size: 2_000,
        },
        0.0,
    );
    assert_eq!(
        fx,
        [Effect::Store(ToStore::Import {
            name: "big.json".into(),
            known: None
        })]
    );
    store(
        &mut page,
        StoreSaid::Progress {
            done: 500,
            total: 2_000,
        },
    );
    assert_eq!(
        page.record().progress().map(|p| p.text()),
        Some("Importing big.json… 25 %".into())
    );
    // A second file meanwhile waits for the first.
    let fx = page.reduce(
        RecordAction::ImportStart {
            name: "other.csv".into(),
            size: 1,
        },
        0.0,
    );
    assert_eq!(fx, []);
    let note = page.record().import_note().unwrap();
    assert!(
        note.starts_with("other.csv: another file is being imported"),
        "{note}"
    );
    // A failed transaction keeps nothing.
    store(&mut page, StoreSaid::ImportNotKept(Refusal::Full));
    assert_eq!(page.record().total(), 100);
    assert_eq!(page.record().progress(), None);
    let note = page.record().import_note().unwrap();
    assert!(
        note.starts_with("big.json: nothing was imported, and your history is as it was."),
        "{note}"
    );

    // Again, kept this time: the worker sorted it against the database's 100.
    page.reduce(
        RecordAction::ImportStart {
            name: "big.json".into(),
            size: 2_000,
        },
        0.0,
    );
    let file = file::write(HistoryFormat::Json, &all[50..], &[]);
    let (_, report) = worker_import("big.json", &file, &ids(&all[..100]));
    let fx = store(
        &mut page,
        StoreSaid::Imported {
            report,
            added: Keeping::default(),
        },
    );
    assert_eq!(fx, [Effect::Load], "the record is read again");
    assert_eq!(
        page.record().import_note(),
        Some("big.json: 200 solves added, 50 already here.")
    );
    load(&mut page, &all, Vec::new());
    assert_eq!(page.record().total(), 300);
    let board = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
    assert_eq!(
        page.record().statistics(&board),
        whole(&all).statistics("3x3", Control::Keys)
    );
    // A file that is no history: said, and nothing changes.
    page.reduce(
        RecordAction::ImportStart {
            name: "notes.txt".into(),
            size: 5,
        },
        0.0,
    );
    store(
        &mut page,
        StoreSaid::NotImported {
            name: "notes.txt".into(),
            why: "not a history: the first line must name the columns".into(),
        },
    );
    let note = page.record().import_note().unwrap();
    assert!(note.starts_with("notes.txt: not a history"), "{note}");
    assert_eq!(
        (page.record().total(), page.record().progress()),
        (300, None)
    );
}

#[test]
fn what_could_not_be_read_is_told_once_and_offered_as_it_was() {
    let mut page = open("");
    page.reduce(Action::Mounted, 0.0);
    let fx = store(&mut page, StoreSaid::Unreadable { count: 1, told: 0 });
    assert_eq!(fx, [Effect::Told(1)]);
    let note = page.record().note().unwrap().to_string();
    assert!(
        note.starts_with("A part of your history could not be read"),
        "{note}"
    );
    assert_eq!(page.record().unreadable(), 1);
    assert_eq!(
        page.reduce(RecordAction::DownloadUnreadable, 0.0),
        [Effect::Store(ToStore::DownloadUnreadable)]
    );
    // Told before: not again, still offered.
    let mut again = open("");
    let fx = store(&mut again, StoreSaid::Unreadable { count: 1, told: 1 });
    assert_eq!((fx, again.record().note()), (Vec::new(), None));
    assert_eq!(again.record().unreadable(), 1);
}

#[test]
fn the_export_is_written_from_the_database_with_what_it_has_not_kept() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Mounted, 0.0);
    load(&mut page, &solves(3), Vec::new());
    let mine = kept(&solve_by_hand(&mut page, 1_000.0)).unwrap();
    store(
        &mut page,
        StoreSaid::NotKept {
            solves: ids(&mine.solves),
            events: Vec::new(),
            why: Refusal::Failed("UnknownError".into()),
        },
    );
    let fx = page.reduce(RecordAction::ExportHistory(HistoryFormat::Csv), 0.0);
    assert_eq!(
        fx,
        [Effect::Store(ToStore::Export {
            name: "slide-history-2026-11-23.csv".into(),
            format: HistoryFormat::Csv,
            held: mine.clone(),
        })]
    );
    assert_eq!(
        page.record().progress().map(|p| &p.task),
        Some(&Task::Exporting)
    );
    store(&mut page, StoreSaid::Exported);
    assert_eq!(page.record().progress(), None);
    // Clearing forgets the database's record too.
    page.reduce(RecordAction::ClearHistory, 0.0);
    let fx = page.reduce(RecordAction::ConfirmClear(Clearing::ThisDevice), 0.0);
    assert_eq!(fx, [Effect::Store(ToStore::Forget { everywhere: false })]);
    assert_eq!((page.record().total(), page.record().unsaved()), (0, 0));
}

#[test]
fn the_browser_is_asked_once_to_keep_the_record_once_it_holds_three_solves() {
    let mut page = open("");
    page.reduce(Action::Mounted, 0.0);
    let fx = load(&mut page, &solves(2), Vec::new());
    assert_eq!(fx, [], "two solves: not yet");
    let third = solves(3).pop().unwrap();
    store(
        &mut page,
        StoreSaid::Arrived(Keeping {
            solves: vec![third.clone()],
            events: Vec::new(),
        }),
    );
    let fx = store(
        &mut page,
        StoreSaid::Kept {
            solves: vec![third.id],
            events: Vec::new(),
        },
    );
    assert_eq!(fx, [Effect::AskPersist]);
    store(&mut page, StoreSaid::Persisted(true));
    assert_eq!(page.record().persisted(), Some(true));
    let fx = store(
        &mut page,
        StoreSaid::Kept {
            solves: vec![third.id],
            events: Vec::new(),
        },
    );
    assert_eq!(fx, [], "asked once");
}

#[test]
fn an_embedded_page_reads_no_record_the_full_page_keeps_it() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&embed=1");
    assert_eq!(page.record().store(), &Store::Memory);
    assert_eq!(page.record().progress(), None);
    let fx = page.reduce(Action::Mounted, 0.0);
    assert!(!fx.contains(&Effect::Load), "{fx:?}");
}
