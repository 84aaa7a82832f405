//! The move counter, the clock, and the status line with its "Solved" moment.

use crate::play::game::input::Control;
use crate::play::record::solves::time_text;
use gloo_timers::callback::Interval;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub moves: usize,
    /// The board on show is its goal.
    pub solved: bool,
    /// The board on show can never reach its goal (it waits for its fix).
    #[prop_or_default]
    pub unsolvable: bool,
    /// The board on show is being set by hand.
    #[prop_or_default]
    pub editing: bool,
    pub started: bool,
    /// When the clock started (`performance.now()` time), while it runs.
    pub running_since_ms: Option<f64>,
    /// The time played, once the clock has stopped.
    pub elapsed_ms: f64,
    pub goal_blank_first: bool,
    /// Fewest moves and shortest time for this size with a control, from earlier games.
    #[prop_or_default]
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

#[component]
pub fn StatusBar(props: &StatusProps) -> Html {
    // Redraw every half second while the clock runs; the time itself comes from the game.
    let tick = use_state(|| 0u32);
    {
        let tick = tick.clone();
        use_effect_with(props.running_since_ms.is_some(), move |&running| {
            let interval =
                running.then(|| Interval::new(500, move || tick.set(tick.wrapping_add(1))));
            move || drop(interval)
        });
    }
    let elapsed = match props.running_since_ms {
        Some(since) => {
            let now = web_sys::window()
                .and_then(|w| w.performance())
                .map_or(since, |p| p.now());
            now - since
        }
        None => props.elapsed_ms,
    };
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
                <span><span data-testid="moves">{ props.moves }</span>{ if props.moves == 1 { " move" } else { " moves" } }</span>
                <span class="clock" data-testid="timer">{ clock(elapsed) }</span>
                if let Some((moves, millis, control)) = props.best {
                    <span class="best" data-testid="best" data-control={control.name()}>{ format!("{} best {moves} move{}, {}", control.name(), if moves == 1 { "" } else { "s" }, time_text(millis)) }</span>
                }
            </p>
        </div>
    }
}
