//! # Openings: where self-play games start
//!
//! Two engines that search deterministically would play the same game over and
//! over from the start position. A match therefore starts its games from a list
//! of short, balanced opening lines, each played twice with colours swapped (a
//! *game pair*), so that neither engine profits from a lucky opening.
//!
//! [`BUILT_IN`] holds 58 main lines of opening theory, four moves each (eight
//! plies), from the Ruy Lopez to the Nimzowitsch-Larsen. They were written for
//! this project and checked by python-chess and Stockfish to be legal and
//! roughly level; a test replays each with umax's own rules. [`parse_openings`]
//! reads a user's list instead, one opening a line: a FEN or EPD position, or
//! SAN moves from the start position (`1. e4 e5 2. Nf3`), optionally named
//! (`Ruy Lopez | 1. e4 e5 2. Nf3 Nc6 3. Bb5`).
//!
//! ```
//! use umax::openings::BUILT_IN;
//!
//! let game = BUILT_IN[0].game().unwrap();
//! assert_eq!(game.moves().len(), 8);
//! ```

use crate::board::Board;
use crate::game::{Game, play_movetext};

/// A built-in opening: a name (ECO code first) and its moves in SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// ECO code and name, e.g. `C78 Ruy Lopez, Morphy Defence`.
    pub name: &'static str,
    /// The moves from the start position, in SAN with move numbers.
    pub moves: &'static str,
}

impl Opening {
    const fn new(name: &'static str, moves: &'static str) -> Opening {
        Opening { name, moves }
    }

    /// The game from the start position through the opening's moves.
    pub fn game(&self) -> Result<Game, String> {
        let mut game = Game::new();
        play_movetext(&mut game, self.moves).map_err(|e| format!("{}: {e}", self.name))?;
        Ok(game)
    }
}

/// A position to start games from: a name to report and the game leading to
/// it (its moves go into each game's record, its positions count for
/// repetitions).
#[derive(Clone, Debug)]
pub struct StartPosition {
    /// The opening's name, or the line it was read from.
    pub name: String,
    /// The game so far.
    pub game: Game,
}

/// The built-in openings, ready to play.
pub fn built_in() -> Vec<StartPosition> {
    BUILT_IN
        .iter()
        .map(|opening| StartPosition {
            name: opening.name.to_string(),
            game: opening.game().expect("the built-in openings are legal"),
        })
        .collect()
}

/// Read a list of openings, one a line: a FEN or EPD position (anything after
/// the fourth field other than the two counters is ignored), or SAN moves from
/// the start position, optionally after a name and `|`. Blank lines and lines
/// starting with `#` are skipped. An error names the line.
pub fn parse_openings(text: &str) -> Result<Vec<StartPosition>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_opening(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("no openings in the list".to_string());
    }
    Ok(openings)
}

/// One line of an openings list (see [`parse_openings`]).
fn parse_opening(line: &str) -> Result<StartPosition, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields[0].contains('/') {
        // FEN has six fields, EPD four and then operations: keep the counters
        // only when both are numbers.
        let counters = fields.len() >= 6 && fields[4..6].iter().all(|f| f.parse::<u32>().is_ok());
        let used = if counters { 6 } else { fields.len().min(4) };
        let board = Board::from_fen(&fields[..used].join(" ")).map_err(|e| e.to_string())?;
        return Ok(StartPosition {
            name: board.to_fen(),
            game: Game::from_board(board),
        });
    }
    let (name, moves) = line.split_once('|').unwrap_or(("", line));
    let mut game = Game::new();
    play_movetext(&mut game, moves)?;
    let name = if name.trim().is_empty() { moves } else { name };
    Ok(StartPosition {
        name: name.trim().to_string(),
        game,
    })
}

/// The built-in opening lines.
pub const BUILT_IN: [Opening; 58] = [
    Opening::new(
        "C78 Ruy Lopez, Morphy Defence",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6",
    ),
    Opening::new(
        "C67 Ruy Lopez, Berlin Defence",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4",
    ),
    Opening::new(
        "C68 Ruy Lopez, Exchange Variation",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6",
    ),
    Opening::new(
        "C54 Italian, Giuoco Piano",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6",
    ),
    Opening::new(
        "C55 Italian, Two Knights d3",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d3 Be7",
    ),
    Opening::new(
        "C45 Scotch Game",
        "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Nf6",
    ),
    Opening::new(
        "C48 Four Knights, Spanish",
        "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Bb5 Bb4",
    ),
    Opening::new(
        "C42 Petroff Defence",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4",
    ),
    Opening::new(
        "C41 Philidor Defence",
        "1. e4 e5 2. Nf3 d6 3. d4 Nf6 4. Nc3 Nbd7",
    ),
    Opening::new(
        "C26 Vienna Game",
        "1. e4 e5 2. Nc3 Nf6 3. g3 d5 4. exd5 Nxd5",
    ),
    Opening::new(
        "C30 King's Gambit Declined",
        "1. e4 e5 2. f4 Bc5 3. Nf3 d6 4. c3 Nf6",
    ),
    Opening::new(
        "B90 Sicilian, Open d6",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6",
    ),
    Opening::new(
        "B34 Sicilian, Accelerated Dragon",
        "1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 g6",
    ),
    Opening::new(
        "B33 Sicilian, Open Nc6 Nf6",
        "1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 Nf6",
    ),
    Opening::new(
        "B46 Sicilian, Taimanov",
        "1. e4 c5 2. Nf3 e6 3. d4 cxd4 4. Nxd4 Nc6",
    ),
    Opening::new(
        "B41 Sicilian, Kan",
        "1. e4 c5 2. Nf3 e6 3. d4 cxd4 4. Nxd4 a6",
    ),
    Opening::new(
        "B22 Sicilian, Alapin",
        "1. e4 c5 2. c3 Nf6 3. e5 Nd5 4. d4 cxd4",
    ),
    Opening::new(
        "B31 Sicilian, Rossolimo",
        "1. e4 c5 2. Nf3 Nc6 3. Bb5 g6 4. O-O Bg7",
    ),
    Opening::new(
        "B25 Sicilian, Closed",
        "1. e4 c5 2. Nc3 Nc6 3. g3 g6 4. Bg2 Bg7",
    ),
    Opening::new(
        "B51 Sicilian, Moscow",
        "1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. Bxd7+ Qxd7",
    ),
    Opening::new(
        "C17 French, Winawer",
        "1. e4 e6 2. d4 d5 3. Nc3 Bb4 4. e5 c5",
    ),
    Opening::new(
        "C13 French, Classical",
        "1. e4 e6 2. d4 d5 3. Nc3 Nf6 4. Bg5 Be7",
    ),
    Opening::new(
        "C05 French, Tarrasch",
        "1. e4 e6 2. d4 d5 3. Nd2 Nf6 4. e5 Nfd7",
    ),
    Opening::new(
        "C02 French, Advance",
        "1. e4 e6 2. d4 d5 3. e5 c5 4. c3 Nc6",
    ),
    Opening::new(
        "B18 Caro-Kann, Classical",
        "1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Bf5",
    ),
    Opening::new(
        "B12 Caro-Kann, Advance",
        "1. e4 c6 2. d4 d5 3. e5 Bf5 4. Nf3 e6",
    ),
    Opening::new(
        "B14 Caro-Kann, Panov",
        "1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 Nf6",
    ),
    Opening::new(
        "B01 Scandinavian",
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6",
    ),
    Opening::new(
        "B08 Pirc, Classical",
        "1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Nf3 Bg7",
    ),
    Opening::new(
        "B05 Alekhine, Modern",
        "1. e4 Nf6 2. e5 Nd5 3. d4 d6 4. Nf3 Bg4",
    ),
    Opening::new(
        "B06 Modern Defence",
        "1. e4 g6 2. d4 Bg7 3. Nc3 d6 4. Be3 a6",
    ),
    Opening::new(
        "D55 Queen's Gambit Declined",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7",
    ),
    Opening::new(
        "D35 QGD, Exchange",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5",
    ),
    Opening::new(
        "D20 Queen's Gambit Accepted",
        "1. d4 d5 2. c4 dxc4 3. Nf3 Nf6 4. e3 e6",
    ),
    Opening::new(
        "D15 Slav, main line",
        "1. d4 d5 2. c4 c6 3. Nf3 Nf6 4. Nc3 dxc4",
    ),
    Opening::new("D43 Semi-Slav", "1. d4 d5 2. c4 c6 3. Nf3 Nf6 4. Nc3 e6"),
    Opening::new(
        "D32 Tarrasch Defence",
        "1. d4 d5 2. c4 e6 3. Nc3 c5 4. cxd5 exd5",
    ),
    Opening::new(
        "E41 Nimzo-Indian, Rubinstein",
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O",
    ),
    Opening::new(
        "E32 Nimzo-Indian, Classical",
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O",
    ),
    Opening::new(
        "E15 Queen's Indian",
        "1. d4 Nf6 2. c4 e6 3. Nf3 b6 4. g3 Ba6",
    ),
    Opening::new(
        "E11 Bogo-Indian",
        "1. d4 Nf6 2. c4 e6 3. Nf3 Bb4+ 4. Bd2 Qe7",
    ),
    Opening::new(
        "E06 Catalan, Closed",
        "1. d4 Nf6 2. c4 e6 3. g3 d5 4. Bg2 Be7",
    ),
    Opening::new(
        "E70 King's Indian",
        "1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6",
    ),
    Opening::new(
        "E62 King's Indian, Fianchetto",
        "1. d4 Nf6 2. c4 g6 3. Nf3 Bg7 4. g3 O-O",
    ),
    Opening::new(
        "D85 Gruenfeld, Exchange",
        "1. d4 Nf6 2. c4 g6 3. Nc3 d5 4. cxd5 Nxd5",
    ),
    Opening::new(
        "A60 Modern Benoni",
        "1. d4 Nf6 2. c4 c5 3. d5 e6 4. Nc3 exd5",
    ),
    Opening::new(
        "A87 Dutch, Leningrad",
        "1. d4 f5 2. g3 Nf6 3. Bg2 g6 4. Nf3 Bg7",
    ),
    Opening::new(
        "A90 Dutch, Stonewall",
        "1. d4 f5 2. c4 Nf6 3. g3 e6 4. Bg2 d5",
    ),
    Opening::new(
        "D02 London System",
        "1. d4 d5 2. Nf3 Nf6 3. Bf4 c5 4. e3 Nc6",
    ),
    Opening::new("D05 Colle System", "1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Bd3 c5"),
    Opening::new(
        "A45 Trompowsky",
        "1. d4 Nf6 2. Bg5 e6 3. e4 h6 4. Bxf6 Qxf6",
    ),
    Opening::new(
        "A36 English, Symmetrical",
        "1. c4 c5 2. Nc3 Nc6 3. g3 g6 4. Bg2 Bg7",
    ),
    Opening::new(
        "A29 English, Four Knights",
        "1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5",
    ),
    Opening::new(
        "A16 English, vs King's Indian set-up",
        "1. c4 Nf6 2. Nc3 g6 3. g3 Bg7 4. Bg2 O-O",
    ),
    Opening::new("A06 Reti", "1. Nf3 d5 2. g3 Nf6 3. Bg2 c6 4. O-O Bg4"),
    Opening::new(
        "A07 King's Indian Attack",
        "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O",
    ),
    Opening::new(
        "A03 Bird Opening",
        "1. f4 d5 2. Nf3 Nf6 3. e3 g6 4. Be2 Bg7",
    ),
    Opening::new(
        "A01 Nimzowitsch-Larsen",
        "1. b3 e5 2. Bb2 Nc6 3. e3 d5 4. Bb5 Bd6",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_fen_epd_and_san_lines() {
        let text = "# comment\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
            \n\
            r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\n\
            1. d4 d5 2. c4\n\
            Sicilian | e4 c5\n";
        let openings = parse_openings(text).unwrap();
        assert_eq!(openings.len(), 4);
        assert_eq!(openings[0].game.board().to_fen(), openings[0].name);
        assert!(openings[0].game.moves().is_empty());
        assert_eq!(openings[1].game.board().fullmove_number(), 1);
        assert_eq!(openings[2].game.moves().len(), 3);
        assert_eq!(openings[2].name, "1. d4 d5 2. c4");
        assert_eq!(openings[3].name, "Sicilian");
        assert_eq!(openings[3].game.san_moves(), ["e4", "c5"]);

        let error = parse_openings("e4 e5\ne4 Ke7\n").map(|_| ()).unwrap_err();
        assert!(error.starts_with("line 2: "), "{error}");
        assert!(parse_openings("# nothing\n").is_err());
    }
}
