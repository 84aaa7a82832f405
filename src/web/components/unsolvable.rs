//! A board that cannot reach its goal: why, in words, and the one swap that fixes it (the two
//! tiles are marked on the board).

use crate::play::page::Action;
use crate::play::page::EditAction;
use yew::prelude::*;

pub struct UnsolvableProps<'a> {
    pub explanation: &'a str,
    /// The two tiles whose swap makes the board solvable.
    pub tiles: (u8, u8),
    pub on: Callback<Action>,
}

pub fn unsolvable(props: &UnsolvableProps) -> Html {
    let (a, b) = props.tiles;
    html! {
        <div class="alert unsolvable" role="alert">
            <p>{ props.explanation }</p>
            <p>{ format!("Swapping tiles {a} and {b} (marked on the board) makes it solvable.") }</p>
            <button class="primary" onclick={props.on.reform(|_| Action::Edit(EditAction::Fix))}>{ "Fix" }</button>
        </div>
    }
}
