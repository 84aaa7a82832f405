//! The search in flight: what it is doing and how far it has got, live.

use super::super::browser::now_ms;
use crate::play::solving::Request;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolverPanelProps {
    pub request: Option<Request>,
}

#[component]
pub fn SolverPanel(props: &SolverPanelProps) -> Html {
    let Some(request) = &props.request else {
        return html! {};
    };
    html! {
        <p class="progress" data-testid="progress" aria-live="polite">
            { request.progress_text(now_ms()) }
        </p>
    }
}
