//! The board: one button per tile, placed with CSS transforms so a move glides; taps, and swipes
//! on touch screens. `data-state` always equals what is shown. The board is one Tab stop (the
//! tiles are buttons for pointers and screen readers, out of the Tab order): a 10×10 would be 99
//! stops before Shuffle, and the arrow keys already slide tiles.

use crate::play::game::colours::{PALETTE, fringes};
use crate::play::game::input::Input;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board on show and its goal: every tile's home is read from that goal alone.
    pub position: Position,
    /// A tile to point out: the hint, or the next move of a replay.
    pub highlight: Option<u8>,
    /// Duration of a slide, shortened when a replay runs fast.
    pub slide_ms: u32,
    /// A mouse or pen passing over a tile slides it, as a click would (a finger still taps).
    #[prop_or_default]
    pub hover: bool,
    /// A tile tapped: its square, and whether by a click or a finger.
    pub on_tap: Callback<(usize, Input)>,
    pub on_swipe: Callback<Move>,
    /// A picture to cut into tiles (each shows the part at its home square).
    #[prop_or_default]
    pub picture: Option<AttrValue>,
    /// Numbers drawn on picture tiles too.
    #[prop_or(true)]
    pub numbers: bool,
    /// Tiles to mark: the swap a fix offers, or the tile picked while editing.
    #[prop_or_default]
    pub marked: Vec<u8>,
    /// Tiles coloured by the fringe that finishes them (where the goal has fringes).
    #[prop_or_default]
    pub fringes: bool,
    /// Blindfolded: plain tiles (no numbers, pictures or colours, nothing marked at home or
    /// solved), the blank still visible.
    #[prop_or_default]
    pub blind: bool,
}

/// Least finger travel, in CSS pixels, that counts as a swipe.
const SWIPE_PX: f64 = 24.0;

/// The board's swipes: where a touch began, and when the last swipe ended (the click a browser
/// fires after a swipe is not a tap) and the last touch did (the click it fires after a tap is
/// a finger's, not a mouse's).
struct Swipes {
    ontouchstart: Callback<TouchEvent>,
    ontouchend: Callback<TouchEvent>,
    swiped_at: std::rc::Rc<std::cell::RefCell<f64>>,
    touched_at: std::rc::Rc<std::cell::RefCell<f64>>,
}

/// A swipe of at least [`SWIPE_PX`] moves the tile the way the finger went.
#[hook]
fn use_swipes(on_swipe: &Callback<Move>) -> Swipes {
    let touch_start = use_mut_ref(|| None::<(f64, f64)>);
    let swiped_at = use_mut_ref(|| f64::NEG_INFINITY);
    let touched_at = use_mut_ref(|| f64::NEG_INFINITY);
    let ontouchstart = {
        let touch_start = touch_start.clone();
        Callback::from(move |e: TouchEvent| {
            if let Some(t) = e.touches().get(0) {
                *touch_start.borrow_mut() =
                    Some((f64::from(t.client_x()), f64::from(t.client_y())));
            }
        })
    };
    let ontouchend = {
        let (swiped_at, touched_at) = (swiped_at.clone(), touched_at.clone());
        let on_swipe = on_swipe.clone();
        Callback::from(move |e: TouchEvent| {
            *touched_at.borrow_mut() = js_sys::Date::now();
            let Some((x0, y0)) = touch_start.borrow_mut().take() else {
                return;
            };
            let Some(t) = e.changed_touches().get(0) else {
                return;
            };
            let (dx, dy) = (f64::from(t.client_x()) - x0, f64::from(t.client_y()) - y0);
            if dx.abs().max(dy.abs()) < SWIPE_PX {
                return; // a tap: the tile's click handles it
            }
            *swiped_at.borrow_mut() = js_sys::Date::now();
            // The tile moves the way the finger does.
            let mv = if dx.abs() > dy.abs() {
                if dx > 0.0 { Move::Right } else { Move::Left }
            } else if dy > 0.0 {
                Move::Down
            } else {
                Move::Up
            };
            on_swipe.emit(mv);
        })
    };
    Swipes {
        ontouchstart,
        ontouchend,
        swiped_at,
        touched_at,
    }
}

#[component]
pub fn BoardView(props: &BoardProps) -> Html {
    let (b, goal) = (props.position.board(), props.position.goal());
    let (w, h) = (b.width(), b.height());
    let swipes = use_swipes(&props.on_swipe);
    let (ontouchstart, ontouchend) = (swipes.ontouchstart.clone(), swipes.ontouchend.clone());
    let fringe_of = props.fringes.then(|| fringes(goal)).flatten();
    let solved = props.position.is_solved();
    let style = format!(
        "--cols:{w};--rows:{h};--slide-ms:{}ms;aspect-ratio:{w}/{h}",
        props.slide_ms
    );
    let blind = props.blind;
    let class = classes!(
        "board",
        (solved && !blind).then_some("solved"),
        blind.then_some("blind")
    );
    // Tiles in tile order, so each keeps its element and glides instead of being redrawn: where
    // each tile is, by tile.
    let mut squares = vec![0; b.len()];
    for (square, &tile) in b.tiles().iter().enumerate() {
        squares[usize::from(tile)] = square;
    }
    let tiles = squares.into_iter().enumerate().map(|(tile, square)| {
        let tile = tile as u8;
        let fringe = (fringe_of.as_ref())
            .filter(|_| props.picture.is_none() && !blind)
            .and_then(|f| f.get(usize::from(tile)))
            .map(|&f| usize::from(f) % PALETTE);
        tile_view(props, tile, square, fringe, &swipes)
    });
    html! {
        <div class={class} data-testid="board" data-state={b.to_string()} data-goal={goal.to_string()}
            data-blind={blind.then_some("true")}
            role="group" tabindex="0" aria-label={format!("Puzzle board, {w} by {h}: the arrow keys slide a tile into the gap")}
            {style} {ontouchstart} {ontouchend}>
            { for tiles }
        </div>
    }
}

/// One tile (or the blank) on `square`, placed by a transform so that a move glides; `fringe`
/// is its colour's place in the palette, when tiles are coloured by fringe.
fn tile_view(
    props: &BoardProps,
    tile: u8,
    square: usize,
    fringe: Option<usize>,
    swipes: &Swipes,
) -> Html {
    let w = props.position.width();
    let h = props.position.height();
    let (row, col) = (square / w, square % w);
    let place = format!("transform:translate({}%,{}%)", col * 100, row * 100);
    if tile == 0 {
        return html! {
            <div key={0} class="blank" data-tile="0" aria-hidden="true" style={place}></div>
        };
    }
    let blind = props.blind;
    let class = classes!(
        "tile",
        (props.position.is_home(square) && !blind).then_some("home"),
        (props.highlight == Some(tile)).then_some("highlight"),
        props.marked.contains(&tile).then_some("marked"),
        (props.picture.is_some() && !blind).then_some("picture"),
        fringe.map(|f| format!("fringe-{f}"))
    );
    let face = props.picture.as_ref().filter(|_| !blind).map(|url| {
        // The tile's home square decides which part of the picture it carries.
        let g = props.position.home_of(tile).unwrap_or(square);
        let (gr, gc) = (g / w, g % w);
        format!(
            "background-image:url(\"{}\");background-size:{}% {}%;background-position:{}% {}%",
            url.replace('"', "%22"),
            w * 100,
            h * 100,
            gc * 100 / (w - 1),
            gr * 100 / (h - 1)
        )
    });
    let number = (props.picture.is_none() || props.numbers) && !blind;
    let label = match blind {
        true => "Tile".to_string(),
        false => format!("Tile {tile}"),
    };
    let onpointerenter = props.hover.then(|| {
        let on_tap = props.on_tap.clone();
        Callback::from(move |e: PointerEvent| {
            if e.pointer_type() != "touch" {
                on_tap.emit((square, Input::Hover));
            }
        })
    });
    let onclick = {
        let on_tap = props.on_tap.clone();
        let (swiped_at, touched_at) = (swipes.swiped_at.clone(), swipes.touched_at.clone());
        Callback::from(move |_: MouseEvent| {
            let now = js_sys::Date::now();
            if now - *swiped_at.borrow() > 500.0 {
                let finger = now - *touched_at.borrow() < 800.0;
                on_tap.emit((square, if finger { Input::Touch } else { Input::Click }));
            }
        })
    };
    html! {
        <button key={u32::from(tile)} {class} data-tile={tile.to_string()} tabindex="-1"
            aria-label={label} style={place} {onclick} {onpointerenter}>
            <span aria-hidden="true" style={face}>
                if number { <span class="number">{ tile }</span> }
            </span>
        </button>
    }
}
