//! The search in flight: what it is doing and how far it has got, live.

use super::super::browser::now_ms;
use crate::play::worker::solving::Request;
use yew::prelude::*;

pub struct SolverPanelProps<'a> {
    pub request: Option<&'a Request>,
}

pub fn solver_panel(props: &SolverPanelProps) -> Html {
    let Some(request) = props.request else {
        return html! {};
    };
    html! {
        <p class="progress" data-testid="progress" aria-live="polite">
            { request.progress_text(now_ms()) }
        </p>
    }
}
