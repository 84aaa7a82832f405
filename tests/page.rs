//! The page's model, natively: what the page shows and asks for after each action, without a
//! browser. The worker's side is played by hand here (its messages are built as it would build
//! them), so each rule of the page is tested on its own.

use slide::play::event::log::EventLog;
use slide::play::game::input::{Control, Input};
use slide::play::game::origin::Origin;
use slide::play::keeping::file::{self, Import};
use slide::play::keeping::{Keeping, StoreSaid, ToStore};
use slide::play::page::EditAction;
use slide::play::page::FileProblem;
use slide::play::page::{
    Action, AskAction, Asking, BoardAction, Calendar, Clearing, Copying, Effect, Heard,
    LearnAction, Page, Panel, ParentMessage, PlayAction, PrefsAction, RecordAction, Remembered,
    ShareAction, Shared, Whose,
};
use slide::play::record::left_out::{Entry, EntryProblem, HistoryError, LeftOut, Unread};
use slide::play::record::solves::History;
use slide::play::worker::protocol::{
    Answer, Failure, FromWorker, Lessons, Purpose, Tables, TablesFrom, ToWorker,
};
use slide::play::worker::solving::Summary;
use slide::puzzle::notation::format_moves;
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;
use slide::search::Stats;
use slide::solver::{Algorithm, Options, solve};
use slide::{Board, Heuristic};

const HARDEST: &str = "?board=8,6,7/2,5,4/3,0,1";

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
        Rng::seeded(1),
    )
}

/// The Solve request in `fx`: its id, purpose and board.
fn sent(fx: &[Effect]) -> Vec<(u32, Purpose, String)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Send(ToWorker::Solve {
                id, purpose, board, ..
            }) => Some((*id, *purpose, board.clone())),
            _ => None,
        })
        .collect()
}

fn cancels(fx: &[Effect]) -> Vec<u32> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Send(ToWorker::Cancel { id }) => Some(*id),
            _ => None,
        })
        .collect()
}

/// The worker's answer for `board`, found by `algorithm` as the worker would find it.
fn answer(board: &Board, algorithm: Algorithm, heuristic: Heuristic) -> Answer {
    let goal = Board::blank_last(board.width(), board.height()).unwrap();
    let report = solve(board, &goal, &Options::with(algorithm, heuristic)).unwrap();
    Answer::of(&report, None).unwrap()
}

fn solved(id: u32, purpose: Purpose, answer: Answer) -> Action {
    Action::Ask(AskAction::Worker(FromWorker::Solved {
        id,
        purpose,
        answer,
    }))
}

fn better(id: u32, moves: &str) -> Action {
    Action::Ask(AskAction::Worker(FromWorker::Better {
        id,
        purpose: Purpose::Solve,
        answer: Answer {
            moves: moves.into(),
            optimal: false,
            within: Some(1.5),
            algorithm: Algorithm::Anytime,
            heuristic: Some(Heuristic::Pdb),
            stats: Stats::default(),
            tables: None,
        },
    }))
}

#[test]
fn solve_asks_the_worker_shows_progress_then_the_answer() {
    let mut page = open(HARDEST);
    let fx = page.reduce(Action::Ask(AskAction::Solve), 1000.0);
    let [(id, Purpose::Solve, board)] = &sent(&fx)[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(board, "8 6 7/2 5 4/3 0 1");
    assert!(page.asking().request().is_some());

    let progress = FromWorker::Progress {
        id: *id,
        purpose: Purpose::Solve,
        stats: Stats {
            expanded: 1234,
            ..Stats::default()
        },
    };
    page.reduce(Action::Ask(AskAction::Worker(progress)), 1100.0);
    let text = page.asking().request().unwrap().progress_text(1600.0);
    assert_eq!(text, "Solving… 1,234 positions explored, 0.6 s");

    let start = page.game().board().clone();
    page.reduce(
        solved(
            *id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        1012.0,
    );
    assert!(page.asking().request().is_none());
    let replay = page.game().replay().expect("the solution is on the board");
    assert_eq!(replay.moves.len(), 31);
    assert!(replay.optimal);
    let summary = page.playing().summary().unwrap();
    assert!(summary.optimal());
    assert_eq!(summary.wall_ms(), Some(12.0));
    assert_eq!(page.game().replay_step(), Some(0));
}

#[test]
fn better_answers_show_at_once_and_the_final_one_replaces_them() {
    let mut page = open(HARDEST);
    let fx = page.reduce(Action::Ask(AskAction::Solve), 0.0);
    let id = sent(&fx)[0].0;
    let start = page.game().board().clone();
    let greedy = Options::with(Algorithm::Greedy, Heuristic::Hamming);
    let report = solve(&start, page.game().goal(), &greedy).unwrap();
    let long = format_moves(report.solution().unwrap().moves());
    page.reduce(better(id, &long), 5.0);
    assert!(page.asking().request().is_some(), "the search goes on");
    assert!(page.playing().summary().unwrap().improving());
    assert_eq!(page.game().replay().unwrap().moves.len(), long.len());

    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        9.0,
    );
    assert_eq!(page.game().replay().unwrap().moves.len(), 31);
    assert!(!page.playing().summary().unwrap().improving());
}

#[test]
fn an_earlier_answer_being_replayed_stays_when_a_better_one_arrives() {
    let mut page = open(HARDEST);
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    let start = page.game().board().clone();
    let first = answer(&start, Algorithm::Greedy, Heuristic::Manhattan);
    page.reduce(better(id, &first.moves), 1.0);
    page.reduce(Action::Play(PlayAction::Step(true)), 2.0);
    page.reduce(Action::Play(PlayAction::Step(true)), 3.0);
    // The board moved on with the replay: the next better answer is for a board no longer shown.
    page.reduce(better(id, "UDUD"), 4.0);
    assert_eq!(page.game().replay().unwrap().moves.len(), first.moves.len());
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        5.0,
    );
    assert_eq!(page.game().replay_step(), Some(2), "the replay goes on");
    assert_eq!(page.game().replay().unwrap().moves.len(), first.moves.len());
    assert!(!page.playing().summary().unwrap().improving());
    assert_eq!(page.alert(), None);
}

#[test]
fn a_stale_answer_for_an_old_board_is_ignored_with_a_word() {
    let mut page = open(HARDEST);
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    let start = page.game().board().clone();
    // The player moves a tile while the worker searches.
    let tap = (0..9)
        .find(|&s| !page.game().board().slide_from(s).is_empty())
        .unwrap();
    page.reduce(Action::Play(PlayAction::Tap(tap, Input::Click)), 1.0);
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        2.0,
    );
    assert!(page.game().replay().is_none());
    assert_eq!(
        page.alert(),
        Some("The board changed while the solver worked; ask again.")
    );
    // A late message for a request long gone changes nothing.
    let before = page.game().board().clone();
    page.reduce(better(id, "L"), 3.0);
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        4.0,
    );
    assert_eq!(page.game().board(), &before);
}

#[test]
fn a_goal_chosen_while_solve_searches_stops_it_and_its_answers_never_show() {
    // On 3×3 every board reaches both goals, so the board stays toward blank first.
    let mut page = open(HARDEST);
    let start = page.game().board().clone();
    let toward_last = answer(&start, Algorithm::AStar, Heuristic::Manhattan);
    let id = sent(&page.reduce(AskAction::Solve, 0.0))[0].0;
    let fx = page.reduce(EditAction::GoalKind(Some(slide::Goal::BlankFirst)), 10.0);
    assert_eq!(page.game().board(), &start);
    assert_eq!(page.game().goal().to_string(), "0 1 2/3 4 5/6 7 8");
    assert_eq!(
        cancels(&fx),
        vec![id],
        "the search toward blank last is cancelled"
    );
    assert_eq!(page.asking().request(), None);
    // Its answers, late, lead to blank last: none is shown under the blank-first goal.
    page.reduce(better(id, &toward_last.moves), 20.0);
    page.reduce(solved(id, Purpose::Solve, toward_last), 30.0);
    assert_eq!(page.game().replay(), None);
    assert_eq!(page.playing().summary(), None);
    assert_eq!(page.alert(), None);
}

#[test]
fn an_answer_for_the_board_on_show_toward_another_goal_is_stale() {
    let board = slide::puzzle::notation::parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    let last = Position::toward(board.clone(), &slide::Goal::BlankLast).unwrap();
    let first = Position::toward(board.clone(), &slide::Goal::BlankFirst).unwrap();
    let toward_last = answer(&board, Algorithm::AStar, Heuristic::Manhattan);
    let mut asking = Asking::new("https://example.org/slide/");
    let mut fx = Vec::new();
    asking.reduce(AskAction::Solve, &last, 0.0, &mut fx);
    let id = sent(&fx)[0].0;
    // The same board, its goal changed: an answer of this search is for the other goal.
    let heard = asking.reduce(
        AskAction::Worker(FromWorker::Better {
            id,
            purpose: Purpose::Solve,
            answer: toward_last.clone(),
        }),
        &first,
        10.0,
        &mut fx,
    );
    assert_eq!(heard, vec![]);
    let heard = asking.reduce(
        AskAction::Worker(FromWorker::Solved {
            id,
            purpose: Purpose::Solve,
            answer: toward_last.clone(),
        }),
        &first,
        20.0,
        &mut fx,
    );
    assert_eq!(
        heard,
        vec![Heard::Alert(
            "The board changed while the solver worked; ask again.".into()
        )]
    );
    // Toward the goal it was asked for, the same answer is shown.
    asking.reduce(AskAction::Solve, &last, 30.0, &mut fx);
    let id = sent(&fx).last().unwrap().0;
    let heard = asking.reduce(
        AskAction::Worker(FromWorker::Solved {
            id,
            purpose: Purpose::Solve,
            answer: toward_last.clone(),
        }),
        &last,
        40.0,
        &mut fx,
    );
    assert!(
        matches!(&heard[..], [Heard::Answer { moves, optimal: true, .. }] if format_moves(moves) == toward_last.moves),
        "{heard:?}"
    );
}

#[test]
fn cancel_stops_the_search_and_keeps_the_best_answer_so_far() {
    let mut page = open(HARDEST);
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    let start = page.game().board().clone();
    let first = answer(&start, Algorithm::Greedy, Heuristic::Manhattan);
    page.reduce(better(id, &first.moves), 1.0);
    let fx = page.reduce(Action::Ask(AskAction::Cancel), 2.0);
    assert_eq!(cancels(&fx), vec![id]);
    assert!(page.asking().request().is_none());
    assert_eq!(page.game().replay().unwrap().moves.len(), first.moves.len());
    assert!(!page.playing().summary().unwrap().improving());
    // The worker's confirmation comes after: nothing more changes.
    page.reduce(
        Action::Ask(AskAction::Worker(FromWorker::Cancelled {
            id,
            purpose: Purpose::Solve,
        })),
        3.0,
    );
    assert_eq!(page.game().replay().unwrap().moves.len(), first.moves.len());
}

#[test]
fn a_new_question_cancels_the_open_one() {
    let mut page = open(HARDEST);
    let first = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    let fx = page.reduce(Action::Ask(AskAction::Hint), 1.0);
    assert_eq!(cancels(&fx), vec![first]);
    assert_eq!(sent(&fx)[0].1, Purpose::Hint);
}

#[test]
fn a_hint_outlines_the_first_tile_of_a_shortest_solution_until_the_board_changes() {
    let mut page = open(HARDEST);
    let fx = page.reduce(Action::Ask(AskAction::Hint), 0.0);
    let (id, _, _) = sent(&fx)[0];
    let start = page.game().board().clone();
    let a = answer(&start, Algorithm::AStar, Heuristic::Manhattan);
    page.reduce(solved(id, Purpose::Hint, a.clone()), 1.0);
    assert!(page.game().replay().is_none(), "a hint is not a replay");
    let tile = page.highlight().expect("a tile is outlined");
    // Sliding the outlined tile is the hinted move, and the hint goes with the board.
    let square = start.position_of(tile);
    page.reduce(Action::Play(PlayAction::Tap(square, Input::Click)), 2.0);
    assert_eq!(page.playing().hint_move(), None);
    assert_eq!(page.highlight(), None);
    assert_eq!(page.game().moves_made(), 1);
}

#[test]
fn a_failed_hint_says_so() {
    let mut page = open(HARDEST);
    let id = sent(&page.reduce(Action::Ask(AskAction::Hint), 0.0))[0].0;
    page.reduce(
        Action::Ask(AskAction::Worker(FromWorker::Failed {
            id,
            purpose: Purpose::Hint,
            failure: Failure::Budget { max_nodes: 700_000 },
            stats: None,
        })),
        1.0,
    );
    let alert = page.alert().unwrap();
    assert!(
        alert.starts_with("No hint: No solution within the budget of 700,000 nodes."),
        "{alert}"
    );
}

#[test]
fn compare_asks_for_each_row_in_turn_and_a_failed_row_is_a_result() {
    let mut page = open(HARDEST);
    let fx = page.reduce(Action::Learn(LearnAction::Compare), 0.0);
    let start = page.game().board().clone();
    assert!(page.learning().comparison().running);
    let total = page.learning().comparison().total();
    assert_eq!(total, 13);
    let mut asked = sent(&fx);
    for row in 0..total {
        let [(id, Purpose::Compare, _)] = asked[..] else {
            panic!("row {row}: {asked:?}")
        };
        let method = page.asking().request().unwrap().method;
        let failure = match row {
            1 => Some(Failure::Budget {
                max_nodes: 1_000_000,
            }),
            2 => Some(Failure::Memory { bytes: 2 << 30 }),
            _ => None,
        };
        let fx = if let Some(failure) = failure {
            // Depth-first search runs out of nodes, breadth-first of memory: the rows say so.
            page.reduce(
                Action::Ask(AskAction::Worker(FromWorker::Failed {
                    id,
                    purpose: Purpose::Compare,
                    failure,
                    stats: Some(Stats {
                        expanded: 1_000_000,
                        ..Stats::default()
                    }),
                })),
                1.0,
            )
        } else {
            let heuristic = method.heuristic.unwrap_or(Heuristic::Manhattan);
            page.reduce(
                solved(
                    id,
                    Purpose::Compare,
                    answer(&start, method.algorithm, heuristic),
                ),
                1.0,
            )
        };
        asked = sent(&fx);
    }
    assert!(asked.is_empty());
    assert!(!page.learning().comparison().running);
    let rows = &page.learning().comparison().rows;
    assert_eq!(rows.len(), 13);
    assert_eq!(
        rows[1].failure.as_ref().map(Failure::short),
        Some("budget ran out")
    );
    assert_eq!(
        rows[2].failure.as_ref().map(Failure::short),
        Some("memory ran out")
    );
    assert_eq!((rows[1].length, rows[2].length), (None, None));
    assert!(
        !rows[1].optimal && !rows[2].optimal,
        "a row that found nothing proves nothing shortest"
    );
    assert!(
        rows.iter()
            .filter(|r| r.optimal && r.length.is_some())
            .all(|r| r.length == Some(31))
    );

    // Any row replays on the board.
    page.reduce(Action::Learn(LearnAction::ReplayRow(3)), 2.0);
    assert_eq!(
        page.game().replay().unwrap().moves.len(),
        rows_len(&page, 3)
    );
    assert!(!page.playing().summary().unwrap().optimal());
}

fn rows_len(page: &Page, i: usize) -> usize {
    page.learning().comparison().rows[i].length.unwrap()
}

#[test]
fn cancelling_a_comparison_ends_it_where_it_stands() {
    let mut page = open(HARDEST);
    page.reduce(Action::Learn(LearnAction::Compare), 0.0);
    let fx = page.reduce(Action::Ask(AskAction::Cancel), 1.0);
    assert_eq!(cancels(&fx).len(), 1);
    assert!(!page.learning().comparison().running);
    assert!(page.asking().request().is_none());
    // Compare can run again.
    let fx = page.reduce(Action::Learn(LearnAction::Compare), 2.0);
    assert_eq!(sent(&fx).len(), 1);
}

#[test]
fn links_open_their_board_replay_and_mode() {
    let page = open("?board=8,6,7/2,5,4/3,0,1&moves=RDLD&step=2&embed=1");
    assert_eq!(page.game().replay_step(), Some(2));
    assert_eq!(page.playing().summary().cloned(), Some(Summary::Link));
    assert!(page.sharing().embed());
    assert_eq!(
        page.sharing().link(),
        "https://example.org/slide/?board=8,6,7/2,5,4/3,0,1&moves=RDLD&step=2"
    );

    let bad = open("?board=1,2,3/4,5,6/8,7,0");
    assert!(
        bad.alert()
            .unwrap()
            .contains("Here is a fresh board instead.")
    );
    assert_eq!(bad.game().board().width(), 3);
    assert!(!bad.game().is_solved());
}

#[test]
fn the_address_bar_follows_the_board() {
    let mut page = open(HARDEST);
    let square = (0..9)
        .find(|&s| !page.game().board().slide_from(s).is_empty())
        .unwrap();
    let fx = page.reduce(Action::Play(PlayAction::Tap(square, Input::Click)), 0.0);
    let queries: Vec<_> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::ReplaceQuery(q) => Some(q.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(queries, vec![page.sharing().query()]);
    assert_ne!(queries[0], HARDEST);
    // Nothing that leaves the board alone touches the address.
    let fx = page.reduce(Action::Play(PlayAction::Speed(10)), 1.0);
    assert!(!fx.iter().any(|e| matches!(e, Effect::ReplaceQuery(_))));
}

#[test]
fn an_embedded_page_tells_its_parent_of_moves_and_the_solve() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&embed=1");
    page.reduce(Action::Mounted, 0.0);
    let fx = page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        100.0,
    );
    assert!(fx.contains(&Effect::Post(ParentMessage::Move {
        board: "1 2 3/4 5 6/7 0 8".into(),
        moves: 1
    })));
    let fx = page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        2270.0,
    );
    assert!(fx.contains(&Effect::Post(ParentMessage::Solved {
        moves: 2,
        millis: 2170.0
    })));
    // A board from a link was not drawn at random: its solve is no best.
    assert!(!fx.iter().any(|e| matches!(e, Effect::SaveSettings(_))));
    assert_eq!(page.best(), None);
}

/// How many times `fx` asks the worker to get a goal's tables ready.
fn prepares(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| matches!(e, Effect::Warm(ToWorker::Prepare { .. })))
        .count()
}

#[test]
fn a_fifteen_puzzle_gets_its_tables_ready_once() {
    let mut page = open("?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15");
    let fx = page.reduce(Action::Mounted, 0.0);
    assert_eq!(prepares(&fx), 1);
    // The worker learns where the site's prebuilt tables are, beside the page.
    assert!(fx.contains(&Effect::Warm(ToWorker::Site {
        tables: "https://example.org/slide/tables/".into()
    })));
    assert_eq!(
        prepares(&page.reduce(
            Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
            1.0
        )),
        0
    );
    // A method without tables needs none.
    let mut small = open(HARDEST);
    assert_eq!(prepares(&small.reduce(Action::Mounted, 0.0)), 0);
    small.reduce(
        Action::Ask(AskAction::Method(slide::solver::Method {
            algorithm: Algorithm::IdaStar,
            heuristic: Some(Heuristic::Pdb),
        })),
        1.0,
    );
}

#[test]
fn an_embedded_fifteen_puzzle_gets_its_tables_only_when_asked_to_solve() {
    let mut page = open("?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15&embed=1");
    assert_eq!(prepares(&page.reduce(Action::Mounted, 0.0)), 0);
    assert_eq!(
        prepares(&page.reduce(
            Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
            1.0
        )),
        0
    );
    // Solve asks for them with the request itself.
    let fx = page.reduce(Action::Ask(AskAction::Solve), 2.0);
    assert_eq!(sent(&fx).len(), 1, "{fx:?}");
}

#[test]
fn the_folded_panels_are_built_when_unfolded_or_one_an_idle_moment() {
    let mut page = open("?board=8,6,7/2,5,4/3,0,1");
    let built = |page: &Page| Panel::ALL.map(|panel| page.unfolded(panel));
    page.reduce(Action::Mounted, 0.0);
    assert_eq!(built(&page), [false; 5], "none with the first board");
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        1.0,
    );
    assert_eq!(built(&page), [false; 5], "nor with a move");
    // The player unfolds the statistics: that one is built, and asks nothing of the world.
    assert_eq!(page.reduce(Action::Unfold(Some(Panel::Stats)), 2.0), vec![]);
    assert_eq!(built(&page), [false, false, false, true, false]);
    // Idle moments build the others, one a moment, in the page's order.
    page.reduce(Action::Unfold(None), 3.0);
    assert_eq!(built(&page), [true, false, false, true, false]);
    for _ in 0..3 {
        assert!(!page.all_unfolded());
        page.reduce(Action::Unfold(None), 4.0);
    }
    assert!(page.all_unfolded());
    page.reduce(Action::Unfold(None), 5.0);
    page.reduce(Action::Board(BoardAction::Shuffle), 6.0);
    assert_eq!(built(&page), [true; 5], "built they stay");
}

#[test]
fn replay_controls_play_step_and_stop_at_the_end() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&moves=LL&step=0");
    page.reduce(Action::Play(PlayAction::PlayPause), 0.0);
    assert!(page.playing().playing());
    page.reduce(Action::Play(PlayAction::Tick), 1.0);
    page.reduce(Action::Play(PlayAction::Tick), 2.0);
    assert!(page.game().is_solved());
    assert!(!page.playing().playing(), "the timer stops at the end");
    // Play at the end starts over.
    page.reduce(Action::Play(PlayAction::PlayPause), 3.0);
    assert_eq!(page.game().replay_step(), Some(0));
    assert!(page.playing().playing());
    // Touching the board takes over from the replay.
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        4.0,
    );
    assert!(!page.playing().playing());
    page.reduce(Action::Play(PlayAction::Speed(99)), 5.0);
    assert_eq!(page.playing().speed(), 60);
}

#[test]
fn the_editor_plays_a_typed_board_and_explains_an_unsolvable_one() {
    let mut page = open(HARDEST);
    page.reduce(
        Action::Edit(EditAction::BoardText("8 6 7/2 5 4/3 0".into())),
        0.0,
    );
    assert_eq!(
        page.editor().problem(),
        Some("row 3 has 2 tiles, but row 1 has 3")
    );
    page.reduce(
        Action::Edit(EditAction::BoardText("1 2 3/4 5 6/8 7 0".into())),
        0.0,
    );
    page.reduce(Action::Edit(EditAction::ApplyBoard), 0.0);
    // Unsolvable: shown with the swap that fixes it, not played.
    let (why, a, b) = page.unsolvable().expect("explained");
    assert!(
        why.starts_with("Unsolvable: the tiles have 1 inversion"),
        "{why}"
    );
    assert_eq!((a.min(b), a.max(b)), (7, 8));
    assert_eq!(page.shown().board().to_string(), "1 2 3/4 5 6/8 7 0");
    assert_eq!(
        page.game().board().to_string(),
        "8 6 7/2 5 4/3 0 1",
        "not played"
    );
    page.reduce(Action::Edit(EditAction::Fix), 1.0);
    assert!(page.unsolvable().is_none());
    assert!(page.editor().editing().is_none());
    // The fix swaps 7 and 8 back, which is the goal itself: played, and solved.
    assert_eq!(page.game().board().to_string(), "1 2 3/4 5 6/7 8 0");
    assert_eq!(page.shown(), page.game().position());

    page.reduce(
        Action::Edit(EditAction::FileLoaded {
            name: "big.txt".into(),
            contents: Err(FileProblem::TooLarge),
        }),
        2.0,
    );
    assert_eq!(
        page.editor().problem(),
        Some("big.txt: the file is too large for a board.")
    );
    page.reduce(
        Action::Edit(EditAction::FileLoaded {
            name: "four.txt".into(),
            contents: Ok("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n".into()),
        }),
        3.0,
    );
    assert_eq!(
        page.game().board().to_string(),
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
    );
}

#[test]
fn a_bigger_or_smaller_unsolvable_board_is_shown_with_its_own_goal() {
    // Sam Loyd's 14-15 typed on the opening 3×3 (this once read the 4×4 against the 3×3 goal
    // and killed the page), then a 2×2 on the 4×4.
    let mut page = open(HARDEST);
    page.reduce(
        Action::Edit(EditAction::BoardText(
            "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0".into(),
        )),
        0.0,
    );
    page.reduce(Action::Edit(EditAction::ApplyBoard), 0.0);
    let shown = page.shown();
    assert_eq!(
        shown.board().to_string(),
        "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"
    );
    assert_eq!(shown.goal(), &Board::blank_last(4, 4).unwrap());
    let mut marked = page.marked();
    marked.sort_unstable();
    assert_eq!(marked, vec![14, 15]);
    let (why, _, _) = page.unsolvable().expect("explained");
    assert!(
        why.ends_with("It is the goal with tiles 14 and 15 swapped."),
        "{why}"
    );
    page.reduce(Action::Edit(EditAction::Fix), 1.0);
    assert_eq!(page.game().board(), &Board::blank_last(4, 4).unwrap());

    page.reduce(Action::Edit(EditAction::BoardText("2 1/3 0".into())), 2.0);
    page.reduce(Action::Edit(EditAction::ApplyBoard), 2.0);
    assert_eq!(page.shown().goal(), &Board::blank_last(2, 2).unwrap());
    assert_eq!(page.marked().len(), 2);
    // Setting tiles by hand on it taps only its own four squares.
    page.reduce(Action::Edit(EditAction::EditTiles(true)), 3.0);
    page.reduce(Action::Play(PlayAction::Tap(15, Input::Click)), 3.0);
    page.reduce(Action::Play(PlayAction::Tap(3, Input::Click)), 3.0);
    assert_eq!(page.shown().board().to_string(), "2 1/3 0");
}

#[test]
fn a_replay_starts_at_a_pace_fitted_to_its_length() {
    use slide::play::page::replay_speed;
    assert_eq!(replay_speed(31), 4, "a short answer at 4 moves a second");
    assert_eq!(replay_speed(300), 15);
    // The longest 10×10 answers still play in well under a minute.
    for n in [963, 2130] {
        let seconds = n as f64 / f64::from(replay_speed(n));
        assert!(seconds <= 36.0, "{n} moves in {seconds} s");
    }
    let page = open("?board=1,2,3/4,5,6/7,8,0&moves=");
    assert_eq!(page.playing().speed(), 4);
    // A link's long replay, and a new answer, each start at their own pace.
    let long: String = "LR".repeat(100);
    let mut page = open(&format!("?board=1,2,3/4,5,6/7,0,8&moves={long}R"));
    assert_eq!(page.playing().speed(), replay_speed(201));
    page.reduce(Action::Play(PlayAction::Speed(2)), 1.0);
    assert_eq!(
        page.playing().speed(),
        2,
        "the player's choice holds for this replay"
    );
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 2.0))[0].0;
    let start = page.game().board().clone();
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        3.0,
    );
    assert_eq!(page.playing().speed(), 4);
}

#[test]
fn the_board_field_shows_the_board_on_show_until_the_player_types() {
    let mut page = open(HARDEST);
    let shown = |p: &Page| p.editor().text(p.shown().board());
    assert_eq!(shown(&page), "8 6 7/2 5 4/3 0 1");
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        0.0,
    );
    assert_eq!(
        shown(&page),
        page.game().board().to_string(),
        "it follows the moves"
    );
    // What the player types stays while they play on, until another board is started.
    page.reduce(Action::Edit(EditAction::BoardText("1 2 3/4 5".into())), 1.0);
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Right, Input::Keys)),
        2.0,
    );
    assert_eq!(shown(&page), "1 2 3/4 5");
    assert!(page.editor().problem().is_some());
    page.reduce(BoardAction::Shuffle, 3.0);
    assert_eq!(shown(&page), page.game().board().to_string());
    assert_eq!(page.editor().problem(), None);
    // An unsolvable board applied is the one on show, and the field's.
    page.reduce(
        Action::Edit(EditAction::BoardText("1 2 3/4 5 6/8 7 0".into())),
        4.0,
    );
    page.reduce(Action::Edit(EditAction::ApplyBoard), 4.0);
    assert_eq!(shown(&page), "1 2 3/4 5 6/8 7 0");
}

#[test]
fn setting_tiles_by_hand_swaps_two_at_a_time() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8");
    page.reduce(Action::Edit(EditAction::EditTiles(true)), 0.0);
    page.reduce(Action::Play(PlayAction::Tap(0, Input::Click)), 0.0);
    assert_eq!(page.marked(), vec![1]);
    page.reduce(Action::Play(PlayAction::Tap(1, Input::Click)), 0.0);
    assert_eq!(page.shown().board().to_string(), "2 1 3/4 5 6/7 0 8");
    assert_eq!(page.game().moves_made(), 0, "editing is not playing");
    // Done: this board cannot reach the goal, so the fix is offered.
    page.reduce(Action::Edit(EditAction::EditTiles(false)), 0.0);
    assert!(page.unsolvable().is_some());
}

#[test]
fn a_goal_the_board_cannot_reach_brings_a_new_board() {
    let mut page = open(HARDEST);
    page.reduce(
        Action::Edit(EditAction::GoalKind(Some(slide::Goal::BlankFirst))),
        0.0,
    );
    assert_eq!(page.game().goal().to_string(), "0 1 2/3 4 5/6 7 8");
    assert_eq!(page.prefs().saved().goal, "blank-first");
    assert!(slide::puzzle::solvability::is_solvable(
        page.game().board(),
        page.game().goal()
    ));
    page.reduce(Action::Edit(EditAction::GoalKind(None)), 0.0);
    assert!(page.editor().custom_open());
    page.reduce(
        Action::Edit(EditAction::CustomGoalText(
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".into(),
        )),
        0.0,
    );
    page.reduce(Action::Edit(EditAction::SetCustomGoal), 0.0);
    assert!(
        page.alert()
            .unwrap()
            .starts_with("Custom goal: the goal is 4×4")
    );
}

#[test]
fn copy_link_falls_back_to_a_field_and_a_move_clears_it() {
    let mut page = open(HARDEST);
    let fx = page.reduce(Action::Share(ShareAction::CopyLink), 0.0);
    assert_eq!(
        fx,
        vec![Effect::Copy {
            text: "https://example.org/slide/?board=8,6,7/2,5,4/3,0,1".into(),
            what: Copying::Link
        }]
    );
    page.reduce(
        Action::Share(ShareAction::Copied {
            what: Copying::Link,
            ok: false,
        }),
        0.0,
    );
    assert!(
        matches!(&page.sharing().shared(), Shared::ToCopy(Copying::Link, l) if l.ends_with("3,0,1"))
    );
    page.reduce(Action::Share(ShareAction::ShowEmbed), 0.0);
    assert!(matches!(&page.sharing().shared(), Shared::Snippet(s) if s.contains("&amp;embed=1")));
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        1.0,
    );
    assert_eq!(page.sharing().shared(), &Shared::Nothing);
}

#[test]
fn shuffles_are_solvable_remember_their_size_and_stop_what_ran() {
    let mut page = open(HARDEST);
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    let fx = page.reduce(BoardAction::Size(4, 4), 1.0);
    assert_eq!(cancels(&fx), vec![id]);
    assert_eq!(page.prefs().saved().size, (4, 4));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::SaveSettings(s) if s.size == (4, 4)))
    );
    let p = page.game().position();
    assert_eq!((p.width(), p.height()), (4, 4));
    assert!(p.is_solvable());
    assert_eq!(page.playing().origin(), Origin::Shuffle { filtered: false });
    // The filter, asked for, leaves most tiles out of place.
    page.reduce(PrefsAction::MostlyMisplaced(true), 2.0);
    for _ in 0..20 {
        page.reduce(BoardAction::Shuffle, 3.0);
        assert!(
            page.game().position().misplaced() * 10 >= 8 * 15,
            "most tiles out of place"
        );
    }
    assert_eq!(page.playing().origin(), Origin::Shuffle { filtered: true });
}

/// The stepper's worker, played by the worker's own side: each lesson request in `fx`
/// answered, as the worker answers it.
fn lessons_answer(page: &mut Page, lessons: &mut Lessons, fx: &[Effect]) {
    for request in lesson_requests(fx) {
        let ToWorker::Lesson {
            id,
            board,
            goal,
            algorithm,
            heuristic,
            step,
        } = request
        else {
            continue;
        };
        let lesson = lessons.show(&board, &goal, algorithm, heuristic, step);
        page.reduce(AskAction::Worker(FromWorker::Lesson { id, lesson }), 0.0);
    }
}

fn lesson_requests(fx: &[Effect]) -> Vec<ToWorker> {
    (fx.iter())
        .filter_map(|e| match e {
            Effect::Lesson(request) => Some(request.clone()),
            _ => None,
        })
        .collect()
}

/// The step the stepper shows.
fn step_shown(page: &Page) -> Option<u64> {
    page.learning().stepping().lesson().map(|l| l.snapshot.step)
}

#[test]
fn the_stepper_expands_the_start_first_and_steps_back_to_exactly_what_was_shown() {
    let mut page = open(HARDEST);
    let mut worker = Lessons::default();
    let fx = page.reduce(LearnAction::Watch(Algorithm::AStar), 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    assert_eq!(step_shown(&page), Some(0));
    let mut shown = Vec::new();
    for _ in 0..3 {
        let fx = page.reduce(LearnAction::Step, 0.0);
        lessons_answer(&mut page, &mut worker, &fx);
        shown.push(page.learning().stepping().lesson().unwrap().clone());
    }
    let first = &shown[0].recent[0];
    assert_eq!((first.g, first.h, first.f), (0, Some(21), Some(21)));
    assert_eq!(step_shown(&page), Some(3));
    for back in [1, 0] {
        let fx = page.reduce(LearnAction::Back, 0.0);
        lessons_answer(&mut page, &mut worker, &fx);
        assert_eq!(page.learning().stepping().lesson(), Some(&shown[back]));
    }
    // A move ends it.
    page.reduce(PlayAction::Slide(slide::Move::Left, Input::Keys), 1.0);
    assert!(!page.learning().stepping().active());
}

#[test]
fn a_late_answer_to_a_step_passed_over_is_not_shown() {
    let mut page = open(HARDEST);
    let mut worker = Lessons::default();
    let fx = page.reduce(LearnAction::Watch(Algorithm::IdaStar), 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    let one = page.reduce(LearnAction::Step, 0.0);
    let two = page.reduce(LearnAction::Step, 0.0);
    lessons_answer(&mut page, &mut worker, &one);
    assert_eq!(
        step_shown(&page),
        Some(0),
        "step 1's answer came after step 2 was asked"
    );
    lessons_answer(&mut page, &mut worker, &two);
    assert_eq!(step_shown(&page), Some(2));
    assert_eq!(
        page.learning().stepping().lesson().unwrap().snapshot.bound,
        Some(21)
    );
}

#[test]
fn run_asks_for_a_step_a_tick_once_the_last_is_shown_and_stops_at_the_goal() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    let mut worker = Lessons::default();
    let fx = page.reduce(LearnAction::Watch(Algorithm::Bfs), 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    page.reduce(LearnAction::Run(true), 0.0);
    let mut ticks = 0;
    while page.learning().stepping().running() {
        let fx = page.reduce(LearnAction::Tick, 0.0);
        assert!(
            page.reduce(LearnAction::Tick, 0.0).is_empty(),
            "one step at a time"
        );
        lessons_answer(&mut page, &mut worker, &fx);
        ticks += 1;
        assert!(ticks < 10);
    }
    // Breadth-first search takes the goal at its fourth step, found two moves away.
    assert_eq!(step_shown(&page), Some(4));
    let lesson = page.learning().stepping().lesson().unwrap();
    assert_eq!(lesson.snapshot.solution, Some(2));
    assert!(!page.learning().stepping().can_step());
    assert!(page.reduce(LearnAction::Step, 0.0).is_empty());
}

#[test]
fn a_lesson_link_opens_the_stepper_at_its_step_once_the_page_is_on_screen() {
    for embed in ["", "&embed=1"] {
        let mut page = open(&format!(
            "{HARDEST}&learn=astar&heuristic=hamming&step=3000{embed}"
        ));
        assert_eq!(page.alert(), None);
        assert!(page.unfolded(Panel::Learn));
        let stepping = page.learning().stepping();
        assert_eq!(stepping.algorithm(), Some(Algorithm::AStar));
        assert_eq!(stepping.asked(), Some(3000));
        let fx = page.reduce(Action::Mounted, 0.0);
        let requests = lesson_requests(&fx);
        assert!(
            matches!(
                &requests[..],
                [ToWorker::Lesson {
                    step: 3000,
                    heuristic: Heuristic::Hamming,
                    algorithm: Algorithm::AStar,
                    ..
                }]
            ),
            "{requests:?}"
        );
        let mut worker = Lessons::default();
        lessons_answer(&mut page, &mut worker, &fx);
        assert_eq!(step_shown(&page), Some(3000));
        assert_eq!(page.learning().stepping().note(), None);
    }
}

#[test]
fn a_lesson_link_past_the_end_opens_at_the_last_step_and_says_so() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&learn=bfs&step=99");
    let fx = page.reduce(Action::Mounted, 0.0);
    lessons_answer(&mut page, &mut Lessons::default(), &fx);
    assert_eq!(step_shown(&page), Some(4));
    assert_eq!(
        page.learning().stepping().note(),
        Some("The link asks for step 99; the search takes the goal at step 4, shown here.")
    );
    assert_eq!(page.learning().stepping().asked(), Some(4));
}

#[test]
fn the_stepper_says_where_it_stops_short_of_the_goal() {
    let mut page = open(&format!(
        "{HARDEST}&learn=astar&heuristic=hamming&step=20000"
    ));
    let mut worker = Lessons::default();
    let fx = page.reduce(Action::Mounted, 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    assert_eq!(step_shown(&page), Some(10_000));
    assert_eq!(
        page.learning().stepping().note(),
        Some("The link asks for step 20000; the stepper goes up to step 10000, shown here.")
    );
    assert!(!page.learning().stepping().can_step());
    // Back a step, then on again to the stepper's last: said without the link now.
    let fx = page.reduce(LearnAction::Back, 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    assert_eq!(page.learning().stepping().note(), None);
    let fx = page.reduce(LearnAction::Step, 0.0);
    lessons_answer(&mut page, &mut worker, &fx);
    assert_eq!(
        page.learning().stepping().note(),
        Some(
            "The stepper goes up to step 10000; slide solve --trace follows the search to its end."
        )
    );
}

#[test]
fn a_lesson_link_that_cannot_be_honoured_says_what_was_wrong() {
    let weighted = open(&format!("{HARDEST}&learn=weighted"));
    assert!(
        weighted
            .alert()
            .unwrap()
            .contains("not a search the stepper shows")
    );
    assert!(!weighted.learning().stepping().active());
    let pdb = open(&format!("{HARDEST}&learn=idastar&heuristic=pdb&step=2"));
    assert!(pdb.alert().unwrap().contains("it uses Manhattan distance"));
    assert_eq!(
        pdb.learning().stepping().shown_heuristic(),
        Some(Heuristic::Manhattan)
    );
    assert_eq!(pdb.learning().stepping().asked(), Some(2));
    let no_board = open("?learn=astar&step=3");
    assert!(no_board.alert().unwrap().contains("no board"));
    let step = open(&format!("{HARDEST}&learn=dfs&step=-1"));
    assert!(step.alert().unwrap().contains("opens at the start"));
    assert_eq!(step.learning().stepping().asked(), Some(0));
}

#[test]
fn the_embed_snippet_of_a_step_frames_its_link() {
    let mut page = open(HARDEST);
    let mut worker = Lessons::default();
    let fx = page.reduce(LearnAction::Estimate(Heuristic::LinearConflict), 0.0);
    assert!(fx.is_empty(), "no search open yet");
    for action in [
        LearnAction::Watch(Algorithm::Greedy),
        LearnAction::Step,
        LearnAction::Step,
    ] {
        let fx = page.reduce(action, 0.0);
        lessons_answer(&mut page, &mut worker, &fx);
    }
    page.reduce(LearnAction::EmbedStep, 0.0);
    assert_eq!(
        page.learning().snippet(),
        Some(
            r#"<iframe src="https://example.org/slide/?board=8,6,7/2,5,4/3,0,1&amp;learn=greedy&amp;heuristic=linear-conflict&amp;step=2&amp;embed=1" title="Sliding puzzle: a search step by step" width="720" height="1100"></iframe>"#
        )
    );
    // Another estimate: the same step, by it; the snippet of the step before goes.
    let fx = page.reduce(LearnAction::Estimate(Heuristic::Hamming), 0.0);
    assert!(matches!(
        &lesson_requests(&fx)[..],
        [ToWorker::Lesson {
            step: 2,
            heuristic: Heuristic::Hamming,
            ..
        }]
    ));
    assert_eq!(page.learning().snippet(), None);
}

#[test]
fn a_worker_that_stops_ends_the_steppers_request_with_a_word() {
    let mut page = open(HARDEST);
    page.reduce(LearnAction::Watch(Algorithm::Dfs), 0.0);
    assert_eq!(
        page.asking().owing(),
        vec![0],
        "the worker owes the stepper an answer"
    );
    let why = "it crashed".to_string();
    page.reduce(AskAction::WorkerStopped { worker: 0, why }, 5.0);
    let problem = page.learning().stepping().problem().unwrap();
    assert!(problem.contains("stopped unexpectedly"), "{problem}");
    assert!(page.asking().owing().is_empty());
}

/// The measure request in `fx`: its id and board.
fn measured(fx: &[Effect]) -> Option<(u32, String)> {
    fx.iter().find_map(|e| match e {
        Effect::Measure(ToWorker::Solve {
            id,
            purpose: Purpose::Measure,
            board,
            ..
        }) => Some((*id, board.clone())),
        _ => None,
    })
}

/// Solves `1 2 3/4 5 6/0 7 8` by hand in two taps' worth of moves, 2.5 s after the first.
fn solve_by_hand(page: &mut Page) -> Vec<Effect> {
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        1000.0,
    );
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        3500.0,
    )
}

#[test]
fn a_solve_by_hand_is_measured_against_the_shortest_and_kept() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    let fx = solve_by_hand(&mut page);
    let (id, board) = measured(&fx).expect("the worker measures the start board");
    assert_eq!(board, "1 2 3/4 5 6/0 7 8");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Store(slide::play::keeping::ToStore::Keep(_))))
    );
    let result = page.record().result().cloned().unwrap();
    assert_eq!(
        (result.solve.moves, result.solve.slides),
        (Some(2), Some(1))
    );
    assert_eq!(result.solve.millis, 2500.0);
    assert_eq!(result.solve.result_text(), "2.50 s · 2 moves · 0.8 tiles/s");
    assert!(result.measuring);
    assert_eq!(page.record().history().solves.len(), 1);

    // A Solve meanwhile does not disturb the measure, which has a channel of its own.
    let start = result.solve.start.board().clone();
    page.reduce(
        Action::Ask(AskAction::Worker(FromWorker::Solved {
            id,
            purpose: Purpose::Measure,
            answer: answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        })),
        4000.0,
    );
    let result = page.record().result().cloned().unwrap();
    assert_eq!(result.solve.optimal, Some(2));
    assert_eq!(result.solve.efficiency(), Some(1.0));
    assert_eq!(page.record().history().solves[0].optimal, Some(2));
    assert!(
        result
            .comparison_text()
            .contains("you found a shortest solution")
    );

    // Watch the shortest, then your own: both from the start board, neither a new solve.
    page.reduce(BoardAction::Watch(Whose::Shortest), 5000.0);
    assert_eq!(page.game().board(), &start);
    assert!(page.playing().summary().unwrap().optimal());
    page.reduce(BoardAction::Watch(Whose::Yours), 5100.0);
    assert_eq!(page.playing().summary().cloned(), Some(Summary::Yours));
    page.reduce(Action::Play(PlayAction::Seek(2)), 5200.0);
    assert!(page.game().is_solved());
    assert_eq!(
        page.record().history().solves.len(),
        1,
        "a replay is not a solve"
    );
}

#[test]
fn a_solve_helped_by_a_replay_is_not_a_solve_by_hand() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&moves=LL&step=0");
    page.reduce(Action::Play(PlayAction::Step(true)), 0.0);
    let fx = page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        100.0,
    );
    assert!(page.game().is_solved());
    assert!(measured(&fx).is_none());
    assert!(page.record().result().is_none());
    assert!(page.record().history().solves.is_empty());
}

#[test]
fn a_solve_after_a_hint_or_a_shown_solution_is_kept_marked_assisted_and_counts_for_nothing() {
    // A hint, then the player's own moves.
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    let id = sent(&page.reduce(Action::Ask(AskAction::Hint), 0.0))[0].0;
    let start = page.game().board().clone();
    page.reduce(
        solved(
            id,
            Purpose::Hint,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        10.0,
    );
    let fx = solve_by_hand(&mut page);
    let solve = &page.record().history().solves[0];
    assert!(solve.assisted);
    assert!(
        measured(&fx).is_some(),
        "still measured against the shortest"
    );
    let stats = page.record().history().statistics("3x3", Control::Keys);
    assert_eq!((stats.count, stats.left_out), (0, 1));
    assert_eq!(page.best(), None, "no best");
    assert!(
        !page.sharing().share_link().contains("challenge="),
        "no challenge: {}",
        page.sharing().share_link()
    );

    // The solution shown, then copied move by move.
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        10.0,
    );
    solve_by_hand(&mut page);
    assert!(page.record().history().solves[0].assisted);
    assert!(
        page.record()
            .history()
            .to_json()
            .to_string()
            .contains("\"assisted\":true"),
        "{}",
        page.record().history().to_json()
    );

    // Without help: a challenge to send, but a board from a link is not drawn at random, so
    // it is kept and not counted.
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand(&mut page);
    let solve = &page.record().history().solves[0];
    assert!(!solve.assisted && !solve.random_state);
    let stats = page.record().history().statistics("3x3", Control::Keys);
    assert_eq!((stats.count, stats.left_out), (0, 1));
    assert!(page.sharing().share_link().contains("challenge="));
}

/// Solves the board on the page by hand with a shortest solution (found here, never shown on
/// the page), made with `input`: the first move at `first_ms`, the last at `last_ms`.
fn play_out(page: &mut Page, input: Input, first_ms: f64, last_ms: f64) -> Vec<Effect> {
    let (board, goal) = (page.game().board().clone(), page.game().goal().clone());
    let options = Options::with(Algorithm::IdaStar, Heuristic::Manhattan);
    let report = solve(&board, &goal, &options).unwrap();
    let moves = report.solution().unwrap().moves().to_vec();
    assert!(moves.len() >= 2, "a shuffle takes moves: {board}");
    // Whole milliseconds apart, as the history keeps them exactly.
    let last = moves.len() - 1;
    let step = ((last_ms - first_ms) / last as f64).floor();
    let mut fx = Vec::new();
    for (i, mv) in moves.into_iter().enumerate() {
        let at = if i == last {
            last_ms
        } else {
            first_ms + step * i as f64
        };
        fx = page.reduce(Action::Play(PlayAction::Slide(mv, input)), at);
    }
    assert!(page.game().is_solved());
    fx
}

#[test]
fn statistics_come_from_the_history_and_survive_a_reload() {
    // A first visit shuffles from all solvable boards: random state, so its solves count.
    let mut page = open("");
    for i in 0..5 {
        page.set_calendar(Calendar::at(NOON + f64::from(i) * 60_000.0, 0));
        page.reduce(BoardAction::Shuffle, 0.0);
        play_out(&mut page, Input::Keys, 0.0, 1000.0 * f64::from(i + 1));
    }
    let stats = page.record().history().statistics("3x3", Control::Keys);
    assert_eq!((stats.count, stats.left_out), (5, 0));
    // Times 1..5 s: drop 1 and 5, mean of 2, 3, 4.
    assert_eq!(stats.ao5, Some(3000.0));
    let stored = page.record().history().to_json().to_string();
    let (history, left_out) = History::from_stored(&stored);
    assert_eq!(left_out, LeftOut::default(), "everything kept is read back");
    let again = open_with(
        HARDEST,
        Remembered {
            history,
            ..Remembered::default()
        },
    );
    assert_eq!(again.record().history(), page.record().history());
    assert_eq!(again.record().import_note(), None);
}

#[test]
fn the_stored_historys_readers_return_what_they_left_out() {
    // One solve that reads, one whose board does not, and an event this page does not know.
    let solve = |id: u64, board: &str| {
        format!(
            r#"{{"id":{id},"date":"2026-11-23","board":"{board}","goal":"1 2 3/4 5 6/7 8 0","moves":31,"millis":9000,"control":"keys"}}"#
        )
    };
    let event = r#"{"id":7,"date":"2026-11-23","event":"bogus","board":"1 2 3/4 5 6/0 7 8","goal":"1 2 3/4 5 6/7 8 0","millis":9000,"moves":2,"control":"keys"}"#;
    let stored = format!(
        r#"{{"version":1,"solves":[{},{}],"events":[{event}]}}"#,
        solve(1, "8 6 7/2 5 4/3 0 1"),
        solve(2, "8 6 7/2 5 4/3 0 9")
    );
    let (history, left_out) = History::from_stored(&stored);
    assert_eq!(history.solves.iter().map(|s| s.id).collect::<Vec<_>>(), [1]);
    assert_eq!(left_out.whole, None);
    assert_eq!(left_out.entries.len(), 1);
    let unread = left_out.entries[0].clone();
    assert_eq!(unread.entry, Entry::Solve(2));
    assert!(matches!(unread.problem, EntryProblem::Board(_)), "{unread}");
    let (events, events_left_out) = EventLog::from_stored(&stored);
    assert_eq!(events, EventLog::default());
    assert_eq!(
        events_left_out.entries,
        [Unread {
            entry: Entry::Event(1),
            problem: EntryProblem::Event(
                "no such event \"bogus\" (marathon-N, relay-N, relay-down-N, blindfolded or fmc)"
                    .into()
            ),
        }]
    );
    // What was left out, in words.
    let left_out = left_out.and(events_left_out);
    assert_eq!(
        left_out.to_string(),
        format!(
            "{unread}; event 1: no such event \"bogus\" (marathon-N, relay-N, relay-down-N, blindfolded or fmc)"
        )
    );
    // An empty store leaves nothing out; a damaged one leaves out the whole, and says why.
    assert_eq!(
        History::from_stored(""),
        (History::default(), LeftOut::default())
    );
    assert_eq!(EventLog::from_stored("").1, LeftOut::default());
    let (history, left_out) = History::from_stored("{\"solves\":[");
    assert_eq!(history, History::default());
    assert!(
        matches!(left_out.whole, Some(HistoryError::NotJson(_))),
        "{left_out:?}"
    );
    assert!(matches!(
        EventLog::from_stored("{\"solves\":[").1.whole,
        Some(HistoryError::NotJson(_))
    ));
}

#[test]
fn statistics_show_the_boards_size_or_one_picked_until_the_size_changes() {
    let mut page = open("");
    play_out(&mut page, Input::Keys, 0.0, 1000.0);
    assert_eq!(page.record().history().solves.len(), 1);
    page.reduce(BoardAction::Size(4, 4), 2000.0);
    assert_eq!(
        page.record().stats_size(page.game().board()),
        "4x4",
        "the board's size at first"
    );
    assert_eq!(
        page.record().stats_sizes(page.game().board()),
        ["3x3", "4x4"],
        "solved sizes and the board's, smallest first"
    );
    page.reduce(
        Action::Record(RecordAction::StatsSize(Some("3x3".into()))),
        3000.0,
    );
    assert_eq!(page.record().stats_size(page.game().board()), "3x3");
    assert_eq!(
        page.record()
            .history()
            .statistics(
                &page.record().stats_size(page.game().board()),
                page.record().stats_control()
            )
            .count,
        1
    );
    page.reduce(BoardAction::Shuffle, 4000.0);
    assert_eq!(
        page.record().stats_size(page.game().board()),
        "3x3",
        "a new board of the same size keeps the pick"
    );
    page.reduce(BoardAction::Size(5, 5), 5000.0);
    assert_eq!(
        page.record().stats_size(page.game().board()),
        "5x5",
        "a new size shows its own"
    );
    assert_eq!(
        page.record().stats_sizes(page.game().board()),
        ["3x3", "5x5"]
    );
}

#[test]
fn history_files_go_out_and_come_back_and_clearing_asks_first() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand(&mut page);
    let exported = page.reduce(
        Action::Record(RecordAction::ExportHistory(
            slide::play::page::HistoryFormat::Csv,
        )),
        0.0,
    );
    // The record's worker writes the file: played here by its functions.
    let Some(Effect::Store(ToStore::Export { name, format, held })) = exported.first() else {
        panic!("{exported:?}")
    };
    assert_eq!(name, "slide-history-2026-11-23.csv");
    let text = file::write(*format, &held.solves, &held.events);
    page.reduce(Action::Record(RecordAction::ClearHistory), 0.0);
    assert!(page.record().confirm_clear());
    page.reduce(
        Action::Record(RecordAction::ConfirmClear(Clearing::Keep)),
        0.0,
    );
    assert_eq!(page.record().history().solves.len(), 1, "Keep keeps it");
    page.reduce(Action::Record(RecordAction::ClearHistory), 0.0);
    page.reduce(
        Action::Record(RecordAction::ConfirmClear(Clearing::ThisDevice)),
        0.0,
    );
    assert!(page.record().history().solves.is_empty());
    import_file(&mut page, "mine.csv", &text);
    assert_eq!(page.record().history().solves.len(), 1);
    assert_eq!(
        page.record().import_note(),
        Some("mine.csv: 1 solve added, 0 already here.")
    );
    import_file(&mut page, "photo.jpg", "\u{0}\u{1}");
    assert!(
        page.record()
            .import_note()
            .unwrap()
            .starts_with("photo.jpg: not a history")
    );
}

/// Imports `text` as a file named `name`, the record's worker's part played by its functions:
/// the file read and sorted against what the page holds.
fn import_file(page: &mut Page, name: &str, text: &str) {
    let size = text.len() as u64;
    let name = name.to_string();
    let fx = page.reduce(RecordAction::ImportStart { name, size }, 0.0);
    let [Effect::Store(ToStore::Import { name, known })] = &fx[..] else {
        panic!("{fx:?}")
    };
    let known = known.clone().unwrap_or_default();
    let mut import = Import::new(name);
    import.feed(text.as_bytes());
    let said = match import.finish(|id| known.contains(&id), |_| false) {
        Ok((solves, events, report)) => StoreSaid::Imported {
            report,
            added: Keeping { solves, events },
        },
        Err(why) => StoreSaid::NotImported {
            name: name.clone(),
            why: why.to_string(),
        },
    };
    page.reduce(RecordAction::Store(said), 0.0);
}

#[test]
fn the_daily_is_the_dates_board_and_its_result_can_be_shared_without_moves() {
    let mut page = open("?daily=2026-11-23");
    assert_eq!(page.alert(), None);
    assert_eq!(
        page.game().board().to_string(),
        "7 8 14 2/13 11 3 6/4 15 12 10/1 9 0 5"
    );
    assert_eq!(page.sharing().query(), "?daily=2026-11-23");
    // Solving it by hand: play the shortest solution's moves as the player.
    let goal = page.game().goal().clone();
    let start = page.game().board().clone();
    let rows = Options {
        algorithm: Algorithm::Reduction,
        ..Options::default()
    };
    let shortest = solve(&start, &goal, &rows).unwrap();
    let moves = shortest.solution().unwrap().moves().to_vec();
    for (i, &m) in moves.iter().enumerate() {
        page.reduce(
            Action::Play(PlayAction::Slide(m, Input::Keys)),
            1000.0 + 100.0 * i as f64,
        );
    }
    assert!(page.record().result().is_some());
    let text = page.sharing().share_text(page.record().result()).unwrap();
    assert!(text.starts_with("Slide daily 2026-11-23 · 4×4\n"), "{text}");
    assert!(
        text.ends_with("https://example.org/slide/?daily=2026-11-23"),
        "{text}"
    );
    assert!(!text.contains(&slide::puzzle::notation::format_moves(&moves)));
    let fx = page.reduce(Action::Share(ShareAction::ShareResult), 0.0);
    assert!(matches!(
        &fx[..],
        [Effect::Copy {
            what: Copying::Result,
            ..
        }]
    ));

    // Another size of the same day; another day.
    page.reduce(BoardAction::Size(3, 3), 0.0);
    assert_eq!(page.sharing().query(), "?daily=2026-11-23&size=3x3");
    assert_eq!(page.game().board().width(), 3);
    let other = open("?daily=2026-11-22");
    assert_ne!(other.game().board(), &start);
}

#[test]
fn shuffle_leaves_the_daily_for_a_fresh_board_and_daily_comes_back_to_it() {
    let mut page = open("?daily=2026-11-23");
    let daily = page.game().board().clone();
    page.reduce(BoardAction::Shuffle, 0.0);
    assert_ne!(page.game().board(), &daily);
    assert_eq!(page.game().board().width(), 4, "the daily's size stays");
    assert_eq!(page.sharing().daily(), None);
    assert_eq!(page.playing().origin(), Origin::Shuffle { filtered: false });
    let fresh =
        slide::play::link::write_query(page.game().board(), page.game().goal(), None, false);
    assert_eq!(page.sharing().query(), fresh);
    assert_eq!(page.alert(), None);
    // Daily comes back to the day's board; a size, while it is on, is that day's of the size.
    page.reduce(BoardAction::Daily, 0.0);
    assert_eq!(page.game().board(), &daily);
    assert_eq!(page.sharing().query(), "?daily=2026-11-23");
    page.reduce(BoardAction::Size(3, 3), 0.0);
    assert_eq!(page.sharing().query(), "?daily=2026-11-23&size=3x3");
    page.reduce(BoardAction::Shuffle, 0.0);
    assert_eq!(page.sharing().daily(), None);
    assert_eq!(page.game().board().width(), 3);
}

#[test]
fn a_daily_not_out_yet_or_malformed_gives_an_alert_and_a_fresh_board() {
    for query in [
        "?daily=2026-11-26",
        "?daily=2026-11-3",
        "?daily=yesterday",
        "?daily=2025-06-01",
    ] {
        let page = open(query);
        let alert = page.alert().map(str::to_string).unwrap_or_default();
        assert!(
            alert.ends_with("Here is a fresh board instead."),
            "{query}: {alert}"
        );
        assert!(page.sharing().daily().is_none(), "{query}");
        assert!(!page.game().is_solved());
    }
    // Tomorrow in Kiribati is today there: it is out.
    assert_eq!(open("?daily=2026-11-24").alert(), None);
}

#[test]
fn a_challenge_shows_its_target_and_says_who_won_after_the_solve() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&challenge=2,2000&moves=LL");
    let c = page.sharing().challenge().cloned().unwrap();
    assert_eq!(c.target_text(), "2 moves in 2.00 s");
    assert!(!c.revealed, "the friend's moves stay hidden");
    assert_eq!(page.game().replay(), None, "and are not a replay");
    solve_by_hand(&mut page);
    let c = page.sharing().challenge().cloned().unwrap();
    assert!(c.revealed);
    assert_eq!(
        c.outcome.as_deref(),
        Some("A tie on moves (2 each); your friend wins on time (2.00 s against 2.50 s).")
    );
    let verdict = c.verdict(&page.record().result().unwrap().solve.start);
    assert_eq!(
        verdict,
        Some(slide::play::link::challenge::Verdict::Checked)
    );
    page.reduce(BoardAction::Watch(Whose::Friends), 0.0);
    assert_eq!(page.playing().summary().cloned(), Some(Summary::Friends));

    // Giving up reveals the moves too.
    let mut quitter = open("?board=1,2,3/4,5,6/0,7,8&challenge=2,2000&moves=LL");
    quitter.reduce(Action::Share(ShareAction::GiveUp), 0.0);
    assert!(quitter.sharing().challenge().unwrap().revealed);
}

#[test]
fn after_a_solve_copy_link_challenges_a_friend() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand(&mut page);
    assert_eq!(
        page.sharing().share_link(),
        "https://example.org/slide/?board=1,2,3/4,5,6/0,7,8&challenge=2,2500"
    );
    page.reduce(Action::Share(ShareAction::IncludeMoves(true)), 0.0);
    assert!(
        page.sharing()
            .share_link()
            .ends_with("&challenge=2,2500&moves=LL")
    );
    page.reduce(Action::Share(ShareAction::IncludeResult(false)), 0.0);
    assert_eq!(
        page.sharing().share_link(),
        "https://example.org/slide/?board=1,2,3/4,5,6/7,8,0"
    );
    // A new board ends the result.
    page.reduce(BoardAction::Shuffle, 0.0);
    assert!(page.record().result().is_none());
}

#[test]
fn tile_colours_are_remembered() {
    use slide::play::game::{moving::Named, schemes::ColourScheme};
    for &scheme in ColourScheme::ALL {
        let mut page = open(HARDEST);
        let fx = page.reduce(Action::Prefs(PrefsAction::Colours(scheme)), 0.0);
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::SaveSettings(s) if s.scheme == scheme)),
            "{scheme:?}"
        );
    }
}

#[test]
fn an_embedded_solve_goes_to_the_parent_not_the_history() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&embed=1");
    let fx = solve_by_hand(&mut page);
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Post(ParentMessage::Solved { .. })))
    );
    assert!(measured(&fx).is_none());
    assert!(page.record().result().is_none() && page.record().history().solves.is_empty());
}

// --- A hard Solve shared among workers -----------------------------------------------------

/// Korf's instance no. 15 (62 moves, about two million nodes with the page's tables): its later
/// iterations are large enough to be split among workers.
fn korf_15() -> Page {
    let text = include_str!("../benches/korf100.txt");
    let instances = slide::solver::bench::parse_instances(text).unwrap();
    let board = instances[14].board.to_string().replace(' ', ",");
    let mut page = open(&format!("?board={board}"));
    assert_eq!(page.game().board(), &instances[14].board);
    page.reduce(Action::Ask(AskAction::Cores(2)), 0.0);
    page
}

/// The shares and stops among `fx`, as `(worker, message)`.
fn to_workers(fx: &[Effect]) -> Vec<(usize, ToWorker)> {
    (fx.iter())
        .filter_map(|e| match e {
            Effect::Send(m @ (ToWorker::Share { .. } | ToWorker::Cancel { .. })) => {
                Some((0, m.clone()))
            }
            Effect::Helper { worker, message } => Some((*worker, message.clone())),
            _ => None,
        })
        .collect()
}

/// Workers that answer their messages in order, one at a time, each share searched whole (a
/// stop for a share not yet begun drops it, answered Cancelled, as the worker would).
#[derive(Default)]
struct Workers {
    inbox: std::collections::VecDeque<(usize, ToWorker)>,
    shares: [usize; 2],
}

/// How the first share of the game's worker got its pattern databases: downloaded, 600 ms.
const DOWNLOADED: Tables = Tables {
    millis: 600.0,
    from: TablesFrom::Download,
};

impl Workers {
    /// The next answer, as the page receives it; `None` once nothing is left to do.
    fn answer(&mut self) -> Option<Action> {
        let (worker, message) = self.inbox.pop_front()?;
        let reply = match message {
            ToWorker::Share { id, purpose, work } => {
                self.shares[worker] += 1;
                let mut search = work.search().unwrap();
                let end = loop {
                    if let Some(end) = search.step(u64::MAX) {
                        break end;
                    }
                };
                // The game's worker got the tables for its first share.
                let first = worker == 0 && self.shares[0] == 1;
                FromWorker::Shared {
                    id,
                    purpose,
                    end,
                    tables: first.then_some(DOWNLOADED),
                }
            }
            ToWorker::Cancel { .. } => return self.answer(), // its share already answered
            other => panic!("{other:?}"),
        };
        Some(match worker {
            0 => Action::Ask(AskAction::Worker(reply)),
            worker => Action::Ask(AskAction::Helper {
                worker,
                message: reply,
            }),
        })
    }
}

#[test]
fn a_hard_fifteen_puzzle_is_shared_with_a_helper_worker_and_solved_optimally() {
    let mut page = korf_15();
    let fx = page.reduce(Action::Ask(AskAction::Solve), 0.0);
    assert!(sent(&fx).is_empty(), "no Solve: the team's first share");
    let mut workers = Workers::default();
    workers.inbox.extend(to_workers(&fx));
    assert!(matches!(
        &workers.inbox.make_contiguous()[..],
        [(0, ToWorker::Share { work, .. })] if work.portion.grow_below > 0
    ));
    // While the first share grows it is the whole solve: its progress is the page's.
    let id = page.asking().request().unwrap().id;
    let stats = Stats {
        expanded: 5000,
        bound: Some(50),
        ..Stats::default()
    };
    let growing = FromWorker::Progress {
        id,
        purpose: Purpose::Solve,
        stats,
    };
    page.reduce(Action::Ask(AskAction::Worker(growing)), 5.0);
    assert_eq!(
        page.asking().request().unwrap().progress_text(505.0),
        "Solving… 5,000 positions explored, none shorter than 50 moves, 2 workers, 0.5 s"
    );
    let mut clock = 0.0;
    let mut progress = Vec::new();
    while let Some(action) = workers.answer() {
        clock += 10.0;
        let fx = page.reduce(action, clock);
        workers.inbox.extend(to_workers(&fx));
        if let Some(request) = &page.asking().request() {
            progress.push(request.progress_text(clock));
        }
    }
    assert!(page.asking().request().is_none());
    let Some(Summary::Search {
        optimal,
        stats,
        tables,
        wall_ms,
        ..
    }) = &page.playing().summary().cloned()
    else {
        panic!("{:?} {:?}", page.playing().summary().cloned(), page.alert())
    };
    assert!(optimal);
    // The tables' download is told apart, as for a Solve in one worker, and not search time.
    assert_eq!(*tables, Some(DOWNLOADED));
    assert_eq!(stats.millis, wall_ms - 600.0);
    assert_eq!(page.game().replay().unwrap().moves.len(), 62);
    assert!(stats.expanded > 1_000_000, "{stats:?}");
    assert!(
        workers.shares[0] > 1 && workers.shares[1] > 0,
        "{:?}",
        workers.shares
    );
    assert!(
        progress
            .iter()
            .any(|p| p.contains(" positions explored, none shorter than ")
                && p.contains("2 workers")),
        "{progress:?}"
    );
}

#[test]
fn cancelling_a_shared_solve_stops_every_worker_on_it_and_late_answers_change_nothing() {
    let mut page = korf_15();
    let mut workers = Workers::default();
    workers
        .inbox
        .extend(to_workers(&page.reduce(Action::Ask(AskAction::Solve), 0.0)));
    // Until the tree is split and both workers have a share.
    while workers.inbox.iter().all(|(w, _)| *w == 0) {
        let action = workers.answer().unwrap();
        workers.inbox.extend(to_workers(&page.reduce(action, 1.0)));
    }
    let busy: std::collections::BTreeSet<usize> = workers.inbox.iter().map(|(w, _)| *w).collect();
    let fx = page.reduce(Action::Ask(AskAction::Cancel), 2.0);
    let stops: std::collections::BTreeSet<usize> = (to_workers(&fx).into_iter())
        .filter_map(|(w, m)| matches!(m, ToWorker::Cancel { .. }).then_some(w))
        .collect();
    assert_eq!(stops, busy);
    assert!(page.asking().request().is_none());
    // The shares already under way still answer: the page neither shows nor asks anything.
    while let Some(action) = workers.answer() {
        let fx = page.reduce(action, 3.0);
        assert!(to_workers(&fx).is_empty(), "{fx:?}");
    }
    assert!(page.playing().summary().is_none() && page.alert().is_none());
    // The workers are free: the next Solve starts at once.
    let fx = page.reduce(Action::Ask(AskAction::Solve), 4.0);
    assert!(matches!(
        &to_workers(&fx)[..],
        [(0, ToWorker::Share { .. })]
    ));
}

#[test]
fn a_long_share_of_a_split_iteration_says_it_works_on_and_the_team_keeps_count() {
    // A quarter of a split iteration can take many seconds (IDA* with linear conflicts on a
    // 4×4): each worker says it works on, as every search does, and is not taken for dead. Its
    // own counts are not the solve's: the team's are.
    let mut page = korf_15();
    page.reduce(AskAction::WorkerReady { worker: 0 }, 0.0);
    page.reduce(AskAction::WorkerReady { worker: 1 }, 0.0);
    let mut workers = Workers::default();
    workers
        .inbox
        .extend(to_workers(&page.reduce(Action::Ask(AskAction::Solve), 0.0)));
    while workers.inbox.iter().all(|(w, _)| *w == 0) {
        let action = workers.answer().unwrap();
        workers.inbox.extend(to_workers(&page.reduce(action, 1.0)));
    }
    let id = page.asking().request().unwrap().id;
    let counted = page.asking().request().unwrap().stats;
    assert!(counted.expanded > 0);
    page.reduce(
        AskAction::Worker(FromWorker::Progress {
            id,
            purpose: Purpose::Solve,
            stats: Stats::default(),
        }),
        1.5,
    );
    assert_eq!(page.asking().request().unwrap().stats, counted);
    let alive = |worker| {
        let message = FromWorker::Progress {
            id,
            purpose: Purpose::Solve,
            stats: Stats::default(),
        };
        match worker {
            0 => AskAction::Worker(message),
            worker => AskAction::Helper { worker, message },
        }
    };
    // Both say so every three seconds, up to 9 s; the page looks every second.
    let mut stopped = Vec::new();
    for second in 2..=15 {
        let t = f64::from(second) * 1_000.0;
        if second % 3 == 0 && second <= 9 {
            page.reduce(alive(0), t);
            page.reduce(alive(1), t);
        }
        let fx = page.reduce(AskAction::CheckWorkers, t);
        stopped.extend(restarted(&fx).into_iter().map(|w| (second, w)));
    }
    // Counted by the team, whatever the workers said of themselves; silent from 9 s, both are
    // replaced five seconds later.
    assert_eq!(stopped, [(14, 0), (14, 1)]);
}

#[test]
fn only_an_optimal_solve_on_a_machine_with_cores_to_spare_is_shared() {
    // One core: the game's worker alone.
    let mut page = korf_15();
    page.reduce(Action::Ask(AskAction::Cores(1)), 0.0);
    assert_eq!(
        sent(&page.reduce(Action::Ask(AskAction::Solve), 1.0)).len(),
        1
    );
    // A hint wants one move soon: never shared.
    let mut page = korf_15();
    assert_eq!(
        sent(&page.reduce(Action::Ask(AskAction::Hint), 1.0))[0].1,
        Purpose::Hint
    );
    // A search other than IDA*: alone.
    let mut page = korf_15();
    page.reduce(
        Action::Ask(AskAction::Method(slide::solver::Method {
            algorithm: Algorithm::Greedy,
            heuristic: Some(Heuristic::Manhattan),
        })),
        1.0,
    );
    assert_eq!(
        sent(&page.reduce(Action::Ask(AskAction::Solve), 2.0)).len(),
        1
    );
}

// --- A worker that stops ------------------------------------------------------------------

/// Looks for silent workers once a second from `from` to `to` (milliseconds); the effects of
/// every look.
fn look(page: &mut Page, from: f64, to: f64) -> Vec<Effect> {
    let mut fx = Vec::new();
    let mut t = from;
    while t <= to {
        fx.extend(page.reduce(Action::Ask(AskAction::CheckWorkers), t));
        t += 1000.0;
    }
    fx
}

fn restarted(fx: &[Effect]) -> Vec<usize> {
    (fx.iter())
        .filter_map(|e| match e {
            Effect::Restart(worker) => Some(*worker),
            _ => None,
        })
        .collect()
}

#[test]
fn a_worker_that_falls_silent_while_it_owes_an_answer_is_replaced_and_the_next_solve_works() {
    let mut page = open(HARDEST);
    page.reduce(Action::Ask(AskAction::WorkerReady { worker: 0 }), 0.0);
    let id = sent(&page.reduce(Action::Ask(AskAction::Solve), 0.0))[0].0;
    assert!(page.awaiting());
    // Progress every 100 ms keeps it alive, however long the search.
    for k in 1..=200 {
        let t = f64::from(k) * 100.0;
        let progress = FromWorker::Progress {
            id,
            purpose: Purpose::Solve,
            stats: Stats::default(),
        };
        page.reduce(Action::Ask(AskAction::Worker(progress)), t);
        if k % 10 == 0 {
            assert!(restarted(&page.reduce(Action::Ask(AskAction::CheckWorkers), t)).is_empty());
        }
    }
    // Then nothing: four seconds are not enough to call it dead, five are.
    assert!(restarted(&look(&mut page, 21_000.0, 24_000.0)).is_empty());
    assert!(page.alert().is_none());
    let fx = look(&mut page, 25_000.0, 25_000.0);
    assert_eq!(restarted(&fx), vec![0]);
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Send(ToWorker::Site { .. }))),
        "the fresh worker learns where the tables are"
    );
    let alert = page.alert().map(str::to_string).unwrap();
    assert!(
        alert.starts_with("The solver stopped unexpectedly (it fell silent for 5 s)"),
        "{alert}"
    );
    assert!(page.asking().request().is_none() && !page.awaiting());
    assert_eq!(page.game().board().to_string(), "8 6 7/2 5 4/3 0 1");
    // Nothing is owed now: no more restarts, however long the page waits.
    assert!(restarted(&look(&mut page, 26_000.0, 40_000.0)).is_empty());
    page.reduce(Action::Ask(AskAction::WorkerReady { worker: 0 }), 40_500.0);

    // The next Solve goes to the fresh worker and is answered.
    let [(id, Purpose::Solve, _)] = sent(&page.reduce(Action::Ask(AskAction::Solve), 41_000.0))[..]
    else {
        panic!()
    };
    assert!(page.alert().is_none());
    let start = page.game().board().clone();
    page.reduce(
        solved(
            id,
            Purpose::Solve,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        41_100.0,
    );
    assert_eq!(page.game().replay().unwrap().moves.len(), 31);
}

#[test]
fn a_worker_that_crashes_ends_what_it_owed_with_a_message() {
    // During a comparison: the row says so and the comparison stops.
    let mut page = open(HARDEST);
    page.reduce(Action::Learn(LearnAction::Compare), 0.0);
    let crashed = Action::Ask(AskAction::WorkerStopped {
        worker: 0,
        why: "it crashed: index out of bounds".into(),
    });
    let fx = page.reduce(crashed.clone(), 10.0);
    assert_eq!(restarted(&fx), vec![0]);
    assert!(!page.learning().comparison().running);
    let row = &page.learning().comparison().rows[0];
    assert_eq!(
        row.failure.as_ref().map(Failure::short),
        Some("solver stopped")
    );
    assert!(
        page.alert()
            .unwrap()
            .contains("it crashed: index out of bounds")
    );

    // While it measured a solve by hand: the result says the shortest is not known.
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand(&mut page);
    assert!(page.awaiting());
    page.reduce(crashed.clone(), 4000.0);
    let result = page.record().result().unwrap();
    assert!(!result.measuring);
    assert!(
        result
            .problem
            .as_deref()
            .unwrap()
            .contains("The solver stopped unexpectedly"),
        "{:?}",
        result.problem
    );
    assert!(!page.awaiting());

    // Owing nothing (a 4×4's tables being prepared): replaced quietly, the tables asked again.
    let mut page = korf_15();
    page.reduce(Action::Mounted, 0.0);
    let fx = page.reduce(crashed, 10.0);
    assert_eq!(restarted(&fx), vec![0]);
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Warm(ToWorker::Prepare { .. })))
    );
    assert!(page.alert().is_none());
}

#[test]
fn a_helper_that_stops_during_a_shared_solve_ends_it_and_the_others_are_told_to_stop() {
    let mut page = korf_15();
    let mut workers = Workers::default();
    workers
        .inbox
        .extend(to_workers(&page.reduce(Action::Ask(AskAction::Solve), 0.0)));
    while workers.inbox.iter().all(|(w, _)| *w == 0) {
        let action = workers.answer().unwrap();
        workers.inbox.extend(to_workers(&page.reduce(action, 1.0)));
    }
    assert_eq!(page.asking().owing(), vec![0, 1]);
    page.reduce(Action::Ask(AskAction::WorkerReady { worker: 1 }), 1.0);
    // The game's worker reports progress on its share; the helper says nothing more.
    let id = page.asking().request().unwrap().id;
    let mut fx = Vec::new();
    for t in [2_000.0, 3_000.0, 4_000.0, 5_000.0, 6_000.0, 7_000.0] {
        let progress = FromWorker::Progress {
            id,
            purpose: Purpose::Solve,
            stats: Stats::default(),
        };
        page.reduce(Action::Ask(AskAction::Worker(progress)), t - 10.0);
        fx.extend(page.reduce(Action::Ask(AskAction::CheckWorkers), t));
    }
    assert_eq!(restarted(&fx), vec![1]);
    let stops: Vec<usize> = (to_workers(&fx).into_iter())
        .filter_map(|(w, m)| matches!(m, ToWorker::Cancel { .. }).then_some(w))
        .collect();
    assert_eq!(stops, vec![0], "the game's worker stops its share");
    assert!(page.asking().request().is_none());
    assert!(
        page.alert()
            .unwrap()
            .starts_with("The solver stopped unexpectedly")
    );
    // The next Solve starts a fresh team.
    let fx = page.reduce(Action::Ask(AskAction::Solve), 8_000.0);
    assert!(matches!(
        &to_workers(&fx)[..],
        [(0, ToWorker::Share { .. })]
    ));
}

#[test]
fn a_hint_is_said_in_words_as_well_as_ringed() {
    let mut page = open("?board=1,2,3/4,5,6/7,0,8");
    assert_eq!(page.playing().hint_text(), None);
    let id = sent(&page.reduce(Action::Ask(AskAction::Hint), 0.0))[0].0;
    let start = page.game().board().clone();
    page.reduce(
        solved(
            id,
            Purpose::Hint,
            answer(&start, Algorithm::AStar, Heuristic::Manhattan),
        ),
        1.0,
    );
    assert_eq!(
        page.playing().hint_text().as_deref(),
        Some("Hint: slide tile 8 left.")
    );
    page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Right, Input::Keys)),
        2.0,
    );
    assert_eq!(page.playing().hint_text(), None, "the board moved on");
}

#[test]
fn a_solve_made_by_hovering_is_kept_as_a_hover_solve() {
    use slide::play::game::input::Control;
    use slide::play::game::moving::{Animation, ArrowKeys, Pointer};
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Mounted, 0.0);
    for (action, saved) in [
        (PrefsAction::Pointer(Pointer::Hover), "hover"),
        (PrefsAction::ArrowKeys(ArrowKeys::Blank), "blank"),
        (PrefsAction::Animation(Animation::Instant), "instant"),
    ] {
        let fx = page.reduce(Action::Prefs(action), 0.0);
        let Some(Effect::SaveSettings(s)) = fx.first() else {
            panic!("{fx:?}")
        };
        assert!(s.to_json().to_string().contains(saved));
    }
    assert_eq!(page.slide_ms(), 0, "Instant: no glide");
    // The pointer passes over 8, then 7: each slides, no click.
    page.reduce(Action::Play(PlayAction::Tap(7, Input::Hover)), 1000.0);
    page.reduce(Action::Play(PlayAction::Tap(8, Input::Hover)), 1400.0);
    assert!(page.game().is_solved());
    let solve = &page.record().result().unwrap().solve;
    assert_eq!(solve.control, Control::Hover);
    assert_eq!(solve.times, vec![0.0, 400.0]);
    assert_eq!(solve.millis, 400.0);
    // Passing over the solved board undoes nothing.
    page.reduce(Action::Play(PlayAction::Tap(7, Input::Hover)), 2000.0);
    assert!(page.game().is_solved());
}

#[test]
fn hovering_over_a_playing_replay_leaves_it_playing() {
    let mut page = open(HARDEST);
    page.reduce(Action::Mounted, 0.0);
    let fx = page.reduce(Action::Ask(AskAction::Solve), 0.0);
    let (id, purpose, board) = sent(&fx)[0].clone();
    let board = slide::puzzle::notation::parse_board(&board).unwrap();
    page.reduce(
        solved(
            id,
            purpose,
            answer(&board, Algorithm::AStar, Heuristic::Manhattan),
        ),
        1.0,
    );
    page.reduce(Action::Play(PlayAction::PlayPause), 2.0);
    page.reduce(Action::Play(PlayAction::Tick), 3.0);
    assert!(page.playing().playing());
    let before = page.game().board().clone();
    // 8 6 7/2 5 4/3 0 1 after a step: the pointer crosses every tile.
    for square in 0..9 {
        page.reduce(Action::Play(PlayAction::Tap(square, Input::Hover)), 4.0);
    }
    assert!(page.playing().playing());
    assert_eq!(page.game().board(), &before);
    // A click still takes over from where the replay stands.
    let tile = (0..9).find(|&s| !before.slide_from(s).is_empty()).unwrap();
    page.reduce(Action::Play(PlayAction::Tap(tile, Input::Click)), 5.0);
    assert!(!page.playing().playing());
}

// --- The analysis of a solve by hand ------------------------------------------------------

/// The analysis request in `fx`: its id and moves.
fn analysis_asked(fx: &[Effect]) -> Option<(u32, String)> {
    fx.iter().find_map(|e| match e {
        Effect::Analyse(ToWorker::Analyse { id, moves, .. }) => Some((*id, moves.clone())),
        _ => None,
    })
}

fn analysis_cancelled(fx: &[Effect]) -> Vec<u32> {
    (fx.iter())
        .filter_map(|e| match e {
            Effect::Analyse(ToWorker::Cancel { id }) => Some(*id),
            _ => None,
        })
        .collect()
}

fn from_worker(message: FromWorker) -> Action {
    Action::Ask(AskAction::Worker(message))
}

/// Solves `1 2 3/4 5 6/0 7 8` by hand with a detour: D (tile 4 slides down) and back, then
/// the two moves left; the effects of the last move.
fn solve_with_a_detour(page: &mut Page) -> Vec<Effect> {
    let mut fx = Vec::new();
    for (i, m) in slide::puzzle::notation::parse_moves("DULL")
        .unwrap()
        .into_iter()
        .enumerate()
    {
        fx = page.reduce(
            Action::Play(PlayAction::Slide(m, Input::Keys)),
            1000.0 + 500.0 * i as f64,
        );
    }
    fx
}

#[test]
fn a_solve_by_hand_is_analysed_on_its_own_channel_and_an_away_move_replays_from_before_it() {
    use slide::play::page::{AnalysisAction, AnalysisState, away_text};
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    assert!(page.analysing().state().is_none());
    let fx = solve_with_a_detour(&mut page);
    let (id, moves) = analysis_asked(&fx).expect("the worker analyses the solve");
    assert_eq!(moves, "DULL");
    assert_eq!(
        page.analysing().state(),
        Some(&AnalysisState::Running { done: 0, total: 4 })
    );
    assert!(page.asking().owing().contains(&0) && page.awaiting());
    page.reduce(
        from_worker(FromWorker::Analysing {
            id,
            done: 2,
            total: 4,
        }),
        4000.0,
    );
    assert_eq!(
        page.analysing().summary(),
        "Analysing your solve: 2 of 4 moves measured…"
    );
    // A Solve meanwhile goes to the game's channel and stops nothing of the analysis.
    let fx = page.reduce(Action::Ask(AskAction::Solve), 4100.0);
    assert!(analysis_cancelled(&fx).is_empty());
    // The worker's answer, as the worker computes it.
    let analysed =
        slide::play::worker::protocol::analysis("1 2 3/4 5 6/0 7 8", "blank-last", "DULL")
            .unwrap()
            .finish()
            .unwrap();
    page.reduce(from_worker(FromWorker::Analysed { id, analysed }), 4200.0);
    let Some(AnalysisState::Done(done)) = page.analysing().state() else {
        panic!("{:?}", page.analysing().state());
    };
    assert_eq!(done.distances, [2, 3, 2, 1, 0]);
    assert_eq!(
        away_text(&done.away[0]),
        "move 1: D went away from the goal; L was toward it"
    );
    assert_eq!(
        page.analysing().summary(),
        "The shortest solution is 2 moves; you made 4. 1 move went away from the goal, and it cost two: one away, one back."
    );
    // Choosing move 1 replays the solve from just before it.
    page.reduce(AnalysisAction::Show(1), 5000.0);
    assert_eq!(page.playing().summary().cloned(), Some(Summary::Yours));
    assert_eq!(page.game().replay_step(), Some(0));
    assert_eq!(page.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
    assert_eq!(page.highlight(), Some(4), "the tile of move 1 is outlined");
    // Still there while the replay plays; gone with a new board.
    assert!(page.analysing().state().is_some());
    page.reduce(BoardAction::Shuffle, 6000.0);
    assert!(page.analysing().state().is_none());
}

#[test]
fn a_big_board_is_unavailable_and_a_cancel_or_a_failure_says_what_happened() {
    use slide::play::page::{AnalysisAction, AnalysisState};
    // 5×5, one move from solved: no analysis asked for.
    let big = "?board=1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,0,24";
    let mut page = open(big);
    let fx = page.reduce(
        Action::Play(PlayAction::Slide(slide::Move::Left, Input::Keys)),
        1000.0,
    );
    assert!(page.game().is_solved());
    assert!(analysis_asked(&fx).is_none());
    assert_eq!(
        page.analysing().state(),
        Some(&AnalysisState::Unavailable { squares: 25 })
    );
    assert_eq!(
        page.analysing().summary(),
        "The analysis needs a board of 16 squares or fewer; this one has 25."
    );

    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    let (id, _) = analysis_asked(&solve_with_a_detour(&mut page)).unwrap();
    page.reduce(
        from_worker(FromWorker::Analysing {
            id,
            done: 1,
            total: 4,
        }),
        3000.0,
    );
    let fx = page.reduce(AnalysisAction::Cancel, 3100.0);
    assert_eq!(analysis_cancelled(&fx), [id]);
    assert_eq!(
        page.analysing().summary(),
        "Analysis cancelled after 1 of 4 moves were measured."
    );
    // Again: a fresh request; the old one's late answer counts for nothing.
    let (again, _) = analysis_asked(&page.reduce(AnalysisAction::Again, 3200.0)).unwrap();
    assert!(again > id);
    page.reduce(
        from_worker(FromWorker::Cancelled {
            id,
            purpose: Purpose::Analysis,
        }),
        3300.0,
    );
    assert!(matches!(
        page.analysing().state(),
        Some(AnalysisState::Running { .. })
    ));
    page.reduce(
        from_worker(FromWorker::Failed {
            id: again,
            purpose: Purpose::Analysis,
            failure: Failure::Budget {
                max_nodes: 1_000_000_000,
            },
            stats: None,
        }),
        3400.0,
    );
    assert_eq!(
        page.analysing().summary(),
        "The analysis ran out of its budget of 1,000,000,000 positions with 0 of 4 moves measured."
    );
}

#[test]
fn a_worker_that_dies_mid_analysis_is_reported_and_replaced() {
    use slide::play::page::AnalysisState;
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    page.reduce(Action::Ask(AskAction::WorkerReady { worker: 0 }), 0.0);
    let (id, _) = analysis_asked(&solve_with_a_detour(&mut page)).unwrap();
    // The analysis reports for two seconds, then falls silent.
    for k in 1..=20 {
        let t = 3000.0 + f64::from(k) * 100.0;
        let progress = FromWorker::Analysing {
            id,
            done: 1,
            total: 4,
        };
        page.reduce(from_worker(progress), t);
    }
    assert!(restarted(&look(&mut page, 6_000.0, 9_000.0)).is_empty());
    let fx = look(&mut page, 10_000.0, 10_000.0);
    assert_eq!(restarted(&fx), vec![0]);
    let Some(AnalysisState::Failed { failure, .. }) = page.analysing().state() else {
        panic!("{:?}", page.analysing().state());
    };
    assert!(matches!(failure, Failure::Stopped { .. }));
    assert!(
        page.analysing()
            .summary()
            .starts_with("The solver stopped during the analysis (it fell silent for 5 s), with 1 of 4 moves measured"),
        "{}",
        page.analysing().summary()
    );
    assert!(!page.awaiting());
}

#[test]
fn a_board_is_random_state_when_drawn_uniformly_and_only_then() {
    let origin = |page: &Page| page.playing().origin();
    // The first visit, Shuffle and a new size: the filter is off by default.
    let mut page = open("");
    assert!(!page.prefs().mostly_misplaced());
    assert_eq!(origin(&page), Origin::Shuffle { filtered: false });
    page.reduce(BoardAction::Size(4, 4), 0.0);
    assert!(origin(&page).random_state());
    page.reduce(PrefsAction::MostlyMisplaced(true), 0.0);
    page.reduce(BoardAction::Shuffle, 0.0);
    assert!(
        !origin(&page).random_state(),
        "the filter leaves boards out"
    );
    page.reduce(PrefsAction::MostlyMisplaced(false), 0.0);
    // Dailies were drawn with most tiles out of place until 2026-11-27; from then on, at random.
    page.reduce(BoardAction::Daily, 0.0);
    assert_eq!(origin(&page), Origin::Daily { uniform: false });
    page.set_calendar(Calendar::at(NOON + 5.0 * 86_400_000.0, 0));
    page.reduce(BoardAction::Daily, 0.0);
    assert_eq!(origin(&page), Origin::Daily { uniform: true });
    // A goal the daily board can reach keeps it, still random; once moved, it is the player's.
    page.reduce(
        Action::Edit(EditAction::GoalKind(Some(slide::Goal::BlankFirst))),
        0.0,
    );
    assert!(origin(&page).random_state());
    page.reduce(BoardAction::Size(3, 3), 0.0);
    let board = page.game().board().clone();
    let blank = board.blank();
    // The tile beside the blank in its row always moves.
    let square = if blank.is_multiple_of(3) {
        blank + 1
    } else {
        blank - 1
    };
    page.reduce(Action::Play(PlayAction::Tap(square, Input::Click)), 0.0);
    let moved = page.game().board().clone();
    assert_ne!(moved, board);
    // On 3×3 every board reaches both goals: the moved board stays, the player's own now.
    page.reduce(
        Action::Edit(EditAction::GoalKind(Some(slide::Goal::BlankLast))),
        0.0,
    );
    assert_eq!(page.game().start().board(), &moved);
    assert_eq!(origin(&page), Origin::Moved);
    // Links: a friend's challenge counts, a plain board does not.
    assert_eq!(
        origin(&open("?board=1,2,3/4,5,6/0,7,8&challenge=2,9000")),
        Origin::Challenge
    );
    assert_eq!(origin(&open("?board=1,2,3/4,5,6/0,7,8")), Origin::Link);
    assert_eq!(
        origin(&open("?daily=2026-11-23")),
        Origin::Daily { uniform: false }
    );
    // A typed board.
    let mut page = open("");
    page.reduce(
        Action::Edit(EditAction::BoardText("1 2 3/4 5 6/0 7 8".into())),
        0.0,
    );
    page.reduce(Action::Edit(EditAction::ApplyBoard), 0.0);
    assert_eq!(origin(&page), Origin::Typed);
}

#[test]
fn a_typed_boards_solve_is_kept_marked_and_says_why_it_does_not_count() {
    let mut page = open("");
    page.reduce(
        Action::Edit(EditAction::BoardText("1 2 3/4 5 6/0 7 8".into())),
        0.0,
    );
    page.reduce(Action::Edit(EditAction::ApplyBoard), 0.0);
    let fx = solve_by_hand(&mut page);
    let solve = &page.record().history().solves[0];
    assert!(!solve.random_state && !solve.assisted);
    assert_eq!(solve.control, Control::Keys);
    assert_eq!(
        page.record()
            .result()
            .unwrap()
            .not_counted_text()
            .as_deref(),
        Some(
            "Not counted in statistics: the board was typed in or loaded from a file, not drawn at random."
        )
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::SaveSettings(_))),
        "no best"
    );
    assert_eq!(page.best(), None);
    let stats = page.record().statistics(page.game().board());
    assert_eq!((stats.count, stats.left_out), (0, 1));
}

#[test]
fn a_hover_solve_counts_only_in_hovers_statistics_and_bests() {
    let mut page = open("");
    play_out(&mut page, Input::Click, 0.0, 9_000.0);
    page.reduce(BoardAction::Shuffle, 10_000.0);
    page.set_calendar(Calendar::at(NOON + 60_000.0, 0));
    let fx = play_out(&mut page, Input::Hover, 20_000.0, 26_000.0);
    let solve = page.record().history().solves.last().unwrap().clone();
    assert_eq!((solve.control, solve.random_state), (Control::Hover, true));
    assert_eq!(page.record().result().unwrap().not_counted_text(), None);
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::SaveSettings(s) if s.best.get("3x3/hover").is_some()))
    );
    let history = page.record().history();
    let hover = history.statistics("3x3", Control::Hover);
    assert_eq!((hover.count, hover.best_time), (1, Some(6_000.0)));
    let click = history.statistics("3x3", Control::Click);
    assert_eq!(
        (click.count, click.best_time),
        (1, Some(9_000.0)),
        "6 s by hover is no click best"
    );
    // The statistics and the best on show follow the latest solve's control until one is picked.
    assert_eq!(page.record().stats_control(), Control::Hover);
    assert_eq!(
        page.best().map(|(_, ms, c)| (ms, c)),
        Some((6_000.0, Control::Hover))
    );
    page.reduce(RecordAction::StatsControl(Some(Control::Click)), 30_000.0);
    assert_eq!(
        page.record().statistics(page.game().board()).best_time,
        Some(9_000.0)
    );
    assert_eq!(
        page.best().map(|(_, ms, c)| (ms, c)),
        Some((9_000.0, Control::Click))
    );
    page.reduce(RecordAction::StatsControl(Some(Control::Touch)), 30_000.0);
    assert_eq!(page.best(), None);
}

/// A 3×3 solved by hand with known gaps: 700 ms, then a slide of two tiles at once, then a
/// 2.4 s pause to think.
fn solve_by_hand_at_a_pace(page: &mut Page) {
    for (mv, at) in [
        (slide::Move::Down, 1000.0),
        (slide::Move::Up, 1700.0),
        (slide::Move::Left, 1950.0),
        (slide::Move::Left, 4350.0),
    ] {
        page.reduce(Action::Play(PlayAction::Slide(mv, Input::Keys)), at);
    }
    assert!(page.record().result().is_some(), "solved by hand");
}

#[test]
fn watch_your_solve_plays_at_the_pace_played() {
    use slide::play::link::pace::{LEAD_IN_MS, Pace};
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand_at_a_pace(&mut page);
    page.reduce(BoardAction::Watch(Whose::Yours), 5000.0);
    let p = page.playing();
    assert_eq!(p.pace(), Pace::AsPlayed(1.0), "as played, by default");
    assert_eq!(
        p.times().unwrap().times(),
        &[0.0, 700.0, 950.0, 3350.0],
        "the solve's own times"
    );
    assert_eq!(p.step_delay_ms(), None, "nothing plays until Play");
    page.reduce(Action::Play(PlayAction::PlayPause), 5000.0);
    assert_eq!(page.playing().step_delay_ms(), Some(LEAD_IN_MS as u32));
    let mut delays = Vec::new();
    while let Some(delay) = page.playing().step_delay_ms() {
        delays.push(delay);
        page.reduce(Action::Play(PlayAction::Tick), 0.0);
    }
    assert_eq!(delays, vec![500, 700, 250, 2400], "each step waits its gap");
    assert!(page.game().is_solved());
    assert!(!page.playing().playing(), "it stops at the end");

    // Twice as fast halves every wait; half as fast doubles it; seeking keeps the pace.
    page.reduce(Action::Play(PlayAction::Seek(1)), 0.0);
    page.reduce(Action::Play(PlayAction::Pace(Pace::AsPlayed(2.0))), 0.0);
    page.reduce(Action::Play(PlayAction::PlayPause), 0.0);
    assert_eq!(page.playing().step_delay_ms(), Some(350));
    page.reduce(Action::Play(PlayAction::Seek(3)), 0.0);
    assert_eq!(page.playing().step_delay_ms(), Some(1200));
    page.reduce(Action::Play(PlayAction::Pace(Pace::AsPlayed(0.5))), 0.0);
    assert_eq!(page.playing().step_delay_ms(), Some(4800));
    // Pausing stops the timer; a steady speed forgets the gaps.
    page.reduce(Action::Play(PlayAction::PlayPause), 0.0);
    assert_eq!(page.playing().step_delay_ms(), None);
    page.reduce(Action::Play(PlayAction::Speed(5)), 0.0);
    page.reduce(Action::Play(PlayAction::PlayPause), 0.0);
    assert_eq!(page.playing().step_delay_ms(), Some(200));
    assert_eq!(page.playing().pace(), Pace::Steady(5));
}

#[test]
fn each_step_of_a_replay_shows_its_time_moves_tps_and_distance() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand_at_a_pace(&mut page);
    page.reduce(BoardAction::Watch(Whose::Yours), 5000.0);
    let f = page.playing().figures().unwrap();
    assert_eq!((f.step, f.moves, f.manhattan), (0, 4, 2));
    assert_eq!(
        (f.time_text().unwrap(), f.tps_text()),
        ("0.00 s".into(), "–".into())
    );
    page.reduce(Action::Play(PlayAction::Seek(3)), 0.0);
    let f = page.playing().figures().unwrap();
    assert_eq!((f.step, f.manhattan), (3, 1));
    assert_eq!(
        (f.time_text().unwrap(), f.tps_text()),
        ("0.95 s".into(), "3.16".into())
    );
    let times = page.playing().times().unwrap();
    assert_eq!(times.longest_pause(), Some((2400.0, 4)));
}

#[test]
fn a_solvers_answer_keeps_its_steady_speed() {
    use slide::play::link::pace::Pace;
    let mut page = open("?board=1,2,3/4,5,6/0,7,8&moves=LL");
    assert_eq!(page.playing().times(), None);
    page.reduce(Action::Play(PlayAction::Pace(Pace::AsPlayed(2.0))), 0.0);
    assert_eq!(
        page.playing().pace(),
        Pace::Steady(4),
        "no pace played to follow"
    );
    page.reduce(Action::Play(PlayAction::PlayPause), 0.0);
    assert_eq!(page.playing().step_delay_ms(), Some(250));
    assert_eq!(page.playing().figures().unwrap().time_ms, None);
}

#[test]
fn copy_replay_link_gives_a_link_that_replays_the_solve_at_its_pace() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand_at_a_pace(&mut page);
    let fx = page.reduce(Action::Share(ShareAction::CopyReplayLink), 5000.0);
    let [
        Effect::Copy {
            text,
            what: Copying::Replay,
        },
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(
        text,
        "https://example.org/slide/?board=1,2,3/4,5,6/0,7,8&replay=DULL.8V6HgrC"
    );
    page.reduce(
        Action::Share(ShareAction::Copied {
            what: Copying::Replay,
            ok: false,
        }),
        5000.0,
    );
    assert_eq!(
        page.sharing().shared(),
        &Shared::ToCopy(Copying::Replay, text.clone())
    );

    // Opened in a fresh page: the same board, moves and times, playing at once at its pace.
    let linked = open(text.split_once('?').map(|(_, q)| q).unwrap());
    assert_eq!(linked.alert(), None);
    assert_eq!(linked.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
    assert_eq!(format_moves(&linked.game().replay().unwrap().moves), "DULL");
    assert_eq!(
        linked.playing().times().unwrap().times(),
        page.record().result().unwrap().solve.times.as_slice()
    );
    assert!(linked.playing().playing());
    assert_eq!(linked.playing().summary(), Some(&Summary::Link));
    assert_eq!(
        linked.sharing().query(),
        "?board=1,2,3/4,5,6/0,7,8&replay=DULL.8V6HgrC",
        "the address bar keeps the pace"
    );
}

#[test]
fn copy_open_slidysim_link_asks_the_record_worker_to_write_the_solve_and_copies_it() {
    let mut page = open("?board=1,2,3/4,5,6/0,7,8");
    solve_by_hand_at_a_pace(&mut page);
    let fx = page.reduce(Action::Share(ShareAction::CopySlidysim), 5000.0);
    let [
        Effect::Store(ToStore::WriteSlidysim {
            start,
            moves,
            times,
        }),
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(start.board().to_string(), "1 2 3/4 5 6/0 7 8");
    assert_eq!(format_moves(moves), "DULL");
    assert_eq!(times, &page.record().result().unwrap().solve.times);

    let link = "https://slidysim.github.io/replay?r=eJ%2B";
    let said = StoreSaid::SlidysimLink(Ok(link.into()));
    let fx = page.reduce(Action::from(said), 5000.0);
    assert_eq!(
        fx,
        [Effect::Copy {
            text: link.into(),
            what: Copying::Slidysim
        }]
    );
    let refused = ShareAction::Copied {
        what: Copying::Slidysim,
        ok: false,
    };
    page.reduce(Action::Share(refused), 5000.0);
    let to_copy = Shared::ToCopy(Copying::Slidysim, link.into());
    assert_eq!(page.sharing().shared(), &to_copy);

    let failed =
        StoreSaid::SlidysimLink(Err("The Open Slidysim link could not be written: x.".into()));
    page.reduce(Action::from(failed), 5000.0);
    assert_eq!(
        page.alert(),
        Some("The Open Slidysim link could not be written: x.")
    );
}

#[test]
fn watch_sends_the_link_to_the_record_worker_and_plays_what_it_reads() {
    let mut page = open("?board=2,1,3/4,5,6/7,8,0");
    let link = "https://slidysim.github.io/replay?r=eJ%2B";
    page.reduce(Action::Share(ShareAction::LinkText(link.into())), 0.0);
    let fx = page.reduce(Action::Share(ShareAction::Watch), 0.0);
    assert_eq!(fx, [Effect::Store(ToStore::ReadReplayLink(link.into()))]);

    // Read into a Slide link's query: the board and its replay at its pace, played here.
    let query = "board=1,2,3/4,5,6/0,7,8&replay=DUL2.8V6HgrC";
    page.reduce(Action::from(StoreSaid::ReplayLink(Ok(query.into()))), 10.0);
    assert_eq!(page.alert(), None);
    assert_eq!(page.game().board().to_string(), "1 2 3/4 5 6/0 7 8");
    assert_eq!(format_moves(&page.game().replay().unwrap().moves), "DULL");
    assert_eq!(
        page.playing().times().unwrap().times(),
        &[0.0, 700.0, 950.0, 3350.0]
    );

    // What cannot be watched is told, and the board stays.
    let shown = page.game().board().to_string();
    for said in [
        StoreSaid::ReplayLink(Err("This link cannot be watched: no.".into())),
        StoreSaid::ReplayLink(Ok("board=1,2,3/4,5,6/0,7,8&replay=LLUR.AAA".into())),
    ] {
        page.reduce(Action::from(said), 20.0);
        assert!(page.alert().is_some());
        assert_eq!(page.game().board().to_string(), shown);
    }
    assert!(
        page.alert()
            .unwrap()
            .contains("move 3 of 4 walks off the board")
    );
}

#[test]
fn a_hostile_replay_link_gets_an_alert_and_a_fresh_board() {
    for (query, needle) in [
        (
            "?board=1,2,3/4,5,6/0,7,8&replay=LLUR.AAA",
            "move 3 of 4 walks off the board",
        ),
        (
            "?board=1,2,3/4,5,6/0,7,8&replay=LL.A!",
            "not part of a time",
        ),
        (
            "?board=1,2,3/4,5,6/0,7,8&replay=LLL.A",
            "3 moves but 2 times",
        ),
        ("?board=1,2,3/4,5,6/0,7,8&replay=LL.g", "cut short"),
        (
            "?board=1,2,3/4,5,6/0,7,8&replay=LLL.A_____",
            "longer than 10 minutes",
        ),
    ] {
        let page = open(query);
        let alert = page.alert().unwrap_or_default();
        assert!(alert.contains(needle), "{query}: {alert}");
        assert!(alert.ends_with("Here is a fresh board instead."), "{alert}");
        assert!(page.game().replay().is_none(), "{query}");
        assert!(!page.sharing().query().contains("replay="), "{query}");
    }
}

// --- The Method picker: what it offers, and a choice the board no longer takes ------------

/// The picker's method of this label.
fn method(label: &str) -> slide::solver::Method {
    *(slide::solver::Method::OFFERED.iter())
        .find(|m| m.label() == label)
        .unwrap_or_else(|| panic!("no method {label}"))
}

/// The line that says the method fell back, if the page shows one.
fn fell_back(page: &Page) -> Option<String> {
    page.asking().fell_back().map(|f| f.text())
}

/// The Solve request in `fx`: the method it asks for.
fn asked_method(fx: &[Effect]) -> Option<(Algorithm, Option<Heuristic>)> {
    fx.iter().find_map(|e| match e {
        Effect::Send(ToWorker::Solve {
            purpose: Purpose::Solve,
            algorithm,
            heuristic,
            ..
        }) => Some((*algorithm, *heuristic)),
        _ => None,
    })
}

#[test]
fn a_method_chosen_for_one_size_falls_back_on_another_and_the_solve_answers() {
    // Issue 68, as a new player met it: 4×4, IDA* with pattern databases, back to 3×3,
    // Shuffle, Solve. The solve asked the worker for pattern databases on a 3×3 board.
    let mut page = open(HARDEST);
    page.reduce(BoardAction::Size(4, 4), 0.0);
    let pdb = method("IDA* with pattern databases");
    page.reduce(AskAction::Method(pdb), 1.0);
    assert_eq!((page.asking().method(), fell_back(&page)), (pdb, None));
    page.reduce(BoardAction::Size(3, 3), 2.0);
    assert_eq!(page.asking().method(), slide::solver::Method::default());
    let line = "IDA* with pattern databases is for 4×4 and 5×5 boards, so Solve now uses Fastest for this size.";
    assert_eq!(fell_back(&page).as_deref(), Some(line));
    page.reduce(BoardAction::Shuffle, 3.0);
    let fx = page.reduce(AskAction::Solve, 4.0);
    assert_eq!(asked_method(&fx), Some((Algorithm::Auto, None)));
    let [(id, Purpose::Solve, _)] = sent(&fx)[..] else {
        panic!("{fx:?}")
    };
    let start = page.game().board().clone();
    let answer = answer(&start, Algorithm::AStar, Heuristic::Manhattan);
    page.reduce(solved(id, Purpose::Solve, answer), 5.0);
    assert!(page.game().replay().is_some_and(|r| r.optimal));
    assert_eq!(page.alert(), None);
    // The line stays with the answer, until the player chooses a method again.
    assert_eq!(fell_back(&page).as_deref(), Some(line));
    page.reduce(AskAction::Method(method("A* with Manhattan distance")), 6.0);
    assert_eq!(fell_back(&page), None);
}

#[test]
fn a_goal_a_larger_board_or_a_link_the_method_does_not_fit_brings_the_fastest_back() {
    // Pattern databases need the goal's blank in a corner.
    let mut page = open("?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15");
    page.reduce(
        AskAction::Method(method("Anytime weighted IDA* with pattern databases")),
        0.0,
    );
    page.reduce(EditAction::GoalKind(None), 1.0);
    let middle = "1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15";
    page.reduce(EditAction::CustomGoalText(middle.into()), 2.0);
    page.reduce(EditAction::SetCustomGoal, 3.0);
    assert_eq!(page.game().goal().to_string(), middle);
    assert_eq!(
        fell_back(&page).as_deref(),
        Some(
            "Anytime weighted IDA* with pattern databases is for goals with the blank in a corner, so Solve now uses Fastest for this size."
        )
    );
    assert_eq!(
        asked_method(&page.reduce(AskAction::Solve, 4.0)),
        Some((Algorithm::Auto, None))
    );
    // Breadth-first search answers within its budget up to 10 squares, every board of them.
    let mut page = open(HARDEST);
    page.reduce(AskAction::Method(method("Breadth-first search")), 0.0);
    page.reduce(BoardAction::Size(4, 4), 1.0);
    assert_eq!(
        fell_back(&page).as_deref(),
        Some(
            "Breadth-first search is for boards up to 3×3 or 2×5, so Solve now uses Fastest for this size."
        )
    );
    // A link opened on the page (a replay pasted to watch) brings its board like any other.
    let mut page = open("?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15");
    let pdb = method("IDA* with pattern databases");
    page.reduce(AskAction::Method(pdb), 0.0);
    page.reduce(
        ShareAction::Read(Ok("?board=8,6,7/2,5,4/3,0,1".into())),
        1.0,
    );
    assert_eq!(page.game().board().to_string(), "8 6 7/2 5 4/3 0 1");
    assert!(
        fell_back(&page).is_some_and(|l| l.starts_with("IDA* with pattern databases is for 4×4"))
    );
    // A method that fits stays, whatever the board does.
    let mut page = open(HARDEST);
    let greedy = method("Greedy best-first with Manhattan distance");
    page.reduce(AskAction::Method(greedy), 0.0);
    page.reduce(BoardAction::Size(5, 5), 1.0);
    page.reduce(BoardAction::Size(2, 3), 2.0);
    assert_eq!((page.asking().method(), fell_back(&page)), (greedy, None));
}

#[test]
fn a_helper_that_cannot_take_its_share_is_said_in_its_words_not_as_a_bug() {
    // A helper refusing its share (here as in issue 68: pattern databases asked for a board
    // they are not built for) is no bug of the solver's: the player reads what the worker
    // said, where the page used to say "The solver went wrong (please report it): …".
    let mut page = korf_15();
    let fx = page.reduce(AskAction::Solve, 1.0);
    let (worker, id) = (to_workers(&fx).into_iter())
        .find_map(|(worker, m)| match m {
            ToWorker::Share { id, .. } => Some((worker, id)),
            _ => None,
        })
        .expect("a share");
    let failure = Failure::BadRequest {
        problem: "pattern databases are built for the 4×4 and 5×5 boards, not 3×3".into(),
    };
    let message = FromWorker::Failed {
        id,
        purpose: Purpose::Solve,
        failure,
        stats: None,
    };
    let action = match worker {
        0 => AskAction::Worker(message),
        worker => AskAction::Helper { worker, message },
    };
    page.reduce(action, 2.0);
    let alert = page.alert().unwrap_or_default();
    assert_eq!(
        alert,
        "pattern databases are built for the 4×4 and 5×5 boards, not 3×3"
    );
}

#[test]
fn the_picker_offers_what_answers_on_the_board_and_says_why_not_the_rest() {
    use slide::play::page::{left_out, offered};
    let goal = |w, h| Board::blank_last(w, h).unwrap();
    let labels = |g: &Board| -> Vec<String> {
        (offered(g).into_iter())
            .map(|i| slide::solver::Method::OFFERED[i].label())
            .collect()
    };
    // 3×3 and 2×2: every method but the two with pattern databases.
    let all_but_tables = [0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15];
    assert_eq!(offered(&goal(3, 3)), all_but_tables);
    assert_eq!(offered(&goal(2, 2)), all_but_tables);
    assert_eq!(
        left_out(&goal(3, 3)).as_deref(),
        Some("Not offered on 3×3: pattern databases, which are for 4×4 and 5×5 boards.")
    );
    // 4×4: the tables; not breadth-first search, A*, IDA* with Manhattan or depth-first search.
    assert_eq!(
        labels(&goal(4, 4)),
        [
            "Fastest for this size",
            "IDA* with pattern databases",
            "IDA* with linear conflicts",
            "Anytime weighted IDA* with pattern databases",
            "Line by line",
            "Rows and columns",
            "Weighted A* with linear conflicts",
            "Greedy best-first with linear conflicts",
            "Greedy best-first with Manhattan distance",
            "Greedy best-first with misplaced tiles (Hamming)",
        ]
    );
    assert_eq!(
        left_out(&goal(4, 4)).as_deref(),
        Some(
            "Not offered on 4×4: 6 searches that would run out of their budget on a board this large (Compare, in learn mode, shows where)."
        )
    );
    // A rectangle of 15 squares: IDA* with linear conflicts still, A* no more.
    assert_eq!(offered(&goal(3, 5)), [0, 5, 9, 10, 11, 12, 13, 14]);
    assert_eq!(offered(&goal(5, 3)), [0, 5, 9, 10, 11, 12, 13, 14]);
    // 10×10: what answers on any board.
    assert_eq!(
        labels(&goal(10, 10)),
        ["Fastest for this size", "Line by line", "Rows and columns"]
    );
    assert_eq!(
        left_out(&goal(10, 10)).as_deref(),
        Some(
            "Not offered on 10×10: pattern databases, which are for 4×4 and 5×5 boards; 11 searches that would run out of their budget on a board this large (Compare, in learn mode, shows where)."
        )
    );
    // The picker's own method of the page follows the same rule: what it offers stays chosen.
    let mut page = open("?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15");
    for i in offered(page.game().goal()) {
        let m = slide::solver::Method::OFFERED[i];
        page.reduce(AskAction::Method(m), 0.0);
        assert_eq!((page.asking().method(), fell_back(&page)), (m, None));
    }
}
