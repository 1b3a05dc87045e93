//! # Static exchange evaluation (SEE)
//!
//! A capture is rarely the end of the story: the victim's friends recapture,
//! the capturer's friends recapture in turn, and so on until one side runs out
//! of attackers on the square or would lose by going on. **Static exchange
//! evaluation** plays that sequence out *without searching*, looking only at
//! the pieces that attack the target square, and returns what the first
//! capture wins or loses in material (centipawns, from the point of view of
//! the side that makes it). Seed 002 uses it to tell a *good* capture (SEE ≥ 0:
//! try it early) from a *bad* one (SEE < 0: try it after the quiet moves, or
//! prune it in quiescence).
//!
//! ## The rules of the exchange
//! 1. The first capture, `mv` itself, is made whatever it costs.
//! 2. After it, each side in turn recaptures on the same square with its
//!    **least valuable attacker**: giving up the cheapest piece leaves the most
//!    behind if the exchange turns out badly.
//! 3. Either side may **stop** instead of recapturing, when recapturing would
//!    leave it worse off than the balance it has already reached.
//! 4. **X-rays**: a slider standing behind another attacker on the same line
//!    (a rook behind a rook, a queen behind a bishop, a rook behind a queen,
//!    even a bishop behind a pawn) joins the exchange once the piece in front
//!    has captured and left the line. We find attackers on a set of occupied
//!    squares from which every piece that has already captured is removed, so
//!    a ray from the target simply looks through them.
//! 5. A **king** may capture only if the opponent has no attacker left on the
//!    square (it may not capture into check).
//!
//! Pins, checks elsewhere on the board, and the side to move's other threats
//! are ignored, as in every SEE: it is a static estimate, cheap enough for
//! move ordering, not a search.
//!
//! ## The swap algorithm
//! We first play the whole sequence forwards, with each side always
//! recapturing, and record in `gains[d]` the balance for the side making
//! capture `d` if the exchange stopped right after it:
//!
//! ```text
//! gains[0] = value(victim)
//! gains[d] = value(piece captured by capture d) - gains[d - 1]
//! ```
//!
//! (what capture `d` takes, minus what the opponent had gained up to then).
//! Then we walk the list backwards, letting each side choose between
//! recapturing and stopping. Stopping before capture `d` leaves the side that
//! would make it at `-gains[d - 1]`; capturing gives it `gains[d]` (already
//! corrected for the best continuation), so
//!
//! ```text
//! gains[d - 1] = -max(-gains[d - 1], gains[d])     for d = last, ..., 1
//! ```
//!
//! and `gains[0]` is the value of the exchange. Example: white R×P on d5, the
//! pawn defended by a black pawn. `gains = [100, 600 - 100 = 500]`; walking
//! back, `gains[0] = -max(-100, 500) = -500`: Black recaptures, White has
//! given a rook (600) for a pawn (100).
//!
//! ## Special moves (our choices)
//! * **En passant**: the victim is a pawn that stands not on the target square
//!   but one rank behind it (seen from the capturer); it is removed from the
//!   occupied squares too, so a rook or queen behind it on the file looks
//!   through to the target square.
//! * **Promotions**: a pawn that promotes gains the promoted piece's value
//!   minus the pawn's, and the piece the opponent may then capture is the
//!   promoted piece. A pawn that *recaptures* onto its last rank is assumed to
//!   become a queen. A quiet promotion (no victim) is evaluated the same way:
//!   its SEE is what the promotion gains if the opponent may capture the new
//!   piece and the exchange continues.
//! * **Kings**: in the exchange a king is worth [`KING_VALUE`], more than all
//!   the other material together. A king never captures into a defended square
//!   in the sequence (rule 5); if `mv` itself is such a capture (pseudo-legal,
//!   not legal), its SEE is the victim's value minus [`KING_VALUE`]: hopeless.
//! * **Non-captures**: a move that captures nothing and does not promote has
//!   SEE 0 (nothing is exchanged; we do not ask whether the moved piece is
//!   safe on its new square).
//!
//! Material values are [`PIECE_VALUES`], without positional terms. The default
//! search uses SEE twice, both adopted on self-play results (seed
//! 002): move ordering (`ordering=history`) tries good captures before the
//! quiet moves and bad ones after; quiescence skips losing captures
//! (`see_prune=on`).

use crate::board::{BISHOP_STEPS, Board, Color, DIAGONAL_LINES, KING_LEAPS, KING_STEPS};
use crate::board::{KNIGHT_LEAPS, KNIGHT_STEPS, Move, PieceKind, ROOK_STEPS};
use crate::board::{STRAIGHT_LINES, Square, first_occupied_along};
use crate::eval::{PIECE_VALUES, Score};

/// What a king is worth in an exchange: more than all other material (a
/// side has at most 9 queens, 2 rooks, 2 bishops and 2 knights: 13 050 cp),
/// so losing it outweighs anything the exchange can win.
pub const KING_VALUE: Score = 20_000;

/// The longest possible exchange: every piece on the board captures once.
const MAX_EXCHANGE: usize = 32;

/// A piece kind's value in an exchange: [`PIECE_VALUES`] with the king at
/// [`KING_VALUE`].
pub fn exchange_value(kind: PieceKind) -> Score {
    match kind {
        PieceKind::King => KING_VALUE,
        _ => PIECE_VALUES[kind as usize],
    }
}

/// The material balance of the exchange that `mv` starts on its target square,
/// from the point of view of the side making `mv` (centipawns; see the module
/// docs for the rules). `mv` must be a pseudo-legal move of the side to move.
pub fn see(board: &Board, mv: Move) -> Score {
    exchange(board, mv, false)
}

/// Is [`see`] of `mv` at least 0? The same exchange, cut short once its sign
/// is settled (see `exchange`), which saves looking for the attackers of
/// the rest of the sequence.
pub fn see_is_not_negative(board: &Board, mv: Move) -> bool {
    exchange(board, mv, true) >= 0
}

/// The swap algorithm behind [`see`]. With `sign_only` the forward pass
/// stops as soon as the *sign* of the result is settled, and only the sign
/// of the result is right: when capture `d - 1` left its side ahead
/// (`gains[d - 1] > 0`) and capture `d` leaves its side behind even if
/// nobody answers it (`gains[d] < 0`), the side that would make capture `d`
/// loses whether it makes it or stops, so capture `d - 1`'s side is ahead
/// whatever follows; and the backward pass turns each level's sign into the
/// next one's from the signs alone.
fn exchange(board: &Board, mv: Move, sign_only: bool) -> Score {
    let target = mv.to;
    let mover = board.piece_at(mv.from);
    let (Some(mut side), Some(mover_kind)) = (mover.color(), mover.kind()) else {
        return 0;
    };
    let pawn_value = PIECE_VALUES[PieceKind::Pawn as usize];

    // Every occupied square; a piece leaves this set when it captures, so rays
    // from the target look through it (the x-rays).
    let mut occupancy = board.occupied() & !mv.from.bit();

    // The victim leaves the occupied squares too: an en-passant victim,
    // behind the target square, no longer blocks its file.
    let captured_square = mv.captured_square();
    occupancy &= !captured_square.bit();
    let victim = board.piece_at(captured_square).kind();
    let victim_value = victim.map_or(0, exchange_value);
    if victim_value == 0 && mv.promotion.is_none() {
        return 0;
    }

    // The piece standing on the target after the capture, and what the capture
    // gains on top of its victim (a promotion's new piece minus the pawn).
    let (mut on_target, promotion_gain) = match mv.promotion {
        Some(kind) => (exchange_value(kind), exchange_value(kind) - pawn_value),
        None => (exchange_value(mover_kind), 0),
    };

    let mut gains = [0 as Score; MAX_EXCHANGE];
    gains[0] = victim_value + promotion_gain;
    let mut depth = 0;

    // Forward pass: both sides always recapture with the least valuable
    // attacker, recording the balance after each capture.
    while depth + 1 < MAX_EXCHANGE {
        if on_target == KING_VALUE {
            // The last capture put a king on a square the opponent still
            // attacks (only possible for `mv` itself, see rule 5): the
            // opponent takes it and the exchange is over.
            side = side.opposite();
            if least_valuable_attacker(board, target, side, occupancy).is_some() {
                depth += 1;
                gains[depth] = KING_VALUE - gains[depth - 1];
            }
            break;
        }
        side = side.opposite();
        let Some((from, kind)) = least_valuable_attacker(board, target, side, occupancy) else {
            break;
        };
        if kind == PieceKind::King
            && least_valuable_attacker(board, target, side.opposite(), occupancy & !from.bit())
                .is_some()
        {
            // Rule 5: the king may not capture into a defended square.
            break;
        }
        let promotes = kind == PieceKind::Pawn && target.rank() == side.promotion_rank();
        let (captured_by_this, gain) = if promotes {
            let queen = exchange_value(PieceKind::Queen);
            (queen, on_target + queen - pawn_value)
        } else {
            (exchange_value(kind), on_target)
        };
        depth += 1;
        gains[depth] = gain - gains[depth - 1];
        if sign_only && (-gains[depth - 1]).max(gains[depth]) < 0 {
            break; // the sign is settled (see above)
        }
        on_target = captured_by_this;
        occupancy &= !from.bit();
    }

    // Backward pass: each side recaptures only if that beats stopping.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Does the piece on `square` stand en prise: can the enemy's least valuable
/// attacker take it and come out ahead in the exchange that follows? (The
/// enemy need not be the side to move; an empty square is not en prise.)
pub fn is_en_prise(board: &Board, square: Square) -> bool {
    let Some(owner) = board.piece_at(square).color() else {
        return false;
    };
    least_valuable_attacker(board, square, owner.opposite(), board.occupied())
        .is_some_and(|(from, _)| see(board, Move::new(from, square)) > 0)
}

/// Seed 002's *good capture*: a promotion, a capture whose victim is worth at
/// least its attacker, or one whose [`see`] is not negative. A move that
/// neither captures nor promotes is not a capture, hence not a good one. A
/// king counts as [`KING_VALUE`] here, so a king's capture is good only when
/// its SEE is (when nothing guards the victim).
pub fn is_good_capture(board: &Board, mv: Move) -> bool {
    if mv.promotion.is_some() {
        return true;
    }
    let victim = board.piece_at(mv.captured_square()).kind();
    let (Some(victim), Some(attacker)) = (victim, board.piece_at(mv.from).kind()) else {
        return false;
    };
    exchange_value(victim) >= exchange_value(attacker) || see_is_not_negative(board, mv)
}

/// The least valuable piece of `side` that attacks `target`, counting only
/// pieces on `occupancy` (the squares still occupied in the exchange) and
/// looking through squares that are not on it. Ties go to the first found.
///
/// The kinds are looked for from the least valuable up, so the search stops
/// at the first kind that attacks: most exchanges end at a pawn or a knight
/// without a slider's ray being looked at.
fn least_valuable_attacker(
    board: &Board,
    target: Square,
    side: Color,
    occupancy: u64,
) -> Option<(Square, PieceKind)> {
    let present = |square: Square| occupancy & square.bit() != 0;
    let is_ours =
        |square: Square, kind: PieceKind| present(square) && board.piece_at(square).is(side, kind);
    let leaper = |steps: &[i8], kind: PieceKind| {
        steps
            .iter()
            .filter_map(|&step| target.offset(step))
            .find(|&from| is_ours(from, kind))
            .map(|from| (from, kind))
    };
    // The side's pieces of a kind that stand where they could attack the
    // target (a leap away, or on its lines): most of the time none, and the
    // leaps or rays need not be walked one by one.
    let ours = |kinds: u64| kinds & occupancy != 0;
    let near =
        |leaps: &[u64; 64], kind| ours(leaps[target.bit_index()] & board.pieces_of(side, kind));

    // Pawns attack diagonally forwards, so they stand diagonally behind.
    let pawn_steps = [1 - side.pawn_push(), -1 - side.pawn_push()];
    if let Some(pawn) = leaper(&pawn_steps, PieceKind::Pawn) {
        return Some(pawn);
    }
    if near(&KNIGHT_LEAPS, PieceKind::Knight)
        && let Some(knight) = leaper(&KNIGHT_STEPS, PieceKind::Knight)
    {
        return Some(knight);
    }
    // Sliders: the first piece still present along each ray. A queen found
    // on the way waits until no bishop or rook attacks.
    let mut queen = None;
    for (steps, slider, lines, diagonally) in [
        (&BISHOP_STEPS[..], PieceKind::Bishop, &DIAGONAL_LINES, true),
        (&ROOK_STEPS[..], PieceKind::Rook, &STRAIGHT_LINES, false),
    ] {
        if !ours(lines[target.bit_index()] & board.sliders_of(side, diagonally)) {
            continue;
        }
        for &step in steps {
            let Some(square) = first_occupied_along(target, step, occupancy) else {
                continue;
            };
            let piece = board.piece_at(square);
            if piece.is(side, slider) {
                return Some((square, slider));
            }
            if queen.is_none() && piece.is(side, PieceKind::Queen) {
                queen = Some((square, PieceKind::Queen));
            }
        }
    }
    queen.or_else(|| {
        near(&KING_LEAPS, PieceKind::King)
            .then(|| leaper(&KING_STEPS, PieceKind::King))
            .flatten()
    })
}
