//! After a solve by hand: the analysis against the optimum. A chart of the distance left after
//! each move against the shortest way (one less a move), and the moves that went away from the
//! goal, each a button that replays the solve from just before it.

use crate::play::page::{Action, Analysing, AnalysisAction, AnalysisState, away_text};
use crate::puzzle::numbers::decimals;
use crate::solver::analysis::Analysed;
use yew::prelude::*;

#[derive(PartialEq)]
pub struct AnalysisProps {
    pub analysing: Analysing,
    pub on: Callback<Action>,
}

pub fn analysis_panel(props: &AnalysisProps) -> Html {
    let a = &props.analysing;
    let Some(state) = a.state() else {
        return html! {};
    };
    let on = &props.on;
    let (data_state, distances, away) = match state {
        AnalysisState::Running { .. } => ("running", None, None),
        AnalysisState::Done(d) => {
            let list: Vec<String> = d.distances.iter().map(u32::to_string).collect();
            ("done", Some(list.join(",")), Some(d.away.len().to_string()))
        }
        // The contract has three states: one cancelled or failed is unavailable for now, and its
        // words say why and offer to run it again.
        AnalysisState::Unavailable { .. }
        | AnalysisState::Cancelled { .. }
        | AnalysisState::Failed { .. } => ("unavailable", None, None),
    };
    html! {
        <section class="analysis" data-testid="analysis" data-state={data_state}
            data-distances={distances} data-away={away} aria-labelledby="analysis-title">
            <h2 id="analysis-title">{ "Your moves against the shortest" }</h2>
            if a.assisted() {
                <p class="note">{ "You had help on this solve (a hint or the solution shown), so some of these moves were the solver's." }</p>
            }
            { match state {
                AnalysisState::Running { .. } => html! {
                    <div class="row">
                        <p role="status">{ a.summary() }</p>
                        <button class="cancel" onclick={on.reform(|_| Action::Analysis(AnalysisAction::Cancel))}>{ "Cancel" }</button>
                    </div>
                },
                AnalysisState::Done(d) => html! {
                    <>
                        <p>{ a.summary() }</p>
                        { distance_chart(d) }
                        { away_moves(d, on) }
                    </>
                },
                AnalysisState::Unavailable { .. } => html! { <p>{ a.summary() }</p> },
                AnalysisState::Cancelled { .. } | AnalysisState::Failed { .. } => html! {
                    <div class="row">
                        <p role="status">{ a.summary() }</p>
                        <button onclick={on.reform(|_| Action::Analysis(AnalysisAction::Again))}>{ "Analyse again" }</button>
                    </div>
                },
            } }
        </section>
    }
}

/// The distance left after each move (a line), the shortest way (dashed: one less a move from
/// the start's distance to 0), and a dot on each move that went away. Drawn by the app, sized
/// by its viewBox to the width it is given, so it never scrolls sideways on a phone.
fn distance_chart(analysed: &Analysed) -> Html {
    let d = &analysed.distances;
    let (Some(&first), Some(&most)) = (d.first(), d.iter().max()) else {
        return html! {};
    };
    let moves = d.len().saturating_sub(1).max(1) as f64;
    let top = f64::from(most.max(1));
    let (width, height, left, right, up, down) = (360.0, 170.0, 30.0, 10.0, 10.0, 34.0);
    let (plot_w, plot_h) = (width - left - right, height - up - down);
    let x = |k: f64| left + k / moves * plot_w;
    let y = |v: f64| up + (1.0 - v / top) * plot_h;
    let n = |v: f64| decimals(v, 1);
    let yours: Vec<String> = (d.iter().enumerate())
        .map(|(k, &v)| format!("{},{}", n(x(k as f64)), n(y(f64::from(v)))))
        .collect();
    let label = format!(
        "Distance to the goal after each of your {} moves: {first} at the start, at most {most}, 0 at the end. The shortest way falls by one a move, to 0 after move {first}. {} went away from the goal.",
        d.len() - 1,
        crate::play::record::solves::count(analysed.away.len(), "move"),
    );
    let base = y(0.0);
    html! {
        <>
        <svg class="chart distance-chart" role="img" aria-label={label}
            viewBox={format!("0 0 {} {}", n(width), n(height))}>
            <line class="grid" x1={n(left)} x2={n(width - right)} y1={n(base)} y2={n(base)} />
            <line class="grid" x1={n(left)} x2={n(width - right)} y1={n(y(top))} y2={n(y(top))} />
            <line class="grid" x1={n(left)} x2={n(left)} y1={n(up)} y2={n(base)} />
            <text class="tick" x={n(left - 6.0)} y={n(base + 4.0)} text-anchor="end">{ "0" }</text>
            <text class="tick" x={n(left - 6.0)} y={n(y(top) + 4.0)} text-anchor="end">{ most.to_string() }</text>
            // The start's distance too, where it has room between the two.
            if first < most && f64::from(first) > top * 0.15 && f64::from(most - first) > top * 0.15 {
                <text class="tick" x={n(left - 6.0)} y={n(y(f64::from(first)) + 4.0)} text-anchor="end">{ first.to_string() }</text>
            }
            <text class="tick" x={n(x(0.0))} y={n(base + 15.0)}>{ "0" }</text>
            <text class="tick" x={n(x(moves))} y={n(base + 15.0)}>{ (d.len() - 1).to_string() }</text>
            <text class="tick" x={n(left + plot_w / 2.0)} y={n(height - 3.0)}>{ "moves made" }</text>
            <line class="ideal" x1={n(x(0.0))} y1={n(y(f64::from(first)))} x2={n(x(f64::from(first)))} y2={n(base)} />
            <polyline class="yours" points={yours.join(" ")} />
            { for analysed.away.iter().map(|a| {
                let v = d.get(a.number).copied().unwrap_or(0);
                html! { <circle class="away-dot" cx={n(x(a.number as f64))} cy={n(y(f64::from(v)))} r="3" /> }
            }) }
        </svg>
        <p class="note chart-key">
            <span class="key"><span class="swatch yours"></span>{ "your distance to the goal" }</span>
            <span class="key"><span class="swatch ideal"></span>{ "the shortest way" }</span>
            <span class="key"><span class="swatch away"></span>{ "a move away" }</span>
        </p>
        </>
    }
}

/// The moves that went away, each a button: the replay of the solve, just before it.
fn away_moves(analysed: &Analysed, on: &Callback<Action>) -> Html {
    let away = &analysed.away;
    if away.is_empty() {
        return html! {};
    }
    html! {
        <>
            <h3 class="away-title" id="away-title">{ "Moves that went away: choose one to replay your solve from just before it" }</h3>
            <ol class="away-moves" aria-labelledby="away-title">
                { for away.iter().map(|a| {
                    let number = a.number;
                    html! {
                        <li><button class="small" data-away-move={number.to_string()}
                            onclick={on.reform(move |_| Action::Analysis(AnalysisAction::Show(number)))}>
                            { away_text(a) }
                        </button></li>
                    }
                }) }
            </ol>
        </>
    }
}
