//! Writes the 15- and 24-puzzles' standard pattern databases for both named goals in the form
//! the page can download instead of building them (`PatternDb::to_download_bytes`), into the
//! folder given: `make tables-download` gzips them into `static/tables/`.

use slide::Board;
use slide::heuristics::pdb::{Builder, PatternDb};

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .ok_or("usage: download_tables FOLDER")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{dir}: {e}"))?;
    for side in [4, 5] {
        let named = [
            Board::blank_last(side, side),
            Board::blank_first(side, side),
        ];
        for goal in named {
            let goal = goal.map_err(|e| e.to_string())?;
            let db = Builder::new(&goal).map_err(|e| e.to_string())?.finish();
            let name = PatternDb::download_name(&goal);
            let file = format!("{dir}/{}", name.trim_end_matches(".gz"));
            std::fs::write(&file, db.to_download_bytes()).map_err(|e| format!("{file}: {e}"))?;
            println!("{file}");
        }
    }
    Ok(())
}
