//! The stepper's search tree: drawn on a canvas (what is far from the board taken folded away,
//! as [`Drawing`] lays it out; zoom, pan, fit), and every board in lists that are its text
//! alternative: the open list in the order the search will take it, the closed list, and the
//! whole tree, each board's numbers in words and in `data-` attributes (DESIGN.md).
//!
//! Thousands of boards: the lists are kept by hand rather than drawn by Yew, each step adding,
//! moving and removing only the items that changed (a Yew list of thousands would be built and
//! compared whole at every step), and the canvas draws only what is in view. The learn part of
//! the page keeps them ([`use_tree_view`]).

use crate::play::learn::tree::{Drawing, Drawn};
use crate::play::page::{Action, LearnAction};
use crate::play::worker::protocol::Lesson;
use crate::search::watch::{NodeState, TreeNode, unpack};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};
use yew::prelude::*;

/// What the tree is drawn from: the lesson shown and how to read it.
#[derive(Clone)]
pub struct SearchTreeProps {
    pub lesson: Rc<Lesson>,
    pub width: usize,
    pub height: usize,
    /// The search weighs boards by an estimate: h and f mean something.
    pub estimates: bool,
    /// IDA* or depth-first search: the open list is a stack, the closed list the path.
    pub walks: bool,
    pub fold: bool,
}

/// The drawing's canvas and the lists' elements, and what has been put in them: kept by the
/// learn part of the page (a component of its own would cost the page's wasm its own copy of
/// Yew's lifecycle), which draws them again after a render that changed the lesson or the fold.
#[derive(Clone, Default)]
pub struct TreeView {
    canvas: NodeRef,
    lists: [NodeRef; 3],
    shown: Rc<RefCell<Shown>>,
}

/// The tree's view, brought up to date with `props` (the lesson shown, if any) after each
/// render whose lesson or fold changed.
#[hook]
pub fn use_tree_view(props: Option<SearchTreeProps>) -> TreeView {
    let view = use_memo((), |_| TreeView::default());
    let key = props
        .as_ref()
        .map(|p| (Rc::as_ptr(&p.lesson) as usize, p.fold));
    {
        let view = (*view).clone();
        use_effect_with(key, move |_| {
            let Some(props) = props else { return };
            let mut shown = view.shown.borrow_mut();
            let drawing = Drawing::of(&props.lesson.snapshot, props.fold);
            shown.view.follow(&drawing);
            shown.drawing = drawing;
            shown.view.size = (props.width as f64, props.height as f64);
            shown.props = Some(props);
            // Drawn before the lists change: reading the canvas's size lays out the page, which
            // costs little while thousands of listed boards are as the last frame left them.
            shown.draw(&view.canvas);
            if let Some(props) = shown.props.clone() {
                shown.sync_lists(&view.lists, &props);
            }
        });
    }
    (*view).clone()
}

/// The tree: its drawing, with zoom, fit and fold, and its lists, filled in by [`use_tree_view`].
pub fn search_tree(tree: &TreeView, props: &SearchTreeProps, on: &Callback<Action>) -> Html {
    let (canvas, shown) = (&tree.canvas, &tree.shown);
    let view = |change: fn(&mut View, &Drawing)| {
        let (canvas, shown) = (canvas.clone(), shown.clone());
        Callback::from(move |_: MouseEvent| {
            let mut s = shown.borrow_mut();
            let drawing = std::mem::take(&mut s.drawing);
            change(&mut s.view, &drawing);
            s.drawing = drawing;
            s.draw(&canvas);
        })
    };
    let s = &props.lesson.snapshot;
    let on_fold = super::toggled(on, |on| Action::Learn(LearnAction::Fold(on)));
    let (open_name, closed_name) = match props.walks {
        true => ("Open list: the stack, next first", "Closed list: the path"),
        false => ("Open list, next first", "Closed list"),
    };
    let summary = format!(
        "The search tree: {} boards, {} open, {} closed. The lists below hold every board.",
        s.tree.len(),
        s.open.len(),
        s.closed.len()
    );
    let lists = &tree.lists;
    html! {
        <div class="search-tree">
            <div class="row">
                <button class="small" onclick={view(View::zoom_in)}>{ "Zoom in" }</button>
                <button class="small" onclick={view(View::zoom_out)}>{ "Zoom out" }</button>
                <button class="small" onclick={view(View::fit)}>{ "Fit" }</button>
                <label class="check">
                    <input type="checkbox" checked={props.fold} onchange={on_fold} />
                    { "Fold what is far from the board taken" }
                </label>
            </div>
            <canvas ref={canvas.clone()} class="tree" role="img" aria-label={summary} tabindex="0"
                onkeydown={keys(canvas, shown)} onpointerdown={drag(canvas, shown, true)}
                onpointermove={drag(canvas, shown, false)} />
            <div class="lists">
                <section>
                    <h4>{ format!("{open_name} ({})", s.open.len()) }</h4>
                    <ol ref={lists[0].clone()} data-testid="open-list" class="boards" tabindex="0" aria-label={open_name}></ol>
                </section>
                <section>
                    <h4>{ format!("{closed_name} ({})", s.closed.len()) }</h4>
                    <ol ref={lists[1].clone()} data-testid="closed-list" class="boards" tabindex="0" aria-label={closed_name}></ol>
                </section>
            </div>
            <details class="tree-list">
                <summary>{ format!("Every board of the tree, as a list ({})", s.tree.len()) }</summary>
                <ol ref={lists[2].clone()} data-testid="search-tree" class="boards" tabindex="0" aria-label="Every board of the tree"></ol>
            </details>
        </div>
    }
}

/// Arrow keys pan the drawing, + and − zoom, 0 fits it (the page's own keys move tiles only
/// outside controls: see `in_control` in `app.rs`).
fn keys(canvas: &NodeRef, shown: &Rc<RefCell<Shown>>) -> Callback<KeyboardEvent> {
    let (canvas, shown) = (canvas.clone(), shown.clone());
    Callback::from(move |e: KeyboardEvent| {
        let mut s = shown.borrow_mut();
        let drawing = std::mem::take(&mut s.drawing);
        let step = 60.0 / s.view.scale;
        match e.key().as_str() {
            "ArrowLeft" => s.view.centre.0 -= step,
            "ArrowRight" => s.view.centre.0 += step,
            "ArrowUp" => s.view.centre.1 -= step,
            "ArrowDown" => s.view.centre.1 += step,
            "+" | "=" => s.view.zoom_in(&drawing),
            "-" => s.view.zoom_out(&drawing),
            "0" => s.view.fit(&drawing),
            _ => {
                s.drawing = drawing;
                return;
            }
        }
        e.prevent_default();
        s.drawing = drawing;
        s.draw(&canvas);
    })
}

/// A pointer pressed on the drawing (`start`), or moved with a button down: the drawing follows.
fn drag(canvas: &NodeRef, shown: &Rc<RefCell<Shown>>, start: bool) -> Callback<PointerEvent> {
    let (canvas, shown) = (canvas.clone(), shown.clone());
    Callback::from(move |e: PointerEvent| {
        let mut s = shown.borrow_mut();
        let at = (f64::from(e.client_x()), f64::from(e.client_y()));
        if start {
            if let Some(el) = canvas.cast::<Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
        } else if e.buttons() == 1
            && let Some(last) = s.pointer
        {
            let scale = s.view.scale;
            s.view.centre.0 -= (at.0 - last.0) / scale;
            s.view.centre.1 -= (at.1 - last.1) / scale;
            s.draw(&canvas);
        }
        s.pointer = Some(at);
    })
}

/// Layout units of a place: a column's width and a row's height at scale 1, in CSS pixels.
const CELL: f64 = 11.0;
const GAP: f64 = 14.0;
const CAPTION: f64 = 14.0;
const ROW_GAP: f64 = 22.0;

/// What part of the drawing is in view: its centre (in the drawing's pixels at scale 1) and
/// the scale.
#[derive(Clone, Copy, Debug)]
struct View {
    centre: (f64, f64),
    scale: f64,
    /// The board's columns and rows, for the size of a place.
    size: (f64, f64),
}

impl Default for View {
    fn default() -> Self {
        View {
            centre: (0.0, 0.0),
            scale: 1.5,
            size: (3.0, 3.0),
        }
    }
}

impl View {
    fn column(&self) -> f64 {
        self.size.0 * CELL + GAP
    }

    fn row(&self) -> f64 {
        self.size.1 * CELL + CAPTION + ROW_GAP
    }

    /// A place's centre-top, in the drawing's pixels at scale 1.
    fn at(&self, x: f32, row: u32) -> (f64, f64) {
        (f64::from(x) * self.column(), f64::from(row) * self.row())
    }

    /// Centres the board taken, at the scale chosen.
    fn follow(&mut self, drawing: &Drawing) {
        if let Some(p) = drawing.focus.and_then(|f| drawing.placed.get(f)) {
            let (x, y) = self.at(p.x, p.row);
            self.centre = (x, y + self.row() / 2.0);
        }
    }

    fn zoom_in(&mut self, _: &Drawing) {
        self.scale = (self.scale * 1.5).min(4.0);
    }

    fn zoom_out(&mut self, _: &Drawing) {
        self.scale = (self.scale / 1.5).max(0.05);
    }

    /// The whole drawing in view, at most at scale 1 (the canvas's size is read when drawn).
    fn fit(&mut self, drawing: &Drawing) {
        let (w, h) = (
            f64::from(drawing.columns) * self.column(),
            f64::from(drawing.rows) * self.row(),
        );
        self.centre = ((w - self.column()) / 2.0, h / 2.0);
        self.scale = -1.0; // fitted to the canvas when drawn
    }
}

/// What the component has put on the page: the lists' items, the drawing and the view.
#[derive(Default)]
struct Shown {
    lists: [Synced; 3],
    drawing: Drawing,
    view: View,
    props: Option<SearchTreeProps>,
    /// Where a pointer was last seen over the drawing.
    pointer: Option<(f64, f64)>,
}

/// The lists' items, each a tree index and what its element shows.
type Item = (TreeNode, Option<u64>);

/// A list as the page has it: its element, and each item's tree index, element and contents.
#[derive(Default)]
struct Synced {
    list: Option<Element>,
    ids: Vec<u32>,
    elements: Vec<Element>,
    items: Vec<Item>,
}

impl Shown {
    /// The open list, the closed list and the whole tree, as the lesson has them.
    fn sync_lists(&mut self, lists: &[NodeRef; 3], props: &SearchTreeProps) {
        let s = &props.lesson.snapshot;
        let whole: Vec<u32> = (0..s.tree.len() as u32).collect();
        for (i, ids) in [&s.open, &s.closed, &whole].into_iter().enumerate() {
            if let Some(list) = lists[i].cast::<Element>() {
                sync(&list, &mut self.lists[i], ids, props, i == 2);
            }
        }
    }

    /// Draws what is in view.
    fn draw(&mut self, canvas: &NodeRef) {
        let (Some(canvas), Some(props)) = (canvas.cast::<HtmlCanvasElement>(), self.props.as_ref())
        else {
            return;
        };
        let Some(paint) = Paint::on(&canvas) else {
            return;
        };
        if self.view.scale < 0.0 {
            let (w, h) = (
                f64::from(self.drawing.columns) * self.view.column(),
                f64::from(self.drawing.rows) * self.view.row(),
            );
            let fitted = (paint.width / w).min(paint.height / h);
            self.view.scale = if fitted.is_finite() {
                fitted.clamp(0.05, 1.5)
            } else {
                1.5
            };
        }
        paint.tree(&self.drawing, &self.view, props);
    }
}

/// Makes `list`'s items those of tree indices `ids`, in order: items whose contents changed are
/// replaced, those gone removed, those moved moved, the new ones made; the rest stay untouched.
fn sync(list: &Element, synced: &mut Synced, ids: &[u32], props: &SearchTreeProps, whole: bool) {
    let tree = &props.lesson.snapshot.tree;
    if synced.list.as_ref() != Some(list) {
        list.set_text_content(None);
        *synced = Synced {
            list: Some(list.clone()),
            ..Synced::default()
        };
    }
    let item = |id: u32| -> Option<Item> {
        let node = *tree.get(id as usize)?;
        let parent = node
            .parent
            .and_then(|p| tree.get(p as usize))
            .map(|p| p.key);
        // Only the whole tree's items say their state and parent.
        Some(match whole {
            true => (node, parent),
            false => (
                TreeNode {
                    state: NodeState::Open,
                    parent: None,
                    ..node
                },
                None,
            ),
        })
    };
    let size = (ids.iter().chain(&synced.ids).max()).map_or(0, |&m| m as usize + 1);
    let mut wanted = vec![false; size];
    for &id in ids {
        wanted[id as usize] = true;
    }
    // Kept: the items still wanted with the same contents, in their order on the page (their
    // handles moved, not copied: each copy of a handle is a call into JavaScript).
    let mut kept: Vec<Option<Element>> = vec![None; size];
    let mut order = Vec::new();
    let old = std::mem::take(&mut synced.elements);
    for ((&id, element), old) in synced.ids.iter().zip(old).zip(&synced.items) {
        if wanted[id as usize] && item(id).as_ref() == Some(old) {
            kept[id as usize] = Some(element);
            order.push(id);
        } else {
            let _ = list.remove_child(&element);
        }
    }
    let mut placed = vec![false; size];
    let mut next = 0;
    let (mut elements, mut items) = (Vec::with_capacity(ids.len()), Vec::with_capacity(ids.len()));
    for &id in ids {
        while order.get(next).is_some_and(|&o| placed[o as usize]) {
            next += 1;
        }
        let Some(contents) = item(id) else { continue };
        let element = match kept[id as usize].take() {
            Some(element) if order.get(next) == Some(&id) => {
                next += 1;
                element
            }
            found => {
                let element = found.or_else(|| make(&contents, props, whole));
                let Some(element) = element else { continue };
                let before = order.get(next).and_then(|&o| kept[o as usize].as_ref());
                let _ = list.insert_before(&element, before.map(|e| e.as_ref()));
                element
            }
        };
        placed[id as usize] = true;
        elements.push(element);
        items.push(contents);
    }
    synced.ids = ids.to_vec();
    synced.elements = elements;
    synced.items = items;
}

/// A list's item for a board: its numbers as `data-` attributes and in words.
fn make(item: &Item, props: &SearchTreeProps, whole: bool) -> Option<Element> {
    let (node, parent) = item;
    let document = web_sys::window()?.document()?;
    let li = document.create_element("li").ok()?;
    let board = unpack(props.width, props.height, node.key).to_string();
    let mut words = format!("{board}: g {}", node.g);
    let _ = li.set_attribute("data-node", &board);
    let _ = li.set_attribute("data-g", &node.g.to_string());
    let (h, f) = match props.estimates {
        true => (node.h.to_string(), node.f.to_string()),
        false => (String::new(), String::new()),
    };
    if props.estimates {
        words.push_str(&format!(", h {h}, f {f}"));
    }
    let _ = li.set_attribute("data-h", &h);
    let _ = li.set_attribute("data-f", &f);
    if whole {
        let state = match node.state {
            NodeState::Open => "open",
            NodeState::Closed => "closed",
            NodeState::Current => "current",
        };
        let parent = parent.map(|p| unpack(props.width, props.height, p).to_string());
        let _ = li.set_attribute("data-parent", parent.as_deref().unwrap_or(""));
        let _ = li.set_attribute("data-state", state);
        words.push_str(&format!(", {state}"));
        if let Some(parent) = parent {
            words.push_str(&format!(", from {parent}"));
        }
    }
    li.set_text_content(Some(&words));
    Some(li)
}

/// The canvas's context, its size in CSS pixels, and the page's colours.
struct Paint {
    context: CanvasRenderingContext2d,
    width: f64,
    height: f64,
    colours: [String; 6],
}

/// The colours a drawing uses, from the page's style sheet (so both themes apply).
const COLOURS: [&str; 6] = [
    "--panel",
    "--ink",
    "--muted",
    "--frame",
    "--accent",
    "--on-accent",
];

impl Paint {
    /// Sizes the canvas's pixels to its size on screen (sharp on a dense screen) and clears it.
    fn on(canvas: &HtmlCanvasElement) -> Option<Paint> {
        let window = web_sys::window()?;
        let ratio = window.device_pixel_ratio().max(1.0);
        let (width, height) = (
            f64::from(canvas.client_width()),
            f64::from(canvas.client_height()),
        );
        let (w, h) = ((width * ratio) as u32, (height * ratio) as u32);
        if canvas.width() != w || canvas.height() != h {
            canvas.set_width(w);
            canvas.set_height(h);
        }
        let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let _ = context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        context.clear_rect(0.0, 0.0, width, height);
        let style = window.get_computed_style(canvas).ok()??;
        let colours = COLOURS.map(|name| {
            let value = style.get_property_value(name).unwrap_or_default();
            value.trim().to_string()
        });
        Some(Paint {
            context,
            width,
            height,
            colours,
        })
    }

    /// The places in view, their lines to their parents first.
    fn tree(&self, drawing: &Drawing, view: &View, props: &SearchTreeProps) {
        let c = &self.context;
        let s = view.scale;
        let (box_w, box_h) = (view.size.0 * CELL * s, view.size.1 * CELL * s);
        let screen = |x: f32, row: u32| {
            let (px, py) = view.at(x, row);
            (
                (px - view.centre.0) * s + self.width / 2.0,
                (py - view.centre.1) * s + self.height / 2.0,
            )
        };
        let visible = |(x, y): (f64, f64)| {
            x > -box_w && x < self.width + box_w && y > -view.row() * s && y < self.height + box_h
        };
        c.set_stroke_style_str(&self.colours[2]);
        c.set_line_width(1.0);
        c.begin_path();
        for p in &drawing.placed {
            let Some(parent) = p.parent.and_then(|i| drawing.placed.get(i)) else {
                continue;
            };
            let (a, b) = (screen(parent.x, parent.row), screen(p.x, p.row));
            if visible(a) || visible(b) {
                c.move_to(a.0, a.1 + box_h + CAPTION * s);
                c.line_to(b.0, b.1);
            }
        }
        c.stroke();
        for p in &drawing.placed {
            let at = screen(p.x, p.row);
            if !visible(at) {
                continue;
            }
            match p.drawn {
                Drawn::Board(i) => {
                    if let Some(node) = props.lesson.snapshot.tree.get(i as usize) {
                        self.board(node, at, view, props);
                    }
                }
                Drawn::Folded(n) => self.folded(n, at, view),
            }
        }
    }

    /// A board at `at` (its top centre): its tiles, coloured by its state, and its priority.
    fn board(&self, node: &TreeNode, (x, y): (f64, f64), view: &View, props: &SearchTreeProps) {
        let c = &self.context;
        let s = view.scale;
        let cell = CELL * s;
        let (w, h) = (props.width, props.height);
        let left = x - w as f64 * cell / 2.0;
        let [panel, ink, muted, frame, accent, on_accent] = &self.colours;
        let (fill, text) = match node.state {
            NodeState::Current => (accent, on_accent),
            NodeState::Closed => (frame, ink),
            NodeState::Open => (panel, ink),
        };
        c.set_fill_style_str(fill);
        c.fill_rect(left, y, w as f64 * cell, h as f64 * cell);
        c.set_stroke_style_str(if node.state == NodeState::Open {
            muted
        } else {
            fill
        });
        c.stroke_rect(left, y, w as f64 * cell, h as f64 * cell);
        if s < 0.45 {
            return; // too small to read: the lists say it
        }
        c.set_fill_style_str(text);
        c.set_font(&font(cell * 0.8));
        c.set_text_align("center");
        c.set_text_baseline("middle");
        let board = unpack(w, h, node.key);
        for (square, &tile) in board.tiles().iter().enumerate() {
            if tile != 0 {
                let (cx, cy) = ((square % w) as f64 + 0.5, (square / w) as f64 + 0.5);
                let _ = c.fill_text(&tile.to_string(), left + cx * cell, y + cy * cell);
            }
        }
        c.set_fill_style_str(if node.state == NodeState::Current {
            accent
        } else {
            muted
        });
        let caption = match props.estimates {
            true => format!("f {}", node.f),
            false => format!("g {}", node.g),
        };
        let _ = c.fill_text(&caption, x, y + h as f64 * cell + CAPTION * s / 2.0);
    }

    /// A mark for `n` boards folded away, at `at`.
    fn folded(&self, n: u32, (x, y): (f64, f64), view: &View) {
        let c = &self.context;
        let s = view.scale;
        let [_, _, muted, ..] = &self.colours;
        c.set_stroke_style_str(muted);
        c.stroke_rect(x - 14.0 * s, y, 28.0 * s, 14.0 * s);
        if s >= 0.45 {
            c.set_fill_style_str(muted);
            c.set_font(&font(9.0 * s));
            c.set_text_align("center");
            c.set_text_baseline("middle");
            let _ = c.fill_text(&format!("+{n}"), x, y + 7.0 * s);
        }
    }
}

/// The canvas's font at `px` pixels, rounded to whole pixels (written as an integer: the float
/// formatter weighs kilobytes of the page's wasm).
fn font(px: f64) -> String {
    format!("{}px system-ui, sans-serif", px.round() as u32)
}
