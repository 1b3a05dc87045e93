//! # Move ordering: which move a node tries first
//!
//! Alpha-beta cuts off as soon as one move refutes the position, so the
//! sooner the refutation comes, the less is searched. micro-Max orders by
//! one rule, **best move first**: the move that was best in the previous
//! iteration (or that the hash table remembers) is tried first, then the
//! others as its board scan meets them, with the best capture of the scoring
//! pass as the first hint. umax's default adds what the seeds' move-ordering
//! log measured:
//!
//! * **MVV/LVA**: captures before quiet moves, the most valuable victim
//!   first and, among equal victims, the least valuable attacker
//!   ([`crate::eval::mvv_lva`]);
//! * **killers**: the two quiet moves that last refuted a sibling position at
//!   the same ply, tried right after the good captures;
//! * **history**: the other quiet moves by how often they cut off anywhere in
//!   the tree, less how often they were tried in vain;
//! * **bad captures last**: a capture that loses material by static exchange
//!   ([`super::see`]) comes after every quiet move.
//!
//! Each node's moves live in one slice of the searcher's move stack; these
//! functions fill and reorder that slice.

use crate::board::{Move, MoveKind, Piece, PieceKind};
use crate::eval::{self, EvalStyle, Score};
use crate::table::Entry;

use super::Searcher;
use super::see;
use super::techniques::{CaptureOrder, MoveOrdering};

/// The largest history score (switch `ordering=history`).
pub const HISTORY_LIMIT: Score = 16384;

/// What a cut-off `plies` from the horizon moves a history score by: the
/// square of the plies, so that deep results count most (at most a quarter
/// of [`HISTORY_LIMIT`]).
#[inline]
pub(super) fn history_bonus(plies: i32) -> Score {
    (plies * plies).min(HISTORY_LIMIT / 4)
}

/// Move a history score by `bonus`, less the more it already leans that way.
#[inline]
pub(super) fn nudge_history(score: &mut Score, bonus: Score) {
    *score += bonus - *score * bonus.abs() / HISTORY_LIMIT;
}

/// A move's place in the sorted list as one number, so that sorting
/// compares integers: its class (good captures, killers, counter-move, quiet
/// moves, bad captures) first, then its value within the class (lower
/// first), then its place in the generated list, which breaks ties.
#[inline]
fn ordering_key(class: u8, value: Score, place: usize) -> u64 {
    // Flipping the sign bit makes the order of the unsigned numbers that of
    // the signed values.
    let value = u64::from(value.cast_unsigned() ^ 0x8000_0000);
    u64::from(class) << 48 | value << 16 | place as u64
}

/// The place in the generated list that [`ordering_key`] put in `key`.
#[inline]
fn place_of(key: u64) -> usize {
    (key & 0xFFFF) as usize
}

/// One move of a node's move list, with its ordering key.
#[derive(Clone, Copy, Debug)]
pub(super) struct ScoredMove {
    pub(super) mv: Move,
    /// MVV/LVA key for captures and promotions; `None` for quiet moves.
    pub(super) capture_rank: Option<Score>,
}

/// Captures (and, with `queen_pushes`, queen promotions) are what quiescence
/// searches; under-promotions that capture nothing are treated as quiet moves.
///
/// Deviation from micro-Max (eval styles `umax` and `tapered`): micro-Max's
/// quiescence ignores promotions that capture nothing; umax lets quiescence
/// push a pawn to queen. (micro-Max promotes to a queen only; umax generates
/// all four promotions in full-width nodes, under every style: the rules stay
/// complete.)
#[inline]
pub(super) fn is_tactical(victim: Piece, mv: Move, queen_pushes: bool) -> bool {
    !victim.is_empty()
        || mv.kind == MoveKind::EnPassant
        || (queen_pushes && mv.promotion == Some(PieceKind::Queen))
}

impl Searcher {
    /// Start at best-move hint: put the stored best move first and return it.
    ///
    /// Deviation from micro-Max: when the stored bound does not fit the window,
    /// micro-Max keeps only the move's from-square as the place to start its
    /// board scan; we keep the whole move. At the root the hint is the best move
    /// of the previous iteration, which micro-Max's root keeps in its locals
    /// `X`, `Y` from one iteration to the next.
    pub(super) fn put_hint_first(
        &mut self,
        entry: Option<Entry>,
        ply: usize,
        first: usize,
        last: usize,
        table_hint: bool,
    ) -> Option<Move> {
        let root_best = self.root_best;
        let is_hint = |mv: Move| match (ply, entry) {
            (0, _) => root_best == Some(mv),
            (_, Some(entry)) => entry.is_best_move(mv),
            _ => false,
        };
        // Switch `hint=off` (`table_hint` false): the table's move is not put first.
        let has_hint = match (ply, entry) {
            (0, _) => root_best.is_some(),
            (_, Some(entry)) => table_hint && entry.has_best_move(),
            _ => false,
        };
        if !has_hint {
            return None;
        }
        let index = (first..last).find(|&i| is_hint(self.move_stack[i].mv))?;
        self.move_stack[first..=index].rotate_right(1);
        Some(self.move_stack[first].mv)
    }

    /// Wheeler's quiet-first (seed 003): put the first move that would not
    /// *extend* the search (no capture, no promotion, no check) at the head of
    /// the list, ahead of the captures and of a capturing hint.
    ///
    /// Wheeler's program HAL searches full width to a fixed depth; at its
    /// horizon a capture, a promotion or a check is searched one ply further,
    /// any other move is scored by the evaluation at once. His claim is that
    /// alpha-beta cuts off sooner if such a non-extending move is tried before
    /// the extending ones: it is cheap, and if it already refutes the
    /// opponent's last move, the expensive capture sequences are never
    /// searched (Newborn's idea of trying one move before generating all).
    /// Our horizon is the full-width iteration whose replies are quiescence
    /// searches; we take the first such move in the list (the hint, if it is
    /// quiet, else the first quiet move generated). Here its reply is a
    /// quiescence search, not a bare evaluation, unless futility pruning
    /// skips it. The move stays at the head for the node's later iterations
    /// unless a better move takes its place, as any best move does.
    pub(super) fn put_quiet_first(&mut self, first: usize, last: usize) {
        for index in first..last {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() && !self.gives_check(mv) {
                self.move_stack[first..=index].rotate_right(1);
                return;
            }
        }
    }

    /// Generate this node's moves onto the move stack, ordered as the switches
    /// `captures` and `ordering` say. Returns `true` if one of them captures
    /// the king.
    /// `all_moves` is false for a quiescence node, which needs only captures;
    /// `horizon` is true for a node one ply from quiescence.
    pub(super) fn generate_and_rank(&mut self, all_moves: bool, horizon: bool, ply: usize) -> bool {
        self.generate(all_moves);
        let first = self.move_stack.len();
        let queen_pushes = self.settings.eval != EvalStyle::MicroMax;
        let king_capture = match (self.settings.captures, queen_pushes) {
            (CaptureOrder::MvvLva, true) => self.rank_mvv_lva::<true>(first),
            (CaptureOrder::MvvLva, false) => self.rank_mvv_lva::<false>(first),
            (CaptureOrder::Generation, _) => self.generate_in_order(first, queen_pushes, false),
        };
        // Quiescence keeps MVV/LVA: it has no quiet moves to put killers
        // among, and a static exchange evaluation of every capture there
        // would cost more than it saves.
        //
        // With `ordering=history` a horizon node keeps the MVV/LVA order too:
        // futility pruning skips most of its quiet moves unsearched, so
        // sorting them would cost more than it saves.
        let ordered = match self.settings.ordering {
            MoveOrdering::MicroMax => false,
            MoveOrdering::Killers => all_moves,
            MoveOrdering::History => all_moves && !horizon,
        };
        if !king_capture && ordered {
            self.order_with_killers(first, ply);
        }
        king_capture
    }

    /// Fill the generator's scratch list with every pseudo-legal move, or
    /// (`all_moves` false) with the captures only.
    pub(super) fn generate(&mut self, all_moves: bool) {
        self.generated.clear();
        if all_moves {
            self.board.generate_moves(&mut self.generated);
        } else {
            self.board.generate_captures(&mut self.generated);
        }
    }

    /// The generated moves onto the move stack from `first` on, in the order
    /// the generator made them (switch `captures=generation`); with
    /// `best_first` (micro-Max's search) the best MVV/LVA capture goes first,
    /// as micro-Max's scoring pass leaves it as the hint. Returns `true` if
    /// one of the moves captures the king.
    pub(super) fn generate_in_order(
        &mut self,
        first: usize,
        queen_pushes: bool,
        best_first: bool,
    ) -> bool {
        let mut best_capture: Option<(usize, Score)> = None;
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            let rank =
                is_tactical(victim, mv, queen_pushes).then(|| eval::mvv_lva(&self.board, mv));
            if let Some(rank) = rank
                && best_capture.is_none_or(|(_, best)| rank > best)
            {
                best_capture = Some((self.move_stack.len(), rank));
            }
            self.move_stack.push(ScoredMove {
                mv,
                capture_rank: rank,
            });
        }
        if best_first && let Some((at, _)) = best_capture {
            self.move_stack[first..=at].rotate_right(1);
        }
        false
    }

    /// Put the generated moves on the move stack from `first` on: captures (and
    /// with `QUEEN_PUSHES` queen promotions) by MVV/LVA, then the quiet moves.
    /// Returns `true` if a move captures the king. (A compile-time flag, so the
    /// loops over every generated move test nothing they need not.)
    pub(super) fn rank_mvv_lva<const QUEEN_PUSHES: bool>(&mut self, first: usize) -> bool {
        // Captures (and promotions) first, ranked by MVV/LVA ...
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            if is_tactical(victim, mv, QUEEN_PUSHES) {
                let rank = eval::mvv_lva(&self.board, mv);
                // Insertion sort: a node has only a handful of captures.
                let mut at = self.move_stack.len();
                self.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: Some(rank),
                });
                while at > first && self.move_stack[at - 1].capture_rank < Some(rank) {
                    self.move_stack.swap(at - 1, at);
                    at -= 1;
                }
            }
        }
        // ... then the quiet moves in generation order.
        for &mv in &self.generated {
            if !is_tactical(self.board.piece_at(mv.to), mv, QUEEN_PUSHES) {
                self.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: None,
                });
            }
        }
        false
    }

    /// Switch `ordering=killers` (seed 002's move ordering). After the hint:
    /// the *good* captures by MVV/LVA (a capture is good if it promotes, takes
    /// a piece worth at least the capturer, or loses nothing by static
    /// exchange evaluation), then the two killer moves of this ply, then the
    /// other quiet moves, and last the *bad* captures, least bad first.
    ///
    /// A **killer** is a quiet move that refuted a position at the same ply:
    /// a sibling position is likely to be refuted by the same move (a threat
    /// the opponent keeps making whatever we play).
    ///
    /// With `ordering=history` the other quiet moves are sorted by their
    /// history score, best first.
    ///
    /// Deviation from micro-Max: micro-Max has no killers, no history and no
    /// SEE; it tries every capture before any quiet move.
    pub(super) fn order_with_killers(&mut self, first: usize, ply: usize) {
        let [killer_1, killer_2] = self.killers.get(ply).copied().unwrap_or_default();
        let by_history = self.settings.ordering == MoveOrdering::History;
        let (mut keys, mut unsorted) = std::mem::take(&mut self.ordering_scratch);
        keys.clear();
        unsorted.clear();
        unsorted.extend_from_slice(&self.move_stack[first..]);
        for (place, &scored) in unsorted.iter().enumerate() {
            let mv = scored.mv;
            let (class, value) = match scored.capture_rank {
                Some(rank) if see::is_good_capture(&self.board, mv) => (0, -rank),
                Some(_) => (5, -see::see(&self.board, mv)),
                None if Some(mv) == killer_1 => (1, 0),
                None if Some(mv) == killer_2 => (2, 0),
                None if by_history => (3, -self.history[self.history_index(mv)]),
                None => (3, 0),
            };
            keys.push(ordering_key(class, value, place));
        }
        // Ties keep their order (the place breaks them: quiet moves stay in
        // generation order). Sorting the bare keys is faster than sorting the
        // moves with them; each key's place then fetches its move.
        keys.sort_unstable();
        for (slot, &key) in self.move_stack[first..].iter_mut().zip(&keys) {
            *slot = unsorted[place_of(key)];
        }
        self.ordering_scratch = (keys, unsorted);
    }

    /// Remember a quiet move that caused a beta cut-off at `ply` as its first
    /// killer; the old first killer becomes the second.
    pub(super) fn remember_killer(&mut self, mv: Move, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
    }

    /// Is `mv` one of the two killers of the node at `ply`?
    pub(super) fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|killers| killers.contains(&Some(mv)))
    }

    /// Where `mv` of the side to move keeps its history score.
    #[inline]
    pub(super) fn history_index(&self, mv: Move) -> usize {
        let side = self.board.side_to_move() as usize;
        (side * 128 + mv.from.index()) * 128 + mv.to.index()
    }

    /// A quiet move, now first in the list at `first`, cut off after the
    /// moves now at `first + 1..=cut_at` were tried: reward it and penalise
    /// the quiet ones among them, by the square of the plies searched. Each
    /// update moves a score part of the way to ±[`HISTORY_LIMIT`], so that
    /// old results fade and no score outgrows the others.
    ///
    pub(super) fn update_history(&mut self, first: usize, cut_at: usize, plies: i32) {
        let bonus = history_bonus(plies);
        let slot = self.history_index(self.move_stack[first].mv);
        nudge_history(&mut self.history[slot], bonus);
        for index in first + 1..=cut_at {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() {
                let slot = self.history_index(mv);
                nudge_history(&mut self.history[slot], -bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::Settings;

    /// A searcher under `spec` on a position for the ordering tests: exd5
    /// wins a knight (good); Qxh5 loses the queen to gxh5 (bad); the pawn on
    /// d3 keeps the queen off d5.
    fn ordering_position(spec: &str) -> Searcher {
        let mut searcher = Searcher::new(10);
        searcher.board = Board::from_fen("6k1/8/6p1/3n3p/4P3/3P4/8/1N1Q2K1 w - - 0 1").unwrap();
        searcher.settings = Settings::from_spec(spec).unwrap();
        searcher
    }

    /// The moves on the move stack, in order, as coordinates.
    fn listed_moves(searcher: &Searcher) -> Vec<String> {
        let moves = searcher.move_stack.iter();
        moves.map(|scored| scored.mv.coordinate()).collect()
    }

    #[test]
    fn killer_ordering_is_good_captures_killer_quiet_moves_bad_captures() {
        let mut searcher = ordering_position("ordering=killers");
        let killer = searcher.board.parse_coordinate_move("b1c3").unwrap();
        searcher.remember_killer(killer, 0);
        assert!(!searcher.generate_and_rank(true, false, 0));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[0], "e4d5");
        assert_eq!(moves[1], "b1c3");
        assert_eq!(moves.last().unwrap(), "d1h5");
        let quiet = &searcher.move_stack[2..moves.len() - 1];
        assert!(quiet.iter().all(|scored| scored.capture_rank.is_none()));
    }

    #[test]
    fn history_ordering_puts_quiet_moves_that_cut_off_first() {
        let mut searcher = ordering_position("ordering=history");
        let killer = searcher.board.parse_coordinate_move("b1c3").unwrap();
        let often_good = searcher.board.parse_coordinate_move("g1f2").unwrap();
        let once_good = searcher.board.parse_coordinate_move("d1e2").unwrap();
        searcher.remember_killer(killer, 0);
        // g1f2 cut off twice at 5 plies, d1e2 once at 2 plies.
        for (mv, plies) in [(often_good, 5), (often_good, 5), (once_good, 2)] {
            searcher.move_stack.clear();
            searcher.move_stack.push(ScoredMove {
                mv,
                capture_rank: None,
            });
            searcher.update_history(0, 0, plies);
        }
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 0));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[..4], ["e4d5", "b1c3", "g1f2", "d1e2"]);
        assert_eq!(moves.last().unwrap(), "d1h5");
        // A horizon node is not sorted: its quiet moves stay in generation order.
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, true, 0));
        assert_ne!(searcher.move_stack[2].mv, often_good);
    }

    #[test]
    fn history_rewards_the_cut_and_penalises_quiet_moves_tried_before() {
        let mut searcher = Searcher::new(10);
        searcher.settings = Settings::from_spec("ordering=history").unwrap();
        let [cut, vain, capture] = ["g1f3", "b1c3", "e2e4"]
            .map(|text| searcher.board.parse_coordinate_move(text).unwrap());
        searcher.move_stack = vec![
            ScoredMove {
                mv: cut,
                capture_rank: None,
            },
            ScoredMove {
                mv: vain,
                capture_rank: None,
            },
            ScoredMove {
                mv: capture,
                capture_rank: Some(1),
            },
        ];
        searcher.update_history(0, 2, 4);
        let score = |searcher: &Searcher, mv| searcher.history[searcher.history_index(mv)];
        let scores = [cut, vain, capture].map(|mv| score(&searcher, mv));
        // A capture (here a move the list says is one) keeps its score.
        assert_eq!(scores, [16, -16, 0]);
        // Scores approach the limit but never pass it.
        for _ in 0..10_000 {
            searcher.update_history(0, 0, 40);
        }
        let cut_score = score(&searcher, cut);
        assert!(cut_score > HISTORY_LIMIT / 2 && cut_score <= HISTORY_LIMIT);
    }

    #[test]
    fn micro_max_ordering_tries_every_capture_first() {
        let mut searcher = ordering_position("ordering=micromax");
        assert!(!searcher.generate_and_rank(true, false, 0));
        let captures = &listed_moves(&searcher)[..2];
        assert!(captures.contains(&"e4d5".to_string()) && captures.contains(&"d1h5".to_string()));
    }
}
