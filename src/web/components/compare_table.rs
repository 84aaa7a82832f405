//! Learn mode's comparison table and its chart of the work each search did.

use crate::play::learn::comparison::{Comparison, Row};
use crate::play::page::{Action, LearnAction};
use crate::puzzle::numbers::{decimals, thousands};
use yew::prelude::*;

pub struct TableProps<'a> {
    pub comparison: &'a Comparison,
    pub on: Callback<Action>,
}

/// The rows so far, each with Replay, and a line for the row running.
pub fn compare_table(props: &TableProps) -> Html {
    let c = props.comparison;
    html! {
        <>
        <p class="scroll-note">{ "The table scrolls sideways: more columns to the right." }</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="The comparison">
            <table class="compare" data-testid="compare">
                <thead><tr>
                    <th scope="col">{ "Method" }</th><th scope="col">{ "Moves" }</th><th scope="col">{ "Optimal" }</th>
                    <th scope="col">{ "Nodes expanded" }</th><th scope="col">{ "Peak memory" }</th><th scope="col">{ "Time" }</th><th scope="col"><span class="visually-hidden">{ "Replay" }</span></th>
                </tr></thead>
                <tbody>
                    { for c.rows.iter().enumerate().map(|(i, r)| {
                        let length = r.length.map_or(String::new(), |l| l.to_string());
                        html! {
                            <tr data-algorithm={r.method.algorithm.name()} data-heuristic={r.method.heuristic_name()}
                                data-length={length.clone()} data-optimal={r.optimal.to_string()} data-expanded={r.expanded.to_string()}>
                                <th scope="row">{ r.method.label() }</th>
                                <td>{ match (&r.length, &r.failure) {
                                    (Some(l), _) => l.to_string(),
                                    (None, Some(failure)) => failure.short().to_string(),
                                    (None, None) => "none".into(),
                                } }</td>
                                <td>{ match (r.length, r.optimal) {
                                    (None, _) => "not reached",
                                    (Some(_), true) => "yes",
                                    (Some(_), false) => "no",
                                } }</td>
                                <td class="num">{ thousands(r.expanded) }</td>
                                <td class="num">{ thousands(r.peak_memory) }</td>
                                <td class="num">{ format!("{} ms", decimals(r.millis, 1)) }</td>
                                <td>if r.length.is_some() {
                                    <button class="small" aria-label={format!("Replay {}", r.method.label())}
                                        onclick={props.on.reform(move |_: MouseEvent| Action::Learn(LearnAction::ReplayRow(i)))}>{ "Replay" }</button>
                                }</td>
                            </tr>
                        }
                    }) }
                    if c.running {
                        <tr class="pending"><td colspan="7">{ format!("Running {} of {}…", c.rows.len() + 1, c.total()) }</td></tr>
                    }
                </tbody>
            </table>
        </div>
        </>
    }
}

pub struct ChartProps<'a> {
    pub rows: &'a [Row],
}

/// Nodes expanded per method, as bars on a log scale (drawn by the app, no library). Each
/// method's name sits above its bar, so the chart fits a phone's width without scrolling.
pub fn chart(props: &ChartProps) -> Html {
    let rows = props.rows;
    if rows.is_empty() {
        return html! {};
    }
    // Coordinates with one decimal, written without the float formatter.
    let n = |x: f64| decimals(x, 1);
    // The value after the longest bar ("2,812,316") needs about 64 units at 12 units a letter.
    let (width, bar_w, row_h, left) = (360.0, 276.0, 32.0, 10.0);
    let max = rows.iter().map(|r| r.expanded.max(1)).max().unwrap_or(1) as f64;
    let decades = max.log10().ceil().max(1.0);
    let scale = |n: u64| (n.max(1) as f64).log10() / decades * bar_w;
    let bars_h = row_h * rows.len() as f64;
    let height = bars_h + 22.0;
    html! {
        <>
        <svg class="chart" role="img" aria-label="Nodes expanded per method, on a log scale"
            viewBox={format!("0 0 {} {}", n(width), n(height))}>
            { for (0..=decades as u32).map(|d| {
                let x = left + d as f64 / decades * bar_w;
                html! { <>
                    <line x1={n(x)} x2={n(x)} y1="14" y2={n(bars_h + 4.0)} class="grid" />
                    <text x={n(x)} y={n(height - 4.0)} class="tick">{ format!("10{}", superscript(d)) }</text>
                </> }
            }) }
            { for rows.iter().enumerate().map(|(i, r)| {
                let y = i as f64 * row_h;
                let w = scale(r.expanded).max(1.0);
                let class = if r.length.is_none() { "bar over" } else if r.optimal { "bar optimal" } else { "bar" };
                html! { <>
                    <text x={n(left)} y={n(y + 12.0)} class="label">{ r.method.label() }</text>
                    <rect x={n(left)} y={n(y + 16.0)} width={n(w)} height="12" class={class} />
                    <text x={n(left + w + 4.0)} y={n(y + 26.5)} class="value">{ thousands(r.expanded) }</text>
                </> }
            }) }
        </svg>
        <p class="note chart-key">
            <span class="key"><span class="swatch optimal"></span>{ "the shortest answer" }</span>
            <span class="key"><span class="swatch"></span>{ "an answer, maybe longer" }</span>
            <span class="key"><span class="swatch over"></span>{ "no answer within its budget" }</span>
        </p>
        </>
    }
}

fn superscript(d: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    d.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}
