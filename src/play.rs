//! The page, as plain data: one game (history, replay, clock), links, and the page's model
//! around them (the solver request in flight, the answer on show, learn mode, the editor, the
//! settings), with the messages it exchanges with the solver's worker. The browser renders these
//! and turns events into their actions; nothing here imports a web crate, so every rule of the
//! page is compiled and tested natively.
//!
//! It is built in rooms, one idea a room, lowest first: a room uses only the rooms before it in
//! this list (`tests/layers.rs` fails the build otherwise), and at most three files lie loose
//! beside them (`tests/house.rs`).
//!
//! 0. [`wire`]: the one binary form in which messages cross to the workers and back.
//! 1. [`worker`]: the messages between the page and the solver's worker, a question in flight
//!    and its answer in words, and the watchdog that notices a silent worker.
//! 2. [`game`]: one game and how it is played: its history and clock, each move's input, how
//!    tiles move and look, where its board came from (a shuffle, the daily, a link).
//! 3. [`learn`]: learn mode's comparison and its step-through.
//! 4. [`record`]: what the page keeps: your solves and their statistics, the settings, and the
//!    small JSON they are stored and exported in.
//! 5. [`event`]: events (marathon, relay, blindfolded, fewest moves), their runs and records.
//! 6. [`sync`]: your solves on every device: what the page asks of a Slide server through the
//!    record's worker, what it hears, the state in words, when to try again.
//! 7. [`race`]: the daily race's rules (its sizes and days, the day's board, the checks of an
//!    entry by replay) and what the page asks of the server about it.
//! 8. [`keeping`]: the record in the browser's database, as the model sees it: what is written
//!    and what the database says; history files read piece by piece, imports sorted out,
//!    exports written in pieces.
//! 9. [`link`]: links, and what they carry: a solve's replay and its pace, a friend's challenge.
//! 10. [`bench_run`]: the benchmark panel.
//! 11. [`page`]: the page's model, its actions and effects, built of parts.

pub mod wire;

pub mod worker;

pub mod game;

pub mod learn;

pub mod record;

pub mod event;

pub mod sync;

pub mod race;

pub mod keeping;

pub mod link;

pub mod bench_run;

pub mod page;
