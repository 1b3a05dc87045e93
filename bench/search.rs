//! Criterion benchmark of the search: a fixed-depth search of a few bench
//! positions with a fresh hash table. Run with `cargo bench --bench search`.
//! (`umax bench` gives the node count and nodes per second over all 30.)

use criterion::{Criterion, criterion_group, criterion_main};
use umax::board::Board;
use umax::clock::Limits;
use umax::search::{Searcher, Silent};
use umax::tools::BENCH_POSITIONS;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut searcher = Searcher::new(20);
    for (index, fen) in BENCH_POSITIONS.iter().take(4).enumerate() {
        let board = Board::from_fen(fen).expect("bench positions are valid");
        group.bench_function(format!("bench position {}, depth 6", index + 1), |b| {
            b.iter(|| {
                searcher.clear_table();
                searcher.think(&board, &[], &Limits::depth(6), &mut Silent)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
