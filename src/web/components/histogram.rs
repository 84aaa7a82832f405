//! The histogram of the counted solves' times, as a list of bars: one a bin, its range and its
//! count written beside it, so it reads the same to a screen reader and on a phone.

use crate::play::record::histogram::Bin;
use crate::play::record::solves::count;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

#[derive(PartialEq)]
pub struct HistogramProps {
    pub bins: Vec<Bin>,
    /// What the times are of: `4×4 by keys`.
    pub of: AttrValue,
}

pub fn times_histogram(props: &HistogramProps) -> Html {
    if props.bins.is_empty() {
        return html! {};
    }
    let most = props.bins.iter().map(|b| b.count).max().unwrap_or(1).max(1);
    let total: usize = props.bins.iter().map(|b| b.count).sum();
    html! {
        <figure class="histogram" data-testid="histogram">
            <figcaption>{ format!("Times of the {} counted, {}", count(total, "solve"), props.of) }</figcaption>
            <ol>
                { for props.bins.iter().map(|b| {
                    let label = b.label();
                    let share = b.count as f64 * 100.0 / most as f64;
                    html! {
                        <li data-from={decimals(b.from, 0)} data-to={decimals(b.to, 0)} data-count={b.count.to_string()}>
                            <span class="bin-label">{ label }<span class="visually-hidden">{ ":" }</span></span>
                            <span class="bar" aria-hidden="true"><span style={format!("width: {}%", decimals(share, 1))}></span></span>
                            <span class="bin-count">{ b.count }<span class="visually-hidden">{ if b.count == 1 { " solve" } else { " solves" } }</span></span>
                        </li>
                    }
                }) }
            </ol>
        </figure>
    }
}
