//! SE's three ratings against Sukaku Explainer 1.15.10: ER (the hardest
//! step), EP (the pearl: the hardest step up to the first placement) and
//! ED (the diamond: the first step), each with the name of the step that
//! gives it.
//!
//! The committed sample, tests/data/se_eped_sample.jsonl, holds 200
//! records of the se_traces files (SE's `er`, `ep`, `ed` and `hardest`):
//! every record whose EP or ED is not the usual 1.2 by a hidden single,
//! every record whose hardest step SE names apart from its step list
//! (dynamic and Nishio chains), records whose path has a forcing chain
//! concluding "on" (with SE's step list, `steps`), then records of every
//! hardest technique in turn. `ep_technique` and `ed_technique` are read
//! off SE's step list: the first step that reached the ER of the moment
//! when EP and ED were set.
//!
//! The whole comparison, on all 5,320 trace records, is the ignored test
//! (`cargo test --release --test rating_pearl_diamond -- --ignored
//! --nocapture`; the traces are read from `$SUDOKU_DLX_SE_TRACES`, by
//! default ../shared/data/se_traces).

use serde::Deserialize;
use std::path::PathBuf;
use sudoku_dlx::logic::{LogicalSolver, SolvePath};
use sudoku_dlx::{Grid, Shape};

#[derive(Deserialize)]
struct Record {
    puzzle: String,
    er: f32,
    ep: f32,
    ed: f32,
    hardest: String,
    #[serde(default)]
    ep_technique: Option<String>,
    #[serde(default)]
    ed_technique: Option<String>,
    #[serde(default)]
    steps: Vec<SeStep>,
}

#[derive(Deserialize)]
struct SeStep {
    rating: f32,
    technique: String,
    text: String,
}

/// SE's placements, told from its own step list: the direct hints place
/// one cell; a chain places when its conclusion is "on" (`A2.6 on`, `G9
/// ==> D9.6 on`), a contradiction when its assumption was "off" (`H3.6
/// off ==> I9.6 both on & off`); every other hint only removes.
fn se_places(step: &SeStep) -> bool {
    const DIRECT: [&str; 6] = [
        "Hidden Single",
        "Naked Single",
        "Direct Pointing",
        "Direct Claiming",
        "Direct Hidden Pair",
        "Direct Hidden Triplet",
    ];
    const CHAINS: [&str; 8] = [
        "Forcing Chain",
        "Forcing X-Chain",
        "Turbot Fish",
        "Cell Forcing Chains",
        "Region Forcing Chains",
        "Contradiction Forcing Chain",
        "Double Forcing Chain",
        "Nishio Forcing Chain",
    ];
    if DIRECT.contains(&step.technique.as_str()) {
        return true;
    }
    if !CHAINS.contains(&step.technique.as_str()) {
        return false;
    }
    let text = step.text.trim();
    if let Some(assumption) = text.strip_suffix(" both on & off") {
        return assumption
            .split(" ==> ")
            .next()
            .is_some_and(|a| a.ends_with(" off"));
    }
    text.ends_with(" on")
}

/// `(rating, name)` of ER, EP and ED by SE's rule, from SE's steps.
fn se_rule(steps: &[SeStep]) -> [(f32, String); 3] {
    let (mut er, mut ep, mut ed) = ((0.0, String::new()), (0.0, String::new()), (0.0, String::new()));
    for step in steps {
        if step.rating > er.0 {
            er = (step.rating, step.technique.clone());
        }
        if ep.0 == 0.0 {
            if ed.0 == 0.0 {
                ed = er.clone();
            }
            if se_places(step) {
                ep = er.clone();
            }
        }
    }
    [er, ep, ed]
}

fn parse(line: &str) -> Grid {
    let values = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Grid::from_cells(Shape::CLASSIC, values).expect("an 81-cell puzzle")
}

fn same(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.05
}

/// A step name without SE's variant code or note (`WXYZ-Wing 137` and
/// `3-String Kite 1112 (Using 1 grouped strong link)` become `WXYZ-Wing`
/// and `3-String Kite`).
fn family(name: &str) -> &str {
    let name = name.split(" (Using").next().unwrap_or(name);
    match name.rsplit_once(' ') {
        Some((head, code)) if code.bytes().all(|b| b.is_ascii_digit()) => head,
        _ => name,
    }
}

/// How many steps our path shares with SE's from the start: same
/// technique family, same rating. (A chain that concludes "on" removes
/// the cell's other candidates here where SE places the value, so the
/// paths may part right after one.)
fn common_steps(ours: &SolvePath, theirs: &[SeStep]) -> usize {
    ours.steps
        .iter()
        .zip(theirs)
        .take_while(|(a, b)| same(a.difficulty, b.rating) && family(&a.name()) == family(&b.technique))
        .count()
}

#[derive(Default, Debug)]
struct Agreement {
    records: usize,
    er: usize,
    ep: usize,
    ed: usize,
    er_name: usize,
    /// Records with SE-derived EP/ED names, and how many agree.
    named: usize,
    ep_name: usize,
    ed_name: usize,
    /// Records with SE's steps: how many the rule reproduces (values).
    with_steps: usize,
    rule: usize,
    /// Those whose whole path is SE's.
    same_path: usize,
    /// Steps compared one to one (the steps both paths share from the
    /// start): placements as SE counts them, and chain steps among them
    /// that place.
    steps: usize,
    steps_agree: usize,
    chain_placements: usize,
}

fn compare(records: &[Record]) -> Agreement {
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    let mut a = Agreement::default();
    for r in records {
        let path = solver.explain(&parse(&r.puzzle)).expect("a valid puzzle");
        let ours = &path.rating;
        a.records += 1;
        let (er, ep, ed) = (
            same(ours.score, r.er),
            same(ours.pearl, r.ep),
            same(ours.diamond, r.ed),
        );
        a.er += usize::from(er);
        a.ep += usize::from(ep);
        a.ed += usize::from(ed);
        a.er_name += usize::from(ours.hardest_name == r.hardest);
        if !(er && ep && ed && ours.hardest_name == r.hardest) {
            eprintln!(
                "{}: SE {}/{}/{} ({}), ours {}/{}/{} ({} / {} / {})",
                r.puzzle,
                r.er,
                r.ep,
                r.ed,
                r.hardest,
                ours.score,
                ours.pearl,
                ours.diamond,
                ours.hardest_name,
                ours.pearl_name,
                ours.diamond_name
            );
        }
        if let (Some(ep_name), Some(ed_name)) = (&r.ep_technique, &r.ed_technique) {
            a.named += 1;
            a.ep_name += usize::from(&ours.pearl_name == ep_name);
            a.ed_name += usize::from(&ours.diamond_name == ed_name);
        }
        if r.steps.is_empty() {
            continue;
        }
        a.with_steps += 1;
        let [s_er, s_ep, s_ed] = se_rule(&r.steps);
        a.rule += usize::from(same(s_er.0, r.er) && same(s_ep.0, r.ep) && same(s_ed.0, r.ed));
        let shared = common_steps(&path, &r.steps);
        a.same_path += usize::from(shared == r.steps.len() && shared == path.steps.len());
        for (step, se) in path.steps.iter().zip(&r.steps).take(shared) {
            a.steps += 1;
            a.steps_agree += usize::from(step.is_placement() == se_places(se));
            a.chain_placements += usize::from(se_places(se) && se.technique.contains("Chain"));
        }
    }
    a
}

fn sample() -> Vec<Record> {
    include_str!("data/se_eped_sample.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a sample record"))
        .collect()
}

#[test]
fn er_ep_ed_agree_with_sukaku_explainer_on_the_sample() {
    let records = sample();
    assert_eq!(records.len(), 200);
    let a = compare(&records);
    eprintln!("{a:?}");
    let n = records.len();
    assert_eq!((a.er, a.ep, a.ed, a.er_name), (n, n, n, n), "{a:?}");
    assert_eq!((a.named, a.ep_name, a.ed_name), (n, n, n), "{a:?}");
    // SE's own steps give SE's figures by the rule, and ours count the
    // same steps as placements, chains that conclude "on" included.
    assert!(a.with_steps >= 10 && a.rule == a.with_steps, "{a:?}");
    assert_eq!(a.steps_agree, a.steps, "{a:?}");
    assert!(a.chain_placements >= 10, "{a:?}");
    // The sample covers EP apart from ED and EP set by a chain.
    assert!(records.iter().any(|r| r.ep != r.ed));
    assert!(records.iter().any(|r| r.ep > 8.0));
}

/// Every trace file of the directory `SUDOKU_DLX_SE_TRACES` (default
/// ../shared/data/se_traces).
fn trace_files() -> Vec<PathBuf> {
    let dir = std::env::var_os("SUDOKU_DLX_SE_TRACES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/se_traces"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
#[ignore = "reads the 5,320 se_traces records; run with --release --ignored"]
fn er_ep_ed_agree_with_sukaku_explainer_on_every_trace() {
    let mut total = Agreement::default();
    println!("| file | records | ER | EP | ED | ER name | EP name | ED name | rule on SE's steps | same path | shared steps placing alike |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for file in trace_files() {
        let text = std::fs::read_to_string(&file).expect("a trace file");
        let mut records: Vec<Record> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("a trace record"))
            .collect();
        // The names of EP and ED come from SE's steps by the rule.
        for r in &mut records {
            let [_, ep, ed] = se_rule(&r.steps);
            r.ep_technique = Some(ep.1);
            r.ed_technique = Some(ed.1);
        }
        let a = compare(&records);
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {}/{} |",
            file.file_name().unwrap().to_string_lossy(),
            a.records,
            a.er,
            a.ep,
            a.ed,
            a.er_name,
            a.ep_name,
            a.ed_name,
            a.rule,
            a.same_path,
            a.steps_agree,
            a.steps
        );
        total.records += a.records;
        total.er += a.er;
        total.ep += a.ep;
        total.ed += a.ed;
        total.er_name += a.er_name;
        total.named += a.named;
        total.ep_name += a.ep_name;
        total.ed_name += a.ed_name;
        total.with_steps += a.with_steps;
        total.rule += a.rule;
        total.same_path += a.same_path;
        total.steps += a.steps;
        total.steps_agree += a.steps_agree;
        total.chain_placements += a.chain_placements;
    }
    println!("{total:?}");
    assert!(total.records >= 5000, "{total:?}");
    // The rule reproduces SE's EP and ED from SE's own steps, always.
    assert_eq!(total.rule, total.records, "{total:?}");
    // Ours are SE's, and every step both paths share places (or not) as
    // in SE.
    let n = total.records;
    assert_eq!((total.er, total.ep, total.ed), (n, n, n), "{total:?}");
    assert_eq!((total.ep_name, total.ed_name), (n, n), "{total:?}");
    assert_eq!(total.steps_agree, total.steps, "{total:?}");
}
