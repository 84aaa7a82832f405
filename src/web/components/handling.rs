//! How you move tiles and how they look, folded away: click or hover, the arrow keys' sense, how
//! a move looks, the four move keys, and the tiles' colour scheme. Each is a plain `<select>`,
//! or for a key a field that takes the key pressed in it, with its label, kept between visits.

use super::Fold;
use crate::play::game::moving::{Animation, ArrowKeys, MoveKeys, Named, Pointer, shown_key};
use crate::play::game::schemes::ColourScheme;
use crate::play::page::{Action, Panel, PrefsAction};
use crate::puzzle::moves::Move;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(PartialEq)]
pub struct HandlingProps {
    pub pointer: Pointer,
    pub arrow_keys: ArrowKeys,
    pub animation: Animation,
    pub scheme: ColourScheme,
    pub keys: MoveKeys,
    /// Why the last key offered was refused.
    pub key_refused: Option<String>,
    /// Whether the scheme's colours show: `None` where it colours nothing on this goal, `false`
    /// where a picture covers them.
    pub colours_shown: Option<bool>,
    pub on: Callback<Action>,
}

pub const HANDLING: Fold = Fold {
    panel: Panel::Handling,
    class: "panel handling",
    summary: "Controls, colours and animation",
};

/// The panel's contents (see [`HANDLING`]).
pub fn handling(props: &HandlingProps) -> Html {
    html! {
        <>
            { picker("pointer", "Controls", props.pointer, &props.on, PrefsAction::Pointer) }
            <p class="note">{ "Hover: a tile slides as the pointer passes over it, no click needed, as speedsolvers play. Keys and swipes work either way." }</p>
            { picker("arrow-keys", "Arrow keys move", props.arrow_keys, &props.on, PrefsAction::ArrowKeys) }
            <p class="note">{ match props.arrow_keys {
                ArrowKeys::Tile => "Tile: ← slides the tile right of the gap to the left.",
                ArrowKeys::Blank => "Blank: ← moves the gap left (the tile left of it slides right).",
            } }</p>
            <div class="keys">
                { for Move::ALL.into_iter().zip(["up", "down", "left", "right"]).map(|(way, word)| {
                    key_field(way, word, props.keys.key(way), &props.on)
                }) }
            </div>
            if let Some(why) = &props.key_refused {
                <p class="note" role="alert">{ why.clone() }</p>
            }
            { picker("animation", "Animation", props.animation, &props.on, PrefsAction::Animation) }
            <p class="note">{ "Instant: tiles jump, as speedsolvers time. Your device's reduced-motion setting always turns the glide off." }</p>
            { picker("tile-colours", "Tile colours", props.scheme, &props.on, PrefsAction::Colours) }
            <p class="note">{ match props.colours_shown {
                Some(false) => "The colours show on numbered tiles: choose Numbers only under Your board, goal and picture.",
                None if props.scheme != ColourScheme::default() => "This scheme has no order for this goal: the tiles stay plain.",
                _ => props.scheme.about(),
            } }</p>
        </>
    }
}

/// A labelled `<select>` of every choice of `T`, `chosen` selected.
fn picker<T: Named + PartialEq>(
    id: &'static str,
    label: &'static str,
    chosen: T,
    on: &Callback<Action>,
    action: fn(T) -> PrefsAction,
) -> Html {
    let onchange = on.reform(move |e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::Prefs(action(T::parse(&value).unwrap_or(chosen)))
    });
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <select {id} {onchange}>
                { for T::ALL.iter().map(|&c| html! {
                    <option value={c.name()} selected={c == chosen}>{ c.label() }</option>
                }) }
            </select>
        </div>
    }
}

/// A field that takes the key pressed in it (Tab still moves on) as the key that moves `way`.
fn key_field(way: Move, word: &'static str, key: &str, on: &Callback<Action>) -> Html {
    let on = on.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        let key = e.key();
        if key == "Tab" || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        e.prevent_default();
        on.emit(Action::Prefs(PrefsAction::BindKey(way, key)));
    });
    let id = format!("key-{word}");
    html! {
        <span class="field">
            <label for={id.clone()}>{ format!("Move {word} key") }</label>
            <input {id} readonly=true value={shown_key(key)} {onkeydown} />
        </span>
    }
}
