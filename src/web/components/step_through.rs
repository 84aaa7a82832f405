//! Learn mode's step-through: A* or greedy best-first, one expansion at a time (Step, or Run and
//! Stop on a timer): the board expanded with its g, h and f, the open list, the boards next in line.

use crate::play::learn::watching::WatchView;
use crate::play::page::{Action, LearnAction};
use crate::puzzle::board::Board;
use yew::prelude::*;

pub struct StepProps<'a> {
    pub watching: &'a WatchView,
    pub on: Callback<Action>,
}

pub fn step_through(props: &StepProps) -> Html {
    let w = props.watching;
    let on = &props.on;
    let kind = if w.greedy {
        "greedy best-first (f = h)"
    } else {
        "A* (f = g + h)"
    };
    let running = w.running;
    html! {
        <section class="step-through" aria-label="Step-through">
            <h2>{ "Watch a search" }</h2>
            <div class="row">
                <button onclick={on.reform(|_| Action::Learn(LearnAction::Watch(false)))}>{ "Watch A*" }</button>
                <button onclick={on.reform(|_| Action::Learn(LearnAction::Watch(true)))}>{ "Watch greedy" }</button>
                <button onclick={on.reform(|_| Action::Learn(LearnAction::WatchStep))} disabled={!w.active || w.finished}>{ "Step" }</button>
                <button onclick={on.reform(move |_| Action::Learn(LearnAction::WatchRun(!running)))}
                    disabled={!w.active || w.finished}>{ if running { "Stop" } else { "Run" } }</button>
            </div>
            if let Some(p) = w.problem.clone() {
                <p class="error" role="alert">{ p }</p>
            }
            <div data-testid="astar-steps" class="steps">
                if w.active {
                    <p class="note">{ format!("{kind} with Manhattan distance: {} expanded", w.steps.len()) }</p>
                }
                { latest(w) }
                <ol class="log">
                    { for w.steps.iter().enumerate().rev().take(12).map(|(i, s)| html! {
                        <li value={(i + 1).to_string()} data-g={s.expanded.g.to_string()} data-h={s.expanded.h.to_string()} data-f={s.expanded.f.to_string()}>
                            { format!("{}  g={} h={} f={}", s.expanded.board, s.expanded.g, s.expanded.h, s.expanded.f) }
                        </li>
                    }) }
                </ol>
            </div>
        </section>
    }
}

/// The latest expansion, and the boards next in line.
fn latest(w: &WatchView) -> Html {
    let Some(last) = w.steps.last() else {
        return html! {};
    };
    html! {
        <>
            <div class="current">
                { mini_board(&last.expanded.board) }
                <p>
                    { format!("Expanding g = {}, h = {}, f = {}. ", last.expanded.g, last.expanded.h, last.expanded.f) }
                    { format!("Open list: {} entries; {} expanded.", last.open, last.closed) }
                    if let Some(moves) = &last.solution {
                        <strong>{ format!(" The goal: {} moves.", moves.len()) }</strong>
                    }
                </p>
            </div>
            if !last.next.is_empty() {
                <p class="note">{ "Next in line:" }</p>
                <div class="next">
                    { for last.next.iter().map(|n| html! {
                        <figure>
                            { mini_board(&n.board) }
                            <figcaption>{ format!("g {} · h {} · f {}", n.g, n.h, n.f) }</figcaption>
                        </figure>
                    }) }
                </div>
            }
        </>
    }
}

fn mini_board(board: &Board) -> Html {
    let w = board.width();
    html! {
        <div class="mini" style={format!("grid-template-columns: repeat({w}, 1fr)")} aria-label={board.to_string()}>
            { for board.tiles().iter().map(|&t| html! {
                <span class={classes!((t == 0).then_some("blank"))}>{ if t == 0 { String::new() } else { t.to_string() } }</span>
            }) }
        </div>
    }
}
