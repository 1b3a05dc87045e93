use std::time::Instant;
use umax::board::Board;
use umax::search::*;
use umax::clock::Limits;
struct P;
impl Listener for P { fn iteration_done(&mut self, i: &SearchInfo) { println!("{} {} {:?} {} {}", i.depth, i.score, i.elapsed, i.nodes, i.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")); } }
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[2].parse().unwrap();
    let fen = if args.len() > 3 { args[3..].join(" ") } else { umax::board::START_FEN.to_string() };
    let mut b = Board::from_fen(&fen).unwrap();
    if args[1] == "perft" {
    let t = Instant::now();
    let mut total = 0;
    for (m, n) in b.perft_divide(depth) { println!("{m}: {n}"); total += n; }
    println!("\nNodes searched: {total}");
    eprintln!("{:?}", t.elapsed());
    } else {
      let mut s = Searcher::new(22);
      let r = s.think(&b, &[], &Limits::depth(depth), &mut P);
      println!("best {:?} nps {}", r.best_move.map(|m| m.to_string()), r.info.nodes as f64 / r.info.elapsed.as_secs_f64());
    }
}
