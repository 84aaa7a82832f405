//! Components in a real browser (headless Chromium through wasm-bindgen-test-runner): the board
//! renders what the game holds, a click slides the right tile, undo and redo, replay steps.
//! `make test-wasm` runs them; natively this file is empty.

#![cfg(target_arch = "wasm32")]

use slide::play::game::input::Input;
use slide::play::link::pace::Pace;
use slide::play::page::{Action, Calendar, Page, PlayAction, Remembered};
use slide::puzzle::notation::parse_board;
use slide::puzzle::random::Rng;
use slide::web::components::board_view::BoardView;
use slide::web::components::replay::{ReplayProps, replay_panel};
use slide::web::components::replay_bar::ReplayBar;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Properties, PartialEq)]
struct HarnessProps {
    start: String,
    #[prop_or_default]
    solution: Option<String>,
}

/// The board and the replay panel wired to the page's model, as the app wires them.
#[component]
fn Harness(props: &HarnessProps) -> Html {
    let page = use_mut_ref(|| {
        let board = parse_board(&props.start).unwrap();
        let mut query = format!("?board={}", board.to_link_notation());
        if let Some(moves) = &props.solution {
            query.push_str(&format!("&moves={moves}&step=0"));
        }
        Page::open(
            &query,
            "",
            Remembered::default(),
            Calendar::at(0.0, 0),
            Rng::seeded(1),
        )
    });
    let redraw = use_force_update();
    let act = {
        let page = page.clone();
        Callback::from(move |a: Action| {
            page.borrow_mut().reduce(a, 0.0);
            redraw.force_update();
        })
    };
    let p = page.borrow();
    let g = p.game();
    html! {
        <>
            <BoardView position={p.shown().clone()} highlight={None::<u8>} slide_ms={0}
                on_tap={act.reform(|(s, input)| Action::Play(PlayAction::Tap(s, input)))} on_swipe={act.reform(|m| Action::Play(PlayAction::Slide(m, Input::Touch)))} />
            <button id="undo" onclick={act.reform(|_| Action::Play(PlayAction::Undo))}>{ "Undo" }</button>
            <button id="redo" onclick={act.reform(|_| Action::Play(PlayAction::Redo))}>{ "Redo" }</button>
            <span id="moves">{ g.moves_made() }</span>
            if let (Some(r), Some(step), Some(summary)) = (g.replay(), g.replay_step(), p.playing().summary().cloned()) {
                <ReplayBar summary={summary.clone()} moves={r.moves.clone()} step={step} playing={false}
                    on={act.clone()} />
                { replay_panel(&ReplayProps { summary: &summary, moves: &r.moves, step, speed: 4,
                    pace: Pace::Steady(4), timed: false, on: act.clone() }) }
            }
        </>
    }
}

async fn mount(props: HarnessProps) -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<Harness>::with_root_and_props(root.clone(), props).render();
    settle().await;
    root
}

/// Lets Yew render what was dispatched.
async fn settle() {
    gloo_timers::future::TimeoutFuture::new(0).await;
    gloo_timers::future::TimeoutFuture::new(0).await;
}

fn find(root: &Element, selector: &str) -> HtmlElement {
    root.query_selector(selector)
        .unwrap()
        .unwrap()
        .unchecked_into()
}

fn state(root: &Element) -> String {
    find(root, "[data-testid=board]")
        .get_attribute("data-state")
        .unwrap()
}

#[wasm_bindgen_test]
async fn the_board_renders_every_tile_and_its_state() {
    let root = mount(HarnessProps {
        start: "8 6 7/2 5 4/3 0 1".into(),
        solution: None,
    })
    .await;
    assert_eq!(state(&root), "8 6 7/2 5 4/3 0 1");
    assert_eq!(
        find(&root, "[data-testid=board]")
            .get_attribute("data-goal")
            .unwrap(),
        "1 2 3/4 5 6/7 8 0"
    );
    assert_eq!(
        root.query_selector_all("button[data-tile]")
            .unwrap()
            .length(),
        8
    );
    assert_eq!(find(&root, "[data-tile='0']").tag_name(), "DIV");
    assert_eq!(
        find(&root, "[data-tile='5']")
            .get_attribute("aria-label")
            .unwrap(),
        "Tile 5"
    );
}

#[wasm_bindgen_test]
async fn a_click_slides_the_tile_that_was_clicked() {
    let root = mount(HarnessProps {
        start: "1 2 3/4 0 5/7 8 6".into(),
        solution: None,
    })
    .await;
    find(&root, "[data-tile='5']").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 0/7 8 6");
    find(&root, "[data-tile='1']").click(); // not in line with the blank
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 0/7 8 6");
    assert_eq!(find(&root, "#moves").text_content().unwrap(), "1");
}

#[wasm_bindgen_test]
async fn undo_and_redo_move_the_tiles_back_and_forth() {
    let root = mount(HarnessProps {
        start: "1 2 3/4 0 5/7 8 6".into(),
        solution: None,
    })
    .await;
    find(&root, "[data-tile='5']").click();
    settle().await;
    find(&root, "[data-tile='6']").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 6/7 8 0");
    find(&root, "#undo").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 0/7 8 6");
    find(&root, "#redo").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 6/7 8 0");
}

#[wasm_bindgen_test]
async fn replay_steps_move_one_tile_each_way() {
    let root = mount(HarnessProps {
        start: "1 2 3/4 5 6/0 7 8".into(),
        solution: Some("LL".into()),
    })
    .await;
    let panel = || find(&root, "[data-testid=solution]");
    assert_eq!(panel().get_attribute("data-step").unwrap(), "0");
    assert_eq!(panel().get_attribute("data-moves").unwrap(), "LL");
    assert_eq!(panel().get_attribute("data-length").unwrap(), "2");
    find(&root, "button[aria-label='Step forward']").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 6/7 0 8");
    assert_eq!(panel().get_attribute("data-step").unwrap(), "1");
    assert_eq!(
        find(&root, ".move-list li.current").text_content().unwrap(),
        "L"
    );
    find(&root, "button[aria-label='Step back']").click();
    settle().await;
    assert_eq!(state(&root), "1 2 3/4 5 6/0 7 8");
    assert_eq!(panel().get_attribute("data-step").unwrap(), "0");
}
