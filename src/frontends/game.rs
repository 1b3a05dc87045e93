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
//! A game is saved and read as **PGN**, its moves in SAN. Reading and writing
//! single moves (SAN, coordinates, and why a move is refused) is the business
//! of [`notation`](crate::notation); its functions are re-exported here, where
//! the game record has always offered them.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::board::{Board, Color, FenError, Move, PieceKind, Square, Undo};
use crate::notation::illegal_move_reason;
pub use crate::notation::{MoveError, parse_coordinate, parse_move, parse_san, san};

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
    /// capture or castling too: its [`MoveKind`](crate::board::MoveKind) is taken from the legal move.
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

/// Split a PGN text into its games: a tag line after movetext starts the
/// next. Each piece is parsed on its own, so that one bad game (or a game cut
/// off at the end of a file still being written) costs only itself.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let (mut start, mut offset, mut in_movetext) = (0, 0, false);
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && in_movetext {
            games.push(&text[start..offset]);
            start = offset;
            in_movetext = false;
        } else if !trimmed.is_empty() && !trimmed.starts_with('[') {
            in_movetext = true;
        }
        offset += line.len();
    }
    if !text[start..].trim().is_empty() {
        games.push(&text[start..]);
    }
    games
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
