use std::io::{self, BufRead, Write};
use umax::board::Board;
use umax::eval::{static_eval_with, EvalStyle, EvalTerms};

fn main() {
    let terms = EvalTerms::DEFAULT.with(EvalTerms::ACTIVITY_TERMS, true);
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let fen = line.trim();
        if fen.is_empty() { continue; }
        match Board::from_fen(fen) {
            Ok(b) => { let s = static_eval_with(EvalStyle::Tapered, terms, &b); writeln!(out, "{}", s).unwrap(); }
            Err(_) => { writeln!(out, "ERR").unwrap(); }
        }
    }
}
