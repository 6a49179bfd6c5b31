//! Variant ratings against Sukaku Explainer's: every puzzle of
//! `tests/data/se_variant_ratings.tsv` was rated by serate 1.15.10 with
//! the variant's switch (`--isX=1`, `--isWindows=1`, `--isDG=1`,
//! `--isAntiKing=1`, `--isAntiKnight=1`, `--isNC=1`); the grader must give
//! the same ER.

use sudoku_dlx::limits::Limits;
use sudoku_dlx::{grade_variant_within, grade_within, GradeError, Grid, Rating, Shape, Variant};

fn grade(puzzle: &Grid, variant: &Variant) -> Result<Rating, GradeError> {
    grade_variant_within(puzzle, variant, Limits::default(), false).map(|g| g.path.rating)
}

const CORPUS: &str = include_str!("data/se_variant_ratings.tsv");

#[test]
fn variant_ratings_match_sukaku_explainer() {
    let mut wrong = Vec::new();
    let mut rated = 0;
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let variant: Variant = fields[0].parse().expect("a variant name");
        let puzzle: Grid = fields[1].parse().expect("a puzzle line");
        let se_er: f32 = fields[2].split('/').next().unwrap().parse().expect("an ER");
        let rating = grade(&puzzle, &variant).expect("a rated variant, a unique puzzle");
        rated += 1;
        if (rating.score * 10.0).round() != (se_er * 10.0).round() {
            wrong.push(format!(
                "{variant} {}: ours {:.1}, SE {se_er:.1}",
                fields[1], rating.score
            ));
        }
        // Non-consecutive rows are checked on EP and ED too.
        let ours = format!("{:.1}/{:.1}/{:.1}", rating.score, rating.pearl, rating.diamond);
        if fields[0] == "non-consecutive" && ours != fields[2] {
            wrong.push(format!("{variant} {}: ours {ours}, SE {}", fields[1], fields[2]));
        }
    }
    assert!(rated >= 50, "the corpus holds {rated} puzzles");
    assert!(
        wrong.is_empty(),
        "{} of {rated} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_variant_houses_count_for_singles() {
    // Classic rules alone leave this X puzzle stuck where the diagonals
    // give singles: its X rating must be lower than a classic solve can
    // reach (classic rules give several solutions, so it is no classic
    // puzzle at all).
    let line = "4.79863..2...5.8.6..9132.7.9......1.........937....4.8..........4...8........7182";
    let puzzle: Grid = line.parse().unwrap();
    let x: Variant = "x".parse().unwrap();
    let rating = grade(&puzzle, &x).unwrap();
    assert_eq!((rating.score * 10.0).round(), 15.0);
    assert!(matches!(
        grade_within(&puzzle, Limits::default(), false),
        Err(GradeError::NotUnique { .. })
    ));
}

#[test]
fn unrated_variants_are_refused_by_name() {
    for name in ["x,non-consecutive", "anti-king,non-consecutive"] {
        let variant: Variant = name.parse().unwrap();
        let puzzle = Grid::empty(Shape::CLASSIC);
        match grade(&puzzle, &variant) {
            Err(e @ GradeError::Logic(_)) => assert!(e.to_string().contains("non-consecutive"), "{e}"),
            Err(e) => panic!("{name}: {e}"),
            Ok(_) => panic!("{name} was accepted"),
        }
    }
}

#[test]
fn a_variant_that_does_not_fit_the_shape_is_an_error() {
    let variant: Variant = "windoku".parse().unwrap();
    let shape = Shape::new(2, 3).unwrap();
    assert!(matches!(
        grade(&Grid::empty(shape), &variant),
        Err(GradeError::Logic(e)) if e.contains("windoku")
    ));
}

/// A classic rating on a thread that rated variant puzzles before is
/// SE's: the caches the grader keeps across puzzles (the cycle search's
/// peer sets, inner chain answers, the BUG analysis) hold nothing of
/// another rule set. Each case starts on a fresh thread, so that the
/// variant fills the caches first (a classic rating first would fill
/// them with classic peers and hide a cache that ignores the rules). The
/// puzzle's ER/EP/ED are serate 1.15.10's (tests/data/se_eped_sample.jsonl).
#[test]
fn variant_ratings_leave_nothing_behind_for_classic_ones() {
    let check = |when: &str| {
        let classic: Grid =
            "......8.....839.7.7..1.2.6.2....5..953........9.7....89.2.....5.6...12.7.4.....3."
                .parse()
                .unwrap();
        let se = (8.4, 8.4, 2.6);
        let r = grade_within(&classic, Limits::default(), false)
            .unwrap()
            .path
            .rating;
        let ours = (r.score, r.pearl, r.diamond);
        let close = |a: f32, b: f32| (a - b).abs() < 0.05;
        assert!(
            close(ours.0, se.0) && close(ours.1, se.1) && close(ours.2, se.2),
            "{when}: ours {ours:?}, SE {se:?}"
        );
    };
    // Anti-king puzzles whose solves run the chain engines under the
    // variant's peers: after the second, a classic rating that reused
    // the cycle search's peer sets gave EP 6.5 for SE's 8.4.
    let hard = [
        "anti-king\t......1..3......6.....917..5....2......4.6...........2.2.........5...2....9..4837",
        "anti-king\t...34.12..........8.7.........1........264..7.9............6.5.1........5.....7.4",
    ];
    let corpus: Vec<&str> = CORPUS.lines().filter(|l| !l.trim().is_empty()).collect();
    let cases: Vec<Vec<&str>> = hard.iter().map(|h| vec![*h]).chain([corpus]).collect();
    for case in cases {
        std::thread::scope(|s| {
            s.spawn(|| {
                for line in &case {
                    let fields: Vec<&str> = line.split('\t').collect();
                    let variant: Variant = fields[0].parse().unwrap();
                    let puzzle: Grid = fields[1].parse().unwrap();
                    grade(&puzzle, &variant).unwrap();
                    check(&format!("after {variant} {}", fields[1]));
                }
            });
        });
    }
}
