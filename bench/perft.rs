//! Criterion benchmarks of the move generator: perft from the start position
//! and from Kiwipete. Run with `cargo bench --bench perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use umax::board::Board;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let mut start = Board::start();
    group.bench_function("start position, depth 5", |b| b.iter(|| start.perft(5)));
    let mut kiwipete =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("Kiwipete is a valid FEN");
    group.bench_function("Kiwipete, depth 4", |b| b.iter(|| kiwipete.perft(4)));
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
