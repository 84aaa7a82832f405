//! Learn mode: every search side by side on the board (run in the worker, one after another),
//! a chart of the work each did, the stepper (one search a step at a time), and why they differ.

use super::compare_table::{ChartProps, TableProps, chart, compare_table};
use super::search_tree::TreeView;
use super::stepper::{StepperProps, stepper};
use super::{Fold, click};
use crate::play::learn::comparison::Comparison;
use crate::play::learn::stepping::Stepping;
use crate::play::page::{Action, AskAction, LearnAction, Panel};
use crate::puzzle::numbers::thousands;
use crate::solver::compare::{COMPARE_IDA_MAX_NODES, COMPARE_MAX_NODES};
use yew::prelude::*;

pub struct LearnProps<'a> {
    pub comparison: &'a Comparison,
    pub stepping: &'a Stepping,
    /// The snippet that embeds the stepper's step shown, once asked for.
    pub snippet: Option<&'a str>,
    pub tree: &'a TreeView,
    /// An event runs: its boards are the player's own, so nothing is compared on them.
    pub locked: bool,
    pub on: Callback<Action>,
}

pub const LEARN: Fold = Fold {
    panel: Panel::Learn,
    class: "panel learn",
    summary: "Learn: how the searches differ",
};

/// The panel's contents (see [`LEARN`]).
pub fn learn(props: &LearnProps) -> Html {
    let c = props.comparison;
    html! {
        <>
            <div class="row">
                if c.running {
                    <button class="stop" onclick={click(&props.on, Action::Ask(AskAction::Cancel))}>{ "Stop comparing" }</button>
                } else {
                    <button class="primary" onclick={click(&props.on, Action::Learn(LearnAction::Compare))}
                        disabled={props.locked}>{ "Compare" }</button>
                }
                if props.locked {
                    <span class="note">{ "Off while an event runs." }</span>
                }
                <span class="note">{ format!(
                    "Runs every search on this board, one after another, each with a budget of {} positions ({} for IDA*, which keeps only its path).",
                    thousands(COMPARE_MAX_NODES),
                    thousands(COMPARE_IDA_MAX_NODES)
                ) }</span>
            </div>
            if !c.rows.is_empty() || c.running {
                { compare_table(&TableProps { comparison: c, on: props.on.clone() }) }
                { chart(&ChartProps { rows: &c.rows }) }
            }
            { stepper(&StepperProps { stepping: props.stepping, snippet: props.snippet, tree: props.tree, on: props.on.clone() }) }
            { explain() }
        </>
    }
}

/// Why the searches differ, in words: markup with nothing to draw again, kept as one string
/// (built node by node, it cost the page's WebAssembly a kilobyte of code).
fn explain() -> Html {
    Html::from_html_unchecked(AttrValue::Static(EXPLAIN))
}

const EXPLAIN: &str = concat!(
    "<div class=\"explain\">",
    "<h2>Why A* with a good estimate wins</h2>",
    "<p><strong>f = g + h. </strong>A* always expands the board with the smallest f: g moves made so far plus h, an estimate of the moves still needed. If h never overestimates, the first time the goal comes out of the open list its path is shortest.</p>",
    "<p><strong>Hamming</strong> counts the tiles out of place: each must move at least once, so it never overestimates, but it says little. <strong>Manhattan</strong> adds up how many rows and columns each tile is from its goal square: a move carries one tile one square, so it never overestimates either, and it is much closer to the truth. <strong>Linear conflict</strong> adds two moves for each tile that must step out of its row or column to let another past.</p>",
    "<p><strong>Greedy best-first</strong> looks only at h and ignores the path so far. It reaches a goal after very few expansions, but by long detours: on the board of the original tutorial it found a 324-move solution where A* found the 21-move one. Breadth-first search finds the shortest path with no estimate at all, by visiting nearly every board closer than the goal; depth-first search dives down one path and returns the first solution it meets, rarely a short one.</p>",
    "<p><strong>Why the 15-puzzle is harder.</strong> The 8-puzzle has 181,440 reachable boards, so even breadth-first search finishes. The 15-puzzle has more than ten trillion: A* with Manhattan distance runs out of memory on hard boards. IDA* keeps only the current path, and pattern databases (exact distances for groups of tiles, precomputed) give estimates strong enough to solve any 15-puzzle in well under a second: this page uses three of them (6, 6 and 3 tiles), built once in the worker and read twice per board, for the board and its mirror image.</p>",
    "</div>",
);
