//! # Notation: moves as people and programs write them
//!
//! A move is a pair of squares to the board, but people and programs write it
//! in two notations, and this module reads and writes both:
//!
//! * **SAN**, Standard Algebraic Notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`):
//!   the piece and where it goes, with just enough of where it came from to
//!   tell it apart. Written exactly by [`san`]; read leniently by
//!   [`parse_san`], as people type it (`nf3`, `e8Q`, `0-0`, `exd`, a missing
//!   `+`, an over-specified `Ng1f3`).
//! * **Coordinate notation** (`e2e4`, `e7e8q`, castling as the king's move
//!   `e1g1`): what the xboard and UCI protocols send, read by
//!   [`parse_coordinate`].
//!
//! [`parse_move`] takes either. A move that cannot be played is never just
//! "illegal": the [`MoveError`] says why (no piece there, a pinned piece, a
//! missing promotion piece, castling rights) or, for an ambiguous SAN, which
//! moves it could mean.
//!
//! Before any of that, a front end must decide whether a line is meant as a
//! move at all, or is a command it does not know. [`move_shape`] is that one
//! decision, shared by the console and the xboard front end.

use std::fmt;

use crate::board::{Board, Color, Move, MoveKind, PieceKind, Square};

/// How a word is written, when it could be meant as a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveShape {
    /// Coordinate notation: two squares, then maybe a promotion letter
    /// (`e2e4`, `e7e8q`). Read with [`parse_coordinate`].
    Coordinate,
    /// Not coordinates, but like a move as people type it: a file or a piece
    /// letter (in either case) and a rank (`Nf3`, `nf3`, `exd5`, `e7e8=q`),
    /// castling (`O-O`, `o-o`, `0-0`), or a pawn capture by files (`exd`,
    /// `ed`). Read with [`parse_san`].
    San,
}

/// Could `text` be meant as a move, and in which notation? `None` for a word
/// that is no move at all (a mistyped command): the front ends answer such a
/// line with "unknown command" and a move-shaped one with the reason it cannot
/// be played. One short word (at most ten characters, no space inside).
///
/// ```
/// use umax::notation::{MoveShape, move_shape};
/// assert_eq!(move_shape("e7e8q"), Some(MoveShape::Coordinate));
/// assert_eq!(move_shape("exd"), Some(MoveShape::San));
/// assert_eq!(move_shape("frobnicate"), None);
/// ```
pub fn move_shape(text: &str) -> Option<MoveShape> {
    if looks_like_coordinate(text) {
        return Some(MoveShape::Coordinate);
    }
    let text = text.trim();
    if text.chars().count() > 10 || text.contains(char::is_whitespace) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let castles = lower.starts_with("o-o") || lower.starts_with("0-0");
    let starts_like_a_move = lower
        .chars()
        .next()
        .is_some_and(|c| matches!(c, 'a'..='h' | 'k' | 'q' | 'r' | 'n'));
    let names_a_rank = lower.chars().any(|c| c.is_ascii_digit());
    let files: Vec<u8> = lower
        .bytes()
        .filter(|&c| !matches!(c, b'x' | b':' | b'-'))
        .collect();
    let capture_by_files = matches!(files.as_slice(),
        [from @ b'a'..=b'h', to @ b'a'..=b'h'] if from.abs_diff(*to) == 1);
    (castles || (starts_like_a_move && names_a_rank) || capture_by_files).then_some(MoveShape::San)
}

/// Is `text` coordinate notation: four or five ASCII characters, the first two
/// and the next two each a square?
fn looks_like_coordinate(text: &str) -> bool {
    text.is_ascii()
        && (text.len() == 4 || text.len() == 5)
        && Square::parse(&text[0..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
}

/// Why a move typed by a user or sent by a program was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Well-formed but not legal here.
    Illegal {
        /// The move as it was written.
        text: String,
        /// Why it is not legal, e.g. `no piece can reach e5`.
        reason: String,
    },
    /// SAN that fits more than one legal move.
    Ambiguous {
        /// The move as it was written.
        text: String,
        /// The legal moves it could mean, in SAN.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MoveError::Illegal { text, reason } => write!(f, "Illegal move: {text} ({reason})"),
            MoveError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "Ambiguous move: {text} (could be {})",
                    candidates.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Illegal {
        text: text.to_string(),
        reason: reason.into(),
    }
}

// ---------------------------------------------------------------------------
// SAN out
// ---------------------------------------------------------------------------

/// Standard Algebraic Notation for the legal move `mv` in `board`, with `+` for
/// check and `#` for mate.
pub fn san(board: &Board, mv: Move) -> String {
    let mut text = san_without_suffix(board, mv);
    let mut after = board.clone();
    after.make_move(mv);
    if after.in_check() {
        text.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

fn san_without_suffix(board: &Board, mv: Move) -> String {
    if mv.kind == MoveKind::Castle {
        return if mv.to.file() == 6 { "O-O" } else { "O-O-O" }.to_string();
    }
    let kind = board.piece_at(mv.from).kind().unwrap_or(PieceKind::Pawn);
    let is_capture = !board.piece_at(mv.to).is_empty() || mv.kind == MoveKind::EnPassant;
    let mut text = String::new();
    if kind == PieceKind::Pawn {
        if is_capture {
            text.push(mv.from.file_char());
        }
    } else {
        text.push(kind.letter());
        // Disambiguate among other pieces of the same kind that can go there:
        // by file if that suffices, else by rank, else by both.
        let rivals: Vec<Square> = board
            .legal_moves()
            .into_iter()
            .filter(|other| {
                other.to == mv.to
                    && other.from != mv.from
                    && board.piece_at(other.from).kind() == Some(kind)
            })
            .map(|other| other.from)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|s| s.file() == mv.from.file());
            let same_rank = rivals.iter().any(|s| s.rank() == mv.from.rank());
            if !same_file {
                text.push(mv.from.file_char());
            } else if !same_rank {
                text.push(mv.from.rank_char());
            } else {
                text.push(mv.from.file_char());
                text.push(mv.from.rank_char());
            }
        }
    }
    if is_capture {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    if let Some(promotion) = mv.promotion {
        text.push('=');
        text.push(promotion.letter());
    }
    text
}

// ---------------------------------------------------------------------------
// Moves in
// ---------------------------------------------------------------------------

/// Read a move in SAN or coordinate notation and find it among the legal moves.
/// The error says why a move is illegal or which moves an ambiguous SAN fits.
///
/// A move typed with caps lock on (`NF3`, `BXC4`, `E4`, `E2E4`: no lower-case
/// letter at all) that is no move as it stands is read again with its first
/// letter kept as a piece letter (`Nf3`, `Bxc4`) and then all in lower case
/// (`e4`, `e2e4`, and `b4` for `B4`), as [`parse_san`] reads `nf3`. If no
/// reading is a move, the error is the one for the text as typed.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let as_typed = parse_move_as_typed(board, text);
    let caps_lock = text.chars().any(|c| c.is_ascii_uppercase())
        && !text.chars().any(|c| c.is_ascii_lowercase());
    let Err(error) = as_typed else {
        return as_typed;
    };
    if !caps_lock {
        return Err(error);
    }
    let mut chars = text.chars();
    let first = chars.next().map(String::from).unwrap_or_default();
    let piece_first = first + &chars.as_str().to_ascii_lowercase();
    parse_move_as_typed(board, &piece_first)
        .or_else(|_| parse_move_as_typed(board, &text.to_ascii_lowercase()))
        .map_err(|_| error)
}

/// [`parse_move`] without the readings for caps lock.
fn parse_move_as_typed(board: &Board, text: &str) -> Result<Move, MoveError> {
    if move_shape(text) == Some(MoveShape::Coordinate) {
        return parse_coordinate(board, text);
    }
    parse_san(board, text)
}

/// Read a move in coordinate notation (`e2e4`, `e7e8q`, castling `e1g1`).
pub fn parse_coordinate(board: &Board, text: &str) -> Result<Move, MoveError> {
    if let Some(mv) = board.parse_coordinate_move(text) {
        return Ok(mv);
    }
    if !looks_like_coordinate(text) {
        return Err(illegal(text, "not a move in coordinate notation like e2e4"));
    }
    let from = Square::parse(&text[0..2]).unwrap_or(Square::A1);
    let to = Square::parse(&text[2..4]).unwrap_or(Square::A1);
    let promotion = text
        .chars()
        .nth(4)
        .and_then(PieceKind::from_letter)
        .filter(|k| !matches!(k, PieceKind::Pawn | PieceKind::King));
    if text.len() == 5 && promotion.is_none() {
        return Err(illegal(text, "a pawn promotes to q, r, b or n"));
    }
    let mv = Move {
        promotion,
        ..Move::new(from, to)
    };
    Err(illegal_move_reason(board, mv, text))
}

/// Explain why `mv` (as written in `text`) is not legal in `board`.
pub(crate) fn illegal_move_reason(board: &Board, mv: Move, text: &str) -> MoveError {
    let us = board.side_to_move();
    let piece = board.piece_at(mv.from);
    let Some(kind) = piece.kind() else {
        return illegal(text, format!("no piece on {}", mv.from));
    };
    if !piece.is_color(us) {
        return illegal(
            text,
            format!(
                "the piece on {} is {}'s and it is {}'s move",
                mv.from,
                us.opposite().name(),
                us.name()
            ),
        );
    }
    let legal = board.legal_moves();
    let same_squares: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .collect();
    if !same_squares.is_empty() {
        // The squares are right, so the promotion piece is wrong or missing.
        return if same_squares.iter().all(|m| m.promotion.is_none()) {
            illegal(text, "only a pawn reaching the last rank promotes")
        } else if mv.promotion.is_none() {
            illegal(text, format!("say which piece to promote to, e.g. {text}q"))
        } else {
            illegal(text, "a pawn promotes to a queen, rook, bishop or knight")
        };
    }
    // A king two files sideways from its home square: the user meant to castle.
    let home = if us == Color::White {
        Square::E1
    } else {
        Square::E8
    };
    if kind == PieceKind::King
        && mv.from == home
        && mv.to.rank() == home.rank()
        && mv.to.file().abs_diff(home.file()) == 2
    {
        return illegal(text, CASTLING_REFUSED);
    }
    let mut pseudo = Vec::new();
    board.generate_moves(&mut pseudo);
    if pseudo.iter().any(|m| m.from == mv.from && m.to == mv.to) {
        return illegal(text, "it would leave the king in check");
    }
    if !legal.iter().any(|m| m.to == mv.to) {
        return illegal(text, format!("no piece can reach {}", mv.to));
    }
    illegal(
        text,
        format!(
            "the {} on {} cannot move to {}",
            kind_name(kind),
            mv.from,
            mv.to
        ),
    )
}

fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
    }
}

/// The reason given for text that is not a move at all.
const NOT_A_MOVE: &str = "not a move: try SAN like Nf3 or coordinates like g1f3";

/// Read a move in SAN. Lenient, so that moves can be typed as people type them:
/// accepts `0-0` and `o-o` for `O-O`, `e8Q` and `e8=q` for `e8=Q`, a missing or
/// superfluous `+`/`#`, annotations like `!?`, `:` for `x`, over-specified
/// moves such as `Ng1f3` and `ra1b1`, piece letters in lower case (`nf3`,
/// `qxd7`), a pawn capture without its `x` (`ed5`) or without the rank of its
/// target (`exd`, `ed`) when only one capture fits.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, MoveError> {
    // Trim first, or a trailing space would hide a trailing '+' from the next line.
    let original = text.trim();
    let core = original.trim_end_matches(['+', '#', '!', '?']);
    let core = core.strip_suffix("e.p.").unwrap_or(core).trim();
    if !core.is_ascii() || core.is_empty() {
        return Err(illegal(original, NOT_A_MOVE));
    }

    // Castling, in either case and with zeros or letters.
    let castle_side = match core.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" => Some(6),
        "O-O-O" => Some(2),
        _ => None,
    };
    if let Some(file) = castle_side {
        return board
            .legal_moves()
            .into_iter()
            .find(|m| m.kind == MoveKind::Castle && m.to.file() == file)
            .ok_or_else(|| illegal(original, CASTLING_REFUSED));
    }

    // [Piece] [from file] [from rank] [x] to-square [=] [promotion]
    let letters: Vec<char> = core
        .chars()
        .filter(|&c| c != 'x' && c != ':' && c != '-')
        .collect();
    let mv = match letters.as_slice() {
        // A lower-case `b` is both the b-file and, as people type, the bishop
        // (`bc4` could be bxc4 or Bc4). We decide by legality, and SAN's own
        // rule breaks the tie: a lower-case letter is a file, so when the b-pawn
        // reading is a legal move it is the move (`bxc3` stays the pawn
        // capture it is in SAN), and only otherwise is the bishop tried.
        ['b', rest @ ..] if rest.len() >= 2 => {
            match read_san_fields(board, original, PieceKind::Pawn, &letters) {
                Ok(mv) => Ok(mv),
                Err(as_pawn) => {
                    let as_bishop = read_san_fields(board, original, PieceKind::Bishop, rest);
                    bishop_or_b_pawn(original, as_bishop, as_pawn)
                }
            }
        }
        // The other piece letters are no file, so lower case is unambiguous.
        [first @ ('n' | 'r' | 'q' | 'k'), rest @ ..] => {
            let kind = PieceKind::from_letter(*first).unwrap_or(PieceKind::Pawn);
            read_san_fields(board, original, kind, rest)
        }
        [first, rest @ ..] if first.is_ascii_uppercase() && *first != 'O' => {
            let kind = PieceKind::from_letter(*first)
                .filter(|&k| k != PieceKind::Pawn)
                .ok_or_else(|| {
                    illegal(
                        original,
                        format!("'{first}' is not a piece letter (K, Q, R, B, N)"),
                    )
                })?;
            read_san_fields(board, original, kind, rest)
        }
        _ => read_san_fields(board, original, PieceKind::Pawn, &letters),
    }?;
    // A capture mark (`x` or `:`, wherever it stands: `Bxc4`, `Bc4x`) on a
    // move that takes nothing is a mistake worth a word, not a move to guess.
    let takes = !board.piece_at(mv.to).is_empty() || mv.kind == MoveKind::EnPassant;
    if core.contains(['x', ':']) && !takes {
        return Err(illegal(
            original,
            format!(
                "x marks a capture, but there is nothing to take on {}; the move there is {}",
                mv.to,
                san(board, mv)
            ),
        ));
    }
    Ok(mv)
}

/// Why castling was refused.
const CASTLING_REFUSED: &str = "castling needs the right to castle, empty squares between king and rook, and a king not in, through or into check";

/// The bishop reading of a move starting with a lower-case `b`, once the
/// b-pawn reading (`as_pawn`) has failed; if both fail, explain both.
fn bishop_or_b_pawn(
    original: &str,
    as_bishop: Result<Move, MoveError>,
    as_pawn: MoveError,
) -> Result<Move, MoveError> {
    let reason = |error: &MoveError| match error {
        MoveError::Illegal { reason, .. } => Some(reason.clone()),
        MoveError::Ambiguous { .. } => None,
    };
    let as_bishop = match as_bishop {
        Ok(mv) => return Ok(mv),
        Err(error) => error,
    };
    match (reason(&as_bishop), reason(&as_pawn)) {
        // An ambiguous reading says more than an illegal one.
        (None, _) => Err(as_bishop),
        (_, None) => Err(as_pawn),
        (Some(_), Some(pawn)) if pawn == NOT_A_MOVE => Err(as_bishop),
        (Some(bishop), Some(_)) if bishop == NOT_A_MOVE => Err(as_pawn),
        (Some(bishop), Some(pawn)) => Err(illegal(
            original,
            format!("as a bishop move: {bishop}; as a b-pawn move: {pawn}"),
        )),
    }
}

/// Read the rest of a SAN move once its piece is known: `chars` is what follows
/// the piece letter, without `x`, `:` and `-`.
fn read_san_fields(
    board: &Board,
    original: &str,
    kind: PieceKind,
    chars: &[char],
) -> Result<Move, MoveError> {
    let mut chars = chars.to_vec();
    // A to-square ends in a digit, so a letter right after that digit (or after
    // '=') names the promotion piece: `e8Q`, `e8=Q`. Other trailing letters are
    // not a promotion (`hello` is no move, not a promotion to 'o').
    let mut promotion = None;
    if let &[.., before, letter] = chars.as_slice()
        && letter.is_ascii_alphabetic()
        && (before.is_ascii_digit() || before == '=')
    {
        chars.pop();
        promotion = Some(
            PieceKind::from_letter(letter)
                .filter(|k| !matches!(k, PieceKind::Pawn | PieceKind::King))
                .ok_or_else(|| illegal(original, format!("cannot promote to '{letter}'")))?,
        );
    }
    if chars.last() == Some(&'=') {
        chars.pop();
    }
    let legal = board.legal_moves();

    // A pawn capture named by two files (`exd`, `ed`): fine when one fits.
    if kind == PieceKind::Pawn
        && let &[from @ 'a'..='h', to @ 'a'..='h'] = chars.as_slice()
    {
        let (from_file, to_file) = (from as u8 - b'a', to as u8 - b'a');
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.from.file() == from_file
                    && m.to.file() == to_file
                    && from_file != to_file
                    && board.piece_at(m.from).kind() == Some(PieceKind::Pawn)
            })
            .collect();
        if candidates.is_empty() {
            return Err(illegal(
                original,
                format!("no pawn on the {from}-file can capture on the {to}-file"),
            ));
        }
        return pick_promotion(board, original, &candidates, promotion);
    }

    if chars.len() < 2 {
        return Err(illegal(original, NOT_A_MOVE));
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&to_text).ok_or_else(|| illegal(original, NOT_A_MOVE))?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' if from_file.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return Err(illegal(original, NOT_A_MOVE)),
        }
    }

    // Does the move fit the text, promotion aside?
    let fits = |m: &Move| {
        m.to == to
            && m.kind != MoveKind::Castle
            && board.piece_at(m.from).kind() == Some(kind)
            && from_file.is_none_or(|f| m.from.file() == f)
            && from_rank.is_none_or(|r| m.from.rank() == r)
            // A pawn move written without a from-file (`d6`) is a push, never a capture.
            && (kind != PieceKind::Pawn || from_file.is_some() || m.from.file() == to.file())
    };
    let candidates: Vec<Move> = legal.iter().copied().filter(fits).collect();
    if !candidates.is_empty() {
        return pick_promotion(board, original, &candidates, promotion);
    }
    let pawn_capture = legal
        .iter()
        .find(|m| m.to == to && board.piece_at(m.from).kind() == Some(PieceKind::Pawn));
    let mut pseudo = Vec::new();
    board.generate_moves(&mut pseudo);
    if kind == PieceKind::Pawn
        && from_file.is_none()
        && let Some(&capture) = pawn_capture
    {
        Err(illegal(
            original,
            format!(
                "a pawn capture is written with the pawn's file, e.g. {}",
                san(board, capture)
            ),
        ))
    } else if pseudo.iter().any(|m| fits(m) && m.promotion == promotion) {
        Err(illegal(original, "it would leave the king in check"))
    } else {
        Err(illegal(
            original,
            format!("no {} can reach {to}", kind_name(kind)),
        ))
    }
}

/// Among `candidates` (the legal moves the text fits, promotion aside, at least
/// one), the one with the promotion asked for; or say what is missing.
fn pick_promotion(
    board: &Board,
    original: &str,
    candidates: &[Move],
    promotion: Option<PieceKind>,
) -> Result<Move, MoveError> {
    let with_promotion: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| m.promotion == promotion)
        .collect();
    match with_promotion.as_slice() {
        [mv] => Ok(*mv),
        [] if promotion.is_none() => {
            // Suggest the move as it would be written, `exd8=Q`, not just `d8=Q`.
            let queen = candidates
                .iter()
                .find(|m| m.promotion == Some(PieceKind::Queen))
                .unwrap_or(&candidates[0]);
            Err(illegal(
                original,
                format!(
                    "say which piece to promote to, e.g. {}",
                    san_without_suffix(board, *queen)
                ),
            ))
        }
        [] => Err(illegal(
            original,
            "only a pawn reaching the last rank promotes",
        )),
        _ => Err(MoveError::Ambiguous {
            text: original.to_string(),
            candidates: with_promotion.iter().map(|&m| san(board, m)).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_round_trip_in_start_position() {
        let board = Board::start();
        for mv in board.legal_moves() {
            let text = san(&board, mv);
            assert_eq!(parse_san(&board, &text), Ok(mv), "{text}");
        }
    }
}
