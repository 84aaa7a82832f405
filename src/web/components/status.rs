//! The move counter, the clock, and the status line with its "Solved" moment.
//!
//! At a speedsolver's thirty moves a second the counter changes at every move, and a change of
//! text costs the browser a layout of the page and a paint (about two thirds of a millisecond a
//! move on this project's machines, a sixth of what a move costs): the counter's digits are
//! drawn as windows on a strip of the ten digits, each moved by a transform, which needs
//! neither. The number as text stays in the page, not drawn (`data-testid="moves"`), and the
//! counter reads as "N moves" to a screen reader. The clock draws itself, once a second.

use crate::play::game::input::Control;
use crate::play::record::solves::time_text;
use crate::web::browser::now_ms;
use gloo_timers::callback::Timeout;
use yew::prelude::*;

pub struct StatusProps {
    pub moves: usize,
    /// The board on show is its goal.
    pub solved: bool,
    /// The board on show can never reach its goal (it waits for its fix).
    pub unsolvable: bool,
    /// The board on show is being set by hand.
    pub editing: bool,
    pub started: bool,
    /// When the clock started (`performance.now()` time), while it runs (`elapsed_ms` is then
    /// not read).
    pub running_since_ms: Option<f64>,
    /// The time played, once the clock has stopped.
    pub elapsed_ms: f64,
    pub goal_blank_first: bool,
    /// Fewest moves and shortest time for this size with a control, from earlier games.
    pub best: Option<(usize, f64, Control)>,
}

/// `1` → `1 move`, `3` → `3 moves`.
fn count(moves: usize) -> String {
    format!("{moves} move{}", if moves == 1 { "" } else { "s" })
}

/// `83500` ms → `1:23`.
fn clock(ms: f64) -> String {
    let secs = (ms.max(0.0) / 1000.0).floor() as u64;
    format!("{}:{:02}", secs / 60, secs % 60)
}

pub fn status_bar(props: &StatusProps) -> Html {
    crate::web::render_counts::count("status");
    let elapsed = props
        .running_since_ms
        .map_or(props.elapsed_ms, |since| now_ms() - since);
    let text = if props.unsolvable {
        "This board can never be solved: see why, and the fix, under it.".to_string()
    } else if props.editing {
        "Setting tiles by hand: tap two tiles to swap them.".to_string()
    } else if props.solved && props.started && elapsed >= 1.0 {
        format!(
            "Solved in {} and {}!",
            count(props.moves),
            time_text(elapsed)
        )
    } else if props.solved && props.started {
        // Reached at once, or by a replay: no time to tell.
        format!("Solved in {}!", count(props.moves))
    } else if props.solved {
        "Solved.".to_string()
    } else if props.goal_blank_first {
        "Tiles in order, the gap first.".to_string()
    } else {
        "Tiles in order, the gap last.".to_string()
    };
    html! {
        <div class="status-bar">
            <p class={classes!("status", (props.solved && !props.unsolvable).then_some("solved"))} data-testid="status" aria-live="polite">{ text }</p>
            <p class="counters">
                <span class="count" role="img" aria-label={count(props.moves)}>
                    <span data-testid="moves" hidden=true>{ props.moves }</span>
                    { odometer(props.moves) }
                    <span aria-hidden="true">{ if props.moves == 1 { " move" } else { " moves" } }</span>
                </span>
                <Clock since_ms={props.running_since_ms} elapsed_ms={props.elapsed_ms} />
                if let Some((moves, millis, control)) = props.best {
                    <span class="best" data-testid="best" data-control={control.name()}>{ format!("{} best {moves} move{}, {}", control.name(), if moves == 1 { "" } else { "s" }, time_text(millis)) }</span>
                }
            </p>
        </div>
    }
}

/// `moves` as the counter draws it: a window a digit, on a strip of the ten digits that the
/// stylesheet moves by the digit (`--d`). A move changes the style of the digits it changed.
fn odometer(moves: usize) -> Html {
    let digits = moves.to_string().into_bytes().into_iter().map(|b| {
        let style = format!("--d:{}", b - b'0');
        html! { <span class="digit" {style}></span> }
    });
    html! { <span class="odometer" aria-hidden="true">{ for digits }</span> }
}

#[derive(Properties, PartialEq)]
pub struct ClockProps {
    /// When the clock started (`performance.now()` time), while it runs.
    pub since_ms: Option<f64>,
    /// The time played, once the clock has stopped.
    pub elapsed_ms: f64,
}

/// The clock: while it runs it draws itself again as each second ends, and nothing else is
/// drawn for it (a move leaves its props as they were).
#[component]
fn Clock(props: &ClockProps) -> Html {
    crate::web::render_counts::count("clock");
    let ticks = use_state(|| 0_u32);
    let elapsed = props
        .since_ms
        .map_or(props.elapsed_ms, |since| now_ms() - since);
    {
        let shown = (elapsed.max(0.0) / 1000.0).floor();
        let key = (props.since_ms.map(f64::to_bits), *ticks);
        // Drawn again just after the second on show ends; each draw sets the next.
        use_effect_with(key, move |&(since, tick)| {
            let next = since.map(|since| {
                let ends = f64::from_bits(since) + (shown + 1.0) * 1000.0;
                let wait = (ends - now_ms()).clamp(0.0, 1000.0) as u32 + 5;
                Timeout::new(wait, move || ticks.set(tick.wrapping_add(1)))
            });
            move || drop(next)
        });
    }
    html! { <span class="clock" data-testid="timer">{ clock(elapsed) }</span> }
}
