//! The page's components. Each gets data and callbacks as props and never reaches for globals.

pub mod bench;
pub mod board_view;
pub mod controls;
pub mod editor;
pub mod learn;
pub mod replay;
pub mod share;
pub mod status;
