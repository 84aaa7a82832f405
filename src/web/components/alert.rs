//! The page's alert: what went wrong (a bad link, a search that found nothing), until dismissed.

use crate::play::page::Action;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AlertProps {
    pub message: Option<String>,
    pub on: Callback<Action>,
}

#[component]
pub fn AlertBanner(props: &AlertProps) -> Html {
    let Some(message) = props.message.clone() else {
        return html! {};
    };
    html! {
        <div role="alert" class="alert">
            <span>{ message }</span>
            <button class="dismiss" aria-label="Dismiss" onclick={props.on.reform(|_| Action::DismissAlert)}>{ "×" }</button>
        </div>
    }
}
