//! The root of the page: the game state (one [`Game`] driven by `use_reducer`), the bridge to the
//! solver worker, the replay timer, the keyboard, and the layout of the components.

use super::components::bench::BenchPanel;
use super::components::board_view::BoardView;
use super::components::controls::{Controls, MethodChoice, SIZES};
use super::components::editor::Editor;
use super::components::learn::{CompareAction, CompareRow, CompareRun, Learn};
use super::components::replay::{ReplayPanel, SolveSummary};
use super::components::share::Share;
use super::components::status::StatusBar;
use super::settings::Settings;
use super::worker::{Purpose, SolverInput, SolverOutput, SolverReactor};
use crate::board::Board;
use crate::game::{Action, Game};
use crate::goal::Goal;
use crate::moves::Move;
use crate::notation::parse_moves;
use crate::search::{Stats, thousands};
use crate::solvability::{self, suggested_fix};
use gloo_timers::callback::Interval;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::{ReactorEvent, ReactorProvider, use_reactor_bridge};

/// The whole page. The worker is found next to the page (a relative path), so the site works
/// from any folder of any static host.
#[component]
pub fn App() -> Html {
    html! {
        <ReactorProvider<SolverReactor> path="worker.js">
            <Play />
        </ReactorProvider<SolverReactor>>
    }
}

/// [`Game`] as Yew state.
#[derive(Clone, PartialEq)]
pub struct GameState(pub Game);

impl Reducible for GameState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        if next.0.apply(action) {
            Rc::new(next)
        } else {
            self
        }
    }
}

/// A search under way in the worker.
#[derive(Clone, Debug, PartialEq)]
struct Running {
    id: u32,
    purpose: Purpose,
    /// The method asked for (what a comparison row reports).
    method: crate::solver::Method,
    board: Board,
    started_ms: f64,
    stats: Stats,
    /// While the pattern databases are built first: how far, 0 to 1.
    preparing: Option<f64>,
    /// The summary of an earlier answer of this search now on show (anytime search).
    shown: Option<SolveSummary>,
}

use super::page::{now_ms, opening, page_base, post_to_parent, query_for, shuffled};

#[component]
fn Play() -> Html {
    let settings = use_state(Settings::load);
    let opened = {
        let settings = (*settings).clone();
        use_memo((), move |_| opening(&settings))
    };
    let embed = opened.embed;
    let game = use_reducer(|| GameState(opened.game.clone()));
    let alert = use_state(|| opened.problem.clone());
    let mostly_misplaced = use_state(|| true);
    let method = use_state(MethodChoice::default);
    let running = use_state(|| None::<Running>);
    let summary = use_state(|| opened.linked_replay.then_some(SolveSummary::Link));
    let hint = use_state(|| None::<(Board, Move)>);
    let playing = use_state(|| false);
    let speed = use_state(|| 4u32);
    let next_id = use_mut_ref(|| 0u32);
    let compare = use_reducer(CompareRun::default);
    // Setting tiles by hand (or a typed board that cannot be solved): the board being edited and
    // the square picked first.
    let edit = use_state(|| None::<(Board, Option<usize>)>);
    let own_picture = use_state(|| None::<String>);
    // The request the page is waiting for, readable from the worker callback at any time.
    let waiting: Rc<RefCell<Option<Running>>> = use_mut_ref(|| None);

    let g = &game.0;
    let board = g.board().clone();
    // The Goal picker shows the goal in play (a link's, say), by name where it has one.
    let goal_choice = if Board::blank_last(board.width(), board.height()).as_ref() == Ok(g.goal()) {
        Goal::BlankLast
    } else if Board::blank_first(board.width(), board.height()).as_ref() == Ok(g.goal()) {
        Goal::BlankFirst
    } else {
        Goal::Custom(g.goal().clone())
    };

    let bridge = {
        let game = game.clone();
        let running = running.clone();
        let summary = summary.clone();
        let hint = hint.clone();
        let alert = alert.clone();
        let waiting = waiting.clone();
        let compare_dispatch = compare.dispatcher();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            let ReactorEvent::Output(output) = event else {
                return;
            };
            let current = waiting.borrow().clone();
            let Some(req) = current else { return };
            let matches = |id: u32| id == req.id;
            match output {
                SolverOutput::Preparing { id, fraction, .. } if matches(id) => {
                    let updated = Running {
                        preparing: Some(fraction),
                        ..req
                    };
                    *waiting.borrow_mut() = Some(updated.clone());
                    running.set(Some(updated));
                }
                SolverOutput::Progress { id, stats, .. } if matches(id) => {
                    let updated = Running {
                        stats,
                        preparing: None,
                        ..req
                    };
                    *waiting.borrow_mut() = Some(updated.clone());
                    running.set(Some(updated));
                }
                SolverOutput::Better {
                    id,
                    purpose: Purpose::Solve,
                    answer,
                } if matches(id) && game.0.board() == &req.board => {
                    // Shown at once; the search goes on, so the request stays open.
                    let Ok(moves) = parse_moves(&answer.moves) else {
                        return;
                    };
                    let wall_ms = now_ms() - req.started_ms;
                    let shown = SolveSummary::of(answer, wall_ms, true);
                    summary.set(Some(shown.clone()));
                    game.dispatch(Action::ShowSolution {
                        moves,
                        optimal: false,
                    });
                    *waiting.borrow_mut() = Some(Running {
                        shown: Some(shown),
                        ..req
                    });
                }
                SolverOutput::Solved {
                    id,
                    purpose,
                    answer,
                } if matches(id) => {
                    *waiting.borrow_mut() = None;
                    running.set(None);
                    let Ok(moves) = parse_moves(&answer.moves) else {
                        alert.set(Some("The solver's answer could not be read.".into()));
                        return;
                    };
                    let (optimal, stats) = (answer.optimal, answer.stats);
                    if purpose == Purpose::Compare {
                        let method = crate::solver::Method {
                            algorithm: answer.algorithm,
                            heuristic: answer.heuristic,
                        };
                        compare_dispatch.dispatch(CompareAction::Row(
                            CompareRow {
                                method,
                                length: Some(moves.len()),
                                optimal,
                                expanded: stats.expanded,
                                peak_memory: crate::compare::peak_memory(&stats),
                                millis: stats.millis,
                                note: None,
                            },
                            Some(moves),
                        ));
                        return;
                    }
                    if let (true, Some(mut shown)) = (game.0.board() != &req.board, req.shown) {
                        // The player is already replaying an earlier answer: it stays, and
                        // stops saying a shorter one may come.
                        if let SolveSummary::Search { improving, .. } = &mut shown {
                            *improving = false;
                        }
                        summary.set(Some(shown));
                        return;
                    }
                    if game.0.board() != &req.board {
                        alert.set(Some(
                            "The board changed while the solver worked; ask again.".into(),
                        ));
                        return;
                    }
                    match purpose {
                        Purpose::Hint => match moves.first() {
                            Some(&m) => hint.set(Some((req.board.clone(), m))),
                            None => hint.set(None),
                        },
                        Purpose::Compare | Purpose::Bench => {}
                        Purpose::Solve => {
                            let wall_ms = now_ms() - req.started_ms;
                            summary.set(Some(SolveSummary::of(answer, wall_ms, false)));
                            game.dispatch(Action::ShowSolution { moves, optimal });
                        }
                    }
                }
                SolverOutput::Failed {
                    id,
                    purpose,
                    message,
                    stats,
                } if matches(id) => {
                    *waiting.borrow_mut() = None;
                    running.set(None);
                    if purpose == Purpose::Compare {
                        // A row that ran out of budget is a result too: the table says so.
                        let stats = stats.unwrap_or_default();
                        let note = if message.contains("budget") {
                            "budget ran out"
                        } else {
                            "no solution"
                        };
                        compare_dispatch.dispatch(CompareAction::Row(
                            CompareRow {
                                method: req.method,
                                length: None,
                                optimal: req.method.optimal(),
                                expanded: stats.expanded,
                                peak_memory: crate::compare::peak_memory(&stats),
                                millis: stats.millis,
                                note: Some(note.into()),
                            },
                            None,
                        ));
                        return;
                    }
                    let prefix = if purpose == Purpose::Hint {
                        "No hint: "
                    } else {
                        ""
                    };
                    alert.set(Some(format!("{prefix}{message}")));
                }
                SolverOutput::Cancelled { id, purpose } if matches(id) => {
                    *waiting.borrow_mut() = None;
                    running.set(None);
                    if purpose == Purpose::Compare {
                        compare_dispatch.dispatch(CompareAction::Stop);
                    }
                }
                _ => {} // an answer to a request the page no longer waits for
            }
        })
    };

    // On a 15- or 24-puzzle, the pattern databases are made ready as soon as the board is shown (read
    // from the browser's cache, or built once in the worker), so Solve answers at once.
    {
        let bridge = bridge.clone();
        let goal = g.goal().clone();
        let uses_tables = crate::solver::Method::resolve(
            &crate::solver::Options {
                algorithm: method.algorithm,
                heuristic: method.heuristic,
                ..Default::default()
            },
            &board,
            &goal,
        )
        .heuristic
            == Some(crate::heuristics::Heuristic::Pdb);
        use_effect_with((goal.to_string(), uses_tables), move |(goal, uses)| {
            if *uses {
                bridge.send(SolverInput::Prepare { goal: goal.clone() });
            }
        });
    }

    let ask = {
        let bridge = bridge.clone();
        let running = running.clone();
        let waiting = waiting.clone();
        let next_id = next_id.clone();
        let game = game.clone();
        let method = method.clone();
        let alert = alert.clone();
        // `row`: the board and method of a comparison row; Solve and Hint use the board shown.
        move |purpose: Purpose, row: Option<(Board, crate::solver::Method)>| {
            if let Some(old) = waiting.borrow().as_ref() {
                bridge.send(SolverInput::Cancel { id: old.id });
            }
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            let (board, algorithm, heuristic, max_nodes) = match (purpose, row) {
                (Purpose::Compare, Some((board, m))) => (
                    board,
                    m.algorithm,
                    m.heuristic,
                    crate::compare::options(m).max_nodes,
                ),
                // A hint should come fast: the default method for the size.
                (Purpose::Hint, _) => (
                    game.0.board().clone(),
                    crate::solver::Algorithm::Auto,
                    None,
                    None,
                ),
                _ => (
                    game.0.board().clone(),
                    method.algorithm,
                    method.heuristic,
                    None,
                ),
            };
            let req = Running {
                id,
                purpose,
                method: crate::solver::Method {
                    algorithm,
                    heuristic,
                },
                board: board.clone(),
                started_ms: now_ms(),
                stats: Stats::default(),
                preparing: None,
                shown: None,
            };
            *waiting.borrow_mut() = Some(req.clone());
            running.set(Some(req));
            alert.set(None);
            bridge.send(SolverInput::Solve {
                id,
                purpose,
                board: board.to_string(),
                goal: game.0.goal().to_string(),
                algorithm,
                heuristic,
                max_nodes,
            });
        }
    };

    let on_solve = {
        let ask = ask.clone();
        let summary = summary.clone();
        let playing = playing.clone();
        Callback::from(move |_: ()| {
            summary.set(None);
            playing.set(false);
            ask(Purpose::Solve, None);
        })
    };
    let on_hint = {
        let ask = ask.clone();
        Callback::from(move |_: ()| ask(Purpose::Hint, None))
    };
    let on_cancel = {
        let bridge = bridge.clone();
        let waiting = waiting.clone();
        let running = running.clone();
        Callback::from(move |_: ()| {
            if let Some(req) = waiting.borrow_mut().take() {
                bridge.send(SolverInput::Cancel { id: req.id });
            }
            running.set(None);
        })
    };

    let on_compare = {
        let compare = compare.clone();
        let on_cancel = on_cancel.clone();
        let game = game.clone();
        Callback::from(move |_: ()| {
            on_cancel.emit(());
            compare.dispatch(CompareAction::Start(game.0.board().clone()));
        })
    };
    // The comparison runs one row at a time: when a row's answer is in, ask for the next.
    {
        let ask = ask.clone();
        let waiting = waiting.clone();
        let run = (*compare).clone();
        use_effect_with((compare.rows.len(), compare.running), move |_| {
            if let (true, Some(board)) = (run.running, run.board.clone())
                && waiting.borrow().is_none()
                && let Some(&m) = crate::compare::methods(&board).get(run.rows.len())
            {
                ask(Purpose::Compare, Some((board, m)));
            }
        });
    }
    let on_replay_row = {
        let compare = compare.clone();
        let game = game.clone();
        let summary = summary.clone();
        let alert = alert.clone();
        let playing = playing.clone();
        Callback::from(move |i: usize| {
            let (Some(row), Some(Some(moves))) = (compare.rows.get(i), compare.moves.get(i)) else {
                return;
            };
            if compare.board.as_ref() != Some(game.0.board()) {
                alert.set(Some(
                    "The board has changed since the comparison: run Compare again.".into(),
                ));
                return;
            }
            playing.set(false);
            summary.set(Some(SolveSummary::Search {
                optimal: row.optimal,
                algorithm: row.method.algorithm,
                heuristic: row.method.heuristic,
                stats: Stats {
                    expanded: row.expanded,
                    millis: row.millis,
                    ..Stats::default()
                },
                wall_ms: row.millis,
                tables: None,
                within: None,
                improving: false,
            }));
            game.dispatch(Action::ShowSolution {
                moves: moves.clone(),
                optimal: row.optimal,
            });
        })
    };

    let new_game = {
        let game = game.clone();
        let alert = alert.clone();
        let summary = summary.clone();
        let playing = playing.clone();
        let on_cancel = on_cancel.clone();
        let settings = settings.clone();
        let edit = edit.clone();
        Callback::from(move |(width, height, mostly): (usize, usize, bool)| {
            on_cancel.emit(());
            playing.set(false);
            summary.set(None);
            edit.set(None);
            let goal = Goal::parse(&settings.goal).unwrap_or_default();
            match shuffled(width, height, mostly, &goal) {
                Ok(next) => {
                    alert.set(None);
                    if settings.size != (width, height) {
                        let mut s = (*settings).clone();
                        s.size = (width, height);
                        settings.set(s);
                    }
                    game.dispatch(Action::NewBoard {
                        board: next.board().clone(),
                        goal: next.goal().clone(),
                    });
                }
                Err(e) => alert.set(Some(e)),
            }
        })
    };
    let on_shuffle = {
        let new_game = new_game.clone();
        let mostly = *mostly_misplaced;
        let (w, h) = (board.width(), board.height());
        Callback::from(move |_: ()| new_game.emit((w, h, mostly)))
    };
    let on_size = {
        let new_game = new_game.clone();
        let mostly = *mostly_misplaced;
        Callback::from(move |(w, h): (usize, usize)| new_game.emit((w, h, mostly)))
    };
    let on_mostly = {
        let mostly_misplaced = mostly_misplaced.clone();
        Callback::from(move |on: bool| mostly_misplaced.set(on))
    };
    let on_method = {
        let method = method.clone();
        Callback::from(move |m: MethodChoice| method.set(m))
    };

    let act = {
        let game = game.clone();
        let playing = playing.clone();
        Callback::from(move |action: Action| {
            if matches!(action, Action::Tap { .. } | Action::Move { .. }) {
                playing.set(false);
            }
            game.dispatch(action);
        })
    };
    let on_tap = {
        let act = act.clone();
        let edit = edit.clone();
        Callback::from(move |square: usize| match (*edit).clone() {
            // Editing: the first tap picks a tile, the second swaps the two.
            Some((board, None)) => edit.set(Some((board, Some(square)))),
            Some((board, Some(first))) => {
                let swapped = board.swapped(first, square).unwrap_or(board);
                edit.set(Some((swapped, None)));
            }
            None => act.emit(Action::Tap {
                square,
                now_ms: now_ms(),
            }),
        })
    };
    // A board from the editor: play it if it can reach the goal, else explain and offer a fix.
    let start_board = {
        let game = game.clone();
        let alert = alert.clone();
        let summary = summary.clone();
        let playing = playing.clone();
        let edit = edit.clone();
        let on_cancel = on_cancel.clone();
        let settings = settings.clone();
        Callback::from(move |board: Board| {
            let goal_spec = Goal::parse(&settings.goal).unwrap_or_default();
            let goal = match goal_spec.for_board(&board) {
                Ok(goal) => goal,
                Err(e) => {
                    alert.set(Some(format!(
                        "{e}: choose another goal, or a board of its size."
                    )));
                    return;
                }
            };
            on_cancel.emit(());
            playing.set(false);
            summary.set(None);
            alert.set(None);
            if solvability::is_solvable(&board, &goal) {
                edit.set(None);
                game.dispatch(Action::NewBoard { board, goal });
            } else {
                edit.set(Some((board, None)));
            }
        })
    };
    let on_edit = {
        let edit = edit.clone();
        let start_board = start_board.clone();
        let game = game.clone();
        Callback::from(move |on: bool| match ((*edit).clone(), on) {
            (None, true) => edit.set(Some((game.0.board().clone(), None))),
            (Some((board, _)), false) => start_board.emit(board),
            _ => {}
        })
    };
    let on_fix = {
        let edit = edit.clone();
        let start_board = start_board.clone();
        let game = game.clone();
        let settings = settings.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some((board, _)) = (*edit).clone() {
                let goal = Goal::parse(&settings.goal)
                    .unwrap_or_default()
                    .for_board(&board)
                    .unwrap_or_else(|_| game.0.goal().clone());
                if let Some(fixed) =
                    suggested_fix(&board, &goal).and_then(|(a, b)| board.swapped(a, b))
                {
                    start_board.emit(fixed);
                }
            }
        })
    };
    let on_goal = {
        let settings = settings.clone();
        let game = game.clone();
        let alert = alert.clone();
        let summary = summary.clone();
        let edit = edit.clone();
        let mostly = *mostly_misplaced;
        Callback::from(move |goal_spec: Goal| {
            let board = game.0.board().clone();
            let goal = match goal_spec.for_board(&board) {
                Ok(goal) => goal,
                Err(e) => {
                    alert.set(Some(format!("Custom goal: {e}.")));
                    return;
                }
            };
            let mut s = (*settings).clone();
            s.goal = goal_spec.to_string();
            settings.set(s);
            summary.set(None);
            edit.set(None);
            if solvability::is_solvable(&board, &goal) {
                alert.set(None);
                game.dispatch(Action::NewBoard { board, goal });
            } else {
                // Half of all boards cannot reach a given goal: start one that can.
                match shuffled(board.width(), board.height(), mostly, &goal_spec) {
                    Ok(next) => {
                        alert.set(Some("This board could never reach that goal, so here is a new one that can.".into()));
                        game.dispatch(Action::NewBoard {
                            board: next.board().clone(),
                            goal: next.goal().clone(),
                        });
                    }
                    Err(e) => alert.set(Some(e)),
                }
            }
        })
    };
    let on_picture = {
        let settings = settings.clone();
        Callback::from(move |picture: String| {
            let mut s = (*settings).clone();
            s.picture = picture;
            settings.set(s);
        })
    };
    let on_own_picture = {
        let own_picture = own_picture.clone();
        Callback::from(move |url: String| {
            if let Some(old) = (*own_picture).clone() {
                let _ = web_sys::Url::revoke_object_url(&old);
            }
            own_picture.set(Some(url));
        })
    };
    let on_numbers = {
        let settings = settings.clone();
        Callback::from(move |on: bool| {
            let mut s = (*settings).clone();
            s.numbers = on;
            settings.set(s);
        })
    };
    let on_clear = {
        let settings = settings.clone();
        Callback::from(move |_: ()| {
            Settings::clear();
            // The game on screen keeps its goal; only what is remembered is forgotten.
            let kept_goal = settings.goal.clone();
            settings.set(Settings {
                goal: kept_goal,
                ..Settings::default()
            });
        })
    };
    let on_move = {
        let act = act.clone();
        Callback::from(move |mv: Move| {
            act.emit(Action::Move {
                mv,
                now_ms: now_ms(),
            })
        })
    };
    let on_play = {
        let playing = playing.clone();
        let game = game.clone();
        Callback::from(move |_: ()| {
            if !*playing && game.0.next_replay_move().is_none() {
                // At the end: play again from the start.
                game.dispatch(Action::SeekStep(0));
            }
            playing.set(!*playing);
        })
    };
    let on_speed = {
        let speed = speed.clone();
        Callback::from(move |s: u32| speed.set(s.clamp(1, 30)))
    };

    // The replay timer: one step per tick while playing (gloo-timers), stopped at the end.
    {
        let dispatcher = game.dispatcher();
        use_effect_with((*playing, *speed), move |&(playing, speed)| {
            let interval = playing.then(|| {
                Interval::new(1000 / speed.max(1), move || {
                    dispatcher.dispatch(Action::StepForward)
                })
            });
            move || drop(interval)
        });
    }
    {
        let playing = playing.clone();
        let at_end = g.replay().is_some() && g.next_replay_move().is_none();
        let no_replay = g.replay().is_none();
        use_effect_with((at_end, no_replay), move |&(at_end, no_replay)| {
            if at_end || no_replay {
                playing.set(false);
            }
        });
    }
    // The address bar follows the game (replaceState: no history entry per move).
    let query = query_for(g, embed);
    use_effect_with(query.clone(), |query| {
        if let Some(w) = web_sys::window() {
            let current = w.location().search().unwrap_or_default();
            if &current != query
                && let Ok(history) = w.history()
            {
                let url = format!("{}{query}", w.location().pathname().unwrap_or_default());
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
        }
    });
    // Embedded: tell the parent page about every move and about the solve.
    {
        let seen = use_mut_ref(|| (g.moves_made(), g.board().clone(), g.is_solved()));
        let (moves, board, solved) = (g.moves_made(), g.board().clone(), g.is_solved());
        let millis = g.elapsed_ms(now_ms());
        use_effect_with((moves, board, solved), move |(moves, board, solved)| {
            let mut last = seen.borrow_mut();
            if embed && (last.0 != *moves || &last.1 != board) {
                post_to_parent(&[
                    ("type", "slide:move".into()),
                    ("board", board.to_string().into()),
                    ("moves", (*moves as f64).into()),
                ]);
                if *solved && !last.2 {
                    post_to_parent(&[
                        ("type", "slide:solved".into()),
                        ("moves", (*moves as f64).into()),
                        ("millis", millis.round().into()),
                    ]);
                }
            }
            *last = (*moves, board.clone(), *solved);
        });
    }
    // Remember the player's choices (Clear removes them; the effect then writes only what the
    // player changes next).
    {
        let first = use_mut_ref(|| true);
        use_effect_with((*settings).clone(), move |s| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                s.save();
            }
        });
    }
    // A game the player won may be a best for its size.
    {
        let settings = settings.clone();
        let (moves, millis, w, h) = (
            g.moves_made(),
            g.elapsed_ms(now_ms()),
            board.width(),
            board.height(),
        );
        use_effect_with((g.won(), g.origin().clone()), move |(won, _)| {
            if *won {
                let mut s = (*settings).clone();
                s.record(w, h, moves, millis);
                settings.set(s);
            }
        });
    }
    // Marks the first board on screen, for the README's load-time figure.
    use_effect_with((), |_| {
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            let _ = p.mark("slide:first-board");
        }
    });
    // A hint belongs to the board it was computed for.
    {
        let hint = hint.clone();
        use_effect_with(board.clone(), move |b| {
            if hint.as_ref().is_some_and(|(hb, _)| hb != b) {
                hint.set(None);
            }
        });
    }

    // Keyboard: arrows and WASD slide a tile (the arrow names the tile's direction); Space plays
    // or pauses a replay. The listener reads the latest callbacks through a ref.
    let keys = use_mut_ref(|| (on_move.clone(), on_play.clone(), false));
    *keys.borrow_mut() = (on_move.clone(), on_play.clone(), g.replay().is_some());
    {
        let keys = keys.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
                // Not passive: arrows and Space must not also scroll the page.
                let options = gloo_events::EventListenerOptions::enable_prevent_default();
                gloo_events::EventListener::new_with_options(
                    &doc,
                    "keydown",
                    options,
                    move |event| {
                        let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                            return;
                        };
                        if event.ctrl_key() || event.meta_key() || event.alt_key() {
                            return;
                        }
                        // Typing in a field or using a control's own keys is not playing.
                        let in_control = event
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                            .is_some_and(|el| {
                                matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                            });
                        let (on_move, on_play, has_replay) = keys.borrow().clone();
                        let mv = match event.key().as_str() {
                            "ArrowUp" | "w" | "W" => Some(Move::Up),
                            "ArrowDown" | "s" | "S" => Some(Move::Down),
                            "ArrowLeft" | "a" | "A" => Some(Move::Left),
                            "ArrowRight" | "d" | "D" => Some(Move::Right),
                            _ => None,
                        };
                        if let Some(mv) = mv {
                            if in_control {
                                return;
                            }
                            event.prevent_default();
                            on_move.emit(mv);
                        } else if event.key() == " " && has_replay && !in_control {
                            event.prevent_default();
                            on_play.emit(());
                        }
                    },
                )
            });
            move || drop(listener)
        });
    }

    let editing_board = (*edit).clone();
    let shown_board = editing_board
        .as_ref()
        .map_or_else(|| board.clone(), |(b, _)| b.clone());
    let fix = editing_board
        .as_ref()
        .and_then(|(b, _)| suggested_fix(b, g.goal()).map(|(x, y)| (b.clone(), x, y)));
    let marked: Vec<u8> = match (&editing_board, &fix) {
        (_, Some((b, x, y))) => vec![b.tile(*x), b.tile(*y)],
        (Some((b, Some(first))), None) => vec![b.tile(*first)],
        _ => vec![],
    };
    let picture_url: Option<AttrValue> = match settings.picture.as_str() {
        "none" => None,
        "own" => (*own_picture).clone().map(AttrValue::from),
        stem => Some(format!("pictures/{stem}.svg").into()),
    };
    let best = settings
        .best
        .get(&format!("{}x{}", board.width(), board.height()))
        .map(|b| (b.moves, b.millis));
    let highlight = match (g.next_replay_move(), hint.as_ref()) {
        (Some(m), _) => Some(m),
        (None, Some((hb, m))) if hb == &board => Some(*m),
        _ => None,
    }
    .and_then(|m| m.blank_target(board.blank(), board.width(), board.height()))
    .map(|square| board.tile(square));

    let dismiss = {
        let alert = alert.clone();
        Callback::from(move |_: MouseEvent| alert.set(None))
    };
    let slide_ms = if *playing {
        (700 / *speed).clamp(30, 130)
    } else {
        130
    };
    let size_known = SIZES.contains(&(board.width(), board.height()));
    let moves_in_replay: Vec<Move> = g.replay().map(|r| r.moves.clone()).unwrap_or_default();

    let full_link = format!("{}{}", page_base(), query_for(g, false));
    let embed_link = format!("{}{}", page_base(), query_for(g, true));
    html! {
        <div class={classes!("page", embed.then_some("embed"), g.replay().is_some().then_some("replaying"))}>
            <header class="top">
                if embed {
                    <a class="open-full" href={full_link.clone()} target="_blank" rel="noopener">{ "Slide ↗" }</a>
                } else {
                    <h1>{ "Slide" }</h1>
                }
                <StatusBar
                    moves={g.moves_made()}
                    solved={g.is_solved()}
                    running_since_ms={g.running_since_ms()}
                    elapsed_ms={g.elapsed_ms(now_ms())}
                    started={g.moves_made() > 0}
                    goal_blank_first={g.goal().blank() == 0}
                    best={best}
                />
            </header>
            if let Some(message) = (*alert).clone() {
                <div role="alert" class="alert">
                    <span>{ message }</span>
                    <button class="dismiss" aria-label="Dismiss" onclick={dismiss}>{ "×" }</button>
                </div>
            }
            <div class="play-area">
                <BoardView
                    board={shown_board.clone()}
                    goal={g.goal().clone()}
                    highlight={if editing_board.is_some() { None } else { highlight }}
                    slide_ms={slide_ms}
                    on_tap={on_tap}
                    on_swipe={on_move.clone()}
                    picture={picture_url}
                    numbers={settings.numbers}
                    marked={marked}
                />
                <div class="side">
                    <Controls
                        size={(board.width(), board.height())}
                        size_known={size_known}
                        mostly_misplaced={*mostly_misplaced}
                        method={(*method).clone()}
                        searching={running.is_some()}
                        can_undo={g.can_undo()}
                        can_redo={g.can_redo()}
                        solved={g.is_solved()}
                        on_shuffle={on_shuffle}
                        on_size={on_size}
                        on_mostly={on_mostly}
                        on_method={on_method}
                        on_solve={on_solve}
                        on_hint={on_hint}
                        on_cancel={on_cancel}
                        on_undo={act.reform(|_: ()| Action::Undo)}
                        on_redo={act.reform(|_: ()| Action::Redo)}
                        compact={embed}
                    />
                    if let Some(r) = (*running).clone() {
                        <p class="progress" data-testid="progress" aria-live="polite">
                            { progress_text(&r) }
                        </p>
                    }
                    if let (Some(summary), Some(step)) = ((*summary).clone(), g.replay_step()) {
                        <ReplayPanel
                            summary={summary}
                            moves={moves_in_replay}
                            step={step}
                            playing={*playing}
                            speed={*speed}
                            on_play={on_play}
                            on_speed={on_speed}
                            on_step={act.reform(|forward: bool| if forward { Action::StepForward } else { Action::StepBack })}
                            on_seek={act.reform(Action::SeekStep)}
                            compact={embed}
                        />
                    }
                    if let Some((b, x, y)) = fix.clone() {
                        <div class="alert unsolvable" role="alert">
                            <p>{ solvability::check(&b, g.goal()).map(|v| v.explanation()).unwrap_or_default() }</p>
                            <p>{ format!("Swapping tiles {} and {} (marked on the board) makes it solvable.", b.tile(x), b.tile(y)) }</p>
                            <button class="primary" onclick={on_fix}>{ "Fix" }</button>
                        </div>
                    }
                    if !embed {
                        <Share link={full_link} embed_link={embed_link} />
                        <Editor
                            board={shown_board}
                            goal={g.goal().clone()}
                            goal_choice={goal_choice}
                            editing={editing_board.is_some()}
                            picture={AttrValue::from(settings.picture.clone())}
                            numbers={settings.numbers}
                            on_board={start_board}
                            on_goal={on_goal}
                            on_edit={on_edit}
                            on_picture={on_picture}
                            on_own_picture={on_own_picture}
                            on_numbers={on_numbers}
                            on_clear={on_clear}
                        />

                    }
                </div>
            </div>
            if !embed {
                <Learn
                    board={board.clone()}
                    goal={g.goal().clone()}
                    rows={compare.rows.clone()}
                    total_rows={compare.board.as_ref().map_or(0, |b| crate::compare::methods(b).len())}
                    running={compare.running}
                    on_compare={on_compare}
                    on_replay={on_replay_row}
                />
                <BenchPanel />
            }
        </div>
    }
}

fn progress_text(r: &Running) -> String {
    let what = match r.purpose {
        Purpose::Solve => "Solving",
        Purpose::Hint => "Finding a hint",
        Purpose::Compare => "Comparing",
        Purpose::Bench => "Benchmarking",
    };
    if let Some(fraction) = r.preparing {
        return format!(
            "{what}: building the pattern databases first (once; this browser keeps them)… {:.0}%",
            fraction * 100.0
        );
    }
    let s = &r.stats;
    let mut text = format!("{what}… {} nodes explored", thousands(s.expanded));
    if let Some(bound) = s.bound {
        text.push_str(&format!(", bound {bound}"));
    }
    text.push_str(&format!(
        ", {:.1} s",
        (now_ms() - r.started_ms).max(0.0) / 1000.0
    ));
    text
}

use wasm_bindgen::JsCast;
