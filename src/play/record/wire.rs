//! The record's values in the one binary form ([`crate::play::wire`]): solves, briefs, and what
//! they are made of. A board is read back through the one parser.

use super::solves::Solve;
use super::tally::Brief;
use crate::play::game::daily::Date;
use crate::play::game::input::{Control, Input};
use crate::play::wire::Wire;
use crate::puzzle::notation::parse_board;
use crate::puzzle::position::Position;
use crate::{wire_fields, wire_units};

wire_units!(Control, Control::ALL);

/// The inputs in the order their tags count them.
const INPUTS: [Input; 4] = [Input::Click, Input::Hover, Input::Keys, Input::Touch];

wire_units!(Input, INPUTS);

impl Wire for Date {
    fn put(&self, out: &mut Vec<u8>) {
        self.to_string().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Date> {
        Date::parse(&String::take(input)?).ok()
    }
}

/// A position as its two boards' notation, read back through the one parser.
impl Wire for Position {
    fn put(&self, out: &mut Vec<u8>) {
        self.board().to_string().put(out);
        self.goal().to_string().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Position> {
        let board = parse_board(&String::take(input)?).ok()?;
        let goal = parse_board(&String::take(input)?).ok()?;
        Position::new(board, goal).ok()
    }
}

wire_fields!(Solve {
    id,
    date,
    start,
    moves,
    slides,
    millis,
    optimal,
    best_known,
    assisted,
    times,
    control,
    random_state,
});

wire_fields!(Brief {
    id,
    size,
    control,
    counts,
    millis,
    moves,
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::input::Input;
    use crate::play::record::solves::History;
    use crate::play::wire::{decode, encode};
    use crate::puzzle::moves::Move;

    #[test]
    fn solves_and_figures_cross_whole_and_damage_reads_as_nothing() {
        let mut h = History::default();
        let text = r#"[{"id":3,"date":"2026-11-23","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","moves":3,"mtm":2,"millis":9000.5,"optimal":31,"control":"hover","random_state":true,"times":[0,1.5,9000.5]},{"id":1,"date":"2026-11-22","board":"1 2 3/4 5 6/7 0 8","moves":1,"millis":400,"best_known":1,"assisted":true}]"#;
        h.import(text).unwrap();
        let bytes = encode(&h.solves);
        assert_eq!(decode::<Vec<Solve>>(&bytes), Some(h.solves.clone()));
        let briefs: Vec<Brief> = h.solves.iter().map(Brief::of).collect();
        assert_eq!(decode::<Vec<Brief>>(&encode(&briefs)), Some(briefs));
        // Cut anywhere, or with a byte more, it reads as nothing.
        for cut in 0..bytes.len() {
            assert_eq!(decode::<Vec<Solve>>(&bytes[..cut]), None, "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode::<Vec<Solve>>(&longer), None);
        // A board that is no board is refused by the parser.
        let bad = encode(&h.solves)
            .iter()
            .map(|&b| if b == b'8' { b'9' } else { b })
            .collect::<Vec<u8>>();
        assert_eq!(decode::<Vec<Solve>>(&bad), None);
        // A length from damage does not run away.
        assert_eq!(decode::<Vec<u64>>(&u64::MAX.to_le_bytes()), None);
        let moves = vec![
            (Move::Left, 2.5, Input::Touch),
            (Move::Up, 0.0, Input::Click),
        ];
        assert_eq!(
            decode::<Vec<(Move, f64, Input)>>(&encode(&moves)),
            Some(moves)
        );
    }
}
