//! Bringing your own board: type it (checked as you type), set it tile by tile, load it from a
//! text file or save it to one; choose the goal; choose a picture for the tiles; clear what the
//! page remembers. The panel's state is the model's ([`Editor`](EditorState)); files are read here.

use super::{Fold, changed, click, submitted, toggled};
use crate::play::page::EditAction;
use crate::play::page::{Action, Panel, PrefsAction};
use crate::play::page::{Editor as EditorState, MAX_FILE_BYTES};
use crate::puzzle::goal::Goal;
use crate::web::browser::read_chosen_file;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The bundled pictures: file stem and name shown.
pub const PICTURES: [(&str, &str); 3] = [
    ("sunset", "Sunset"),
    ("mosaic", "Mosaic"),
    ("night", "Night"),
];

pub struct EditorProps<'a> {
    pub editor: &'a EditorState,
    /// The board on show, which the Board field shows until the player types.
    pub shown: &'a crate::puzzle::board::Board,
    /// The goal in play, by name where it has one.
    pub goal_choice: Goal,
    pub picture: &'a str,
    pub numbers: bool,
    pub on: Callback<Action>,
}

pub const EDITOR: Fold = Fold {
    panel: Panel::Editor,
    class: "panel editor",
    summary: "Your board, goal and picture",
};

/// The panel's contents (see [`EDITOR`]).
pub fn editor(props: &EditorProps) -> Html {
    let e = props.editor;
    let on = &props.on;
    let on_input = changed(on, |text| Action::Edit(EditAction::BoardText(text)));
    let apply = submitted(on, Action::Edit(EditAction::ApplyBoard));
    let editing = e.editing().is_some();
    html! {
        <>
            <form class="row" onsubmit={apply}>
                <span class="field grow">
                    <label for="board-text">{ "Board" }</label>
                    <input id="board-text" type="text" spellcheck="false" autocomplete="off"
                        value={e.text(props.shown)} oninput={on_input} />
                </span>
                <button type="submit">{ "Apply" }</button>
            </form>
            if let Some(p) = e.problem().map(str::to_string) {
                <p class="error" role="alert">{ p }</p>
            }
            <div class="row">
                <button onclick={click(on, Action::Edit(EditAction::EditTiles(!editing)))} aria-pressed={editing.to_string()}>
                    { if editing { "Done" } else { "Edit tiles" } }
                </button>
                <span class="field">
                    <label for="load-file">{ "Load file" }</label>
                    <input id="load-file" type="file" accept=".txt,text/plain" onchange={load(on)} />
                </span>
                <button onclick={click(on, Action::Edit(EditAction::SaveFile))}>{ "Save file" }</button>
            </div>
            if editing {
                <p class="note">{ "Click two tiles to swap them; Done starts the game." }</p>
            }
            { goal_picker(props) }
            { picture_picker(props) }
            <div class="row">
                <button onclick={click(on, Action::Prefs(PrefsAction::ClearSettings))}>{ "Clear" }</button>
                <span class="note">{ "Forget the saved size, goal, picture, colours and best results (your solves stay; clear them under Your solves)." }</span>
            </div>
        </>
    }
}

/// Reads the chosen board file and hands its text (or why not) to the model.
fn load(on: &Callback<Action>) -> Callback<Event> {
    let on = on.clone();
    Callback::from(move |e: Event| {
        let on = on.clone();
        read_chosen_file(e, MAX_FILE_BYTES, move |name, contents| {
            on.emit(Action::Edit(EditAction::FileLoaded { name, contents }))
        });
    })
}

/// Blank last, blank first, or a custom goal (its field opens until Set goal).
fn goal_picker(props: &EditorProps) -> Html {
    let on = &props.on;
    let on_kind = changed(on, |kind| {
        Action::Edit(EditAction::GoalKind(match kind.as_str() {
            "blank-last" => Some(Goal::BlankLast),
            "blank-first" => Some(Goal::BlankFirst),
            _ => None,
        }))
    });
    let on_custom = changed(on, |text| Action::Edit(EditAction::CustomGoalText(text)));
    let set_custom = submitted(on, Action::Edit(EditAction::SetCustomGoal));
    let kind = match props.goal_choice {
        _ if props.editor.custom_open() => "custom",
        Goal::BlankLast => "blank-last",
        Goal::BlankFirst => "blank-first",
        Goal::Custom(_) => "custom",
    };
    html! {
        <>
            <div class="row">
                <span class="field">
                    <label for="goal">{ "Goal" }</label>
                    <select id="goal" onchange={on_kind}>
                        <option value="blank-last" selected={kind == "blank-last"}>{ "Blank last" }</option>
                        <option value="blank-first" selected={kind == "blank-first"}>{ "Blank first" }</option>
                        <option value="custom" selected={kind == "custom"}>{ "Custom" }</option>
                    </select>
                </span>
            </div>
            if kind == "custom" {
                <form class="row" onsubmit={set_custom}>
                    <span class="field grow">
                        <label for="custom-goal">{ "Custom goal" }</label>
                        <input id="custom-goal" type="text" spellcheck="false"
                            value={props.editor.custom_goal().to_string()} oninput={on_custom} />
                    </span>
                    <button type="submit">{ "Set goal" }</button>
                </form>
            }
        </>
    }
}

/// A bundled picture, your own, or numbers only; numbers over pictures on or off.
fn picture_picker(props: &EditorProps) -> Html {
    let on = &props.on;
    let on_picture = changed(on, |name| Action::Prefs(PrefsAction::Picture(name)));
    let on_own = {
        let on = on.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0))
                && let Ok(url) = web_sys::Url::create_object_url_with_blob(&file)
            {
                on.emit(Action::Prefs(PrefsAction::OwnPicture(url)));
            }
        })
    };
    let on_numbers = toggled(on, |checked| Action::Prefs(PrefsAction::Numbers(checked)));
    let picture = props.picture;
    html! {
        <>
            <div class="row">
                <span class="field">
                    <label for="picture">{ "Picture" }</label>
                    <select id="picture" onchange={on_picture}>
                        <option value="none" selected={picture == "none"}>{ "Numbers only" }</option>
                        { for PICTURES.iter().map(|(stem, name)| html! {
                            <option value={*stem} selected={picture == *stem}>{ *name }</option>
                        }) }
                        <option value="own" selected={picture == "own"}>{ "Your own picture" }</option>
                    </select>
                </span>
                if picture != "none" {
                    <label class="check">
                        <input type="checkbox" checked={props.numbers} onchange={on_numbers} />
                        { "Show numbers" }
                    </label>
                }
            </div>
            if picture == "own" {
                <div class="row">
                    <span class="field">
                        <label for="own-picture">{ "Picture file" }</label>
                        <input id="own-picture" type="file" accept="image/*" onchange={on_own} />
                    </span>
                    <span class="note">{ "It stays on your device." }</span>
                </div>
            }
        </>
    }
}
