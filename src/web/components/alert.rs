//! The page's alert: what went wrong (a bad link, a search that found nothing), until dismissed.

use super::click;
use crate::play::page::Action;
use yew::prelude::*;

pub struct AlertProps<'a> {
    pub message: Option<&'a str>,
    pub on: Callback<Action>,
}

pub fn alert_banner(props: &AlertProps) -> Html {
    let Some(message) = props.message else {
        return html! {};
    };
    html! {
        <div role="alert" class="alert">
            <span>{ message }</span>
            <button class="dismiss" aria-label="Dismiss" onclick={click(&props.on, Action::DismissAlert)}>{ "×" }</button>
        </div>
    }
}
