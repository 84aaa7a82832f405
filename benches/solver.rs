fn main() {
    use slide::solver::{Algorithm, Options, solve};
    use slide::{Board, Goal, Heuristic};
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let mut boards = vec![];
    let mut p: Vec<u32> = (0..9).collect();
    let mut rng = slide::random::Rng::seeded(1);
    for _ in 0..20000 {
        rng.shuffle(&mut p);
        let b = Board::new(3, 3, &p).unwrap();
        if slide::solvability::is_solvable(&b, &goal) {
            boards.push(b);
        }
    }
    let t = std::time::Instant::now();
    let mut e = 0;
    for b in &boards {
        e += solve(
            b,
            &goal,
            &Options::with(Algorithm::AStar, Heuristic::Manhattan),
        )
        .unwrap()
        .stats
        .expanded;
    }
    eprintln!("{} boards {:?} {e}", boards.len(), t.elapsed());
}
