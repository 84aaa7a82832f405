//! The root of the page: it creates the page's model ([`Page`]), connects it to the solver
//! worker, the timers and the keyboard, carries out the effects the model asks for, and lays out
//! the components. Every decision is the model's; this file only wires.

use super::browser::{self, now_ms};
use super::components::board_view::BoardView;
use super::components::status::{StatusProps, status_bar};
use super::effects;
use super::layout::{PagePart, Part};
use super::render_counts;
use super::workers::{LOADER, Workers};
use crate::play::game::input::Input;
use crate::play::game::moving::Pointer;
use crate::play::page::{
    Action, AskAction, Effect, EventAction, LearnAction, Page, PlayAction, SyncAction, moves_only,
};
use crate::puzzle::moves::Move;
use crate::puzzle::random::Rng;
use gloo_timers::callback::{Interval, Timeout};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The page's model and what its effects need (the solver's workers, and a redraw): every
/// action goes through [`Dispatcher::dispatch`]. (The record's database is `web/store/`.)
#[derive(Clone)]
struct Dispatcher {
    page: Rc<RefCell<Page>>,
    /// Started once the dispatcher can hear them (their events are its actions).
    workers: Rc<RefCell<Option<Workers>>>,
    /// Whether the workers' start is asked for once the browser is idle (messages that can
    /// wait for it wait).
    waking: Rc<Cell<bool>>,
    revisions: Rc<Cell<Revisions>>,
    pause: Rc<RefCell<Pause>>,
    redraw: Callback<()>,
}

/// How long moves pause before the address bar and the tools follow the board. Writing the
/// address costs the browser half a millisecond and more (and it refuses more than 200 writes
/// in ten seconds); the editor's field is the board in words: at a speedsolver's pace neither
/// is worth a frame's time at every move.
const PAUSE_MS: u32 = 250;

/// The longest the workers wait for the browser to be idle before they start (a Solve starts
/// them at once): then they are loaded before a player's first request, without taking the
/// first board's time.
const WAKE_WITHIN_MS: u32 = 3000;

/// What waits for the moves to pause: its timer, when the moves will have paused unless
/// another comes (`performance.now()` time: the last move's, plus [`PAUSE_MS`]), and the
/// address bar's query.
#[derive(Default)]
struct Pause {
    timer: Option<Timeout>,
    due_ms: f64,
    address: Option<String>,
}

/// How many times the parts of the page may have changed: by moves alone (the board and what
/// stands under it), by moves that changed what stands beside it ([`Page::beside`]), by
/// anything else (every part), and by the moves' pauses.
#[derive(Clone, Copy, Default)]
struct Revisions {
    moves: u32,
    beside: u32,
    all: u32,
    paused: u32,
}

impl Revisions {
    /// The revision of a part that only what is not a move changes.
    fn all(self) -> u32 {
        self.all
    }

    /// The revision of a part that moves change too.
    fn any(self) -> u32 {
        self.all.wrapping_add(self.moves)
    }

    /// The revision of the part beside the board: moves change it only as they change
    /// [`Page::beside`].
    fn beside(self) -> u32 {
        self.all.wrapping_add(self.beside)
    }

    /// The revision of a part that follows moves once they pause.
    fn paused(self) -> u32 {
        self.all.wrapping_add(self.paused)
    }
}

impl Dispatcher {
    /// Applies an action that happened at `at_ms` (`performance.now()` time: an input's own
    /// `timeStamp`, or now), carries out its effects, and redraws. Yew draws once the task
    /// that dispatched is done, so the moves of one input (a hover stroke's squares, a slide
    /// of several tiles) are all applied and drawn once.
    fn dispatch(&self, action: Action, at_ms: f64) {
        let moves_only = moves_only(&action);
        // For a move: whether it kept the glance, and what stands beside the board.
        let (effects, kept) = {
            let mut page = self.page.borrow_mut();
            page.set_calendar(browser::calendar());
            let before = moves_only.then(|| (page.glance(), page.beside()));
            let effects = page.reduce(action, at_ms);
            let kept = before.map(|(g, b)| (g == page.glance(), b.is_some() && b == page.beside()));
            (effects, kept)
        };
        let glance_kept = matches!(kept, Some((true, _)));
        let mut revisions = self.revisions.get();
        match kept {
            Some((true, true)) => revisions.moves = revisions.moves.wrapping_add(1),
            Some((true, false)) => {
                revisions.moves = revisions.moves.wrapping_add(1);
                revisions.beside = revisions.beside.wrapping_add(1);
            }
            _ => revisions.all = revisions.all.wrapping_add(1),
        }
        self.revisions.set(revisions);
        let dispatch = self.callback();
        let mut workers = self.workers.borrow_mut();
        let workers = workers.get_or_insert_with(|| {
            // The worker's loader is found next to the page (a relative path), so the site
            // works from any folder of any static host.
            Workers::new(LOADER, dispatch.reform(effects::action))
        });
        // A move's address waits for the moves to pause; any other replaces one still waiting.
        let mut pause = self.pause.borrow_mut();
        for effect in effects {
            match effect {
                Effect::ReplaceQuery(query) if glance_kept => pause.address = Some(query),
                effect => {
                    if matches!(effect, Effect::ReplaceQuery(_)) {
                        pause.address = None;
                    }
                    effects::run(effect, workers, &dispatch)
                }
            }
        }
        if workers.waiting() && !self.waking.replace(true) {
            let dispatcher = self.clone();
            browser::when_idle(WAKE_WITHIN_MS, Box::new(move || dispatcher.wake()));
        }
        // One timer for a run of moves (not one a move: at thirty moves a second setting and
        // clearing them cost more than the model's move), looking again when it rings.
        if glance_kept {
            pause.due_ms = now_ms() + f64::from(PAUSE_MS);
            if pause.timer.is_none() {
                pause.timer = Some(self.pause_in(PAUSE_MS));
            }
        }
        drop(pause);
        self.redraw.emit(());
    }

    /// Starts the workers that messages wait for: the browser is idle after the first board.
    fn wake(&self) {
        self.waking.set(false);
        if let Some(workers) = self.workers.borrow_mut().as_mut() {
            workers.wake();
        }
    }

    /// A timer that looks whether the moves paused, in `ms`.
    fn pause_in(&self, ms: u32) -> Timeout {
        let dispatcher = self.clone();
        Timeout::new(ms, move || dispatcher.paused())
    }

    /// The moves paused, or one came since the timer was set (it then waits the rest): the
    /// address bar and the tools follow the board. (The timer that rang is replaced or dropped
    /// while it rings, which wasm-bindgen allows: its closure goes once it returns.)
    fn paused(&self) {
        let address = {
            let mut pause = self.pause.borrow_mut();
            let left = pause.due_ms - now_ms();
            if left >= 1.0 {
                pause.timer = Some(self.pause_in(left.ceil() as u32));
                return;
            }
            pause.timer = None;
            pause.address.take()
        };
        if let Some(query) = address {
            browser::replace_query(&query);
        }
        let mut revisions = self.revisions.get();
        revisions.paused = revisions.paused.wrapping_add(1);
        self.revisions.set(revisions);
        self.redraw.emit(());
    }

    /// Actions that happen now (buttons, timers, the workers).
    fn callback(&self) -> Callback<Action> {
        let dispatcher = self.clone();
        Callback::from(move |action| dispatcher.dispatch(action, now_ms()))
    }

    /// Actions with the time their input happened.
    fn timed(&self) -> Callback<(Action, f64)> {
        let dispatcher = self.clone();
        Callback::from(move |(action, at_ms)| dispatcher.dispatch(action, at_ms))
    }
}

/// The dispatcher's callbacks, made once so that the parts' props compare equal between redraws.
struct Wires {
    dispatcher: Dispatcher,
    on: Callback<Action>,
    timed: Callback<(Action, f64)>,
    on_tap: Callback<(usize, Input, f64)>,
    on_swipe: Callback<(Move, f64)>,
}

impl Wires {
    fn new(dispatcher: Dispatcher) -> Wires {
        let (on, timed) = (dispatcher.callback(), dispatcher.timed());
        Wires {
            on_tap: timed.reform(|(s, input, at)| (Action::Play(PlayAction::Tap(s, input)), at)),
            on_swipe: timed
                .reform(|(m, at)| (Action::Play(PlayAction::Slide(m, Input::Touch)), at)),
            dispatcher,
            on,
            timed,
        }
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
    render_counts::count("app");
    let redraw = use_force_update();
    let wires = use_memo((), move |_| {
        Wires::new(Dispatcher {
            page: Rc::new(RefCell::new(open_page())),
            workers: Rc::new(RefCell::new(None)),
            waking: Rc::default(),
            revisions: Rc::default(),
            pause: Rc::default(),
            redraw: Callback::from(move |_| redraw.force_update()),
        })
    });
    let on = &wires.on;
    {
        let (on, page) = (on.clone(), wires.dispatcher.page.clone());
        use_effect_with((), move |_| {
            on.emit(Action::Mounted);
            // An event the tab was playing before a reload goes on.
            if let Some(saved) = browser::saved_run() {
                on.emit(Action::Restore(saved));
            }
            on.emit(Action::Ask(AskAction::Cores(browser::cores())));
            // A device link opened here joins this browser to its player.
            if let Some(code) = browser::take_device_code() {
                on.emit(Action::Sync(SyncAction::Join(code)));
            }
            unfold_when_idle(on.clone(), page.clone());
            // Marks the first board on screen, for the load-time figure of docs/performance.md.
            browser::mark("slide:first-board");
            let kept = keep_run(&page);
            move || drop(kept)
        });
    }
    render_counts::use_drawn();
    let p = wires.dispatcher.page.borrow();
    // The moves and the clock the status bar shows, read once a draw (the clock's timer too).
    let figures = status_figures(&p);
    use_timers(&p, figures.1, on, &wires.dispatcher.redraw);
    use_keys(wires.dispatcher.page.clone(), &wires.timed);
    layout(&p, figures, &wires)
}

/// Builds the folded panels' contents in the browser's idle moments after the first board, one
/// panel a moment, so that none holds the page for long (all at once took 60 ms on a phone's CPU;
/// a panel the player unfolds first is built then).
fn unfold_when_idle(on: Callback<Action>, page: Rc<RefCell<Page>>) {
    browser::when_idle(
        WAKE_WITHIN_MS,
        Box::new(move || {
            on.emit(Action::Unfold(None));
            match page.borrow().all_unfolded() {
                true => browser::mark("slide:unfolded"),
                false => unfold_when_idle(on.clone(), page.clone()),
            }
        }),
    );
}

/// The replay's timer (one per step, waiting as long as the model says), the stepper's
/// (while it runs), a fewest-moves round's clock (while it runs), the look for silent workers
/// (while one owes an answer), and the status bar's clock (drawn again as each second ends
/// while it runs: only the app and the bar are drawn, the parts' revisions unchanged).
#[hook]
fn use_timers(page: &Page, since: Option<f64>, on: &Callback<Action>, redraw: &Callback<()>) {
    let redraw = redraw.clone();
    let second = since.map(|since| ((now_ms() - since).max(0.0) / 1000.0).floor());
    use_effect_with(
        (since.map(f64::to_bits), second.map(f64::to_bits)),
        move |_| {
            // Just after the second on show ends; that draw sets the next.
            let next = since.zip(second).map(|(since, second)| {
                let wait = (since + (second + 1.0) * 1000.0 - now_ms()).clamp(0.0, 1000.0);
                Timeout::new(wait as u32 + 5, move || redraw.emit(()))
            });
            move || drop(next)
        },
    );
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
    // The stepper's Run: a tick at the pace chosen (a tick asks for a step once the last is
    // shown, so a slow answer is never overtaken).
    let on_step = on.clone();
    let stepping = page.learning().stepping();
    use_effect_with(
        (stepping.running(), stepping.pace_ms()),
        move |&(running, ms)| {
            let interval = running
                .then(|| Interval::new(ms, move || on_step.emit(Action::Learn(LearnAction::Tick))));
            move || drop(interval)
        },
    );
}

/// The arrows and the four move keys (W A S D unless rebound) slide a tile (the key names the
/// tile's way, or the blank's: see
/// [`crate::play::game::moving::ArrowKeys`]); Space plays or pauses a replay. Typing in a field, or
/// using a control's own keys, is not playing.
#[hook]
fn use_keys(page: Rc<RefCell<Page>>, timed: &Callback<(Action, f64)>) {
    let on = timed.clone();
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
                let way = page.borrow().prefs().saved().keys.way(&event.key());
                if let Some(way) = way {
                    event.prevent_default();
                    let mv = page.borrow().prefs().saved().arrow_keys.move_for(way);
                    on.emit((
                        Action::Play(PlayAction::Slide(mv, Input::Keys)),
                        event.time_stamp(),
                    ));
                } else if event.key() == " " && page.borrow().game().replay().is_some() {
                    event.prevent_default();
                    on.emit((Action::Play(PlayAction::PlayPause), event.time_stamp()));
                }
            })
        });
        move || drop(listener)
    });
}

/// An event in progress is kept, with the moves on its board, whenever the page is hidden or
/// left (a reload among them): the next load goes on from there. The listeners live as long
/// as the page.
fn keep_run(page: &Rc<RefCell<Page>>) -> Option<[gloo_events::EventListener; 2]> {
    let window = web_sys::window()?;
    let listen = |name| {
        let page = page.clone();
        gloo_events::EventListener::new(&window, name, move |_| {
            let page = page.borrow();
            if page.eventing().running() {
                browser::save_run(page.event_saved(browser::clock_offset()).as_deref());
            }
        })
    };
    Some([listen("pagehide"), listen("visibilitychange")])
}

/// Whether a key went to a field, a picker, or the stepper's drawing of its tree (whose arrows
/// pan it).
fn in_control(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(
                el.tag_name().as_str(),
                "INPUT" | "SELECT" | "TEXTAREA" | "CANVAS"
            )
        })
}

/// The page's parts, from the model. On a phone they stack in this order: the header, how to
/// play, what the board is (a daily, a friend's challenge), the board with everything a player
/// waits for right under it (the search's progress, the answer and Play, a hint, why a board
/// cannot be solved, the result of a solve), then the controls and the rest. The status bar and
/// the board compare their own props; every other part is drawn again only when its revision
/// says it may have changed.
fn layout(p: &Page, (moves, running_since_ms, elapsed_ms): StatusFigures, wires: &Wires) -> Html {
    let g = p.game();
    let shown = p.shown();
    let embed = p.sharing().embed();
    let blind = p.eventing().blind();
    let lesson = embed && p.learning().stepping().active();
    let classes = classes!(
        "page",
        embed.then_some("embed"),
        g.replay().is_some().then_some("replaying"),
        lesson.then_some("lesson")
    );
    let revisions = wires.dispatcher.revisions.get();
    let part = |part: Part, revision: u32| {
        let (page, on) = (wires.dispatcher.page.clone(), wires.on.clone());
        html! { <PagePart {part} {revision} {page} {on} /> }
    };
    html! {
        <div class={classes}>
            <header class="top">
                if embed {
                    <p class="visually-hidden" role="heading" aria-level="1">{ "Slide: sliding puzzle" }</p>
                    <a class="open-full" href={p.sharing().link().to_string()} target="_blank" rel="noopener">{ "Slide ↗" }</a>
                } else {
                    <h1>{ "Slide" }</h1>
                }
                { status_bar(&StatusProps {
                    moves,
                    solved: shown.is_solved() && !blind,
                    unsolvable: p.unsolvable().is_some(),
                    editing: p.editor().editing().is_some() && p.unsolvable().is_none(),
                    running_since_ms,
                    elapsed_ms,
                    started: g.moves_made() > 0,
                    goal_blank_first: shown.goal().blank() == 0,
                    best: p.best(),
                }) }
            </header>
            { part(Part::Intro, revisions.all()) }
            <div class="play-area">
                <div class="board-column">
                    { board(p, wires) }
                    { part(Part::Under, revisions.any()) }
                </div>
                <div class="side">
                    { part(Part::Side, revisions.beside()) }
                    { part(Part::Tools, revisions.paused()) }
                </div>
            </div>
            if !embed {
                { part(Part::Stats, revisions.all()) }
                { part(Part::Learn, revisions.all()) }
                <p class="more"><a href="bench/">{ "Benchmark: Korf's puzzles in this browser" }</a></p>
            } else if lesson {
                { part(Part::Learn, revisions.all()) }
            }
        </div>
    }
}

/// The status bar's moves, when its clock started while it runs, and the time played once it
/// stopped (see [`status_figures`]).
type StatusFigures = (usize, Option<f64>, f64);

/// The status bar's moves and clock: an event's while it runs (a marathon's or relay's over
/// every board, a blindfolded or fewest-moves one from Start) and once it is done on its solved
/// board, else the game's.
fn status_figures(p: &Page) -> StatusFigures {
    let (g, e) = (p.game(), p.eventing());
    let done = (e.result()).filter(|r| r.record.finished && p.shown().is_solved());
    // While a clock runs the bar reads the time itself (its props then stay equal).
    let stopped =
        |since: Option<f64>, elapsed: f64| (since, if since.is_some() { 0.0 } else { elapsed });
    match (e.run(), done) {
        (Some(run), _) => {
            let (since, elapsed) = match run.since_ms() {
                Some(s) => stopped(Some(s), 0.0),
                None => stopped(g.running_since_ms(), g.elapsed_ms(now_ms())),
            };
            (run.moves_so_far(g), since, elapsed)
        }
        (None, Some(r)) => (r.record.moves, None, r.record.millis),
        (None, None) => {
            let (since, elapsed) = stopped(g.running_since_ms(), g.elapsed_ms(now_ms()));
            (g.moves_made(), since, elapsed)
        }
    }
}

fn board(p: &Page, wires: &Wires) -> Html {
    let prefs = p.prefs().saved();
    html! {
        <BoardView
            position={p.shown().clone()}
            highlight={p.highlight()}
            slide_ms={p.slide_ms()}
            hover={prefs.pointer == Pointer::Hover}
            on_tap={wires.on_tap.clone()}
            on_swipe={wires.on_swipe.clone()}
            picture={p.prefs().picture_url().map(AttrValue::from)}
            numbers={prefs.numbers}
            marked={p.marked()}
            scheme={prefs.scheme}
            blind={p.eventing().blind()}
        />
    }
}
