//! One line of how to play, fitted to the device (tap or swipe on a touch screen; click or the
//! arrow keys elsewhere), beside a small picture of the goal: what a first visit needs before
//! its first move.

use crate::puzzle::board::Board;
use yew::prelude::*;

pub struct HowToProps<'a> {
    pub goal: &'a Board,
    /// Tiles slide as the pointer passes over them.
    pub hover: bool,
}

/// Goals up to this many squares show their numbers; larger ones only where the blank goes.
const NUMBERED: usize = 25;

pub fn how_to(props: &HowToProps) -> Html {
    // Asked at each drawing: a tablet with a keyboard attached may change its answer.
    let touch = web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches());
    let text = if touch {
        "Tap a tile in line with the gap to slide it, or swipe."
    } else if props.hover {
        "Pass the pointer over a tile in line with the gap to slide it, or use the arrow keys."
    } else {
        "Click a tile in line with the gap to slide it, or use the arrow keys."
    };
    let goal = props.goal;
    let numbered = goal.len() <= NUMBERED;
    let style = format!("--cols:{}", goal.width());
    html! {
        <div class="how-to" data-testid="how-to">
            <p>{ text }</p>
            <span class="goal-label" aria-hidden="true">{ "Goal" }</span>
            <span class="goal-picture" role="img" aria-label={format!("The goal: {goal}")} {style}>
                { for goal.tiles().iter().map(|&t| html! {
                    <span class={classes!((t == 0).then_some("blank"))}>
                        if numbered && t != 0 { { t } }
                    </span>
                }) }
            </span>
        </div>
    }
}
