//! # Lines in, lines out
//!
//! Every front end talks in lines of text. One thread reads standard input and
//! sends each line down a channel; the engine loop takes them in order. Because
//! the engine only ever *polls* the channel, it can read `stop`, `?`, `isready`
//! or `ping` while it is searching without any shared mutable state: the board
//! belongs to the engine loop alone.
//!
//! Input is read as bytes, so garbage that is not UTF-8 becomes replacement
//! characters instead of an error, and a `\r` before the newline is dropped.
//! End of input is a message of its own ([`Input::next_line`] returns `None`).
//!
//! Output goes through [`send`]: one complete line, flushed at once, and no
//! panic if the other side has closed the pipe.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

/// The receiving end of the reader thread, plus lines set aside for later.
pub struct Input {
    receiver: Receiver<String>,
    /// Lines read while the engine was busy, to be handled in order afterwards.
    deferred: VecDeque<String>,
    at_end: bool,
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
        thread::spawn(move || {
            let mut reader = open();
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break, // end of input: the channel closes
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
        Input {
            receiver,
            deferred: VecDeque::new(),
            at_end: false,
        }
    }

    /// The next line, waiting for it if need be; `None` at end of input.
    pub fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.deferred.pop_front() {
            return Some(line);
        }
        if self.at_end {
            return None;
        }
        match self.receiver.recv() {
            Ok(line) => Some(line),
            Err(_) => {
                self.at_end = true;
                None
            }
        }
    }

    /// A line if one has arrived, without waiting. `Some(None)` means end of
    /// input; `None` means nothing yet. Deferred lines are not returned here.
    pub fn poll_line(&mut self) -> Option<Option<String>> {
        if self.at_end {
            return Some(None);
        }
        match self.receiver.try_recv() {
            Ok(line) => Some(Some(line)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.at_end = true;
                Some(None)
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

/// Write one line to standard output and flush it at once. If the reader has
/// gone away there is no one left to talk to: exit quietly instead of panicking.
pub fn send(line: &str) {
    let mut out = io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
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
}
