//! A small harness for transcript tests: run the built `umax` binary with
//! piped standard input and output, write lines to it, and read its lines with
//! a timeout (a reader thread feeds a channel), so that an engine that hangs
//! fails the test instead of hanging it. The child is always killed at the end.

// Each test file uses only part of the harness.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use umax::board::Board;

/// How long to wait for a line the engine must send. Generous, so that a slow,
/// shared machine does not fail a test; promptness is asserted separately
/// where the protocol demands it.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A running `umax` process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent (`> `) and received (`< `), for failure messages.
    log: Vec<String>,
}

impl Engine {
    /// Start `umax` with a small hash table and the given extra arguments.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_umax"))
            .args(["--hash", "16"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the umax binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            log: Vec::new(),
        }
    }

    /// The transcript so far, for assertion messages.
    pub fn transcript(&self) -> String {
        self.log.join("\n")
    }

    /// Send one line.
    pub fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        self.write(format!("{line}\n").as_bytes());
    }

    /// Send raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.log
            .push(format!("> {}", String::from_utf8_lossy(bytes)));
        self.write(bytes);
    }

    /// Send raw bytes without copying them into the transcript (for floods).
    pub fn send_bytes_quietly(&mut self, bytes: &[u8]) {
        self.log.push(format!("> <{} bytes>", bytes.len()));
        self.write(bytes);
    }

    /// The engine's resident memory in KiB, where the system tells (Linux).
    pub fn resident_kilobytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        if let Err(error) = stdin.write_all(bytes).and_then(|()| stdin.flush()) {
            panic!("cannot write to umax ({error})\n{}", self.transcript());
        }
    }

    /// Close standard input: the engine sees end of input.
    pub fn close_stdin(&mut self) {
        self.log.push("> <end of input>".to_string());
        self.stdin = None;
    }

    /// The next line if one arrives within `timeout`; `None` on timeout or when
    /// the engine has closed its output.
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line; fails the test after [`TIMEOUT`].
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                line
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("umax sent nothing for {TIMEOUT:?}\n{}", self.transcript())
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("umax closed its output\n{}", self.transcript())
            }
        }
    }

    /// Read lines until one satisfies `wanted`; returns the lines before it
    /// and the line itself. Fails the test if none comes within [`TIMEOUT`].
    pub fn until(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let deadline = Instant::now() + TIMEOUT;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.try_line(left) {
                Some(line) if wanted(&line) => return (before, line),
                Some(line) => before.push(line),
                None => panic!(
                    "no {what} from umax within {TIMEOUT:?}\n{}",
                    self.transcript()
                ),
            }
        }
    }

    /// Read lines until exactly `line` arrives; returns the lines before it.
    pub fn until_exact(&mut self, line: &str) -> Vec<String> {
        self.until(&format!("'{line}'"), |l| l == line).0
    }

    /// All lines that arrive within `window` (for asserting silence).
    pub fn lines_within(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut lines = Vec::new();
        while let Some(line) = self.try_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Wait for the process to end; fails the test if it takes longer than
    /// `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                Ok(None) => panic!(
                    "umax still running {timeout:?} after it should have exited\n{}",
                    self.transcript()
                ),
                Err(error) => panic!("cannot wait for umax: {error}"),
            }
        }
    }

    /// Lines sent so far that look like error reports of any front end.
    pub fn errors_seen(&self) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|entry| entry.strip_prefix("< "))
            .filter(|line| is_error(line))
            .map(str::to_string)
            .collect()
    }

    /// Fail the test if the engine has reported any error so far.
    pub fn assert_no_errors(&self) {
        self.assert_no_errors_but(&[]);
    }

    /// Fail the test if the engine has reported any error but `expected`.
    pub fn assert_no_errors_but(&self, expected: &[&str]) {
        let errors: Vec<String> = self
            .errors_seen()
            .into_iter()
            .filter(|error| !expected.contains(&error.as_str()))
            .collect();
        assert!(
            errors.is_empty(),
            "unexpected error lines {errors:?}\n{}",
            self.transcript()
        );
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Does `line` report an error (xboard, UCI or console style)?
pub fn is_error(line: &str) -> bool {
    let line = line.trim_start();
    [
        "Error",
        "Illegal",
        "tellusererror",
        "Unknown",
        "Bad FEN",
        "Ambiguous",
    ]
    .iter()
    .any(|start| line.starts_with(start))
        || line.starts_with("info string")
}

/// The board after playing `moves` (coordinates) from `fen`; panics if a move is
/// illegal, so it doubles as a legality check of the engine's moves.
pub fn play(fen: &str, moves: &[&str]) -> Board {
    let mut board = Board::from_fen(fen).expect("test FENs are valid");
    for text in moves {
        let mv = board
            .parse_coordinate_move(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", board.to_fen()));
        board.make_move(mv);
    }
    board
}

/// Is `text` a legal move (in coordinates) in `board`?
pub fn is_legal(board: &Board, text: &str) -> bool {
    board.parse_coordinate_move(text).is_some()
}

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White mates in one with Qxf7#.
pub const MATE_IN_ONE: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/// The position after that mate: Black to move and mated.
pub const MATED: &str = "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
/// Black to move and stalemated.
pub const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// Black to move with a single legal move, Kh7.
pub const ONE_MOVE: &str = "7k/8/8/8/8/8/8/K5R1 b - - 0 1";
/// White to move; the e-pawn promotes (e7e8q/r/b/n), and a Black pawn keeps
/// mating material on the board.
pub const PROMOTION: &str = "8/4P2p/8/8/8/8/k7/4K3 w - - 0 1";

/// A tiny deterministic random generator (xorshift64*), so that the randomised
/// tests (fuzzed FENs and move text, random games) repeat exactly.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A random number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Run the built `umax` with `args` to its end (empty input) and collect its output.
pub fn umax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(args)
        .output()
        .expect("the umax binary runs")
}

/// What a finished run wrote to standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A small deterministic random number generator (64-bit LCG).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Random games from every bench position, `plies` moves each (fewer if a
/// game ends): `visit` sees every position before its move is chosen. The
/// same `seed` walks the same games.
pub fn walk_random_games(seed: u64, plies: usize, mut visit: impl FnMut(&Board)) {
    let mut random = Lcg(seed);
    for fen in umax::tools::BENCH_POSITIONS {
        let mut board = Board::from_fen(fen).unwrap();
        for _ply in 0..plies {
            visit(&board);
            let legal = board.legal_moves();
            if legal.is_empty() {
                break;
            }
            board.make_move(legal[random.below(legal.len())]);
        }
    }
}

/// Nodes of a search of the start position to `depth` under the laboratory
/// spec `spec`, from the library, with the table the harness's engines get
/// (`--hash 16`): the tree a protocol's search must match.
pub fn library_nodes(spec: &str, depth: u32) -> u64 {
    use umax::clock::Limits;
    use umax::search::{Searcher, Settings, Silent};
    use umax::table::TranspositionTable;
    let mut searcher = Searcher::with_table(TranspositionTable::try_with_megabytes(16).unwrap());
    searcher.set_settings(Settings::from_spec(spec).unwrap());
    searcher
        .think(&Board::start(), &[], &Limits::depth(depth), &mut Silent)
        .info
        .nodes
}

/// The node count of the last UCI `info depth` line before `bestmove`.
pub fn uci_nodes(engine: &mut Engine) -> u64 {
    let (lines, _) = engine.until("bestmove", |line| line.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&word| word == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

/// Nodes of a new xboard game's search of the start position to `depth`
/// (the node count of its last thinking line).
pub fn xboard_search(engine: &mut Engine, depth: u32) -> u64 {
    engine.send("new");
    engine.send(&format!("sd {depth}"));
    engine.send("post");
    engine.send("go");
    let (lines, _) = engine.until("move", |line| line.starts_with("move "));
    let last = lines
        .iter()
        .rev()
        .find(|line| line.starts_with(&format!("{depth} ")))
        .expect("a thinking line at the full depth");
    last.split_whitespace().nth(3).unwrap().parse().unwrap()
}

/// Start the console in plain ASCII with `extra` arguments, thinking 0.2 s a
/// move.
pub fn start_console_with(extra: &[&str]) -> Engine {
    let args: Vec<&str> = ["--ascii"].iter().chain(extra).copied().collect();
    let mut engine = Engine::start(&args);
    engine.send("st 0.2");
    engine.until_exact("Thinking 0.2 s per move.");
    engine
}

/// Start the console (plain ASCII, 0.2 s a move).
pub fn start_console() -> Engine {
    start_console_with(&[])
}

/// Is `line` a FEN (six fields, eight ranks)?
pub fn looks_like_fen(line: &str) -> bool {
    let fields: Vec<&str> = line.split(' ').collect();
    fields.len() == 6 && fields[0].matches('/').count() == 7
}

/// Ask the console for the FEN; returns the lines before it and the FEN.
pub fn fen(engine: &mut Engine) -> (Vec<String>, String) {
    engine.send("fen");
    engine.until("a FEN", looks_like_fen)
}
