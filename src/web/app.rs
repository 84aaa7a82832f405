//! The root of the page: it creates the page's model ([`Page`]), connects it to the solver
//! worker, the timers and the keyboard, carries out the effects the model asks for, and lays out
//! the components. Every decision is the model's; this file only wires.

use super::browser::{self, now_ms};
use super::components::alert::{AlertProps, alert_banner};
use super::components::analysis::{AnalysisProps, analysis_panel};
use super::components::board_view::BoardView;
use super::components::challenge::{ChallengeProps, challenge_panel};
use super::components::controls::{ControlsProps, controls};
use super::components::editor::{EditorProps, editor};
use super::components::event::{EventProps, event_bar, event_challenge, event_panel};
use super::components::event_result::{EventResultProps, event_result};
use super::components::handling::{HandlingProps, handling};
use super::components::how_to::{HowToProps, how_to};
use super::components::learn::{LearnProps, learn};
use super::components::pace_chart::{PaceProps, pace_chart};
use super::components::replay::{ReplayProps, replay_panel};
use super::components::replay_bar::ReplayBar;
use super::components::result::{ResultProps, result_panel};
use super::components::share::Share;
use super::components::solver_panel::{SolverPanelProps, solver_panel};
use super::components::stats::{StatsProps, stats_panel};
use super::components::status::StatusBar;
use super::components::unsolvable::{UnsolvableProps, unsolvable};
use super::effects;
use super::workers::{LOADER, Workers};
use crate::play::game::colours::{TileColours, fringes};
use crate::play::game::input::Input;
use crate::play::game::moving::Pointer;
use crate::play::page::{Action, AskAction, EventAction, LearnAction, Page, PlayAction};
use crate::play::worker::protocol::Purpose;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::random::Rng;
use gloo_timers::callback::{Interval, Timeout};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The page's model and what its effects need: the solver's workers, and a redraw.
#[derive(Clone)]
struct Store {
    page: Rc<RefCell<Page>>,
    /// Started once the store can hear them (their events are its actions).
    workers: Rc<RefCell<Option<Workers>>>,
    redraw: Callback<()>,
}

impl Store {
    /// Applies an action, carries out its effects, and redraws.
    fn dispatch(&self, action: Action) {
        let effects = {
            let mut page = self.page.borrow_mut();
            page.set_calendar(browser::calendar());
            page.reduce(action, now_ms())
        };
        let dispatch = self.callback();
        let mut workers = self.workers.borrow_mut();
        let workers = workers.get_or_insert_with(|| {
            // The worker's loader is found next to the page (a relative path), so the site
            // works from any folder of any static host.
            Workers::new(LOADER, dispatch.reform(effects::action))
        });
        for effect in effects {
            effects::run(effect, workers, &dispatch);
        }
        self.redraw.emit(());
    }

    fn callback(&self) -> Callback<Action> {
        let store = self.clone();
        Callback::from(move |action| store.dispatch(action))
    }
}

/// The page as a link opened it: the model, with the remembered settings and a shuffle's
/// randomness (a fixed seed only if the browser has none to give).
fn open_page() -> Page {
    let rng = Rng::from_entropy().unwrap_or_else(|_| Rng::seeded(now_ms().to_bits()));
    Page::open(
        &browser::query(),
        &browser::base(),
        browser::remembered(),
        browser::calendar(),
        rng,
    )
}

/// The whole page.
#[component]
pub fn App() -> Html {
    let page = use_mut_ref(open_page);
    let workers = use_mut_ref(|| None);
    let redraw = use_force_update();
    let store = Store {
        page: page.clone(),
        workers,
        redraw: Callback::from(move |_| redraw.force_update()),
    };
    let on = store.callback();
    {
        let on = on.clone();
        use_effect_with((), move |_| {
            on.emit(Action::Mounted);
            on.emit(Action::Ask(AskAction::Cores(browser::cores())));
            browser::register_service_worker();
            // Marks the first board on screen, for the load-time figure of docs/performance.md.
            if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
                let _ = p.mark("slide:first-board");
            }
        });
    }
    let p = page.borrow();
    use_timers(&p, &on);
    use_keys(page.clone(), &on);
    layout(&p, &on)
}

/// The replay's timer (one per step, waiting as long as the model says), the step-through's
/// (while it runs), a fewest-moves round's clock (while it runs), and the look for silent
/// workers (while one owes an answer).
#[hook]
fn use_timers(page: &Page, on: &Callback<Action>) {
    let on_look = on.clone();
    use_effect_with(page.awaiting(), move |&awaiting| {
        let interval = awaiting.then(|| {
            Interval::new(crate::play::worker::watchdog::LOOK_EVERY_MS, move || {
                on_look.emit(Action::Ask(AskAction::CheckWorkers))
            })
        });
        move || drop(interval)
    });
    let on_tick = on.clone();
    // Each step is a new key (the moves made change), so each gets its own timer.
    let key = (page.game().moves_made(), page.playing().step_delay_ms());
    use_effect_with(key, move |&(_, delay)| {
        let timeout =
            delay.map(|ms| Timeout::new(ms, move || on_tick.emit(Action::Play(PlayAction::Tick))));
        move || drop(timeout)
    });
    // A fewest-moves round: its time left is redrawn each second, and the limit ends it.
    let on_clock = on.clone();
    use_effect_with(page.eventing().timed(), move |&timed| {
        let interval = timed.then(|| {
            Interval::new(1000, move || {
                on_clock.emit(Action::Event(EventAction::Tick))
            })
        });
        move || drop(interval)
    });
    let on_step = on.clone();
    use_effect_with(page.learning().watch_running(), move |&running| {
        let interval = running.then(|| {
            Interval::new(250, move || {
                on_step.emit(Action::Learn(LearnAction::WatchStep))
            })
        });
        move || drop(interval)
    });
}

/// Arrows and WASD slide a tile (the arrow names the tile's way, or the blank's: see
/// [`crate::play::game::moving::ArrowKeys`]); Space plays or pauses a replay. Typing in a field, or
/// using a control's own keys, is not playing.
#[hook]
fn use_keys(page: Rc<RefCell<Page>>, on: &Callback<Action>) {
    let on = on.clone();
    use_effect_with((), move |_| {
        let listener = browser::document().map(|doc| {
            // Not passive: arrows and Space must not also scroll the page.
            let options = gloo_events::EventListenerOptions::enable_prevent_default();
            gloo_events::EventListener::new_with_options(&doc, "keydown", options, move |event| {
                let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if event.ctrl_key() || event.meta_key() || event.alt_key() || in_control(event) {
                    return;
                }
                if let Some(way) = key_move(&event.key()) {
                    event.prevent_default();
                    let mv = page.borrow().prefs().saved().arrow_keys.move_for(way);
                    on.emit(Action::Play(PlayAction::Slide(mv, Input::Keys)));
                } else if event.key() == " " && page.borrow().game().replay().is_some() {
                    event.prevent_default();
                    on.emit(Action::Play(PlayAction::PlayPause));
                }
            })
        });
        move || drop(listener)
    });
}

/// Whether a key went to a field or a picker.
fn in_control(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The move a key makes.
fn key_move(key: &str) -> Option<Move> {
    match key {
        "ArrowUp" | "w" | "W" => Some(Move::Up),
        "ArrowDown" | "s" | "S" => Some(Move::Down),
        "ArrowLeft" | "a" | "A" => Some(Move::Left),
        "ArrowRight" | "d" | "D" => Some(Move::Right),
        _ => None,
    }
}

/// The page's parts, from the model. On a phone they stack in this order: the header, how to
/// play, what the board is (a daily, a friend's challenge), the board with everything a player
/// waits for right under it (the search's progress, the answer and Play, a hint, why a board
/// cannot be solved, the result of a solve), then the controls and the rest.
fn layout(p: &Page, on: &Callback<Action>) -> Html {
    let g = p.game();
    let shown = p.shown();
    let embed = p.sharing().embed();
    let blind = p.eventing().blind();
    let (moves, running_since_ms, elapsed_ms) = status_figures(p);
    let classes = classes!(
        "page",
        embed.then_some("embed"),
        g.replay().is_some().then_some("replaying")
    );
    html! {
        <div class={classes}>
            <header class="top">
                if embed {
                    <p class="visually-hidden" role="heading" aria-level="1">{ "Slide: sliding puzzle" }</p>
                    <a class="open-full" href={p.sharing().link().to_string()} target="_blank" rel="noopener">{ "Slide ↗" }</a>
                } else {
                    <h1>{ "Slide" }</h1>
                }
                <StatusBar
                    moves={moves}
                    solved={shown.is_solved() && !blind}
                    unsolvable={p.unsolvable().is_some()}
                    editing={p.editor().editing().is_some() && p.unsolvable().is_none()}
                    running_since_ms={running_since_ms}
                    elapsed_ms={elapsed_ms}
                    started={g.moves_made() > 0}
                    goal_blank_first={shown.goal().blank() == 0}
                    best={p.best()}
                />
            </header>
            if !embed {
                { how_to(&HowToProps { goal: shown.goal(), hover: p.prefs().saved().pointer == Pointer::Hover }) }
            }
            { alert_banner(&AlertProps { message: p.alert(), on: on.clone() }) }
            { about_the_board(p, on) }
            <div class="play-area">
                <div class="board-column">
                    { board(p, on) }
                    { under_the_board(p, on) }
                </div>
                <div class="side">
                    { side(p, on) }
                </div>
            </div>
            if !embed {
                { stats(p, on) }
                { learn(&LearnProps { comparison: p.learning().comparison(), watching: &p.learning().watch_view(),
                    locked: p.eventing().running(), on: on.clone() }) }
                <p class="more"><a href="bench/">{ "Benchmark: Korf's puzzles in this browser" }</a></p>
            }
        </div>
    }
}

/// The status bar's moves and clock: an event's while it runs (a marathon's or relay's over
/// every board, a blindfolded or fewest-moves one from Start) and once it is done on its solved
/// board, else the game's.
fn status_figures(p: &Page) -> (usize, Option<f64>, f64) {
    let (g, e) = (p.game(), p.eventing());
    let done = (e.result()).filter(|r| r.record.finished && p.shown().is_solved());
    match (e.run(), done) {
        (Some(run), _) => match run.since_ms() {
            Some(s) => (run.moves_so_far(g), Some(s), now_ms() - s),
            None => (
                run.moves_so_far(g),
                g.running_since_ms(),
                g.elapsed_ms(now_ms()),
            ),
        },
        (None, Some(r)) => (r.record.moves, None, r.record.millis),
        (None, None) => (g.moves_made(), g.running_since_ms(), g.elapsed_ms(now_ms())),
    }
}

fn board(p: &Page, on: &Callback<Action>) -> Html {
    let prefs = p.prefs().saved();
    html! {
        <BoardView
            position={p.shown().clone()}
            highlight={p.highlight()}
            slide_ms={p.slide_ms()}
            hover={prefs.pointer == Pointer::Hover}
            on_tap={on.reform(|(s, input)| Action::Play(PlayAction::Tap(s, input)))}
            on_swipe={on.reform(|m| Action::Play(PlayAction::Slide(m, Input::Touch)))}
            picture={p.prefs().picture_url().map(AttrValue::from)}
            numbers={prefs.numbers}
            marked={p.marked()}
            fringes={prefs.colours == TileColours::Fringe}
            blind={p.eventing().blind()}
        />
    }
}

/// What a player waits for, where they look: the search's progress, the answer and its Play,
/// the hint in words, why the board cannot be solved, the result of their solve and its analysis.
fn under_the_board(p: &Page, on: &Callback<Action>) -> Html {
    let g = p.game();
    let playing = p.playing();
    html! {
        <>
            { event_under_the_board(p, on) }
            { solver_panel(&SolverPanelProps { request: p.asking().request() }) }
            if let (Some(summary), Some(step), Some(replay)) = (playing.summary().cloned(), g.replay_step(), g.replay()) {
                <ReplayBar summary={summary} moves={replay.moves.clone()} step={step}
                    playing={playing.playing()} on={on.clone()} />
            }
            if let (Some(figures), Some(times)) = (playing.figures(), playing.times().cloned()) {
                { pace_chart(&PaceProps { figures, times, delay_ms: playing.step_delay_ms() }) }
            }
            if let Some(hint) = playing.hint_text() {
                <p class="hint-line" data-testid="hint" role="status">{ hint }</p>
            }
            if let Some((explanation, a, b)) = p.unsolvable() {
                { unsolvable(&UnsolvableProps { explanation: &explanation, tiles: (a, b), on: on.clone() }) }
            }
            if let Some(result) = p.record().result().filter(|_| !p.sharing().embed()) {
                { result_panel(&ResultProps { result, shared: p.sharing().shared(), on: on.clone() }) }
            }
            if p.analysing().state().is_some() && !p.sharing().embed() {
                { analysis_panel(&AnalysisProps { analysing: p.analysing().clone(), on: on.clone() }) }
            }
        </>
    }
}

/// An event's bar while it runs, else its result: one place, so one node replaces the other.
fn event_under_the_board(p: &Page, on: &Callback<Action>) -> Html {
    let e = p.eventing();
    match (p.sharing().embed(), e.running(), e.result()) {
        (true, ..) => html! {},
        (false, true, _) => event_bar(&EventProps {
            eventing: e,
            now_ms: now_ms(),
            on: on.clone(),
        }),
        (false, false, Some(result)) => event_result(&EventResultProps {
            result,
            shared: p.sharing().shared(),
            on: on.clone(),
        }),
        (false, false, None) => html! {},
    }
}

/// The statistics of the size on the board (or the one picked), and the history.
fn stats(p: &Page, on: &Callback<Action>) -> Html {
    let (record, board) = (p.record(), p.game().board());
    stats_panel(&StatsProps {
        size: record.stats_size(board),
        sizes: record.stats_sizes(board),
        control: record.stats_control(),
        statistics: record.statistics(board),
        solves: &record.history().solves,
        events: &record.events().events,
        event_stats: record.event_stats(),
        confirm_clear: record.confirm_clear(),
        format: record.export_format(),
        note: record.import_note(),
        show_all: record.show_all(),
        on: on.clone(),
    })
}

/// What the board on show is, above it: the daily puzzle, a friend's challenge to beat.
fn about_the_board(p: &Page, on: &Callback<Action>) -> Html {
    let start = (p.record().result()).map_or_else(|| p.game().start(), |r| &r.solve.start);
    html! {
        <>
            if let Some(d) = p.sharing().daily() {
                <p class="daily-note" data-testid="daily" data-date={d.date.to_string()}>
                    { format!("The daily puzzle of {}, {}×{}: the same board for every player today.", d.date, d.width, d.height) }
                </p>
            }
            if let Some(challenge) = p.sharing().challenge() {
                { challenge_panel(&ChallengeProps { challenge, start, on: on.clone() }) }
            }
            { event_challenge(p.eventing()) }
        </>
    }
}

/// Controls, the solution's details, and (outside embed mode) sharing and the editor.
fn side(p: &Page, on: &Callback<Action>) -> Html {
    let g = p.game();
    let b = g.board();
    let (sharing, prefs) = (p.sharing(), p.prefs().saved());
    // One stop button at a time: Cancel for a Solve or a Hint until an answer is on show (then
    // the answer's Stop looking), and a comparison has its own.
    let solving = p
        .asking()
        .request()
        .is_some_and(|r| matches!(r.purpose, Purpose::Solve | Purpose::Hint) && r.shown.is_none());
    html! {
        <>
            { controls(&ControlsProps {
                size: (b.width(), b.height()),
                mostly_misplaced: p.prefs().mostly_misplaced(),
                method: p.asking().method(),
                searching: solving,
                can_undo: g.can_undo() && p.eventing().allows_undo(),
                can_redo: g.can_redo() && p.eventing().allows_undo(),
                in_event: p.eventing().running(),
                solved: p.shown().is_solved() || p.editor().editing().is_some(),
                daily: sharing.daily().is_some(),
                compact: sharing.embed(),
                on: on.clone(),
            }) }
            if let (false, Some(summary), Some(step), Some(replay)) = (sharing.embed(), p.playing().summary(), g.replay_step(), g.replay()) {
                { replay_panel(&ReplayProps { summary, moves: &replay.moves, step,
                    speed: p.playing().speed(), pace: p.playing().pace(),
                    timed: p.playing().times().is_some(), on: on.clone() }) }
            }
            if !sharing.embed() {
                { event_panel(&EventProps { eventing: p.eventing(), now_ms: now_ms(), on: on.clone() }) }
                <Share shared={sharing.shared().clone()} result={p.record().result().is_some()}
                    include_result={sharing.include_result()} include_moves={sharing.include_moves()} on={on.clone()} />
                { editor(&EditorProps {
                    editor: p.editor(),
                    shown: p.shown().board(),
                    goal_choice: Goal::named(g.goal()),
                    picture: &prefs.picture,
                    numbers: prefs.numbers,
                    colours: prefs.colours,
                    fringes_apply: fringes(g.goal()).is_some(),
                    on: on.clone(),
                }) }
                { handling(&HandlingProps { pointer: prefs.pointer, arrow_keys: prefs.arrow_keys, animation: prefs.animation, on: on.clone() }) }
            }
        </>
    }
}
