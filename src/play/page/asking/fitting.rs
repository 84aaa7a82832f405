//! The Method picker for the board on show: which methods it offers, why it leaves others out,
//! and a method chosen for an earlier board that this one does not take. The rule is the core's
//! ([`Method::offered_for`]); here are the page's words for it.

use crate::heuristics::pdb::NoDatabase;
use crate::puzzle::board::Board;
use crate::solver::{Method, Unfit};

/// A method chosen for an earlier board that the board on show does not take: Solve went back to
/// the fastest for the size, and the page says so in one line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FellBack {
    /// What the player had chosen.
    pub from: Method,
    pub why: Unfit,
}

impl FellBack {
    /// The line the page shows: `IDA* with pattern databases is for 4×4 and 5×5 boards, so Solve
    /// now uses Fastest for this size.`
    pub fn text(&self) -> String {
        let (boards, up_to) = where_it_works(self.why);
        format!(
            "{} is for {boards}{up_to}, so Solve now uses {}.",
            self.from.label(),
            Method::default().label()
        )
    }
}

/// Where a method works, within a sentence, in two parts: `4×4 and 5×5 boards`, `boards up to `
/// and `3×3 or 2×5`.
fn where_it_works(why: Unfit) -> (&'static str, &'static str) {
    match why {
        Unfit::Tables(NoDatabase::Size { .. }) => ("4×4 and 5×5 boards", ""),
        Unfit::Tables(NoDatabase::BlankNotInCorner) => ("goals with the blank in a corner", ""),
        Unfit::Larger { up_to } => ("boards up to ", up_to),
    }
}

/// The methods the picker offers toward `goal` (a board's goal, of its size), by their place in
/// [`Method::OFFERED`].
pub fn offered(goal: &Board) -> Vec<usize> {
    let mut offered = Vec::new();
    for (i, method) in Method::OFFERED.iter().enumerate() {
        if method.offered_for(goal).is_ok() {
            offered.push(i);
        }
    }
    offered
}

/// Why the picker leaves out what it leaves out toward `goal`, in one line: `Not offered on 3×3:
/// pattern databases, which are for 4×4 and 5×5 boards.` (`None`: it leaves out nothing).
pub fn left_out(goal: &Board) -> Option<String> {
    let (mut tables, mut larger) = (None, 0usize);
    for method in Method::OFFERED {
        match method.offered_for(goal) {
            Err(why @ Unfit::Tables(_)) => tables = Some(why),
            Err(Unfit::Larger { .. }) => larger += 1,
            Ok(()) => {}
        }
    }
    let (w, h) = (goal.width(), goal.height());
    let mut line = format!("Not offered on {w}×{h}: ");
    if let Some(why) = tables {
        line += "pattern databases, which are for ";
        line += where_it_works(why).0;
        if larger > 0 {
            line += "; ";
        }
    }
    if larger > 0 {
        let searches = if larger == 1 { "search" } else { "searches" };
        line += &format!(
            "{larger} {searches} that would run out of their budget on a board this large (Compare, in learn mode, shows where)"
        );
    }
    line.push('.');
    (tables.is_some() || larger > 0).then_some(line)
}
