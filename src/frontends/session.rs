//! # The session: one game between umax and a player
//!
//! UCI sends the whole position with every `go` and keeps nothing in between.
//! The console and xboard are different: there umax keeps a game going with a
//! player (a person at the keyboard, or a GUI speaking for one), and both front
//! ends need the same things to do it. A [`Session`] holds them:
//!
//! * the **game** so far, and the **searcher** that plays it (its hash table
//!   and its settings);
//! * **which sides umax plays** ([`EngineRole`]): after the player's move it
//!   is umax's turn if the role says so;
//! * **how long it may think** (a time control) and **how deep** (a depth
//!   limit), turned into a search's [`Limits`] by [`Session::limits`];
//! * whether to **show its thinking**;
//! * **whether the game is over**, on the board or on time
//!   ([`Session::outcome`]), so that a front end announces it once and refuses
//!   to play on.
//!
//! Each front end keeps only what is its own around a session: the console its
//! two clocks, board style and opening variety; xboard its analysis and edit
//! modes. What the words on the screen are is theirs too.
//!
//! Engine settings that outlive a game (the laboratory's switches, and any
//! other setting of how umax plays, such as a strength limit) belong to the
//! [`Searcher`]: a new game ([`Session::new_game`]) clears the searcher's hash
//! table but keeps the searcher, so they stay as they were set.

use std::time::Duration;

use crate::board::{Board, Color, Move, PieceKind, Square};
use crate::clock::{Limits, TimeControl};
use crate::game::Game;
use crate::search::strength::StrengthOptions;
use crate::search::{Listener, SearchResult, Searcher};

/// Which sides umax plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineRole {
    /// The player moves for both sides (xboard's force mode).
    Neither,
    /// umax plays White, the player Black.
    White,
    /// umax plays Black, the player White.
    Black,
    /// umax plays itself; the player watches.
    Both,
}

impl EngineRole {
    /// The role of playing one side.
    pub fn side(color: Color) -> EngineRole {
        match color {
            Color::White => EngineRole::White,
            Color::Black => EngineRole::Black,
        }
    }

    /// Does umax play `color`?
    pub fn plays(self, color: Color) -> bool {
        match self {
            EngineRole::Neither => false,
            EngineRole::Both => true,
            EngineRole::White => color == Color::White,
            EngineRole::Black => color == Color::Black,
        }
    }
}

/// How a game ended: its PGN result and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why: `White mates`, `Black loses on time`, ...
    pub reason: String,
}

/// One game between umax and a player (see the module docs).
pub struct Session {
    /// The game so far.
    pub game: Game,
    /// The engine that plays it, with its hash table and settings.
    pub searcher: Searcher,
    /// Which sides umax plays.
    pub role: EngineRole,
    /// How long umax thinks.
    pub time_control: TimeControl,
    /// The deepest umax searches, in plies; `None` for no limit.
    pub max_depth: Option<u32>,
    /// Show umax's thinking, a line per finished iteration.
    pub post: bool,
    /// The side whose flag fell, if the game ended on time.
    pub lost_on_time: Option<Color>,
    /// The strength limit as set (`elo`, `UCI_LimitStrength` / `UCI_Elo`);
    /// [`Session::set_strength_option`] hands it to the searcher.
    pub strength: StrengthOptions,
}

impl Session {
    /// A new game from the start position, umax playing Black.
    pub fn new(searcher: Searcher, time_control: TimeControl) -> Session {
        Session {
            game: Game::new(),
            searcher,
            role: EngineRole::Black,
            time_control,
            max_depth: None,
            post: true,
            lost_on_time: None,
            strength: StrengthOptions::default(),
        }
    }

    /// Set `UCI_LimitStrength` or `UCI_Elo` (any case) and play at that
    /// strength from the next move on: `None` if `name` is neither (see
    /// [`StrengthOptions::set`]).
    pub fn set_strength_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let outcome = self.strength.set(name, value)?;
        self.searcher.set_strength(self.strength.strength());
        Some(outcome)
    }

    /// Start a new game from the start position, umax playing Black. The
    /// searcher forgets the old game's positions but keeps its settings.
    pub fn new_game(&mut self) {
        self.set_game(Game::new());
        self.role = EngineRole::Black;
    }

    /// Play on from `game` (a position set up, or a game read), forgetting the
    /// old game's positions and any loss on time.
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        // Before the game's clock runs: see `Searcher::clear_and_prefault_table`.
        self.searcher.clear_and_prefault_table();
        self.lost_on_time = None;
    }

    /// Does umax play the side to move (whether or not the game is over)?
    pub fn engine_to_move(&self) -> bool {
        self.role.plays(self.game.board().side_to_move())
    }

    /// The limits of umax's next think: the time control with `remaining` on
    /// umax's clock after `moves_played` moves of the session, and the depth
    /// limit.
    pub fn limits(&self, remaining: Option<Duration>, moves_played: u32) -> Limits {
        self.time_control
            .limits(remaining, moves_played, self.max_depth)
    }

    /// Search the current position (with the game's history, for repetitions).
    pub fn think(&mut self, limits: &Limits, listener: &mut dyn Listener) -> SearchResult {
        let board = self.game.board().clone();
        self.searcher
            .think(&board, self.game.history_keys(), limits, listener)
    }

    /// Choose umax's move in the current position with `limits`, at the
    /// strength set ([`Searcher::play`]).
    pub fn play(&mut self, limits: &Limits, listener: &mut dyn Listener) -> SearchResult {
        let board = self.game.board().clone();
        self.searcher
            .play(&board, self.game.history_keys(), limits, listener)
    }

    /// A move to suggest to the player, from a search of at most `time` (and
    /// the depth limit); `None` when there is no legal move.
    pub fn hint(&mut self, time: Duration, listener: &mut dyn Listener) -> Option<Move> {
        if self.game.board().legal_moves().is_empty() {
            return None;
        }
        let limits = Limits {
            move_time: Some(time),
            depth: self.max_depth,
            ..Limits::default()
        };
        self.think(&limits, listener).best_move
    }

    /// How the game ended, on the board or on time; `None` while it goes on.
    /// A flag's fall loses only if the other side could still mate: a lone
    /// king, or king and one minor piece, cannot (as FIDE rules and the chess
    /// servers have it, simplified), and then it is a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.lost_on_time {
            let winner = loser.opposite();
            if !has_mating_material(self.game.board(), winner) {
                return Some(Outcome {
                    result: "1/2-1/2",
                    reason: format!(
                        "{}'s flag fell, but {} cannot mate: a draw",
                        side_name(loser),
                        side_name(winner)
                    ),
                });
            }
            let result = match loser {
                Color::White => "0-1",
                Color::Black => "1-0",
            };
            let reason = format!("{} loses on time", side_name(loser));
            return Some(Outcome { result, reason });
        }
        let status = self.game.status();
        status.is_over().then(|| Outcome {
            result: status.result(),
            reason: status.reason().to_string(),
        })
    }

    /// Is the game over, on the board or on time?
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// `White` or `Black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Has `color` more than a lone king, or king and one knight or bishop? (With
/// no more, it cannot win on time.)
pub fn has_mating_material(board: &Board, color: Color) -> bool {
    let mut minors = 0;
    for square in Square::all() {
        let piece = board.piece_at(square);
        if !piece.is_color(color) {
            continue;
        }
        match piece.kind() {
            Some(PieceKind::Pawn | PieceKind::Rook | PieceKind::Queen) => return true,
            Some(PieceKind::Knight | PieceKind::Bishop) => minors += 1,
            Some(PieceKind::King) | None => {}
        }
    }
    minors >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_say_who_plays() {
        assert!(EngineRole::side(Color::White).plays(Color::White));
        assert!(!EngineRole::side(Color::White).plays(Color::Black));
        assert!(EngineRole::Both.plays(Color::Black));
        assert!(!EngineRole::Neither.plays(Color::White));
    }

    #[test]
    fn a_side_that_cannot_mate_does_not_win_on_time() {
        let mut session = Session::new(
            Searcher::new(10),
            TimeControl::PerMove(Duration::from_secs(1)),
        );
        session.set_game(Game::from_fen("4k3/8/8/8/8/8/3P4/4K1N1 b - - 0 40").unwrap());
        assert_eq!(session.outcome(), None);
        session.lost_on_time = Some(Color::Black);
        assert_eq!(session.outcome().unwrap().result, "1-0");
        session.lost_on_time = Some(Color::White);
        assert_eq!(
            session.outcome().unwrap().reason,
            "White's flag fell, but Black cannot mate: a draw"
        );
        let two_knights = Board::from_fen("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1").unwrap();
        assert!(!has_mating_material(&two_knights, Color::Black));
        assert!(has_mating_material(&two_knights, Color::White));
        // A new game forgets the loss on time.
        session.new_game();
        assert!(!session.is_over());
    }

    #[test]
    fn the_game_over_on_the_board_is_an_outcome() {
        let mut session = Session::new(
            Searcher::new(10),
            TimeControl::PerMove(Duration::from_secs(1)),
        );
        for text in ["f3", "e5", "g4", "Qh4"] {
            session.game.play_text(text).unwrap();
        }
        let outcome = session.outcome().unwrap();
        assert_eq!(
            (outcome.result, outcome.reason.as_str()),
            ("0-1", "Black mates")
        );
        assert_eq!(
            session.hint(Duration::from_millis(10), &mut crate::search::Silent),
            None
        );
    }
}
