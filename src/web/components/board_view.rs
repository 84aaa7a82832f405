//! The board: one button per tile, placed with CSS transforms so a move glides; taps, hover, and
//! swipes on touch screens, each with its input's own time. `data-state` always equals what is
//! shown. The board is one Tab stop (the tiles are buttons for pointers and screen readers, out
//! of the Tab order): a 10×10 would be 99 stops before Shuffle, and the arrow keys already slide
//! tiles.

use crate::play::game::hover::{Path, Point};
use crate::play::game::input::Input;
use crate::play::game::schemes::{COLOURS, ColourScheme};
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::wasm_bindgen;
use yew::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A pointer event read as the browser has it: fractions of a pixel included (web-sys
    /// reads `clientX` and `clientY` as whole pixels).
    type Exact;
    #[wasm_bindgen(method, getter = clientX)]
    fn x(this: &Exact) -> f64;
    #[wasm_bindgen(method, getter = clientY)]
    fn y(this: &Exact) -> f64;
}

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
    /// A tile tapped: its square, how (a click, a finger, the pointer passing over it), and when
    /// (the input's `timeStamp`, `performance.now()` time).
    pub on_tap: Callback<(usize, Input, f64)>,
    /// A swipe, and when it ended.
    pub on_swipe: Callback<(Move, f64)>,
    /// A picture to cut into tiles (each shows the part at its home square).
    #[prop_or_default]
    pub picture: Option<AttrValue>,
    /// Numbers drawn on picture tiles too.
    #[prop_or(true)]
    pub numbers: bool,
    /// Tiles to mark: the swap a fix offers, or the tile picked while editing.
    #[prop_or_default]
    pub marked: Vec<u8>,
    /// The colour scheme: each tile coloured by its group (`data-group` on every tile).
    #[prop_or_default]
    pub scheme: ColourScheme,
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
fn use_swipes(on_swipe: &Callback<(Move, f64)>) -> Swipes {
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
            on_swipe.emit((mv, e.time_stamp()));
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
    crate::web::render_counts::count("board");
    let (b, goal) = (props.position.board(), props.position.goal());
    let (w, h) = (b.width(), b.height());
    let swipes = use_swipes(&props.on_swipe);
    let hover = use_hover(props.hover.then_some(&props.on_tap), (w, h));
    let (ontouchstart, ontouchend) = (swipes.ontouchstart.clone(), swipes.ontouchend.clone());
    let groups = props.scheme.groups(goal);
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
    let mut square_of = vec![0; b.len()];
    for (square, &tile) in b.tiles().iter().enumerate() {
        if let Some(s) = square_of.get_mut(usize::from(tile)) {
            *s = square;
        }
    }
    let onclick = taps(&props.on_tap, &swipes, square_of.clone());
    let tiles = square_of.into_iter().enumerate().map(|(tile, square)| {
        let tile = tile as u8;
        let group = groups
            .as_ref()
            .and_then(|g| g.get(usize::from(tile)).copied());
        let coloured = props.picture.is_none() && !blind;
        let (w, blind) = (props.position.width(), props.blind);
        let tile_props = TileProps {
            tile,
            square,
            size: (w, props.position.height()),
            home: props.position.is_home(square) && !blind,
            highlight: props.highlight == Some(tile),
            marked: props.marked.contains(&tile),
            picture: props.picture.clone().filter(|_| !blind),
            picture_square: props.position.home_of(tile).unwrap_or(square),
            number: (props.picture.is_none() || props.numbers) && !blind,
            blind,
            group: group.unwrap_or(0),
            colour: group.filter(|_| coloured).map(|g| usize::from(g) % COLOURS),
        };
        html! { <Tile key={u32::from(tile)} ..tile_props /> }
    });
    html! {
        <div class={class} data-testid="board" data-state={b.to_string()} data-goal={goal.to_string()}
            data-blind={blind.then_some("true")}
            role="group" tabindex="0" aria-label={format!("Puzzle board, {w} by {h}: the arrow keys slide a tile into the gap")}
            {style} {onclick} {ontouchstart} {ontouchend} ref={hover.board}
            onpointermove={hover.onpointermove} onpointerleave={hover.onpointerleave}>
            { for tiles }
        </div>
    }
}

/// A click on a tile (one listener for the board, not one a tile): the tile's square, `square_of`
/// a tile's square on the board drawn, and whether a mouse or a finger clicked. The click a
/// browser fires after a swipe is not a tap.
fn taps(
    on_tap: &Callback<(usize, Input, f64)>,
    swipes: &Swipes,
    square_of: Vec<usize>,
) -> Callback<MouseEvent> {
    let on_tap = on_tap.clone();
    let (swiped_at, touched_at) = (swipes.swiped_at.clone(), swipes.touched_at.clone());
    Callback::from(move |e: MouseEvent| {
        let tile = (e.target())
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("button[data-tile]").ok().flatten())
            .and_then(|t| t.get_attribute("data-tile"))
            .and_then(|t| t.parse::<usize>().ok());
        let Some(&square) = tile.and_then(|t| square_of.get(t)) else {
            return;
        };
        let now = js_sys::Date::now();
        if now - *swiped_at.borrow() > 500.0 {
            let finger = now - *touched_at.borrow() < 800.0;
            let input = if finger { Input::Touch } else { Input::Click };
            on_tap.emit((square, input, e.time_stamp()));
        }
    })
}

/// Hover: the board's element, and its pointer listeners (none unless hover is on).
struct Hover {
    board: NodeRef,
    onpointermove: Option<Callback<PointerEvent>>,
    onpointerleave: Option<Callback<PointerEvent>>,
}

/// Hover from the pointer's path: every point the browser saw since the last event (its
/// coalesced events, several a frame when the pointer is fast) is placed on the board's squares,
/// and each square the path enters taps the tile the game has there at that moment, at the
/// time the pointer entered it. A mouse button or a modifier key held pauses hover, so the
/// pointer can be placed; a finger never hovers.
#[hook]
fn use_hover(on_tap: Option<&Callback<(usize, Input, f64)>>, size: (usize, usize)) -> Hover {
    let board = use_node_ref();
    let path = use_mut_ref(|| Path::new(size.0, size.1));
    let onpointermove = on_tap.map(|on_tap| {
        let (board, path, on_tap) = (board.clone(), path.clone(), on_tap.clone());
        Callback::from(move |e: PointerEvent| hover(&e, &board, &path, size, &on_tap))
    });
    let onpointerleave = on_tap.map(|_| {
        let path = path.clone();
        Callback::from(move |_: PointerEvent| path.borrow_mut().lift())
    });
    Hover {
        board,
        onpointermove,
        onpointerleave,
    }
}

fn hover(
    e: &PointerEvent,
    board: &NodeRef,
    path: &Rc<RefCell<Path>>,
    (w, h): (usize, usize),
    on_tap: &Callback<(usize, Input, f64)>,
) {
    if e.pointer_type() == "touch" {
        return;
    }
    let Some(grid) = board
        .cast::<web_sys::Element>()
        .and_then(|b| Grid::of(&b, w, h))
    else {
        return;
    };
    let mut path = path.borrow_mut();
    if path.size() != (w, h) {
        *path = Path::new(w, h);
    }
    let paused = e.buttons() != 0 || e.shift_key() || e.ctrl_key() || e.alt_key() || e.meta_key();
    let coalesced = e.get_coalesced_events();
    let count = coalesced.length();
    for i in 0..count.max(1) {
        let point = match count {
            0 => grid.point(e),
            _ => grid.point(&coalesced.get(i).unchecked_into()),
        };
        if paused {
            path.rest(point);
            continue;
        }
        for (square, at_ms) in path.to(point) {
            on_tap.emit((square, Input::Hover, at_ms));
        }
    }
}

/// Where the board's squares are on screen: inside its padding, split evenly.
struct Grid {
    left: f64,
    top: f64,
    square_w: f64,
    square_h: f64,
}

impl Grid {
    /// The board's squares, from where a tile's box stands before its transform: its offset is
    /// the board's padding, the same on every side (the board has no border). Each call to the
    /// browser costs the page's script its own few bytes: these are the fewest that read it.
    fn of(board: &web_sys::Element, w: usize, h: usize) -> Option<Grid> {
        let rect = board.get_bounding_client_rect();
        let tile: web_sys::HtmlElement = board.last_child()?.unchecked_into();
        let pad = f64::from(tile.offset_left());
        let grid = Grid {
            left: rect.left() + pad,
            top: rect.top() + pad,
            square_w: (rect.width() - 2.0 * pad) / w as f64,
            square_h: (rect.height() - 2.0 * pad) / h as f64,
        };
        (grid.square_w > 0.0 && grid.square_h > 0.0).then_some(grid)
    }

    /// A pointer's point on the board, in squares, at its own time.
    fn point(&self, p: &PointerEvent) -> Point {
        Point {
            x: (p.unchecked_ref::<Exact>().x() - self.left) / self.square_w,
            y: (p.unchecked_ref::<Exact>().y() - self.top) / self.square_h,
            at_ms: p.time_stamp(),
        }
    }
}

/// What one tile shows: compared before it is drawn, so a move draws again only the tiles it
/// moved (or whose marks changed), not every tile of the board.
#[derive(Properties, PartialEq, Clone)]
struct TileProps {
    tile: u8,
    /// Where it stands.
    square: usize,
    /// The board's width and height.
    size: (usize, usize),
    /// On its home square (never shown blindfolded).
    home: bool,
    highlight: bool,
    marked: bool,
    /// The picture it carries a part of, and the square whose part that is (its home).
    picture: Option<AttrValue>,
    picture_square: usize,
    /// Its number drawn.
    number: bool,
    blind: bool,
    /// Its group in the colour scheme (0 where the scheme colours nothing).
    group: u8,
    /// Its colour's place in the palette, when the scheme colours it.
    colour: Option<usize>,
}

/// One tile (or the blank) on its square, placed by a transform so that a move glides.
#[component]
fn Tile(props: &TileProps) -> Html {
    let (tile, square, (w, h)) = (props.tile, props.square, props.size);
    let (row, col) = (square / w, square % w);
    let place = format!("transform:translate({}%,{}%)", col * 100, row * 100);
    if tile == 0 {
        return html! {
            <div class="blank" data-tile="0" aria-hidden="true" style={place}></div>
        };
    }
    let class = classes!(
        "tile",
        props.home.then_some("home"),
        props.highlight.then_some("highlight"),
        props.marked.then_some("marked"),
        props.picture.is_some().then_some("picture"),
        props.colour.map(|c| format!("group-{c}"))
    );
    let face = props.picture.as_ref().map(|url| {
        let g = props.picture_square;
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
    let label = match props.blind {
        true => "Tile".to_string(),
        false => format!("Tile {tile}"),
    };
    html! {
        <button class={class} data-tile={tile.to_string()} data-group={props.group.to_string()} tabindex="-1"
            aria-label={label} style={place}>
            <span aria-hidden="true" style={face}>
                if props.number { <span class="number">{ tile }</span> }
            </span>
        </button>
    }
}
