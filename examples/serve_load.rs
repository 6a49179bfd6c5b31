//! A load generator for `sudoku-dlx serve`: `clients` threads, each on
//! one kept-alive HTTP/1.1 connection, send requests for `seconds` and
//! time each answer. Prints one CSV row: scenario, clients, requests,
//! errors, requests per second, p50, p90, p99 and max in milliseconds.
//!
//! ```text
//! cargo run --release --example serve_load -- ADDR SCENARIO CLIENTS SECONDS [RATE]
//! ```
//!
//! Without RATE each client sends its next request as soon as the last
//! is answered (a closed loop: the server's capacity, where latency is
//! clients / throughput by Little's law). With RATE the clients together
//! send RATE requests a second on a fixed schedule (an open loop, as
//! independent users do), and each latency counts from the request's
//! scheduled time, so a request delayed by a slow earlier one on the same
//! connection is counted late rather than left out.
//!
//! Scenarios: `generate` (9x9 minimal, level hard, a new seed each
//! time, so every puzzle is made on demand), `generate-unseeded` (the
//! same without a seed, as a game page asks: the server may answer from
//! its stock of prepared puzzles), `hint` (boards of tests/data/se_rated_sample.tsv: each puzzle
//! with its first steps placed), `generate+faults` (`generate`, while
//! two more clients send 10 MB bodies (20 a second) and 25x25 ratings that need
//! seconds, whose answers are counted apart).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A 25x25 puzzle DLX needs seconds to count (tests/robustness.rs).
const SLOW_25: &str = "2C..5...P............M.86..L........2..P...G.31FB.39E1..ANK.O.....4.D..G..C.K....6O.8.L5BNM..F.4..2A.8JNF4..7.IMG.1HC.2.E.L.DDE2.H.FI...PL1...9.3..J..L.P...H...5..G41..7.K.C9...7..LJ.6.....EDIN4C8...BA4KM6E8.3..JC.7...B.....L.G.8.P24.NA...IE.M6........8...P.N..3H2...EM.JI.OG.3.L.6G.I.J14.......P...MN.I9J...D.L..C..PO5..A.EK.PG.....E..AD...3....5.C.5....B.9.........6.K.F.D..D.CI..L9..5M.28..N6A3.1E..4B..M.....3KO7..HD.9.......EGNJO6..A..5.1.F..4..H...A.....6.P....3I..CML.......C....IE7LP.BK.F.D..8.A..79GL...B4.O6....K.J34...9.D.H..N.5.....7G....PH.....C....1EA9G.35.8...G1.5CJ.6......9N.....DO..7I.....F...DJ.3L.H.M.416.";

/// One kept-alive connection.
struct Client {
    reader: BufReader<TcpStream>,
    addr: SocketAddr,
}

impl Client {
    fn new(addr: SocketAddr) -> std::io::Result<Client> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(Client {
            reader: BufReader::new(stream),
            addr,
        })
    }

    /// Sends one POST and reads the answer; the status, or an error
    /// after which the connection is opened again.
    fn post(&mut self, path: &str, body: &[u8]) -> std::io::Result<u16> {
        let result = self.exchange(path, body);
        if result.is_err() {
            *self = Client::new(self.addr)?;
        }
        result
    }

    fn exchange(&mut self, path: &str, body: &[u8]) -> std::io::Result<u16> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes())?;
        // The server may answer (413) and close before a large body is
        // all sent: the answer is still there to read.
        let _ = stream.write_all(body);
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0;
        let mut close = false;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end().to_ascii_lowercase();
            if header.is_empty() {
                break;
            }
            if let Some(v) = header.strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            }
            close |= header == "connection: close";
        }
        let mut answer = vec![0; length];
        self.reader.read_exact(&mut answer)?;
        if close {
            return Err(std::io::Error::other("closed by the server"));
        }
        Ok(status)
    }
}

/// Hint requests: each sample puzzle with its first few steps placed.
fn hint_bodies() -> Vec<String> {
    let text = include_str!("../tests/data/se_rated_sample.tsv");
    let mut bodies = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let puzzle = line.split('\t').next().unwrap_or_default();
        let Ok(path) = sudoku_dlx::explain(puzzle) else {
            continue;
        };
        let mut board: sudoku_dlx::Grid = puzzle.parse().expect("the sample reads");
        for step in path.steps.iter().take(path.steps.len() / 3) {
            for p in &step.placements {
                board.set(p.cell.row as usize * 9 + p.cell.col as usize, p.digit);
            }
        }
        bodies.push(format!(r#"{{"puzzle":"{puzzle}","board":"{board}"}}"#));
    }
    bodies
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if !(5..=6).contains(&args.len()) {
        eprintln!(
            "usage: serve_load ADDR generate|generate-unseeded|hint|generate+faults CLIENTS SECONDS [RATE]"
        );
        std::process::exit(2);
    }
    let addr: SocketAddr = args[1].parse().expect("ADDR as 127.0.0.1:8080");
    let scenario = args[2].clone();
    let clients: u64 = args[3].parse().expect("CLIENTS");
    let seconds: f64 = args[4].parse().expect("SECONDS");
    let rate: Option<f64> = args.get(5).map(|r| r.parse().expect("RATE in requests a second"));
    // Each client's time between requests on the fixed schedule.
    let interval = rate.map(|r| Duration::from_secs_f64(clients as f64 / r));
    let hints = Arc::new(if scenario == "hint" {
        hint_bodies()
    } else {
        Vec::new()
    });
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|c| {
            let (stop, hints, scenario) = (Arc::clone(&stop), Arc::clone(&hints), scenario.clone());
            std::thread::spawn(move || {
                let mut client = Client::new(addr).expect("connect");
                let (mut times, mut errors) = (Vec::new(), 0u64);
                let mut i = 0u64;
                // The clients' schedules are spread over one interval.
                let mut due = started + interval.map_or(Duration::ZERO, |iv| iv * c as u32 / clients as u32);
                while !stop.load(Ordering::Relaxed) {
                    let (path, body) = if scenario == "hint" {
                        (
                            "/api/hint",
                            hints[((c * 7919 + i) as usize) % hints.len()].clone(),
                        )
                    } else if scenario == "generate-unseeded" {
                        ("/api/generate", r#"{"difficulty":"hard"}"#.to_string())
                    } else {
                        let seed = c * 1_000_000 + i;
                        (
                            "/api/generate",
                            format!(r#"{{"seed":{seed},"difficulty":"hard"}}"#),
                        )
                    };
                    let t = match interval {
                        Some(iv) => {
                            let now = Instant::now();
                            if due > now {
                                std::thread::sleep(due - now);
                            }
                            let scheduled = due;
                            due += iv;
                            scheduled
                        }
                        None => Instant::now(),
                    };
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    match client.post(path, body.as_bytes()) {
                        Ok(200) => times.push(t.elapsed().as_secs_f64() * 1e3),
                        _ => errors += 1,
                    }
                    i += 1;
                }
                (times, errors)
            })
        })
        .collect();
    let faults: Vec<_> = if scenario == "generate+faults" {
        let big = Arc::new(vec![b'x'; 10 << 20]);
        let slow = format!(r#"{{"puzzle":"{SLOW_25}"}}"#);
        let jobs: Vec<(&'static str, Arc<Vec<u8>>)> =
            vec![("/api/hint", big), ("/api/rate", Arc::new(slow.into_bytes()))];
        jobs.into_iter()
            .map(|(path, body)| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut answers = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        let t = Instant::now();
                        let status = Client::new(addr)
                            .and_then(|mut c| c.exchange(path, &body))
                            .unwrap_or(0);
                        answers.push((status, t.elapsed().as_secs_f64() * 1e3));
                        // A steady trickle, so that the load generator's
                        // own writes do not take the cores.
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    (path, answers)
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    std::thread::sleep(Duration::from_secs_f64(seconds));
    stop.store(true, Ordering::Relaxed);
    let (mut times, mut errors) = (Vec::new(), 0);
    for w in workers {
        let (t, e) = w.join().expect("a client thread");
        times.extend(t);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let scenario = match rate {
        Some(r) => format!("{scenario}@{r}/s"),
        None => scenario,
    };
    println!("scenario,clients,requests,errors,per_second,p50_ms,p90_ms,p99_ms,max_ms");
    println!(
        "{scenario},{clients},{},{errors},{:.0},{:.2},{:.2},{:.2},{:.2}",
        times.len(),
        times.len() as f64 / elapsed,
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(f64::NAN)
    );
    for f in faults {
        let (path, answers) = f.join().expect("a fault thread");
        let statuses: Vec<String> = answers.iter().map(|(s, ms)| format!("{s}:{ms:.0}ms")).collect();
        eprintln!("fault {path}: {} answers: {}", answers.len(), statuses.join(" "));
    }
}
