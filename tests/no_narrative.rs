//! The documentation speaks of the product, not of how it was made: no
//! work periods ("seventh session"), tracker issues ("issue 14"), people
//! ("helpers compiling"), git branches ("branch `rs7-16`", "merged main")
//! or dates. Measurement history with dates lives in `benchmarks/`, which
//! is not scanned.
//!
//! Scanned: every Markdown file under `docs/`, `README.md`, `CHANGELOG.md`,
//! and the comments of every `.rs` file under `src/`. Product words that
//! look alike stay allowed: a *digging session* (the `Digger` object), a
//! search *branch*, *helper* functions, links to upstream trackers
//! (`github.com/owner/repo/issues/N`).

use std::fs;
use std::path::{Path, PathBuf};

const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "1st",
    "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th",
];

/// Words that make "session" a product word (the engines' digging sessions).
const SESSION_KINDS: &[&str] = &["digging", "dlx", "sat"];

/// Words after "helper(s)" that make it a person at work.
const HELPER_DOING: &[&str] = &[
    "branch",
    "compiling",
    "ran",
    "running",
    "were",
    "was",
    "measured",
    "found",
    "wrote",
    "did",
    "said",
    "reported",
    "worked",
    "working",
    "benchmarking",
];

/// Words before "helpers" that make them people.
const HELPER_COUNT: &[&str] = &["other", "two", "three", "four", "five", "six", "several"];

/// Words before "branch" that make it a git branch.
const BRANCH_OWNER: &[&str] = &[
    "on", "grader", "feature", "git", "topic", "release", "helper's", "merge", "merged",
];

const WHEN: &[&str] = &["today", "yesterday", "tonight"];
const PERIOD: &[&str] = &["week", "morning", "afternoon", "evening", "sprint"];

/// A word or a punctuation mark, with the line it is on.
#[derive(Debug)]
struct Token {
    text: String,
    line: usize,
    /// Whether whitespace (or a line start) comes right before it.
    spaced: bool,
}

fn tokens(text: &str, first_line: usize, out: &mut Vec<Token>) {
    let mut word = String::new();
    for (i, line) in text.lines().enumerate() {
        let n = first_line + i;
        let mut spaced = true;
        for c in line.chars() {
            if c.is_alphanumeric() || c == '_' || c == '-' || c == '\'' {
                word.push(c.to_ascii_lowercase());
            } else {
                spaced = flush(&mut word, n, spaced, out);
                if c.is_whitespace() {
                    spaced = true;
                } else {
                    out.push(Token {
                        text: c.to_string(),
                        line: n,
                        spaced,
                    });
                    spaced = false;
                }
            }
        }
        flush(&mut word, n, spaced, out);
    }
}

/// Pushes the word gathered so far, if any; returns whether the next token
/// is spaced.
fn flush(word: &mut String, line: usize, spaced: bool, out: &mut Vec<Token>) -> bool {
    let trimmed = word.trim_matches(|c| c == '\'' || c == '-');
    let pushed = !trimmed.is_empty();
    if pushed {
        out.push(Token {
            text: trimmed.to_string(),
            line,
            spaced,
        });
    }
    word.clear();
    spaced && !pushed
}

/// A number, possibly with a possessive ("14's").
fn is_number(s: &str) -> bool {
    let s = s.strip_suffix("'s").unwrap_or(s);
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// A git branch name of the form used for work branches (`rs5-grader`).
fn is_work_branch_name(s: &str) -> bool {
    s.strip_prefix("rs")
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(digits, _)| is_number(digits))
}

fn is_commit_hash(s: &str) -> bool {
    (7..=40).contains(&s.len())
        && s.chars().all(|c| c.is_ascii_hexdigit())
        && s.chars().any(|c| c.is_ascii_digit())
        && s.chars().any(|c| c.is_ascii_alphabetic())
}

/// What is narrative about the token at `i`, if anything.
fn narrative_at(t: &[Token], i: usize) -> Option<&'static str> {
    let word = |k: usize| t.get(k).map(|x| x.text.as_str()).unwrap_or("");
    let prev = if i > 0 { word(i - 1) } else { "" };
    let (w, next) = (word(i), word(i + 1));
    let session = matches!(w, "session" | "sessions" | "session's");
    if session && !SESSION_KINDS.contains(&prev) {
        return Some("a work session");
    }
    if ORDINALS.contains(&w) && (next == "session" || (next == "work" && word(i + 2).starts_with("period"))) {
        return Some("a numbered work period");
    }
    if w == "work" && next.starts_with("period") {
        return Some("a work period");
    }
    if matches!(w, "issue" | "issues") && (is_number(next) || (next == "#" && is_number(word(i + 2)))) {
        return Some("a tracker issue");
    }
    if w == "issue's" {
        return Some("a tracker issue");
    }
    if w == "#" && is_number(next) && t.get(i + 1).is_some_and(|x| !x.spaced) {
        return Some("a tracker issue number");
    }
    let helper = matches!(w, "helper" | "helpers" | "helper's");
    if w == "helper's"
        || (helper && HELPER_DOING.contains(&next))
        || (w == "helpers" && HELPER_COUNT.contains(&prev))
    {
        return Some("a person at work");
    }
    if matches!(w, "reviewer" | "reviewers" | "reviewer's") {
        return Some("a person at work");
    }
    let branch = matches!(w, "branch" | "branches");
    if branch
        && (BRANCH_OWNER.contains(&prev) || matches!(next, "`" | "'" | "\"") || is_work_branch_name(next))
    {
        return Some("a git branch");
    }
    if is_work_branch_name(w) {
        return Some("a git branch name");
    }
    if w == "merge" && next == "time" {
        return Some("a git merge");
    }
    if (w == "main" && (is_commit_hash(next) || next == "at")) || (w == "merged" && next == "main") {
        return Some("a git branch (main)");
    }
    if WHEN.contains(&w) || (matches!(w, "this" | "last" | "next") && PERIOD.contains(&next)) {
        return Some("a point in time of the work");
    }
    if is_date(w) && !(prev == "/" && word(i.wrapping_sub(2)) == "benchmarks") {
        return Some("a date (measurement history belongs in benchmarks/)");
    }
    None
}

/// The comments of a Rust source file, each with its line number.
fn rust_comments(source: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        if let Some(at) = comment_start(line) {
            out.push((
                i + 1,
                line[at..]
                    .trim_start_matches('/')
                    .trim_start_matches('!')
                    .to_string(),
            ));
        }
    }
    out
}

/// Where a `//` comment starts on `line`, outside string and char literals.
fn comment_start(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'\'' if !in_string && i + 2 < bytes.len() && bytes[i + 2] == b'\'' => i += 2,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

fn files(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

/// Every narrative hit as `path:line: what: the line`.
fn hits(root: &Path) -> Vec<String> {
    let mut docs = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    files(&root.join("docs"), "md", &mut docs);
    let mut sources = Vec::new();
    files(&root.join("src"), "rs", &mut sources);

    let mut found = Vec::new();
    let mut scan = |path: &Path, parts: Vec<(usize, String)>, text: &str| {
        let mut toks = Vec::new();
        for (line, part) in &parts {
            tokens(part, *line, &mut toks);
        }
        let lines: Vec<&str> = text.lines().collect();
        let mut last = None;
        for i in 0..toks.len() {
            if let Some(what) = narrative_at(&toks, i) {
                let line = toks[i].line;
                if last != Some(line) {
                    let shown = lines.get(line - 1).map(|l| l.trim()).unwrap_or("");
                    let rel = path.strip_prefix(root).unwrap_or(path);
                    found.push(format!("{}:{line}: {what}: {shown}", rel.display()));
                    last = Some(line);
                }
            }
        }
    };
    for path in docs {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        scan(&path, vec![(1, text.clone())], &text);
    }
    for path in sources {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        scan(&path, rust_comments(&text), &text);
    }
    found
}

#[test]
fn docs_readme_changelog_and_comments_describe_the_product() {
    let found = hits(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        found.is_empty(),
        "{} narrative passage(s); state the fact, or move measurement history to benchmarks/:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_patterns_catch_narrative_and_spare_product_words() {
    let flagged = |text: &str| {
        let mut toks = Vec::new();
        tokens(text, 1, &mut toks);
        (0..toks.len()).any(|i| narrative_at(&toks, i).is_some())
    };
    for narrative in [
        "measured in the seventh session",
        "(docs/rating.md, seventh\nsession)",
        "Issue 14's targets",
        "see issue #12",
        "the target of issue 10",
        "fixed in #42",
        "other helpers compiling",
        "the helper's branch sent them",
        "grader branch `rs5-grader`",
        "Merge branch 'rs7-25' into merge7",
        "with the grader at merge time",
        "main a103117 against the branch",
        "the merged main",
        "measured today",
        "a work period",
        "Same session, 2026-11-23",
    ] {
        assert!(flagged(narrative), "not caught: {narrative}");
    }
    for product in [
        "The DLX digging session keeps the clues covered",
        "digging sessions list their solution's options",
        "the SAT session",
        "Each level stores its branch item",
        "built without a branch per edge",
        "Each branch is compared with the best string",
        "branch and bound over the output string",
        "Shared helpers for the technique unit tests",
        "a helper function",
        "clap (github.com/clap-rs/clap/issues/6421)",
        "#[derive(Debug)]",
        "time sudoku-dlx canon g.txt   # 0.24 s",
        "measurements in benchmarks/2026-11-26/rating-speed.md",
        "the first solution, the second solution",
        "the main diagonal",
        "The walks from off",
    ] {
        assert!(!flagged(product), "wrongly caught: {product}");
    }
}
