//! `sudoku-dlx serve` under load and faults: a server started on a free
//! port of 127.0.0.1 keeps answering concurrent clients while others
//! send oversized, malformed or slow requests or work past the time
//! budget; every answer is a status with a JSON error, memory stays
//! bounded, nothing panics, and SIGTERM stops it cleanly.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const P17: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The 25x25 puzzle of tests/robustness.rs that DLX needs seconds to
/// count: work past a short request budget.
const SLOW_25: &str = "2C..5...P............M.86..L........2..P...G.31FB.39E1..ANK.O.....4.D..G..C.K....6O.8.L5BNM..F.4..2A.8JNF4..7.IMG.1HC.2.E.L.DDE2.H.FI...PL1...9.3..J..L.P...H...5..G41..7.K.C9...7..LJ.6.....EDIN4C8...BA4KM6E8.3..JC.7...B.....L.G.8.P24.NA...IE.M6........8...P.N..3H2...EM.JI.OG.3.L.6G.I.J14.......P...MN.I9J...D.L..C..PO5..A.EK.PG.....E..AD...3....5.C.5....B.9.........6.K.F.D..D.CI..L9..5M.28..N6A3.1E..4B..M.....3KO7..HD.9.......EGNJO6..A..5.1.F..4..H...A.....6.P....3I..CML.......C....IE7LP.BK.F.D..8.A..79GL...B4.O6....K.J34...9.D.H..N.5.....7G....PH.....C....1EA9G.35.8...G1.5CJ.6......9N.....DO..7I.....F...DJ.3L.H.M.416.";

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: mpsc::Receiver<String>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, log) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let first = log
            .recv_timeout(Duration::from_secs(20))
            .expect("the server starts");
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|a| a.trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        Server { child, addr, log }
    }

    /// The log lines so far.
    fn log_lines(&self) -> Vec<String> {
        self.log.try_iter().collect()
    }

    /// Resident memory in kB (Linux), for the bound on memory.
    fn rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 exchange on a new connection: status and body.
fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    // The server may answer (413) and close before a large body is all
    // sent: a failed write still leaves the answer to read.
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body));
    read_response(&mut stream)
}

fn read_response(stream: &mut TcpStream) -> (u16, String) {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn post(addr: SocketAddr, path: &str, json: &str) -> (u16, String) {
    request(addr, "POST", path, json.as_bytes())
}

/// The `error` and `where` of an error body.
fn error_of(body: &str) -> (String, String) {
    let v: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    (
        v["error"].as_str().unwrap_or_default().to_string(),
        v["where"].to_string(),
    )
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
fn concurrent_clients_are_all_answered_while_others_misbehave() {
    let server = Server::start(&["--threads", "2", "--timeout", "1", "--max-body", "65536"]);
    let addr = server.addr;
    let (status, body) = post(addr, "/api/generate", r#"{"seed":5}"#);
    assert_eq!(status, 200, "{body}");
    let puzzle: serde_json::Value = serde_json::from_str(&body).unwrap();
    let puzzle = puzzle["puzzles"][0]["puzzle"].as_str().unwrap().to_string();
    let rss_before = server.rss_kb();

    // Misbehaving clients, at the same time as the well-behaved ones.
    let faults = std::thread::spawn(move || {
        // 10 MB body: 413 with a JSON error.
        let (status, body) = request(addr, "POST", "/api/hint", &vec![b'x'; 10 << 20]);
        assert_eq!(status, 413, "{body}");
        assert_eq!(error_of(&body).1, "\"body\"");
        // Work past the budget: a 25x25 rating that needs seconds.
        let started = Instant::now();
        let (status, body) = post(addr, "/api/rate", &format!(r#"{{"puzzle":"{SLOW_25}"}}"#));
        assert_eq!(status, 504, "{body}");
        assert!(error_of(&body).0.contains("gave up"), "{body}");
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "{:?}",
            started.elapsed()
        );
    });
    // A slow client: half its headers, then silence.
    let slow = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        stream
            .write_all(b"POST /api/hint HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n{\"puzzle\":")
            .unwrap();
        let started = Instant::now();
        let (status, _) = read_response(&mut stream);
        (status, started.elapsed())
    });

    let clients: Vec<_> = (0..16)
        .map(|c| {
            let puzzle = puzzle.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                for i in 0..15u64 {
                    let started = Instant::now();
                    let (status, body) = match (c + i) % 3 {
                        0 => post(addr, "/api/generate", &format!(r#"{{"seed":{}}}"#, c * 100 + i)),
                        1 => post(addr, "/api/hint", &format!(r#"{{"puzzle":"{puzzle}"}}"#)),
                        _ => post(addr, "/api/rate", &format!(r#"{{"puzzle":"{P17}"}}"#)),
                    };
                    latencies.push(started.elapsed());
                    assert_eq!(status, 200, "{body}");
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = clients.into_iter().flat_map(|c| c.join().unwrap()).collect();
    faults.join().unwrap();
    let (slow_status, slow_after) = slow.join().unwrap();
    // The slow client is cut off with 408 once the request's time (1 s
    // plus 2 s of grace) is up.
    assert_eq!(slow_status, 408);
    assert!(slow_after < Duration::from_secs(10), "{slow_after:?}");

    latencies.sort();
    assert_eq!(latencies.len(), 240);
    // Bounded, not fast: CI machines are shared. A blocked runtime or an
    // unbounded queue would show as seconds here.
    assert!(
        percentile(&latencies, 0.99) < Duration::from_secs(3),
        "p99 {:?}",
        percentile(&latencies, 0.99)
    );
    if let (Some(before), Some(after)) = (rss_before, server.rss_kb()) {
        assert!(
            after < before + 200_000,
            "resident memory grew from {before} kB to {after} kB"
        );
    }
    // Every request left an access log line; none is a panic.
    let log = server.log_lines();
    assert!(
        log.iter().filter(|l| l.contains(" POST /api/")).count() >= 243,
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("panicked")), "{log:?}");
}

#[test]
fn bad_requests_get_statuses_and_json_errors_naming_the_place() {
    let server = Server::start(&["--threads", "1", "--max-body", "4096"]);
    let addr = server.addr;
    let cases: &[(&str, &str, u16, &str)] = &[
        ("/api/hint", "{\"puzzle\":", 400, "body line 1 column 10"),
        ("/api/hint", "\u{1}\u{2}binary", 400, "body line 1 column 1"),
        ("/api/hint", r#"{"puzzle":5}"#, 400, "body line 1 column 11"),
        ("/api/hint", r#"{"puzzle":"1","unknown":1}"#, 400, "body line 1"),
        ("/api/hint", r#"{"puzzle":"12"}"#, 400, "puzzle"),
        (
            "/api/rate",
            r#"{"puzzle":"11..............................................................................."}"#,
            422,
            "puzzle",
        ),
        (
            "/api/rate",
            r#"{"puzzle":"................................................................................."}"#,
            422,
            "puzzle",
        ),
        ("/api/generate", r#"{"count":100000}"#, 400, "count"),
        (
            "/api/generate",
            r#"{"difficulty":"impossible"}"#,
            400,
            "difficulty",
        ),
        ("/api/generate", r#"{"shape":"7x9"}"#, 400, "shape"),
        (
            "/api/check",
            &format!(r#"{{"puzzle":"{P17}","board":"5{}"}}"#, &P17[1..]),
            422,
            "board",
        ),
        (
            "/api/check",
            &format!(r#"{{"puzzle":"{P17}","board":"{P17}","mode":"guess"}}"#),
            400,
            "body line 1",
        ),
        ("/api/print", r#"{"puzzles":"","format":"gif"}"#, 400, "format"),
        ("/api/generate", r#"{"variant":"x,bogus"}"#, 400, "variant"),
        (
            "/api/generate",
            r#"{"variant":"jigsaw","regions":"AABB"}"#,
            400,
            "regions",
        ),
        ("/api/generate", r#"{"variant":"x","givens":30}"#, 400, "givens"),
        (
            "/api/rate",
            r#"{"puzzle":"1...............","variant":"windoku"}"#,
            400,
            "variant",
        ),
        (
            "/api/canon",
            &format!(r#"{{"puzzle":"{P17}","variant":"x"}}"#),
            400,
            "variant",
        ),
        ("/api/nothing", "{}", 404, "null"),
    ];
    for &(path, body, status, place) in cases {
        let (got, answer) = post(addr, path, body);
        assert_eq!(got, status, "{path} {body}: {answer}");
        let (error, at) = error_of(&answer);
        assert!(!error.is_empty(), "{answer}");
        assert!(at.contains(place), "{path} {body}: where {at}, expected {place}");
    }
    let (status, body) = request(addr, "GET", "/api/daily?date=2026-02-30", b"");
    assert_eq!((status, error_of(&body).1.as_str()), (400, "\"date\""), "{body}");
    let (status, _) = request(addr, "POST", "/api/hint", &vec![b' '; 5000]);
    assert_eq!(status, 413);
    // Still answering.
    let (status, _) = request(addr, "GET", "/api/health", b"");
    assert_eq!(status, 200);
}

#[test]
fn the_page_and_the_api_description_are_served() {
    let server = Server::start(&[]);
    let (status, page) = request(server.addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<div id=\"board\" role=\"grid\""));
    for file in ["/app.js", "/style.css"] {
        assert_eq!(request(server.addr, "GET", file, b"").0, 200, "{file}");
    }
    let (status, spec) = request(server.addr, "GET", "/openapi.json", b"");
    assert_eq!(status, 200);
    let spec: serde_json::Value = serde_json::from_str(&spec).unwrap();
    // Every path it describes answers something other than 404.
    for (path, ops) in spec["paths"].as_object().unwrap() {
        let method = if ops.get("get").is_some() { "GET" } else { "POST" };
        let (status, body) = request(server.addr, method, path, b"{}");
        assert_ne!(status, 404, "{path}: {body}");
    }
}

#[test]
fn sigterm_lets_the_server_stop_cleanly() {
    let server = Server::start(&[]);
    assert_eq!(request(server.addr, "GET", "/api/health", b"").0, 200);
    stop_with_sigterm(server);
}

/// A signal that comes as soon as the server says it listens, before
/// any request, still stops it cleanly: the handlers are in place by
/// then (several servers, since a late handler loses only a race).
#[test]
fn sigterm_right_after_start_stops_the_server_cleanly() {
    for _ in 0..5 {
        stop_with_sigterm(Server::start(&[]));
    }
}

fn stop_with_sigterm(mut server: Server) {
    let pid = server.child.id() as libc::pid_t;
    // SAFETY: a plain signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let started = Instant::now();
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert_eq!(status.code(), Some(0), "{status:?}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still running after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn connections_past_the_cap_wait_until_one_closes() {
    let server = Server::start(&["--max-connections", "2"]);
    let health = b"GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n";
    // Two kept-alive connections hold both slots.
    let mut held: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(health).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let mut first = [0u8; 12];
            s.read_exact(&mut first).unwrap();
            assert_eq!(&first, b"HTTP/1.1 200");
            s
        })
        .collect();
    // A third is not served while they stay open...
    let mut third = TcpStream::connect(server.addr).unwrap();
    third
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .unwrap();
    third.set_read_timeout(Some(Duration::from_millis(700))).unwrap();
    let mut byte = [0u8; 1];
    let early = third.read(&mut byte);
    assert!(
        matches!(&early, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "answered past the cap: {early:?}"
    );
    // ...and is once one of them closes.
    drop(held.pop());
    third.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let (status, _) = read_response(&mut third);
    assert_eq!(status, 200);
}

#[test]
fn a_solution_check_stops_at_the_request_deadline() {
    let server = Server::start(&["--timeout", "1", "--threads", "2"]);
    let start = Instant::now();
    let (status, body) = post(
        server.addr,
        "/api/check",
        &format!(r#"{{"puzzle":"{SLOW_25}","board":"{SLOW_25}","mode":"solution"}}"#),
    );
    assert_eq!(status, 504, "{body}");
    // The deadline, plus the worker's grace, plus slack for a busy machine.
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // The heavy worker (25x25 work has one on two threads) is free
    // again: a cheap 25x25 request is answered, where a count left
    // running (over a minute) would hold the worker and get it a 503.
    let (status, body) = post(
        server.addr,
        "/api/check",
        &format!(r#"{{"puzzle":"{SLOW_25}","board":"{SLOW_25}","mode":"rules"}}"#),
    );
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_print_stops_at_the_request_deadline() {
    let server = Server::start(&["--timeout", "1", "--threads", "1"]);
    let start = Instant::now();
    // A record without its solution: the book must find the answer, a
    // count DLX needs over a minute for.
    let (status, body) = post(
        server.addr,
        "/api/print",
        &format!(r#"{{"puzzles":"{SLOW_25}","format":"svg"}}"#),
    );
    assert_eq!(status, 504, "{body}");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // The one worker is free again: a count left running would hold it
    // and get this request a 503.
    let (status, body) = post(server.addr, "/api/rate", &format!(r#"{{"puzzle":"{P17}"}}"#));
    assert_eq!(status, 200, "{body}");
}

/// The test's own solver: solutions of a 9x9 puzzle (digits, 0 for an
/// empty cell) under rows, columns and boxes, and both main diagonals
/// when `x`, counted up to `limit` by backtracking on the cell with the
/// fewest candidates; the last solution found is left in `cells`' copy
/// `found`.
fn brute_count(cells: &mut [u8; 81], x: bool, limit: usize, found: &mut [u8; 81]) -> usize {
    let houses_of = |cell: usize| {
        let (r, c) = (cell / 9, cell % 9);
        let mut hs = vec![r, 9 + c, 18 + r / 3 * 3 + c / 3];
        if x && r == c {
            hs.push(27);
        }
        if x && r + c == 8 {
            hs.push(28);
        }
        hs
    };
    let mut used = [0u16; 29];
    for (cell, &d) in cells.iter().enumerate() {
        if d != 0 {
            for h in houses_of(cell) {
                if used[h] & (1 << d) != 0 {
                    return 0;
                }
                used[h] |= 1 << d;
            }
        }
    }
    let mut best: Option<(usize, u16)> = None;
    for cell in (0..81).filter(|&c| cells[c] == 0) {
        let taken = houses_of(cell).iter().fold(0, |m, &h| m | used[h]);
        let free = !taken & 0b11_1111_1110;
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((cell, free));
        }
    }
    let Some((cell, free)) = best else {
        *found = *cells;
        return 1;
    };
    let mut count = 0;
    for d in (1..=9).filter(|d| free & (1 << d) != 0) {
        cells[cell] = d;
        count += brute_count(cells, x, limit - count, found);
        cells[cell] = 0;
        if count >= limit {
            break;
        }
    }
    count
}

fn digits(text: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(text.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}

#[test]
fn variant_rules_reach_generate_rate_and_explain() {
    let server = Server::start(&["--threads", "2"]);
    let (status, body) = post(
        server.addr,
        "/api/generate",
        r#"{"variant":"x","seed":7,"count":3}"#,
    );
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let puzzles = answer["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    let mut classic_ambiguous = 0;
    for record in puzzles {
        assert_eq!(record["variant"], "x", "{record}");
        let puzzle = record["puzzle"].as_str().unwrap();
        let mut found = [0u8; 81];
        // Unique under X by the test's own solver, with the record's
        // solution as that one solution.
        assert_eq!(
            brute_count(&mut digits(puzzle), true, 2, &mut found),
            1,
            "{puzzle}"
        );
        assert_eq!(found, digits(record["solution"].as_str().unwrap()), "{puzzle}");
        let (status, body) = post(
            server.addr,
            "/api/rate",
            &format!(r#"{{"puzzle":"{puzzle}","variant":"x"}}"#),
        );
        assert_eq!(status, 200, "{body}");
        let (status, body) = post(
            server.addr,
            "/api/explain",
            &format!(r#"{{"puzzle":"{puzzle}","variant":"diagonal"}}"#),
        );
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"steps\""), "{body}");
        // Without the rules the puzzle is rated only if it is unique as
        // classic Sudoku too.
        let classic = brute_count(&mut digits(puzzle), false, 2, &mut found);
        let (status, body) = post(server.addr, "/api/rate", &format!(r#"{{"puzzle":"{puzzle}"}}"#));
        assert_eq!(status, if classic == 1 { 200 } else { 422 }, "{puzzle}: {body}");
        classic_ambiguous += usize::from(classic > 1);
    }
    assert!(
        classic_ambiguous > 0,
        "every X puzzle was unique without the diagonals"
    );
    // The command line's variant path makes the same puzzles from the
    // same seed.
    let cli = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args([
            "generate",
            "-n",
            "3",
            "--variant",
            "x",
            "--seed",
            "7",
            "--format",
            "jsonl",
            "--solution",
        ])
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(cli.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&lines[..], &puzzles[..]);
    // An easy X puzzle: unique by the test's own solver, rated easy by
    // `/api/rate`, the same record as the command line's.
    let (status, body) = post(
        server.addr,
        "/api/generate",
        r#"{"variant":"x","seed":5,"difficulty":"easy"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let easy = &answer["puzzles"][0];
    let puzzle = easy["puzzle"].as_str().unwrap();
    assert_eq!(
        brute_count(&mut digits(puzzle), true, 2, &mut [0u8; 81]),
        1,
        "{puzzle}"
    );
    let (status, body) = post(
        server.addr,
        "/api/rate",
        &format!(r#"{{"puzzle":"{puzzle}","variant":"x"}}"#),
    );
    assert_eq!(status, 200, "{body}");
    let rated: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (rated["er"].clone(), rated["level"].clone()),
        (easy["er"].clone(), "easy".into()),
        "{body}"
    );
    let cli = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args([
            "generate",
            "--variant",
            "x",
            "--seed",
            "5",
            "--difficulty",
            "easy",
        ])
        .args(["--format", "jsonl", "--solution"])
        .output()
        .unwrap();
    let line: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(&line, easy);
    // A jigsaw puzzle's region map goes back in as records carry it.
    let (status, body) = post(server.addr, "/api/generate", r#"{"variant":"jigsaw","seed":3}"#);
    assert_eq!(status, 200, "{body}");
    let record: serde_json::Value =
        serde_json::from_str::<serde_json::Value>(&body).unwrap()["puzzles"][0].clone();
    let regions = record["regions"].as_str().unwrap();
    assert_eq!(regions.len(), 81);
    let (status, body) = post(
        server.addr,
        "/api/generate",
        &format!(r#"{{"variant":"jigsaw","regions":"{regions}","seed":4}}"#),
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&format!("\"regions\":\"{regions}\"")), "{body}");
}

/// `with`, `without` and `hardest` reach `/api/generate`, classic and
/// under variant rules: the records are the command line's for the same
/// seed, each puzzle unique by the test's own solver, and names that do
/// not read or that no path can meet are refused at their field.
#[test]
fn technique_filters_reach_generate() {
    let server = Server::start(&["--threads", "2"]);
    let cases = [
        (
            r#"{"hardest":"X-Wing","count":3,"seed":5}"#,
            "--hardest=X-Wing",
            None,
        ),
        (
            r#"{"variant":"x","hardest":"X-Wing","count":2,"seed":4}"#,
            "--hardest=X-Wing",
            Some("x"),
        ),
        (
            r#"{"with":["Pointing","Naked Pair"],"without":"chains","count":2,"seed":6}"#,
            "--with=Pointing",
            None,
        ),
    ];
    for (request, flag, variant) in cases {
        let (status, body) = post(server.addr, "/api/generate", request);
        assert_eq!(status, 200, "{request}: {body}");
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        let puzzles = answer["puzzles"].as_array().unwrap();
        let mut cli = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"));
        cli.args(["generate", "-n", &puzzles.len().to_string(), flag]);
        let seed = serde_json::from_str::<serde_json::Value>(request).unwrap()["seed"].to_string();
        cli.args(["--seed", &seed, "--format", "jsonl", "--solution"]);
        if let Some(v) = variant {
            cli.args(["--variant", v]);
        }
        if flag == "--with=Pointing" {
            cli.args(["--with", "Naked Pair", "--without", "chains"]);
        }
        let out = cli.output().unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(&lines[..], &puzzles[..], "{request}");
        for record in puzzles {
            let puzzle = record["puzzle"].as_str().unwrap();
            let mut found = [0u8; 81];
            assert_eq!(
                brute_count(&mut digits(puzzle), variant.is_some(), 2, &mut found),
                1,
                "{puzzle}"
            );
            assert_eq!(found, digits(record["solution"].as_str().unwrap()), "{puzzle}");
            if flag == "--hardest=X-Wing" {
                assert_eq!(record["hardest"], "X-Wing", "{record}");
            }
        }
    }
    let refused = [
        (r#"{"with":"Bogus"}"#, 400, "\"with\""),
        (r#"{"without":["chains","Nothing"]}"#, 400, "\"without\""),
        (r#"{"hardest":"Direct Claiming"}"#, 422, "\"hardest\""),
        (r#"{"variant":"x","with":"Pointing"}"#, 422, "\"with\""),
        (
            r#"{"variant":"anti-knight","hardest":"Unique Rectangle","seed":1}"#,
            422,
            "\"hardest\"",
        ),
        (r#"{"hardest":["X-Wing"]}"#, 400, "\"body line 1 column 11\""),
    ];
    for (request, code, place) in refused {
        let (status, body) = post(server.addr, "/api/generate", request);
        assert_eq!(status, code, "{request}: {body}");
        let (error, at) = error_of(&body);
        assert_eq!(at, place, "{request}: {error}");
    }
}

/// The first log line with `needle` within `wait`.
fn await_log(server: &Server, needle: &str, wait: Duration) -> Option<String> {
    let until = Instant::now() + wait;
    while Instant::now() < until {
        if let Ok(line) = server.log.recv_timeout(Duration::from_millis(100)) {
            if line.contains(needle) {
                return Some(line);
            }
        }
    }
    None
}

#[test]
fn unseeded_puzzles_come_from_the_stock_and_their_seeds_reproduce_them() {
    let server = Server::start(&["--stock", "4"]);
    let ask = r#"{"difficulty":"medium","solution":true}"#;
    // The first request of its kind is made on demand and starts the
    // shelf; later ones find it stocked.
    let mut stocked = None;
    let until = Instant::now() + Duration::from_secs(30);
    while stocked.is_none() && Instant::now() < until {
        let (status, body) = post(server.addr, "/api/generate", ask);
        assert_eq!(status, 200, "{body}");
        if await_log(&server, "POST /api/generate 200", Duration::from_secs(5))
            .is_some_and(|l| l.ends_with(" stock"))
        {
            stocked = Some(body);
        } else {
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let body = stocked.expect("no answer came from the stock");
    let record = serde_json::from_str::<serde_json::Value>(&body).unwrap()["puzzles"][0].clone();
    assert_eq!(record["level"], "medium", "{record}");
    let puzzle = record["puzzle"].as_str().unwrap();
    let mut found = [0u8; 81];
    assert_eq!(
        brute_count(&mut digits(puzzle), false, 2, &mut found),
        1,
        "{puzzle}"
    );
    assert_eq!(found, digits(record["solution"].as_str().unwrap()));
    // The same request with the record's seed, made on demand, is the
    // same record.
    let seed = record["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53, "{seed}: not exact as a JavaScript number");
    let (status, again) = post(
        server.addr,
        "/api/generate",
        &format!(r#"{{"difficulty":"medium","seed":{seed}}}"#),
    );
    assert_eq!(status, 200, "{again}");
    let line = await_log(&server, "POST /api/generate 200", Duration::from_secs(5)).unwrap();
    assert!(!line.ends_with(" stock"), "{line}");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&again).unwrap()["puzzles"][0],
        record
    );
    // A request the stock does not keep (two puzzles) is made on demand.
    let (status, _) = post(
        server.addr,
        "/api/generate",
        r#"{"difficulty":"medium","count":2}"#,
    );
    assert_eq!(status, 200);
    let line = await_log(&server, "POST /api/generate 200", Duration::from_secs(5)).unwrap();
    assert!(!line.ends_with(" stock"), "{line}");
}

#[test]
fn without_a_stock_every_puzzle_is_made_on_demand() {
    let server = Server::start(&["--stock", "0"]);
    for _ in 0..5 {
        let (status, body) = post(server.addr, "/api/generate", r#"{"difficulty":"easy"}"#);
        assert_eq!(status, 200, "{body}");
        let line = await_log(&server, "POST /api/generate", Duration::from_secs(5)).unwrap();
        assert!(!line.ends_with(" stock"), "{line}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
