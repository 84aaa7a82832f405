//! A shell's geometry, as its beam needs it: the shell's squares in order along the line they
//! make (a row, a column, or both round a corner), each square's place on it, the squares off
//! the line beside each (its doors), and the doors of every run of places along it.

use super::Beam;
use super::aim::Aim;
use crate::puzzle::board::{Board, beside};

impl Beam {
    /// The line of a shell's beam aiming at `aim` on `goal`: its squares in order, their places
    /// and doors, and each run's doors (see the fields of [`Beam`]); nothing if the squares of
    /// the tiles aimed at make no line.
    pub(super) fn set_up_line(&mut self, goal: &Board, aim: &Aim) {
        let (n, w, h) = (self.start.len(), self.start.width(), self.start.height());
        let aimed_square: Vec<bool> = goal
            .tiles()
            .iter()
            .map(|&t| aim.aims_at(usize::from(t)))
            .collect();
        self.line = line_of(&aimed_square, w, h);
        self.on_line = vec![usize::MAX; n];
        for (i, &s) in self.line.iter().enumerate() {
            self.on_line[s] = i;
            let mut doors = [usize::MAX; 2];
            let off = beside(s, w, h).filter(|&nb| !aimed_square[nb]);
            for (door, nb) in doors.iter_mut().zip(off) {
                *door = nb;
            }
            self.doors.push(doors);
        }
        let len = self.line.len();
        self.runs = (0..len * len)
            .map(|k| self.doors_of(k / len, k % len))
            .collect();
    }

    /// The doors of the run of places `i..=j` along the shell's line (the squares off it beside
    /// them), counted up to two, and the first.
    fn doors_of(&self, i: usize, j: usize) -> (u8, usize) {
        let mut doors = [usize::MAX; 2];
        let mut count = 0;
        for &door in self.doors.get(i..=j).unwrap_or_default().iter().flatten() {
            if door != usize::MAX && !doors[..count].contains(&door) {
                if count == 2 {
                    break;
                }
                doors[count] = door;
                count += 1;
            }
        }
        (count as u8, doors[0])
    }
}

/// The squares marked in `on`, in order along the line they make from one end to the other (a
/// shell: a row, a column, or both sharing a corner); empty if they make no such line.
fn line_of(on: &[bool], w: usize, h: usize) -> Vec<usize> {
    let next = |s: usize, seen: &[bool]| beside(s, w, h).find(|&nb| on[nb] && !seen[nb]);
    let squares = on.iter().filter(|&&o| o).count();
    let ends =
        (0..on.len()).filter(|&s| on[s] && beside(s, w, h).filter(|&nb| on[nb]).count() <= 1);
    let Some(end) = ends.min() else {
        return Vec::new();
    };
    let mut seen = vec![false; on.len()];
    let mut line = vec![end];
    seen[end] = true;
    let mut at = end;
    while let Some(s) = next(at, &seen) {
        seen[s] = true;
        line.push(s);
        at = s;
    }
    if line.len() == squares {
        line
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shell_is_a_line_from_one_end_to_the_other() {
        // The top row and left column of a 4×4, from the row's end round the corner.
        let mut on = vec![false; 16];
        for s in [0, 1, 2, 3, 4, 8, 12] {
            on[s] = true;
        }
        assert_eq!(line_of(&on, 4, 4), [3, 2, 1, 0, 4, 8, 12]);
        // Two squares apart make no line.
        let mut apart = vec![false; 16];
        apart[0] = true;
        apart[5] = true;
        assert_eq!(line_of(&apart, 4, 4), Vec::<usize>::new());
    }
}
