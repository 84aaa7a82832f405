//! The page, as plain data: one game (history, replay, clock), links, and the page's model
//! around them (the solver request in flight, the answer on show, learn mode, the editor, the
//! settings), with the messages it exchanges with the solver's worker. The browser renders these
//! and turns events into their actions; nothing here imports a web crate, so every rule of the
//! page is compiled and tested natively.
//!
//! - [`game`]: one game, its undo/redo history, the replay of a solution, the clock.
//! - [`input`]: how a move was made (click, hover, keys, touch), and a solve's control;
//!   [`hover`]: the squares a hovering pointer's path enters, in order.
//! - [`link`]: reading a page's query safely, and writing one; [`replay_link`]: a solve's moves
//!   and their times in a link.
//! - [`moving`]: how the player moves tiles (click or hover, the arrow keys' sense) and how a
//!   move looks.
//! - [`page`]: the page's model, its actions and effects; built from the parts below.
//! - [`pace`]: a replay at the pace it was played, and its figures at each step.
//! - [`solving`]: a search in flight and the answer on show, in words.
//! - [`comparison`], [`watching`]: learn mode's comparison and step-through.
//! - [`editor`]: your own board, typed, loaded or set by hand.
//! - [`settings`]: what the page remembers between visits; [`json`]: how it is stored.
//! - [`bench_run`]: the benchmark panel.
//! - [`origin`]: where the board came from, and whether its solve counts (random state).
//! - [`solves`]: your solves by hand, their statistics, export and import.
//! - [`histogram`]: a histogram of solve times, in bins of round widths.
//! - [`event`]: events (marathon, relay, blindfolded, fewest moves), their runs and records.
//! - [`daily`], [`challenge`]: the daily puzzle, and a friend's result to beat.
//! - [`colours`]: plain tiles or the fringe scheme.
//! - [`protocol`]: the messages between the page and the solver's worker.
//! - [`watchdog`]: noticing a worker that stopped without a word.

pub mod bench_run;
pub mod challenge;
pub mod colours;
pub mod comparison;
pub mod daily;
pub mod editor;
pub mod event;
pub mod game;
pub mod histogram;
pub mod hover;
pub mod input;
pub mod json;
pub mod link;
pub mod moving;
pub mod origin;
pub mod pace;
pub mod page;
pub mod protocol;
pub mod replay_link;
pub mod settings;
pub mod solves;
pub mod solving;
pub mod watchdog;
pub mod watching;
