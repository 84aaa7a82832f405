//! Bringing your own board: type it (validated as you type), set it tile by tile, load it from a
//! text file or save it to one; choose the goal; choose a picture for the tiles; clear what the
//! page remembers.

use crate::board::Board;
use crate::goal::Goal;
use crate::notation::parse_board;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The bundled pictures: file stem and name shown.
pub const PICTURES: [(&str, &str); 3] = [
    ("sunset", "Sunset"),
    ("mosaic", "Mosaic"),
    ("night", "Night"),
];

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The board on screen (what Save file writes).
    pub board: Board,
    pub goal: Board,
    /// The goal as chosen (a name or a custom board).
    pub goal_choice: Goal,
    pub editing: bool,
    pub picture: AttrValue,
    pub numbers: bool,
    /// A board typed or loaded, valid (solvable or not: the page explains).
    pub on_board: Callback<Board>,
    pub on_goal: Callback<Goal>,
    /// Start (`true`) or finish (`false`) setting tiles by hand.
    pub on_edit: Callback<bool>,
    pub on_picture: Callback<String>,
    /// A picture from the device, as an object URL (it never leaves the device).
    pub on_own_picture: Callback<String>,
    pub on_numbers: Callback<bool>,
    pub on_clear: Callback<()>,
}

#[component]
pub fn Editor(props: &EditorProps) -> Html {
    let draft = use_state(String::new);
    let problem = use_state(|| None::<String>);
    let custom = use_state(|| props.goal.to_string());
    // "Custom" chosen but not yet set: show the field, keep the goal in play until Set goal.
    let custom_open = use_state(|| false);

    let on_input = {
        let draft = draft.clone();
        let problem = problem.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlInputElement>().value();
            // Live validation: the core's own message, as soon as the text is wrong.
            problem.set(if text.trim().is_empty() {
                None
            } else {
                parse_board(&text).err().map(|e| e.to_string())
            });
            draft.set(text);
        })
    };
    let apply = {
        let draft = draft.clone();
        let problem = problem.clone();
        let on_board = props.on_board.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_board(&draft) {
                Ok(board) => {
                    problem.set(None);
                    on_board.emit(board);
                }
                Err(e) => problem.set(Some(e.to_string())),
            }
        })
    };
    let load = {
        let problem = problem.clone();
        let draft = draft.clone();
        let on_board = props.on_board.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let (problem, draft, on_board) = (problem.clone(), draft.clone(), on_board.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                if file.size() > 1_000_000.0 {
                    problem.set(Some(format!("{name}: the file is too large for a board.")));
                    return;
                }
                let text = JsFuture::from(file.text())
                    .await
                    .ok()
                    .and_then(|t| t.as_string());
                let Some(text) = text else {
                    problem.set(Some(format!("{name}: the file cannot be read as text.")));
                    return;
                };
                match parse_board(&text) {
                    Ok(board) => {
                        problem.set(None);
                        draft.set(board.to_string());
                        on_board.emit(board);
                    }
                    Err(e) => problem.set(Some(format!("{name}: {e}"))),
                }
            });
            input.set_value(""); // the same file can be loaded again
        })
    };
    let save = {
        let board = props.board.clone();
        Callback::from(move |_: MouseEvent| save_file(&board))
    };
    let edit = {
        let on_edit = props.on_edit.clone();
        let editing = props.editing;
        Callback::from(move |_: MouseEvent| on_edit.emit(!editing))
    };
    let on_goal_kind = {
        let on_goal = props.on_goal.clone();
        let custom_open = custom_open.clone();
        Callback::from(move |e: Event| {
            let kind = e.target_unchecked_into::<HtmlSelectElement>().value();
            custom_open.set(kind == "custom");
            match kind.as_str() {
                "blank-last" => on_goal.emit(Goal::BlankLast),
                "blank-first" => on_goal.emit(Goal::BlankFirst),
                _ => {} // the field opens; Set goal applies it
            }
        })
    };
    let on_custom_input = {
        let custom = custom.clone();
        Callback::from(move |e: InputEvent| {
            custom.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let set_custom = {
        let custom = custom.clone();
        let problem = problem.clone();
        let on_goal = props.on_goal.clone();
        let custom_open = custom_open.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_board(&custom) {
                Ok(b) => {
                    problem.set(None);
                    custom_open.set(false);
                    on_goal.emit(Goal::Custom(b));
                }
                Err(e) => problem.set(Some(format!("Custom goal: {e}"))),
            }
        })
    };
    let on_picture = {
        let cb = props.on_picture.clone();
        Callback::from(move |e: Event| {
            cb.emit(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let on_own = {
        let cb = props.on_own_picture.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0))
                && let Ok(url) = web_sys::Url::create_object_url_with_blob(&file)
            {
                cb.emit(url);
            }
        })
    };
    let on_numbers = {
        let cb = props.on_numbers.clone();
        Callback::from(move |e: Event| {
            cb.emit(e.target_unchecked_into::<HtmlInputElement>().checked())
        })
    };
    let clear = props.on_clear.reform(|_: MouseEvent| ());
    let kind = match props.goal_choice {
        _ if *custom_open => "custom",
        Goal::BlankLast => "blank-last",
        Goal::BlankFirst => "blank-first",
        Goal::Custom(_) => "custom",
    };
    let picture = props.picture.to_string();

    html! {
        <details class="panel editor">
            <summary>{ "Your board, goal and picture" }</summary>
            <form class="row" onsubmit={apply}>
                <span class="field grow">
                    <label for="board-text">{ "Board" }</label>
                    <input id="board-text" type="text" spellcheck="false" autocomplete="off"
                        placeholder="8 6 7/2 5 4/3 0 1" value={(*draft).clone()} oninput={on_input} />
                </span>
                <button type="submit">{ "Apply" }</button>
            </form>
            if let Some(p) = (*problem).clone() {
                <p class="error" role="alert">{ p }</p>
            }
            <div class="row">
                <button onclick={edit} aria-pressed={props.editing.to_string()}>
                    { if props.editing { "Done" } else { "Edit tiles" } }
                </button>
                <span class="field">
                    <label for="load-file">{ "Load file" }</label>
                    <input id="load-file" type="file" accept=".txt,text/plain" onchange={load} />
                </span>
                <button onclick={save}>{ "Save file" }</button>
            </div>
            if props.editing {
                <p class="note">{ "Click two tiles to swap them; Done starts the game." }</p>
            }
            <div class="row">
                <span class="field">
                    <label for="goal">{ "Goal" }</label>
                    <select id="goal" onchange={on_goal_kind}>
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
                        <input id="custom-goal" type="text" spellcheck="false" value={(*custom).clone()} oninput={on_custom_input} />
                    </span>
                    <button type="submit">{ "Set goal" }</button>
                </form>
            }
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
                <label class="check">
                    <input type="checkbox" checked={props.numbers} onchange={on_numbers} />
                    { "Show numbers" }
                </label>
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
            <div class="row">
                <button onclick={clear}>{ "Clear" }</button>
                <span class="note">{ "Forget the saved size, goal, picture and best results." }</span>
            </div>
        </details>
    }
}

/// Offers the board as a text file (the seed layout for square boards).
fn save_file(board: &Board) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&board.to_file_text().into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(&format!("slide-{}x{}.txt", board.width(), board.height()));
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
