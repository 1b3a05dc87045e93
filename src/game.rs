//! # The game record: moves played, draws by rule, results, SAN and PGN
//!
//! The board knows how pieces move; the game knows what happened. A [`Game`]
//! keeps the starting position, the moves played and the Zobrist key of every
//! position reached, which is all the draw rules need:
//!
//! * **threefold repetition**: the same position (same pieces, side to move,
//!   castling rights and usable en-passant capture: exactly what the key covers)
//!   for the third time;
//! * **the 50-move rule**: 100 half-moves without a capture or pawn move;
//! * **insufficient material**: neither side can ever mate (bare kings, a
//!   single minor piece, or only bishops all on squares of one colour).
//!
//! It also speaks the notations people use: **SAN** (`Nf3`, `exd5`, `O-O`,
//! `e8=Q+`), read leniently (`e8Q`, `0-0`, a missing `+`, `Ng1f3`) and written
//! exactly, coordinate notation (`e2e4`, `e7e8q`), and **PGN** for saving games.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::board::{Board, Color, FenError, Move, MoveKind, PieceKind, Square, Undo};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// The same position for the third time: a draw.
    ThreefoldRepetition,
    /// A hundred half-moves without capture or pawn move: a draw.
    FiftyMoveRule,
    /// Neither side can ever mate: a draw.
    InsufficientMaterial,
}

impl GameStatus {
    /// Is the game over?
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "*",
            GameStatus::Checkmate {
                winner: Color::White,
            } => "1-0",
            GameStatus::Checkmate {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// Why the game ended, in words: `White mates`, `Stalemate`, ...
    pub fn reason(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "Game in progress",
            GameStatus::Checkmate {
                winner: Color::White,
            } => "White mates",
            GameStatus::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            GameStatus::Stalemate => "Stalemate",
            GameStatus::ThreefoldRepetition => "Draw by repetition",
            GameStatus::FiftyMoveRule => "Draw by fifty-move rule",
            GameStatus::InsufficientMaterial => "Draw by insufficient material",
        }
    }
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

/// A game: start position, moves played, and the key of every position reached.
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// Keys of all positions reached, the start position first and the
    /// current position last.
    keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game from the standard starting position.
    pub fn new() -> Game {
        Game::from_board(Board::start())
    }

    /// A new game from `board`.
    pub fn from_board(board: Board) -> Game {
        Game {
            keys: vec![board.key()],
            start: board.clone(),
            board,
            moves: Vec::new(),
            undos: Vec::new(),
        }
    }

    /// A new game from a FEN position.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Board::from_fen(fen).map(Game::from_board)
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The keys of the positions before the current one, oldest first (what the
    /// search needs to recognise repetitions of the game's positions).
    pub fn history_keys(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    /// Play `mv` if it is legal; otherwise change nothing and say why not.
    ///
    /// The move is matched by from-square, to-square and promotion only, so a
    /// move built with [`Move::new`] is accepted for a double push, an en-passant
    /// capture or castling too: its [`MoveKind`] is taken from the legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        let legal = self.board.legal_moves().into_iter().find(|legal| {
            legal.from == mv.from && legal.to == mv.to && legal.promotion == mv.promotion
        });
        let Some(legal) = legal else {
            return Err(illegal_move_reason(&self.board, mv, &mv.coordinate()));
        };
        self.play_unchecked(legal);
        Ok(())
    }

    /// Play a move already known to be legal.
    fn play_unchecked(&mut self, mv: Move) {
        let undo = self.board.make_move(mv);
        self.moves.push(mv);
        self.undos.push(undo);
        self.keys.push(self.board.key());
    }

    /// Parse `text` (SAN or coordinate notation) and play it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = parse_move(&self.board, text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Take back the last move; `None` if there is none.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.keys.pop();
        self.board.unmake_move(mv, undo);
        Some(mv)
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn repetitions(&self) -> usize {
        let current = self.board.key();
        self.keys.iter().filter(|&&key| key == current).count()
    }

    /// Where the game stands. Checkmate and stalemate come first: a mate on the
    /// hundredth half-move or on a third repetition still counts.
    pub fn status(&self) -> GameStatus {
        if self.board.legal_moves().is_empty() {
            return if self.board.in_check() {
                GameStatus::Checkmate {
                    winner: self.board.side_to_move().opposite(),
                }
            } else {
                GameStatus::Stalemate
            };
        }
        if self.repetitions() >= 3 {
            GameStatus::ThreefoldRepetition
        } else if self.board.halfmove_clock() >= 100 {
            GameStatus::FiftyMoveRule
        } else if insufficient_material(&self.board) {
            GameStatus::InsufficientMaterial
        } else {
            GameStatus::Ongoing
        }
    }

    /// The moves in SAN, from the start position.
    pub fn san_moves(&self) -> Vec<String> {
        let mut board = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let text = san(&board, mv);
                board.make_move(mv);
                text
            })
            .collect()
    }

    /// The game as PGN, with the given player names and the result so far.
    pub fn to_pgn(&self, white: &str, black: &str, date: &str) -> String {
        let result = self.status().result();
        let tags = [
            ("Event", "umax game"),
            ("Site", "?"),
            ("Date", date),
            ("Round", "-"),
            ("White", white),
            ("Black", black),
            ("Result", result),
        ];
        self.to_pgn_with_tags(&tags, result)
    }

    /// The game as PGN with the tags given (in that order; the Seven Tag Roster
    /// is the caller's to give) and `result` ending the movetext: for a result
    /// the rules do not show, such as a loss on time. `SetUp` and `FEN` are
    /// added when the game did not start from the standard position.
    pub fn to_pgn_with_tags(&self, tags: &[(&str, &str)], result: &str) -> String {
        let mut pgn = String::new();
        for &(name, value) in tags {
            pgn.push_str(&format!("[{name} \"{}\"]\n", pgn_escape(value)));
        }
        if self.start != Board::start() {
            pgn.push_str("[SetUp \"1\"]\n");
            pgn.push_str(&format!("[FEN \"{}\"]\n", self.start.to_fen()));
        }
        pgn.push('\n');

        let mut tokens = Vec::new();
        let mut number = self.start.fullmove_number();
        let mut side = self.start.side_to_move();
        for (index, text) in self.san_moves().into_iter().enumerate() {
            if side == Color::White {
                tokens.push(format!("{number}."));
            } else if index == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(text);
            if side == Color::Black {
                number += 1;
            }
            side = side.opposite();
        }
        tokens.push(result.to_string());

        // Wrap the movetext at 80 columns, as the PGN standard asks.
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                pgn.push_str(&line);
                pgn.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        pgn.push_str(&line);
        pgn.push('\n');
        pgn
    }
}

fn pgn_escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

// ---------------------------------------------------------------------------
// PGN in
// ---------------------------------------------------------------------------

/// One game read from PGN: its tags, the moves replayed on a [`Game`], and the
/// result written at the end of its movetext.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs, in the order read (`("White", "umax")`).
    pub tags: Vec<(String, String)>,
    /// The game, from its `FEN` tag (or the standard position) through every move.
    pub game: Game,
    /// The result token that ended the movetext: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// The value of the tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Read every game of a PGN text, replaying its moves with [`parse_san`], so
/// that an illegal or ambiguous move is an error naming the game and the move.
/// Comments (`{...}`, `;` to the end of the line), variations `( ... )`, move
/// numbers and numeric annotations (`$1`) are skipped.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(trimmed)?);
            continue;
        }
        movetext.push_str(line);
        movetext.push('\n');
        // A game ends with its result token; the next tag line starts the next.
        let next_is_tag = lines.peek().is_some_and(|l| l.trim().starts_with('['));
        if (next_is_tag || lines.peek().is_none()) && !movetext.trim().is_empty() {
            games.push(pgn_game(
                std::mem::take(&mut tags),
                &movetext,
                games.len() + 1,
            )?);
            movetext.clear();
        }
    }
    if !tags.is_empty() {
        games.push(pgn_game(tags, "", games.len() + 1)?);
    }
    Ok(games)
}

/// `[Name "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or_else(|| format!("bad PGN tag line: {line}"))?;
    let (name, quoted) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("bad PGN tag line: {line}"))?;
    let quoted = quoted.trim();
    let value = quoted
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or_else(|| format!("bad PGN tag value: {line}"))?;
    // Undo `pgn_escape`: a backslash takes the next character as it is.
    let mut unescaped = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        unescaped.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    Ok((name.to_string(), unescaped))
}

/// One game from its tags and movetext; `number` counts games for messages.
fn pgn_game(tags: Vec<(String, String)>, movetext: &str, number: usize) -> Result<PgnGame, String> {
    let fen = tags.iter().find(|(name, _)| name == "FEN");
    let mut game = match fen {
        Some((_, fen)) => {
            Game::from_fen(fen).map_err(|e| format!("game {number}: bad FEN tag: {e}"))?
        }
        None => Game::new(),
    };
    let result = play_movetext(&mut game, movetext)
        .map_err(|e| format!("game {number}: {e}"))?
        .unwrap_or_else(|| "*".to_string());
    Ok(PgnGame { tags, game, result })
}

/// Play the SAN moves of a movetext (PGN's, or a line such as `1. e4 e5 2. Nf3`)
/// on `game`. Returns the result token if the text ends with one.
pub fn play_movetext(game: &mut Game, movetext: &str) -> Result<Option<String>, String> {
    let mut result = None;
    let mut variation_depth = 0;
    let mut rest = movetext;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[start..];
        // Comments and variations are skipped whole.
        if let Some(comment) = rest.strip_prefix('{') {
            let end = comment.find('}').ok_or("unclosed { comment")?;
            rest = &comment[end + 1..];
            continue;
        }
        if let Some(comment) = rest.strip_prefix(';') {
            rest = comment.find('\n').map_or("", |end| &comment[end..]);
            continue;
        }
        let token_end = rest
            .find(|c: char| c.is_whitespace() || "{};()".contains(c))
            .map_or(rest.len(), |end| end.max(1));
        let token = &rest[..token_end];
        rest = &rest[token_end..];
        match token {
            "(" => variation_depth += 1,
            ")" => variation_depth -= 1,
            _ if variation_depth > 0 || token.starts_with('$') => {}
            "1-0" | "0-1" | "1/2-1/2" | "*" => result = Some(token.to_string()),
            _ => {
                // A move number, alone (`12.`, `12...`) or glued to a move (`12.e4`).
                let san_text = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san_text.is_empty() {
                    continue;
                }
                let mv = parse_san(game.board(), san_text)
                    .map_err(|e| format!("move {}: {e}", game.moves().len() / 2 + 1))?;
                game.play_unchecked(mv);
            }
        }
    }
    Ok(result)
}

/// Today's date as PGN wants it (`YYYY.MM.DD`), from the system clock (UTC).
pub fn pgn_date_today() -> String {
    let Ok(since_epoch) = SystemTime::now().duration_since(UNIX_EPOCH) else {
        return "????.??.??".to_string();
    };
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let days = (since_epoch.as_secs() / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Can neither side ever give mate? True for bare kings, king and one minor
/// piece against king, and positions whose only other pieces are bishops all
/// standing on squares of the same colour.
pub fn insufficient_material(board: &Board) -> bool {
    let mut minors = 0;
    let mut bishop_square_colours = [false; 2];
    let mut knights = 0;
    for square in Square::all() {
        match board.piece_at(square).kind() {
            None | Some(PieceKind::King) => {}
            Some(PieceKind::Bishop) => {
                minors += 1;
                bishop_square_colours[usize::from((square.file() + square.rank()) % 2)] = true;
            }
            Some(PieceKind::Knight) => {
                minors += 1;
                knights += 1;
            }
            Some(_) => return false,
        }
    }
    let bishops_on_one_colour = !(bishop_square_colours[0] && bishop_square_colours[1]);
    minors <= 1 || (knights == 0 && bishops_on_one_colour)
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

/// Does `text` look like coordinate notation (`e2e4`, `e7e8q`)?
fn looks_like_coordinate(text: &str) -> bool {
    let bytes = text.as_bytes();
    (bytes.len() == 4 || bytes.len() == 5)
        && Square::parse(&text[0..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
}

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
    if text.is_ascii() && looks_like_coordinate(text) {
        return parse_coordinate(board, text);
    }
    parse_san(board, text)
}

/// Read a move in coordinate notation (`e2e4`, `e7e8q`, castling `e1g1`).
pub fn parse_coordinate(board: &Board, text: &str) -> Result<Move, MoveError> {
    if let Some(mv) = board.parse_coordinate_move(text) {
        return Ok(mv);
    }
    if !text.is_ascii() || !looks_like_coordinate(text) {
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
fn illegal_move_reason(board: &Board, mv: Move, text: &str) -> MoveError {
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
    match letters.as_slice() {
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
    }
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
