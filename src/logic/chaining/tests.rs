//! Tests of the chaining engines on positions where SE took a chain.

use super::{find, Engine};
use crate::logic::candidates::{bit, Candidates, Tables};
use crate::shape::Shape;
use std::sync::Arc;

/// Positions where Sukaku Explainer 1.15.10 took a chain step, with SE's
/// name, rating and description of that step (taken from its traces; the
/// position is the candidate grid just before the step).
const SE_STEPS: &str = include_str!("../../../tests/data/chains_se_steps.jsonl");

struct SeStep {
    puzzle: crate::grid::Grid,
    position: Candidates,
    engine: Engine,
    name: String,
    rating: f64,
    text: String,
}

fn se_steps() -> Vec<SeStep> {
    let tables = Arc::new(Tables::new(Shape::CLASSIC));
    SE_STEPS
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("json");
            let s = |k: &str| v[k].as_str().expect("a string field").to_string();
            let puzzle = parse(&s("puzzle"));
            SeStep {
                position: decode(&tables, &s("candidates")),
                puzzle,
                engine: match s("engine").as_str() {
                    "unary" => Engine::Unary,
                    "nishio" => Engine::Nishio,
                    "multiple" => Engine::Multiple,
                    _ => Engine::Dynamic,
                },
                name: s("name"),
                rating: v["rating"].as_f64().expect("rating"),
                text: s("text"),
            }
        })
        .collect()
}

fn parse(line: &str) -> crate::grid::Grid {
    let cells = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    crate::grid::Grid::from_cells(Shape::CLASSIC, cells).expect("81 cells")
}

/// The position from its text (see `calibration::encode`).
fn decode(tables: &Arc<Tables>, text: &str) -> Candidates {
    let fields: Vec<&str> = text.split(' ').collect();
    let values = fields
        .iter()
        .map(|f| f.strip_prefix('=').map_or(0, |v| v.parse().expect("a digit")))
        .collect();
    let grid = crate::grid::Grid::from_cells(Shape::CLASSIC, values).expect("81 cells");
    let mut c = Candidates::from_grid(tables.clone(), &grid).expect("no clash");
    for (cell, f) in fields.iter().enumerate() {
        if !f.starts_with('=') {
            let mask = f.bytes().fold(0, |m, b| m | bit(b - b'0'));
            assert_eq!(c.mask(cell) & mask, mask, "candidates of a free cell");
            c.set_mask(cell, mask);
        }
    }
    c
}

const ENGINES: [Engine; 4] = [Engine::Unary, Engine::Nishio, Engine::Multiple, Engine::Dynamic];

#[test]
fn each_engine_takes_se_s_step() {
    let steps = se_steps();
    assert!(steps.len() >= 60);
    for s in &steps {
        let hint = find(&s.position, s.engine).unwrap_or_else(|| panic!("no hint for {}", s.text));
        assert_eq!(hint.name(), s.name, "{}", s.text);
        assert_eq!(hint.text, s.text, "{}", s.name);
        assert!(
            (hint.rating() as f64 - s.rating).abs() < 0.01,
            "{} {}",
            s.name,
            s.text
        );
    }
}

#[test]
fn removals_agree_with_the_solution() {
    // An independent check: the DLX engine's solution keeps every digit a
    // chain removes out of its cell.
    for s in se_steps() {
        let solution = super::calibration::solve(&s.puzzle);
        let hint = find(&s.position, s.engine).expect("a hint");
        assert!(!hint.removals.is_empty());
        for &(cell, d) in &hint.removals {
            assert_ne!(
                solution.get(cell),
                d,
                "{} {} removes the solution",
                s.name,
                s.text
            );
        }
    }
}

#[test]
fn earlier_engines_find_nothing_where_se_went_further() {
    // SE tries its engines in order and takes the first that finds a
    // hint: where it used a later engine, the earlier ones must be empty.
    for s in se_steps() {
        for e in ENGINES.into_iter().take_while(|&e| e != s.engine) {
            assert_eq!(find(&s.position, e), None, "{e:?} fired where SE used {}", s.name);
        }
    }
}

#[test]
fn no_chain_on_a_solved_board() {
    let tables = Arc::new(Tables::new(Shape::CLASSIC));
    let s = &se_steps()[0];
    let solution = super::calibration::solve(&s.puzzle);
    let c = Candidates::from_grid(tables, &solution).expect("a solution");
    for e in ENGINES {
        assert_eq!(find(&c, e), None);
    }
}

#[test]
fn steps_carry_se_s_name_and_rating() {
    use crate::logic::chaining::steps::Chains;
    use crate::logic::producer::{Context, Memo, Producer};
    let s = se_steps()
        .into_iter()
        .find(|s| s.name == "Bidirectional Y-Cycle")
        .expect("a Y-cycle");
    let mut memo = Memo::new(9);
    let mut cx = Context {
        memo: &mut memo,
        searched: crate::logic::technique::Technique::ALL.len(),
    };
    let step = Chains(Engine::Unary).find(&s.position, &mut cx).expect("a step");
    assert_eq!(step.name(), "Bidirectional Y-Cycle");
    assert!((step.difficulty as f64 - s.rating).abs() < 0.01);
    assert!(!step.eliminations.is_empty());
}

#[test]
fn chains_on_other_box_shapes_remove_only_wrong_digits() {
    // Every engine on the raw candidates of generated puzzles of several
    // box shapes: whatever it removes, the solution (from the generator's
    // DLX check) does not hold there.
    use crate::generator::{GenerateOptions, Generator};
    let mut fired = 0;
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(rows, cols).expect("a shape");
        let tables = Arc::new(Tables::new(shape));
        let mut generator = Generator::new(GenerateOptions::new(shape)).expect("a generator");
        for index in 0..3 {
            let g = generator.generate(7, index).expect("a puzzle");
            let c = Candidates::from_grid(tables.clone(), &g.puzzle).expect("no clash");
            for e in ENGINES {
                if let Some(hint) = find(&c, e) {
                    fired += 1;
                    for &(cell, d) in &hint.removals {
                        assert_ne!(g.solution.get(cell), d, "{rows}x{cols} {e:?} {}", hint.text);
                    }
                }
            }
        }
    }
    assert!(fired > 20, "the engines fired {fired} times");
}

/// The first position where SE took a dynamic forcing chain.
fn first_dynamic_step() -> SeStep {
    se_steps()
        .into_iter()
        .find(|s| s.engine == Engine::Dynamic)
        .expect("a dynamic step")
}

/// A pool of two threads: searches of level 1 and up walk in parallel
/// inside it.
fn two_threads() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool")
}

#[test]
fn parallel_walks_reuse_the_spare_walks() {
    // Searches of level 1 make their walks in parallel inside a pool of
    // two threads; each search returns its walks to the spares, so the
    // spares must stay as many as one search makes, however many run.
    let s = first_dynamic_step();
    let pool = two_threads();
    let spares: Vec<usize> = pool.install(|| {
        (0..4)
            .map(|_| {
                find(&s.position, Engine::Nested { level: 1, limit: 0 });
                super::multiple::spare_walks()
            })
            .collect()
    });
    assert!(spares[0] > 0, "the search kept no walks");
    assert_eq!(spares[3], spares[0], "spare walks after each search: {spares:?}");
}

#[test]
fn a_search_called_off_finds_nothing_and_changes_no_later_search() {
    // A search made ahead of need is called off when an earlier producer
    // finds a step: it must then give nothing (its walks are cut short),
    // keep its buffers, and leave the next search's hint as it was.
    use super::{with_stop, StopSignals};
    use std::sync::atomic::AtomicBool;
    let s = first_dynamic_step();
    let level_one = Engine::Nested { level: 1, limit: 0 };
    let pool = two_threads();
    pool.install(|| {
        let text = |engine| find(&s.position, engine).map(|h| h.text);
        for engine in [Engine::Dynamic, level_one] {
            let before = text(engine);
            assert!(before.is_some(), "{engine:?} finds a hint where SE took a dynamic chain");
            let spares = super::multiple::spare_walks();
            let called_off = StopSignals::default().and(Arc::new(AtomicBool::new(true)));
            assert_eq!(with_stop(called_off, || text(engine)), None, "{engine:?} called off");
            // A signal not set stops nothing.
            let running = StopSignals::default().and(Arc::new(AtomicBool::new(false)));
            assert_eq!(with_stop(running, || text(engine)), before, "{engine:?} with a signal not set");
            assert_eq!(text(engine), before, "{engine:?} after a search called off");
            assert!(super::multiple::spare_walks() >= spares, "{engine:?}: the spares were lost");
        }
    });
}

#[test]
fn an_inner_answer_cut_short_is_not_kept() {
    // Inner engines' answers are kept for every later search of the same
    // board; one cut short (here: called off) must not be, or the next
    // search of that board would read it.
    use super::{with_stop, StopSignals};
    use std::sync::atomic::AtomicBool;
    let s = first_dynamic_step();
    let board = super::engine::Board::new(s.position.tables(), super::masks(&s.position));
    let texts = |answer: &[(super::ChainHint, super::engine::ChainTrace)]| {
        answer.iter().map(|(h, _)| h.text.clone()).collect::<Vec<_>>()
    };
    let called_off = StopSignals::default().and(Arc::new(AtomicBool::new(true)));
    let cut = with_stop(called_off, || super::nested::answer(Engine::Dynamic, &board));
    let full = texts(&super::multiple::find_all(&mut board.snapshot(), Engine::Dynamic, super::nested::deriver));
    assert!(!full.is_empty(), "SE took a dynamic chain here");
    assert_ne!(texts(&cut), full, "the search called off still ran to its end");
    assert_eq!(texts(&super::nested::answer(Engine::Dynamic, &board)), full);
}
