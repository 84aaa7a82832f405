//! The page's parts, each drawn from the model by one small component ([`PagePart`]) whose
//! props are a revision number: Yew compares props before it draws a component again, so a
//! part is drawn only when the app bumps its revision (see `app.rs`), and a move, which bumps
//! only the revision of the parts beside the board, never draws the statistics, the history or
//! learn mode. One component type serves every part: each component costs the wasm its own
//! copy of Yew's lifecycle.

use super::browser::now_ms;
use super::components::alert::{AlertProps, alert_banner};
use super::components::analysis::{AnalysisProps, analysis_panel};
use super::components::challenge::{ChallengeProps, challenge_panel};
use super::components::controls::{ControlsProps, controls};
use super::components::editor::{EDITOR, EditorProps, editor};
use super::components::event::{EventProps, event_bar, event_challenge, event_panel};
use super::components::event_result::{EventResultProps, event_result};
use super::components::handling::{HANDLING, HandlingProps, handling};
use super::components::how_to::{HowToProps, how_to};
use super::components::learn::{LEARN, LearnProps, learn};
use super::components::pace_chart::{PaceProps, pace_chart};
use super::components::race::race_panel;
use super::components::replay::{ReplayProps, replay_panel};
use super::components::replay_bar::{self, ReplayBarProps, replay_bar};
use super::components::result::{ResultProps, result_panel};
use super::components::search_tree::use_tree_view;
use super::components::share::{self, ShareProps};
use super::components::solver_panel::{SolverPanelProps, solver_panel};
use super::components::stats::{STATS, StatsProps, stats_panel, store_note};
use super::components::stepper::{StepperProps, stepper, tree_props};
use super::components::unsolvable::{UnsolvableProps, unsolvable};
use super::components::{folded, folded_open};
use super::render_counts;
use crate::play::game::moving::Pointer;
use crate::play::page::{Action, Page, Panel, Shared};
use crate::play::worker::solving::Summary;
use crate::puzzle::goal::Goal;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// A part of the page, as the layout places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// How to play, the alert, and what the board is (a daily, a friend's challenge).
    Intro,
    /// What a player waits for under the board: progress, the answer, a hint, the result.
    Under,
    /// Beside the board: the controls, the replay's details, the event.
    Side,
    /// Below them: sharing, your own board (whose field shows the board on show), how tiles
    /// move. A move changes them little (the field's board, a copied link's note): they follow
    /// once the moves pause.
    Tools,
    /// The statistics and the history.
    Stats,
    /// Learn mode.
    Learn,
}

impl Part {
    /// As the render counts name it (`window.slideRenders`, where a test asks for them).
    pub fn name(self) -> &'static str {
        match self {
            Part::Intro => "intro",
            Part::Under => "under",
            Part::Side => "side",
            Part::Tools => "tools",
            Part::Stats => "stats",
            Part::Learn => "learn",
        }
    }
}

#[derive(Properties, Clone)]
pub struct PartProps {
    pub part: Part,
    /// Bumped by the app whenever what the part shows may have changed.
    pub revision: u32,
    pub page: Rc<RefCell<Page>>,
    pub on: Callback<Action>,
}

/// Compared by revision (and by the model's and the callback's identity), never by contents.
impl PartialEq for PartProps {
    fn eq(&self, other: &Self) -> bool {
        self.part == other.part
            && self.revision == other.revision
            && Rc::ptr_eq(&self.page, &other.page)
            && self.on == other.on
    }
}

#[component]
pub fn PagePart(props: &PartProps) -> Html {
    render_counts::count(props.part.name());
    let (p, on) = (&*props.page.borrow(), &props.on);
    // The element a part brings to the eye when it changes: a new answer's bar, scrolled into
    // view; the link's field, selected. (A part is a component, so its views need none.)
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(Focus::of(props.part, p), move |focus| match focus {
            Focus::Answer(..) => replay_bar::scroll_into_view(&node),
            Focus::Link(_) => share::select(&node),
            Focus::Nothing => {}
        });
    }
    // Learn mode's tree, drawn and listed by hand after a render that changed it.
    let learning = (props.part == Part::Learn).then(|| tree_props(p.learning().stepping()));
    let tree = use_tree_view(learning.flatten());
    match props.part {
        Part::Intro => intro(p, on),
        Part::Under => under_the_board(p, on, node),
        Part::Side => side(p, on),
        Part::Tools => tools(p, on, node),
        Part::Stats => folded(STATS, p.unfolded(STATS.panel).then(|| stats(p, on)), on),
        Part::Learn => {
            let learning = p.learning();
            // Embedded, learn mode is the stepper a link opened, under the board.
            if p.sharing().embed() {
                let snippet = learning.snippet();
                let stepping = learning.stepping();
                let tree = &tree;
                return stepper(&StepperProps {
                    stepping,
                    snippet,
                    tree,
                    on: on.clone(),
                });
            }
            let body = p.unfolded(LEARN.panel).then(|| {
                learn(&LearnProps {
                    comparison: learning.comparison(),
                    stepping: learning.stepping(),
                    snippet: learning.snippet(),
                    tree: &tree,
                    locked: p.eventing().running(),
                    on: on.clone(),
                })
            });
            folded_open(LEARN, body, on, learning.linked())
        }
    }
}

/// What a part's effect follows: the answer under the board, or what sharing shows.
#[derive(PartialEq)]
enum Focus {
    Nothing,
    Answer(Vec<crate::puzzle::moves::Move>, Summary),
    Link(Shared),
}

impl Focus {
    fn of(part: Part, p: &Page) -> Focus {
        let answer = (p.game().replay()).zip(p.playing().summary());
        match (part, answer) {
            (Part::Under, Some((replay, summary))) => {
                Focus::Answer(replay.moves.clone(), summary.clone())
            }
            (Part::Tools, _) => Focus::Link(p.sharing().shared().clone()),
            _ => Focus::Nothing,
        }
    }
}

/// How to play (outside embed mode), the alert, and what the board is.
fn intro(p: &Page, on: &Callback<Action>) -> Html {
    let hover = p.prefs().saved().pointer == Pointer::Hover;
    html! {
        <>
            if !p.sharing().embed() {
                { how_to(&HowToProps { goal: p.shown().goal(), hover }) }
            }
            { alert_banner(&AlertProps { message: p.alert(), on: on.clone() }) }
            { store_note(p.record().note(), p.record().unreadable(), on) }
            { about_the_board(p, on) }
        </>
    }
}

/// What a player waits for, where they look: the search's progress, the answer and its Play,
/// the hint in words, why the board cannot be solved, the result of their solve and its analysis.
fn under_the_board(p: &Page, on: &Callback<Action>, bar: NodeRef) -> Html {
    let g = p.game();
    let playing = p.playing();
    html! {
        <>
            { event_under_the_board(p, on) }
            { solver_panel(&SolverPanelProps { request: p.asking().request() }) }
            if let (Some(summary), Some(step), Some(replay)) = (playing.summary(), g.replay_step(), g.replay()) {
                { replay_bar(&ReplayBarProps { summary, moves: &replay.moves, step,
                    playing: playing.playing(), bar, on: on.clone() }) }
            }
            if let (Some(figures), Some(times)) = (playing.figures(), playing.times().cloned()) {
                { pace_chart(&PaceProps { figures, times, delay_ms: playing.step_delay_ms() }) }
            }
            if let Some(hint) = playing.hint_text() {
                <p class="hint-line" data-testid="hint" role="status">{ hint }</p>
            }
            if let Some((explanation, a, b)) = p.unsolvable() {
                { unsolvable(&UnsolvableProps { explanation: &explanation, tiles: (a, b), on: on.clone() }) }
            }
            if let Some(result) = p.record().result().filter(|_| !p.sharing().embed()) {
                { result_panel(&ResultProps { result, shared: p.sharing().shared(), rank: p.racing().rank(), on: on.clone() }) }
            }
            if p.analysing().state().is_some() && !p.sharing().embed() {
                { analysis_panel(&AnalysisProps { analysing: p.analysing().clone(), on: on.clone() }) }
            }
        </>
    }
}

/// An event's bar while it runs, else its result: one place, so one node replaces the other.
fn event_under_the_board(p: &Page, on: &Callback<Action>) -> Html {
    let e = p.eventing();
    match (p.sharing().embed(), e.running(), e.result()) {
        (true, ..) => html! {},
        (false, true, _) => event_bar(&EventProps {
            eventing: e,
            now_ms: now_ms(),
            on: on.clone(),
        }),
        (false, false, Some(result)) => event_result(&EventResultProps {
            result,
            shared: p.sharing().shared(),
            on: on.clone(),
        }),
        (false, false, None) => html! {},
    }
}

/// The statistics of the size on the board (or the one picked), and the history.
fn stats(p: &Page, on: &Callback<Action>) -> Html {
    let (record, board) = (p.record(), p.game().board());
    stats_panel(&StatsProps {
        size: record.stats_size(board),
        sizes: record.stats_sizes(board),
        control: record.stats_control(),
        statistics: record.statistics(board),
        solves: &record.history().solves,
        total: record.total(),
        shown: record.shown(),
        events: &record.events().events,
        event_stats: record.event_stats(),
        confirm_clear: record.confirm_clear(),
        format: record.export_format(),
        note: record.import_note(),
        progress: record.progress(),
        store: record.store(),
        persisted: record.persisted(),
        unreadable: record.unreadable(),
        syncing: p.syncing(),
        page: p.sharing().base(),
        on: on.clone(),
    })
}

/// What the board on show is, above it: the daily puzzle, a friend's challenge to beat.
fn about_the_board(p: &Page, on: &Callback<Action>) -> Html {
    let start = (p.record().result()).map_or_else(|| p.game().start(), |r| &r.solve.start);
    html! {
        <>
            if let Some(d) = p.sharing().daily() {
                <p class="daily-note" data-testid="daily" data-date={d.date.to_string()}>
                    { format!("The daily puzzle of {}, {}×{}: the same board for every player today.", d.date, d.width, d.height) }
                </p>
            }
            if let Some(challenge) = p.sharing().challenge() {
                { challenge_panel(&ChallengeProps { challenge, start, on: on.clone() }) }
            }
            { event_challenge(p.eventing()) }
        </>
    }
}

/// Controls, the solution's details, and (outside embed mode) the event.
fn side(p: &Page, on: &Callback<Action>) -> Html {
    let g = p.game();
    let b = g.board();
    let sharing = p.sharing();
    // One stop button at a time (a comparison has its own).
    let solving = p.searching();
    html! {
        <>
            { controls(&ControlsProps {
                size: (b.width(), b.height()),
                goal: g.goal(),
                mostly_misplaced: p.prefs().mostly_misplaced(),
                method: p.asking().method(),
                fell_back: p.asking().fell_back().map(|f| f.text()),
                searching: solving,
                can_undo: g.can_undo() && p.eventing().allows_undo() && !p.racing().running(),
                can_redo: g.can_redo() && p.eventing().allows_undo() && !p.racing().running(),
                in_event: p.eventing().running() || p.racing().running(),
                solved: p.shown().is_solved() || p.editor().editing().is_some(),
                daily: sharing.daily().is_some(),
                compact: sharing.embed(),
                unfolded: p.unfolded(Panel::Options),
                on: on.clone(),
            }) }
            if let (false, Some(summary), Some(step), Some(replay)) = (sharing.embed(), p.playing().summary(), g.replay_step(), g.replay()) {
                { replay_panel(&ReplayProps { summary, moves: &replay.moves, step,
                    speed: p.playing().speed(), pace: p.playing().pace(),
                    timed: p.playing().times().is_some(), on: on.clone() }) }
            }
            if !sharing.embed() {
                { race_panel(p.racing(), p.syncing(), on) }
                { event_panel(&EventProps { eventing: p.eventing(), now_ms: now_ms(), on: on.clone() }) }
            }
        </>
    }
}

/// Outside embed mode: sharing, the editor, and how tiles move.
fn tools(p: &Page, on: &Callback<Action>, field: NodeRef) -> Html {
    let g = p.game();
    let (sharing, prefs) = (p.sharing(), p.prefs().saved());
    if sharing.embed() {
        return html! {};
    }
    html! {
        <>
            { share::share(&ShareProps { shared: sharing.shared(), result: p.record().result().is_some(),
                include_result: sharing.include_result(), include_moves: sharing.include_moves(),
                watch_text: sharing.watch_text(), field, on: on.clone() }) }
            { folded(EDITOR, p.unfolded(EDITOR.panel).then(|| editor(&EditorProps {
                editor: p.editor(),
                shown: p.shown().board(),
                goal_choice: Goal::named(g.goal()),
                picture: &prefs.picture,
                numbers: prefs.numbers,
                on: on.clone(),
            })), on) }
            { folded(HANDLING, p.unfolded(HANDLING.panel).then(|| handling(&HandlingProps { pointer: prefs.pointer,
                arrow_keys: prefs.arrow_keys, animation: prefs.animation, scheme: prefs.scheme,
                keys: prefs.keys.clone(), key_refused: p.prefs().key_refused().map(String::from),
                colours_shown: prefs.scheme.groups(g.goal()).map(|_| p.prefs().picture_url().is_none()),
                on: on.clone() })), on) }
        </>
    }
}
