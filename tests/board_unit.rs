//! Unit tests of the board's square sets and ray tables, through its public API.

use umax::board::{
    BISHOP_STEPS, DIAGONAL_LINES, KING_LEAPS, KING_STEPS, KNIGHT_LEAPS, KNIGHT_STEPS, QUEEN_LINES,
    ROOK_STEPS, STRAIGHT_LINES, Square, first_occupied_along, ray_reach,
};

/// What stepping square by square finds along `step` from `from` on
/// `occupancy`: the squares up to and including the first occupied
/// one, and that one.
fn stepped_ray(from: Square, step: i8, occupancy: u64) -> (u64, Option<Square>) {
    let (mut reach, mut square) = (0, from);
    while let Some(next) = square.offset(step) {
        square = next;
        reach |= square.bit();
        if occupancy & square.bit() != 0 {
            return (reach, Some(square));
        }
    }
    (reach, None)
}

#[test]
fn looked_up_rays_find_what_stepping_finds() {
    // A fixed pseudo-random sequence of occupancies, sparse to dense.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut occupancies = vec![0, u64::MAX];
    for _ in 0..200 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        occupancies.push(seed & seed.rotate_left(23));
        occupancies.push(seed);
    }
    for from in Square::all() {
        for occupancy in &occupancies {
            let occupancy = occupancy & !from.bit();
            for step in KING_STEPS {
                let (reach, first) = stepped_ray(from, step, occupancy);
                assert_eq!(first_occupied_along(from, step, occupancy), first);
                assert_eq!(ray_reach(from, step, occupancy), reach, "{from} {step}");
            }
        }
        let leaps = |steps: &[i8]| {
            steps
                .iter()
                .filter_map(|&step| from.offset(step))
                .fold(0, |set, to| set | to.bit())
        };
        assert_eq!(KNIGHT_LEAPS[from.bit_index()], leaps(&KNIGHT_STEPS));
        assert_eq!(KING_LEAPS[from.bit_index()], leaps(&KING_STEPS));
        let lines = |steps: &[i8]| {
            steps
                .iter()
                .fold(0, |set, &step| set | stepped_ray(from, step, 0).0)
        };
        assert_eq!(DIAGONAL_LINES[from.bit_index()], lines(&BISHOP_STEPS));
        assert_eq!(STRAIGHT_LINES[from.bit_index()], lines(&ROOK_STEPS));
        assert_eq!(QUEEN_LINES[from.bit_index()], lines(&KING_STEPS));
    }
}

#[test]
fn square_bits_round_trip() {
    for square in Square::all() {
        let bit = square.bit();
        assert_eq!(bit.count_ones(), 1);
        assert_eq!(Square::from_bit_index(bit.trailing_zeros()), square);
    }
    assert_eq!(Square::parse("e4").unwrap().to_string(), "e4");
    assert_eq!(Square::parse("i1"), None);
}
