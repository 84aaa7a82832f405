//! The move counter, the clock, and the status line with its "Solved" moment.
//!
//! At a speedsolver's thirty moves a second the counter changes at every move, and a change of
//! text costs the browser a layout of the page and a paint (about two thirds of a millisecond a
//! move on this project's machines, a sixth of what a move costs): the counter's digits are
//! drawn as windows on a strip of the ten digits, each moved by a transform, which needs
//! neither. The number as text stays in the page, not drawn (`data-testid="moves"`), and the
//! counter reads as "N moves" to a screen reader. The clock reads the time itself at each
//! draw; the app draws it again as each second ends, while it runs.

use crate::play::game::input::Control;
use crate::play::record::solves::time_text;
use crate::web::browser::now_ms;
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
                <span class="clock" data-testid="timer">{ clock(elapsed) }</span>
                if let Some((moves, millis, control)) = props.best {
                    <span class="best" data-testid="best" data-control={control.name()}>{ format!("{} best {moves} move{}, {}", control.name(), if moves == 1 { "" } else { "s" }, time_text(millis)) }</span>
                }
            </p>
        </div>
    }
}

/// `moves` as the counter draws it: a window a digit, on a strip of the ten digits that the
/// stylesheet moves by the digit's class. A move changes the class of the digits it changed.
fn odometer(moves: usize) -> Html {
    const DIGITS: [&str; 10] = [
        "digit d0", "digit d1", "digit d2", "digit d3", "digit d4", "digit d5", "digit d6",
        "digit d7", "digit d8", "digit d9",
    ];
    let digits = moves.to_string().into_bytes().into_iter().map(|b| {
        let class = DIGITS[usize::from(b - b'0') % 10];
        html! { <span {class}></span> }
    });
    html! { <span class="odometer" aria-hidden="true">{ for digits }</span> }
}
