//! A solve by hand replayed at its pace: the figures at the step on show (the time as played,
//! moves, TPS, Manhattan distance) and a chart of the time each move took, the step marked.
//! Everything here is the model's ([`StepFigures`], [`MoveTimes`]); this only draws it.

use crate::play::link::pace::{MoveTimes, StepFigures};
use crate::play::record::solves::time_text;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

#[derive(PartialEq)]
pub struct PaceProps {
    pub figures: StepFigures,
    pub times: MoveTimes,
    /// The wait before the next step while playing (ms), for tests and the curious.
    pub delay_ms: Option<u32>,
}

pub fn pace_chart(props: &PaceProps) -> Html {
    let f = &props.figures;
    let times: Vec<String> = (props.times.times().iter())
        .map(|t| decimals(*t, 0))
        .collect();
    html! {
        <section class="pace" data-testid="pace" aria-label="Your solve's pace"
            data-times={times.join(",")} data-step={f.step.to_string()}
            data-step-delay={props.delay_ms.map(|d| d.to_string())}>
            <dl class="figures" aria-live="off">
                <div><dt>{ "Time" }</dt><dd data-testid="pace-time">{ f.time_text().unwrap_or_default() }</dd></div>
                <div><dt>{ "Moves" }</dt><dd>{ format!("{} / {}", f.step, f.moves) }</dd></div>
                <div><dt>{ "TPS" }</dt><dd>{ f.tps_text() }</dd></div>
                <div><dt>{ "Manhattan" }</dt><dd>{ f.manhattan.to_string() }</dd></div>
            </dl>
            { bars(&props.times, f.step) }
        </section>
    }
}

/// One bar a move, its height the time that move took; the last move made is marked.
fn bars(times: &MoveTimes, step: usize) -> Html {
    let gaps = times.gaps();
    let n = gaps.len().max(1) as f64;
    let tallest = gaps.iter().copied().fold(1.0, f64::max);
    let (width, height) = (300.0, 80.0);
    let w = width / n;
    let d = |x: f64| decimals(x, 1);
    let summary = match times.longest_pause() {
        Some((ms, k)) => format!(
            "Time each move took. Longest pause: {} before move {k}.",
            time_text(ms)
        ),
        None => "Time each move took.".to_string(),
    };
    html! {
        <figure class="pace-chart">
            <svg class="chart gaps" role="img" aria-label={summary.clone()}
                viewBox={format!("0 0 {} {}", d(width), d(height))} preserveAspectRatio="none">
                { for gaps.iter().enumerate().map(|(i, &g)| {
                    let h = (g / tallest * (height - 2.0)).max(1.0);
                    let class = if i + 1 == step { "bar current" } else { "bar" };
                    html! { <rect x={d(i as f64 * w)} y={d(height - h)} width={d((w * 0.8).max(0.5))} height={d(h)} {class} /> }
                }) }
            </svg>
            <figcaption class="note">{ summary }</figcaption>
        </figure>
    }
}
