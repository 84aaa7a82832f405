//! The page's components, one file each. Each takes data and callbacks as props (most take one
//! `Callback<Action>` into the page's model) and never reaches for globals.

pub mod alert;
pub mod analysis;
pub mod bench;
pub mod board_view;
pub mod challenge;
pub mod compare_table;
pub mod controls;
pub mod editor;
pub mod event;
pub mod event_records;
pub mod event_result;
pub mod handling;
pub mod histogram;
pub mod how_to;
pub mod learn;
pub mod pace_chart;
pub mod replay;
pub mod replay_bar;
pub mod result;
pub mod share;
pub mod solver_panel;
pub mod stats;
pub mod status;
pub mod step_through;
pub mod unsolvable;
