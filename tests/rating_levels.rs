//! The named levels against the table in docs/rating.md, the place users
//! read them: every score from 0.0 to 12.0 must fall in the level the
//! table gives it, so code and documentation cannot drift apart.

use sudoku_dlx::logic::Level;

/// A row of the table: level name and its scores, both ends included.
struct Row {
    name: String,
    low: f32,
    high: f32,
}

/// The rows of the "Levels" table (`| level | scores | ... |`).
fn documented() -> Vec<Row> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rating.md"))
        .expect("docs/rating.md is readable");
    let section = text.split("## Levels").nth(1).expect("a Levels section");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| Level |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let (name, scores) = (cells[1].to_string(), cells[2]);
            let (low, high) = if let Some(high) = scores.strip_prefix("up to ") {
                (0.0, high.parse().expect("a score"))
            } else if let Some(low) = scores.strip_suffix(" and up") {
                (low.parse().expect("a score"), f32::INFINITY)
            } else {
                let (low, high) = scores.split_once(" to ").expect("LOW to HIGH");
                (low.parse().expect("a score"), high.parse().expect("a score"))
            };
            Row { name, low, high }
        })
        .collect()
}

#[test]
fn documented_table_names_every_level_in_order() {
    let names: Vec<String> = documented().into_iter().map(|r| r.name).collect();
    let levels: Vec<String> = Level::ALL.iter().map(|l| l.name().to_string()).collect();
    assert_eq!(names, levels);
}

#[test]
fn every_score_has_the_documented_level() {
    let rows = documented();
    for tenths in 0..=120 {
        let score = tenths as f32 / 10.0;
        let inside: Vec<&Row> = rows
            .iter()
            .filter(|r| score >= r.low - 1e-4 && score <= r.high + 1e-4)
            .collect();
        assert_eq!(
            inside.len(),
            1,
            "{score} is in {} documented levels",
            inside.len()
        );
        assert_eq!(Level::of(score).name(), inside[0].name, "score {score}");
        let range = Level::of(score).range();
        assert!(range.contains(&score), "{score} outside {range:?}");
    }
}
