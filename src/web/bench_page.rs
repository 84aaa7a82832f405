//! The benchmark page (`bench/`): Korf's puzzles solved in the browser's worker, with the
//! figures `slide bench` prints natively. A page of its own, so the game's page does not carry it;
//! it uses the game's worker, one folder up.

use super::components::bench::BenchPanel;
use yew::prelude::*;

#[component]
pub fn BenchPage() -> Html {
    html! {
        <div class="page bench-page">
            <header class="top">
                <h1>{ "Slide benchmark" }</h1>
                <a href="../">{ "Back to the game" }</a>
            </header>
            <BenchPanel />
        </div>
    }
}
