//! # Lines in, lines out
//!
//! Every front end talks in lines of text. One thread reads standard input and
//! sends each line down a channel; the engine loop takes them in order. Because
//! the engine only ever *polls* the channel, it can read `stop`, `?`, `isready`
//! or `ping` while it is searching without any shared mutable state: the board
//! belongs to the engine loop alone.
//!
//! Input is untrusted, so the reader is careful with it:
//! * `\n`, `\r` and `\r\n` all end a line: a carriage return inside a line must
//!   not smuggle a second command past the first (`ping 7\rmove e2e4`).
//! * Bytes that are not UTF-8 become replacement characters instead of an error.
//! * A line longer than [`MAX_LINE_BYTES`] is refused as it arrives, with one
//!   error line, and its bytes are dropped rather than kept: memory stays
//!   bounded whatever is sent.
//!
//! End of input is a message of its own ([`Input::next_line`] returns `None`).
//!
//! While the engine is busy (searching, counting perft) every front end polls
//! the input the same way, with [`Input::poll_while_busy`]: it reads each line
//! that has arrived and asks the front end what the line means *now*
//! ([`Busy`]): answered at once (`isready`, `ping` in analysis), kept for later
//! (most commands), or a reason to stop, the line used up (`stop`, `?`) or kept
//! to be handled once the engine has stopped (`quit`, `new`). Only that
//! decision differs between the console, xboard and UCI.
//!
//! Output goes through [`send`]: one complete line, flushed at once, no panic if
//! the other side has closed the pipe, and control characters shown escaped
//! (`\x1b`), so that text echoed from the input can never drive a terminal or
//! fake a line end. [`quote`] shortens an echoed line; [`warn`] writes to
//! standard error. [`parse_number`] and [`parse_clamped`] read every number a
//! person or a GUI gives, with an error that names the accepted range.

use std::collections::VecDeque;
use std::fmt::{self, Display};
use std::io::{self, BufRead, ErrorKind, Write};
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// The longest input line accepted, in bytes (64 KiB). The longest real command
/// is a UCI `position` with a few hundred moves: about 3 KiB.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many characters of an offending line an error message repeats.
pub const ECHO_CHARS: usize = 80;

/// What the reader thread sends down the channel.
enum Received {
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`]: its first bytes, for the error.
    TooLong(String),
}

/// What a line that arrives while the engine is busy means, as the front end
/// decides it for [`Input::poll_while_busy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// Dealt with at once (answered, or nothing to do): read on.
    Handled,
    /// Keep it, to be handled in order once the engine is free; read on.
    Later,
    /// Stop now; the line has done all it had to.
    Stop,
    /// Stop now, and handle the line (after those kept before it) once stopped.
    StopThenHandle,
}

/// What [`Input::poll_while_busy`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Polled {
    /// No line says to stop: carry on.
    Carry,
    /// A line said to stop.
    Stop,
    /// The input has ended: nobody is left to say stop.
    End,
}

/// The receiving end of the reader thread, plus lines set aside for later.
pub struct Input {
    receiver: Receiver<Received>,
    /// Lines read while the engine was busy, to be handled in order afterwards.
    deferred: VecDeque<String>,
    at_end: bool,
    /// How the front end words the error for a line that is too long.
    too_long: fn(&str) -> String,
}

impl Input {
    /// Start the reader thread on standard input.
    pub fn from_stdin() -> Input {
        Input::spawn(|| io::stdin().lock())
    }

    /// Start a reader thread on any line source (used by tests).
    pub fn from_reader(reader: impl BufRead + Send + 'static) -> Input {
        Input::spawn(move || reader)
    }

    /// Start the reader thread; `open` runs on that thread and gives the source.
    fn spawn<R: BufRead>(open: impl FnOnce() -> R + Send + 'static) -> Input {
        let (sender, receiver) = mpsc::channel();
        thread::spawn(move || read_lines(open(), &sender));
        Input {
            receiver,
            deferred: VecDeque::new(),
            at_end: false,
            too_long: |start| {
                format!("Error: input line longer than {MAX_LINE_BYTES} bytes ignored: {start}")
            },
        }
    }

    /// Word the error for an over-long line as this front end's protocol
    /// wants it; `message` gets the start of the line, already [`quote`]d.
    pub fn set_too_long_message(&mut self, message: fn(&str) -> String) {
        self.too_long = message;
    }

    /// Take one message from the channel, waiting at most `wait`: a line,
    /// `Some(None)` at end of input, `None` if nothing came in time. An
    /// over-long line is answered with its error here and skipped.
    fn receive(&mut self, wait: Duration) -> Option<Option<String>> {
        if self.at_end {
            return Some(None);
        }
        // No deadline for a wait too long to add to now: wait for ever.
        let deadline = Instant::now().checked_add(wait);
        loop {
            let left = deadline.map_or(wait, |deadline| {
                deadline.saturating_duration_since(Instant::now())
            });
            match self.receiver.recv_timeout(left) {
                Ok(Received::Line(line)) => return Some(Some(line)),
                Ok(Received::TooLong(start)) => send(&(self.too_long)(&start)),
                Err(RecvTimeoutError::Disconnected) => {
                    self.at_end = true;
                    return Some(None);
                }
                Err(RecvTimeoutError::Timeout) => return None,
            }
        }
    }

    /// The next line, waiting for it if need be; `None` at end of input.
    pub fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.deferred.pop_front() {
            return Some(line);
        }
        self.receive(Duration::MAX).flatten()
    }

    /// The next line, waiting at most `timeout` for it: as [`Input::poll_line`]
    /// answers, `Some(None)` at end of input and `None` if none came in time.
    pub fn next_line_within(&mut self, timeout: Duration) -> Option<Option<String>> {
        match self.deferred.pop_front() {
            Some(line) => Some(Some(line)),
            None => self.receive(timeout),
        }
    }

    /// A line if one has arrived, without waiting. `Some(None)` means end of
    /// input; `None` means nothing yet. Deferred lines are not returned here.
    pub fn poll_line(&mut self) -> Option<Option<String>> {
        self.receive(Duration::ZERO)
    }

    /// Read, without waiting, every line that has arrived while the engine is
    /// busy, and let `react` say what each means ([`Busy`]); stop reading at the
    /// first that says to stop. Lines for later are [deferred](Input::defer).
    pub fn poll_while_busy(&mut self, mut react: impl FnMut(&str) -> Busy) -> Polled {
        loop {
            let line = match self.poll_line() {
                None => return Polled::Carry,
                Some(None) => return Polled::End,
                Some(Some(line)) => line,
            };
            match react(&line) {
                Busy::Handled => {}
                Busy::Later => self.defer(line),
                Busy::Stop => return Polled::Stop,
                Busy::StopThenHandle => {
                    self.defer(line);
                    return Polled::Stop;
                }
            }
        }
    }

    /// Keep `line` to be returned by [`Input::next_line`] after the lines
    /// already deferred (used for commands that arrive during a search).
    pub fn defer(&mut self, line: String) {
        self.deferred.push_back(line);
    }

    /// Has end of input been seen, with no deferred line left?
    pub fn at_end(&self) -> bool {
        self.at_end && self.deferred.is_empty()
    }

    /// Are lines waiting to be handled (set aside during a search)?
    pub fn has_deferred(&self) -> bool {
        !self.deferred.is_empty()
    }

    /// Has the reader reached end of input (deferred lines may remain)?
    pub fn end_seen(&self) -> bool {
        self.at_end
    }
}

/// The reader thread: split `reader` into lines at `\n`, `\r` or `\r\n` and send
/// them until end of input (or until no one listens). At most
/// [`MAX_LINE_BYTES`] of a line are ever held.
fn read_lines(mut reader: impl BufRead, sender: &Sender<Received>) {
    let mut line = Vec::new();
    // The line being read has passed the limit and was already reported.
    let mut too_long = false;
    // The last line ended with `\r`: a `\n` right after it ends nothing new.
    let mut after_carriage_return = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) => break,
            Ok(chunk) => chunk,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if after_carriage_return && chunk[0] == b'\n' {
            after_carriage_return = false;
            reader.consume(1);
            continue;
        }
        let end = chunk
            .iter()
            .position(|&byte| byte == b'\n' || byte == b'\r');
        let text = &chunk[..end.unwrap_or(chunk.len())];
        if !too_long {
            if line.len() + text.len() <= MAX_LINE_BYTES {
                line.extend_from_slice(text);
            } else {
                too_long = true;
                line.extend_from_slice(&text[..text.len().min(4 * ECHO_CHARS)]);
                let start = quote(&String::from_utf8_lossy(&line));
                line = Vec::new(); // give the memory back at once
                if sender.send(Received::TooLong(start)).is_err() {
                    return;
                }
            }
        }
        let Some(at) = end else {
            let length = chunk.len();
            reader.consume(length);
            continue;
        };
        after_carriage_return = chunk[at] == b'\r';
        reader.consume(at + 1);
        if !std::mem::take(&mut too_long) {
            let text = String::from_utf8_lossy(&line).into_owned();
            line.clear();
            if sender.send(Received::Line(text)).is_err() {
                return;
            }
        }
    }
    // A last line without a line end still counts.
    if !line.is_empty() && !too_long {
        let _ = sender.send(Received::Line(String::from_utf8_lossy(&line).into_owned()));
    }
}

/// Write one line to standard output and flush it at once. Control characters
/// other than line ends are written escaped (see [`escape`]): nothing umax
/// prints contains one, so they can only come from echoed input. If the reader
/// has gone away there is no one left to talk to: exit quietly instead of
/// panicking.
pub fn send(line: &str) {
    let mut out = io::stdout().lock();
    if writeln!(out, "{}", escape_keeping_newlines(line))
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Write one line to standard error, escaped as [`send`] does. A closed or
/// broken standard error is ignored: a message nobody can read is no reason to
/// fail.
pub fn warn(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", escape_keeping_newlines(line));
}

/// `text` with every control character written as an escape: `\x1b` for ASCII
/// controls (tab, carriage return, escape...), `\u{9b}` for the C1 controls.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut escaped, c);
    }
    escaped
}

/// [`escape`], but keeping `\n`: multi-line text (a board, `help`) is allowed.
fn escape_keeping_newlines(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.into();
    }
    text.split('\n')
        .map(escape)
        .collect::<Vec<_>>()
        .join("\n")
        .into()
}

fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write as _;
    match c {
        c if !c.is_control() => out.push(c),
        c if c.is_ascii() => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// Part of an input line fit to repeat in an error message: escaped, and cut
/// to [`ECHO_CHARS`] characters (with `...` when cut).
pub fn quote(text: &str) -> String {
    let mut quoted = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == ECHO_CHARS {
            quoted.push_str("...");
            break;
        }
        push_escaped(&mut quoted, c);
    }
    quoted
}

/// A number given by a person or a GUI that is not usable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberError {
    /// The offending text, [`quote`]d.
    pub text: String,
    /// The smallest accepted value, as text.
    pub min: String,
    /// The largest accepted value, as text.
    pub max: String,
}

impl Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "'{}' is not a number from {} to {}",
            self.text, self.min, self.max
        )
    }
}

impl std::error::Error for NumberError {}

/// Read a number that must lie in `range`, or say which range it must lie in.
/// Every number umax reads goes through here or [`parse_clamped`], so none can
/// wrap, overflow a [`Duration`] or be `NaN`.
///
/// ```
/// use umax::input::parse_number;
/// assert_eq!(parse_number("12", 1..=95u32), Ok(12));
/// assert_eq!(
///     parse_number("-1", 0.0..=1e9).unwrap_err().to_string(),
///     "'-1' is not a number from 0 to 1000000000"
/// );
/// assert!(parse_number::<f64>("NaN", 0.0..=1e9).is_err());
/// ```
pub fn parse_number<T>(text: &str, range: RangeInclusive<T>) -> Result<T, NumberError>
where
    T: FromStr + PartialOrd + Display,
{
    match text.parse::<T>() {
        Ok(number) if range.contains(&number) => Ok(number),
        _ => Err(number_error(text, &range)),
    }
}

/// Read a number and bring it into `range`: a value beyond an end (even one too
/// large for `T`, such as `99999999999999999999`) counts as that end. For the
/// clocks and limits a GUI sends, where "more than umax can use" has a plain
/// meaning. Text that is not a number at all, or `NaN`, is still an error.
///
/// ```
/// use umax::input::parse_clamped;
/// assert_eq!(parse_clamped("-250", 0..=1000i64), Ok(0));
/// assert_eq!(parse_clamped("99999999999999999999", 0..=1000i64), Ok(1000));
/// assert_eq!(parse_clamped("inf", 0.0..=1e9), Ok(1e9));
/// assert!(parse_clamped("ten", 0..=1000i64).is_err());
/// ```
pub fn parse_clamped<T>(text: &str, range: RangeInclusive<T>) -> Result<T, NumberError>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let (&min, &max) = (range.start(), range.end());
    match text.parse::<T>() {
        Ok(number) if number < min => Ok(min),
        Ok(number) if number > max => Ok(max),
        Ok(number) if range.contains(&number) => Ok(number),
        Ok(_) => Err(number_error(text, &range)), // NaN
        Err(_) => {
            // An integer too long for T: saturate by its sign.
            let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
            if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(number_error(text, &range));
            }
            Ok(if text.starts_with('-') { min } else { max })
        }
    }
}

fn number_error<T: Display>(text: &str, range: &RangeInclusive<T>) -> NumberError {
    NumberError {
        text: quote(text),
        min: range.start().to_string(),
        max: range.end().to_string(),
    }
}

/// Remove `name VALUE` from command-line `args` and return VALUE (`None` if
/// `name` is not there; an error if it has no value after it).
pub fn take_option(args: &mut Vec<String>, name: &str) -> Result<Option<String>, String> {
    let Some(at) = args.iter().position(|arg| arg == name) else {
        return Ok(None);
    };
    if at + 1 >= args.len() {
        return Err(format!("{name} needs a value"));
    }
    let value = args.remove(at + 1);
    args.remove(at);
    Ok(Some(value))
}

/// Remove the flag `name` from command-line `args`; was it there?
pub fn take_flag(args: &mut Vec<String>, name: &str) -> bool {
    let before = args.len();
    args.retain(|arg| arg != name);
    args.len() != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_arrive_in_order_and_end_is_reported() {
        let data: &[u8] = b"uci\r\nisready\n\xff\xfegarbage\nlast";
        let mut input = Input::from_reader(data);
        assert_eq!(input.next_line().as_deref(), Some("uci"));
        assert_eq!(input.next_line().as_deref(), Some("isready"));
        assert_eq!(
            input.next_line().as_deref(),
            Some("\u{fffd}\u{fffd}garbage")
        );
        input.defer("deferred".to_string());
        assert_eq!(input.next_line().as_deref(), Some("deferred"));
        assert_eq!(input.next_line().as_deref(), Some("last"));
        assert_eq!(input.next_line(), None);
        assert!(input.at_end());
    }

    /// Poll until something other than [`Polled::Carry`] comes (the reader
    /// thread sends its lines when it gets to them).
    fn poll_until_told(input: &mut Input, react: &mut impl FnMut(&str) -> Busy) -> Polled {
        let start = std::time::Instant::now();
        loop {
            match input.poll_while_busy(&mut *react) {
                Polled::Carry if start.elapsed() < Duration::from_secs(10) => {
                    thread::sleep(Duration::from_millis(1));
                }
                polled => return polled,
            }
        }
    }

    #[test]
    fn lines_during_a_search_are_answered_kept_or_stop_it() {
        let data: &[u8] = b"isready\nfoo\nstop\nbar\nquit\nlast\n";
        let mut input = Input::from_reader(data);
        let mut answered = Vec::new();
        let mut react = |line: &str| match line {
            "isready" => {
                answered.push(line.to_string());
                Busy::Handled
            }
            "stop" => Busy::Stop,
            "quit" => Busy::StopThenHandle,
            _ => Busy::Later,
        };
        assert_eq!(poll_until_told(&mut input, &mut react), Polled::Stop);
        assert_eq!(poll_until_told(&mut input, &mut react), Polled::Stop);
        assert_eq!(poll_until_told(&mut input, &mut react), Polled::End);
        assert_eq!(answered, ["isready"]);
        // `stop` was used up; the others wait in order, `quit` among them.
        for expected in ["foo", "bar", "quit", "last"] {
            assert_eq!(input.next_line().as_deref(), Some(expected));
        }
        assert_eq!(input.next_line(), None);
    }

    #[test]
    fn a_wait_for_a_line_can_end_in_time() {
        let (reader, mut writer) = io::pipe().unwrap();
        let mut input = Input::from_reader(io::BufReader::new(reader));
        let start = std::time::Instant::now();
        assert_eq!(input.next_line_within(Duration::from_millis(50)), None);
        assert!(start.elapsed() >= Duration::from_millis(50));
        writer.write_all(b"move\n").unwrap();
        let line = input.next_line_within(Duration::from_secs(10));
        assert_eq!(line, Some(Some("move".to_string())));
        input.defer("kept".to_string());
        assert_eq!(
            input.next_line_within(Duration::ZERO),
            Some(Some("kept".to_string()))
        );
        drop(writer);
        assert_eq!(input.next_line_within(Duration::from_secs(10)), Some(None));
        assert!(input.at_end());
    }

    #[test]
    fn carriage_returns_end_lines() {
        let data: &[u8] = b"ping 7\rmove e2e4\r\nnext\r\rlast\r";
        let mut input = Input::from_reader(data);
        for expected in ["ping 7", "move e2e4", "next", "", "last"] {
            assert_eq!(input.next_line().as_deref(), Some(expected));
        }
        assert_eq!(input.next_line(), None);
    }

    #[test]
    fn an_over_long_line_is_dropped_not_kept() {
        // Sent in small pieces, as a pipe delivers it.
        let mut data = vec![0u8; 3 * MAX_LINE_BYTES];
        data.extend_from_slice(b"\nafter\n");
        let reader = io::BufReader::with_capacity(1000, io::Cursor::new(data));
        let (sender, receiver) = mpsc::channel();
        read_lines(reader, &sender);
        drop(sender);
        let received: Vec<Received> = receiver.iter().collect();
        assert_eq!(received.len(), 2);
        match &received[0] {
            Received::TooLong(start) => {
                assert!(start.starts_with("\\x00\\x00"), "{start}");
                assert!(start.ends_with("..."), "{start}");
                assert!(start.len() < 6 * ECHO_CHARS);
            }
            Received::Line(_) => panic!("the long line was delivered"),
        }
        assert!(matches!(&received[1], Received::Line(line) if line == "after"));
        // Exactly at the limit is still a line.
        let mut data = vec![b'a'; MAX_LINE_BYTES];
        data.push(b'\n');
        let mut input = Input::from_reader(io::Cursor::new(data));
        assert_eq!(
            input.next_line().map(|line| line.len()),
            Some(MAX_LINE_BYTES)
        );
    }

    #[test]
    fn echoes_are_escaped_and_short() {
        assert_eq!(escape("a\x1b[31mb\tc\u{9b}"), "a\\x1b[31mb\\x09c\\u{9b}");
        assert_eq!(escape_keeping_newlines("a\nb\rc"), "a\nb\\x0dc");
        let long = "x".repeat(200);
        assert_eq!(quote(&long), format!("{}...", "x".repeat(ECHO_CHARS)));
        assert_eq!(quote("short"), "short");
    }

    #[test]
    fn numbers_are_checked_or_clamped() {
        assert_eq!(parse_number("5", 1..=10u32), Ok(5));
        for bad in ["0", "11", "-1", "x", "", "4294967296", "5.5"] {
            let error = parse_number(bad, 1..=10u32).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("'{bad}' is not a number from 1 to 10")
            );
        }
        for bad in ["nan", "NaN", "inf", "-inf", "1e20", "-1"] {
            assert!(parse_number(bad, 0.0..=1e9).is_err(), "{bad}");
        }
        assert_eq!(parse_clamped("1844674407370955161", 0..=100i64), Ok(100));
        assert_eq!(parse_clamped("-99999999999999999999", 0..=100i64), Ok(0));
        assert_eq!(parse_clamped("2147483648", 1..=48u32), Ok(48));
        assert_eq!(parse_clamped("1e20", 0.0..=1e9), Ok(1e9));
        for bad in ["nan", "x", "", "-", "1-2"] {
            assert!(parse_clamped(bad, 0..=100i64).is_err(), "{bad}");
        }
        assert!(parse_clamped("nan", 0.0..=1e9).is_err());
    }
}
