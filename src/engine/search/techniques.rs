//! # The laboratory's switches: every technique of the search, on or off
//!
//! Each technique micro-Max's search combines can be turned off, or set to an
//! alternative, so that a learner can measure what it is worth (`umax lab`,
//! `umax selfplay`). [`Settings`] holds one value per technique; the search
//! reads it in the block the technique belongs to, as one extra condition.
//!
//! One table, [`OPTIONS`], names every switch with its kind, range and a line
//! of documentation. The command line (`--set null=off`), the console
//! (`set null off`), UCI (`setoption name null value off`) and xboard
//! (`option null=off`) all go through it, so no option is spelled twice.
//!
//! Four **presets** set every switch but `threads` (the machine's, not a
//! technique) at once:
//! * `default`: what umax plays with, the strongest setting measured;
//! * `micromax`: micro-Max 4.8's own choices, for reading the search beside its
//!   C listing (the rules deviations stay: full FIDE rules and a real clock);
//! * `plain`: alpha-beta with a plain quiescence search and nothing else;
//! * `calibrated`: the search the strength scale (`UCI_Elo`) was measured
//!   with, which a limited strength always plays with.

use super::INFINITY;
use crate::eval::{EvalStyle, EvalTerms, Score};

/// How the captures of a node are ordered after the hint move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureOrder {
    /// All captures first, sorted by MVV/LVA, then the quiet moves.
    MvvLva,
    /// Every move in the order the generator produced it.
    Generation,
}

/// The order of a node's moves after the hint move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrdering {
    /// micro-Max's: captures (ordered as the `captures` switch says), then
    /// the quiet moves in generation order.
    MicroMax,
    /// Seed 002's: good captures by MVV/LVA, killer 1, killer 2, the other
    /// quiet moves, then the bad captures by static exchange evaluation.
    Killers,
    /// As `Killers`, with the other quiet moves sorted by their **history**:
    /// how often (weighted by depth) each from-to move of the side to move
    /// caused a cut-off anywhere in the tree, less how often it was tried
    /// in vain before another quiet move cut off.
    History,
}

/// When a node whose side to move is in check searches one ply deeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckExtension {
    /// Never.
    Off,
    /// Always.
    On,
    /// Not in the end game (micro-Max 4.8: `R > 29` turns it off).
    NotInEndgame,
    /// Only after a capture that gives check (seed 002's "capturing checks
    /// only"), decided by the capturing side.
    Captures,
}

/// Which stored scores answer a node searched with an open window (a node
/// that may be on the principal variation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PvTableCutoffs {
    /// None: the node searches its last iteration whatever the table holds.
    Off,
    /// Every deep enough score, as in any other node (micro-Max).
    On,
    /// All but mate scores: a stored mate holds at any depth, so it would
    /// answer the node in every later search, long after the game's history
    /// has changed what the line leads to.
    NotMates,
}

impl PvTableCutoffs {
    /// May a stored `score`, deep enough, answer an open-window node?
    pub fn answers(self, score: Score) -> bool {
        match self {
            PvTableCutoffs::On => true,
            PvTableCutoffs::Off => false,
            PvTableCutoffs::NotMates => score.abs() <= super::MATE_BOUND,
        }
    }
}

/// Which reduced moves are searched again at full depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Research {
    /// Every reduced move that scores above the node's alpha (micro-Max).
    /// Where an earlier move has already raised the best score above
    /// alpha, a reduced move that stays below that best score is searched
    /// again too, though the full depth cannot make it the best move.
    Alpha,
    /// Only a reduced move that scores above the best score so far (the
    /// alpha its reply was searched with), as a move that might replace it.
    Best,
}

/// How the horizon is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiescence {
    /// micro-Max's two passes: a scoring pass ranks the captures (and sees a
    /// king capture) without searching them, then the captures are searched;
    /// full-width nodes make both passes before their first full-width iteration.
    TwoPass,
    /// Captures searched in MVV/LVA order at once: no scoring pass, and
    /// full-width nodes start at their first full-width iteration.
    Plain,
}

/// When null-move pruning is tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NullMove {
    /// Never.
    Off,
    /// umax: not at the root, not in check, not when the side to move has only
    /// king and pawns (zugzwang).
    On,
}

/// Which recursive search function runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchFunction {
    /// umax's default search (`search/umax.rs` once split; the switches below
    /// select its techniques).
    Umax,
    /// micro-Max 4.8's `D()`, ported as it is (`search/micromax.rs`).
    MicroMax,
}

/// One value per technique of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which search function runs: umax's or micro-Max's.
    pub search: SearchFunction,
    /// Use the hash table at all.
    pub hash: bool,
    /// Internal iterative deepening at every node.
    pub iid: bool,
    /// Try the hash table's best move first.
    pub hint: bool,
    /// Capture ordering.
    pub captures: CaptureOrder,
    /// Move ordering after the hint: micro-Max's or seed 002's (killers, SEE).
    pub ordering: MoveOrdering,
    /// With `ordering=history`: a node one ply from quiescence sorts its
    /// moves too (killers, history, bad captures last).
    pub horizon_ordering: bool,
    /// Wheeler's quiet-first: at the horizon, one quiet move before the captures.
    pub quiet_first: bool,
    /// Futility pruning of moves that cannot raise alpha at the horizon.
    pub futility: bool,
    /// Futility margin in centipawns (micro-Max: 0).
    pub futility_margin: Score,
    /// Futility pruning of quiet moves up to this many plies from the
    /// horizon (1: micro-Max's, at the horizon only).
    pub futility_plies: i32,
    /// With `futility_plies` above 1: the margin a quiet move's evaluation
    /// needs below alpha for each ply beyond the horizon's.
    pub futility_ply_margin: Score,
    /// Skip captures that lose material (SEE < 0) in quiescence.
    pub see_prune: bool,
    /// Delta pruning of captures in quiescence.
    pub delta: bool,
    /// Quiet checks (and all evasions) in the first quiescence ply.
    pub quiescence_checks: bool,
    /// Null-move pruning.
    pub null: NullMove,
    /// How much shallower the null move is searched (micro-Max 4.8: 2).
    pub null_reduction: i32,
    /// `null=on` only: no null move when the side to move has only king and pawns.
    pub null_guard: bool,
    /// The null move's R grows with the plies left and the evaluation's lead.
    pub null_adaptive: bool,
    /// Null move only where the evaluation already reaches beta.
    pub null_eval: bool,
    /// The null move is tried before the node generates its moves.
    pub null_first: bool,
    /// Internal iterative reduction: a node 4 or more plies from the
    /// horizon that finds nothing in the table searches a ply less deep.
    pub iir: bool,
    /// Late-move reduction.
    pub lmr: bool,
    /// LMR applies at iterations deeper than this (micro-Max: 5).
    pub lmr_min_depth: i32,
    /// Plies an LMR-reduced move is reduced by (micro-Max: 1).
    pub lmr_reduction: i32,
    /// LMR by a table: the reduction grows with the depth and with how late
    /// the move comes (replaces `lmr_min_depth` and `lmr_reduction`).
    pub lmr_table: bool,
    /// With `lmr_table`: the divisor of the table's reduction
    /// (ln plies · ln move number / divisor), in hundredths.
    pub lmr_divisor: i32,
    /// With `lmr_table`: the root's moves are reduced too.
    pub lmr_root: bool,
    /// Reverse futility pruning: near the horizon, a node whose evaluation
    /// beats beta by a margin per ply returns at once.
    pub rfp: bool,
    /// Reverse futility margin per ply of depth left, in centipawns.
    pub rfp_margin: Score,
    /// The most plies from the horizon at which reverse futility prunes.
    pub rfp_max_plies: i32,
    /// Late-move pruning: near the horizon, quiet moves after the first few
    /// are not searched at all.
    pub lmp: bool,
    /// The most plies from the horizon at which late-move pruning skips
    /// moves.
    pub lmp_max_plies: i32,
    /// Which stored scores answer a node searched with an open window
    /// (micro-Max: all); the others leave it to search its last iteration,
    /// with the game's history (repetitions) in view.
    pub pv_table_cutoffs: PvTableCutoffs,
    /// Which reduced moves are searched again at full depth: those above
    /// the node's alpha (micro-Max) or only those above the best score so
    /// far.
    pub research: Research,
    /// Check extension.
    pub check_extension: CheckExtension,
    /// A capture that takes back, on the square where the previous move
    /// captured, a piece of about the same value is searched a ply deeper.
    pub recapture_extension: bool,
    /// A search keeps, at half weight, the move histories the game's last
    /// search learnt, instead of starting with empty ones.
    pub keep_history: bool,
    /// The evaluation is blended at each node's own phase, not the root's
    /// (re-scored where a capture or promotion changes it).
    pub node_phase: bool,
    /// A side without pawns and without the material to mate is scored
    /// nearer a draw.
    pub drawish: bool,
    /// The quiescence scheme.
    pub quiescence: Quiescence,
    /// Principal variation search: null windows after the first move.
    pub pvs: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// Half-width of the first aspiration window, in centipawns.
    pub aspiration_margin: Score,
    /// On a clock, start no iteration once half the most this move may take is used.
    pub half_time_stop: bool,
    /// On a clock, stretch the soft limit while the best move keeps changing
    /// or the score falls, and shrink it while the best move stays.
    pub time_stability: bool,
    /// With `time_stability`: the soft limit also scaled by the share of
    /// the root's nodes its best move took (less time the larger).
    pub time_nodes: bool,
    /// On a clock that gives no moves to go, the moves still expected: each
    /// move's share of the time left is 1 / (this + 2).
    pub time_moves: i32,
    /// Which evaluation's details to use.
    pub eval: EvalStyle,
    /// The evaluation terms switched on: the seed-002 terms (`eval_tropism`,
    /// ...; none by default), the tapered position terms, mobility, king
    /// attack and the other activity terms (on in the default).
    pub eval_terms: EvalTerms,
    /// With the activity terms (`mobility`, ...): the fewest plies from the horizon at
    /// which a full-width node counts those terms itself; nodes nearer the
    /// horizon inherit them from their parent, as quiescence nodes do.
    pub activity_plies: i32,
    /// With the activity terms: a node nearer the horizon than
    /// `activity_plies` counts its own instead of inheriting them where its
    /// evaluation lies within this many centipawns of the window (0: never).
    pub activity_lazy: Score,
    /// Search threads: above 1, helper threads search the same position
    /// beside the main one and share its hash table (Lazy SMP).
    pub threads: i32,
}

/// The most search threads offered.
pub const MAX_THREADS: i32 = 256;

/// The name of switch `threads`, which UCI offers as its standard `Threads`.
pub const THREADS_OPTION: &str = "threads";

/// micro-Max's null-move reduction: `d - 3` instead of `d - 1`.
pub const NULL_MOVE_REDUCTION: i32 = 2;
/// micro-Max's LMR threshold: `d > 5`.
pub const LMR_MIN_DEPTH: i32 = 5;
/// micro-Max's LMR size: one ply.
pub const LMR_REDUCTION: i32 = 1;
/// micro-Max's futility margin: none (`v > V`).
pub const FUTILITY_MARGIN: Score = 0;
/// Reverse futility pruning's margin per ply: three quarters of a pawn.
pub const RFP_MARGIN: Score = 75;
/// Table LMR's divisor in hundredths (see [`Settings::lmr_divisor`]): 2.00
/// (2.25 until the bundle `bundle_refit3` measured a bolder table better).
pub const LMR_DIVISOR: i32 = 200;
/// The most plies from the horizon at which reverse futility prunes.
pub const RFP_MAX_PLIES: i32 = 3;
/// The most plies from the horizon at which late-move pruning skips moves:
/// 3, as far as reverse futility reaches; the reach late-move pruning was
/// measured and adopted with (5 measured no better: `bench/NOTEBOOK.md`).
pub const LMP_MAX_PLIES: i32 = 3;
/// `activity_plies` in every preset but the default (which counts them 2 or
/// more plies from the horizon): the activity terms, when switched on, are
/// counted in every full-width node.
pub const ACTIVITY_PLIES: i32 = 1;
/// The default's `time_moves`: the moves a clock without moves to go is
/// shared over (micro-Max's preset keeps the clock's 30).
pub const DEFAULT_TIME_MOVES: i32 = 45;
/// The first aspiration window's half-width: a sixth of a pawn. Seed 002's
/// third of a pawn measured weaker: 16 against 33, 3,308 games at 2+0.02,
/// +11.2 ± 8.4, an SPRT [0, 10] accepted.
pub const ASPIRATION_MARGIN: Score = 16;

impl Default for Settings {
    fn default() -> Settings {
        Settings::preset("default").expect("the default preset exists")
    }
}

/// The names of the presets, default first.
pub const PRESETS: [&str; 4] = ["default", "micromax", "plain", CALIBRATED_PRESET];

/// The preset the strength setting (`UCI_Elo`) was calibrated with: umax's
/// default before the history ordering, table LMR, PVS and reverse futility
/// pruning were adopted. A limited strength always plays with
/// it, so that the scale stays as measured.
pub const CALIBRATED_PRESET: &str = "calibrated";

impl Settings {
    /// The settings of a named preset (see the module docs).
    pub fn preset(name: &str) -> Result<Settings, String> {
        let micromax = Settings {
            search: SearchFunction::MicroMax,
            hash: true,
            iid: true,
            hint: true,
            captures: CaptureOrder::MvvLva,
            ordering: MoveOrdering::MicroMax,
            horizon_ordering: false,
            quiet_first: false,
            futility: true,
            futility_margin: FUTILITY_MARGIN,
            futility_plies: 1,
            futility_ply_margin: 150,
            see_prune: false,
            delta: false,
            quiescence_checks: false,
            null: NullMove::On,
            null_reduction: NULL_MOVE_REDUCTION,
            null_guard: true,
            null_adaptive: false,
            null_eval: false,
            null_first: false,
            iir: false,
            lmr: true,
            lmr_min_depth: LMR_MIN_DEPTH,
            lmr_reduction: LMR_REDUCTION,
            lmr_table: false,
            lmr_divisor: LMR_DIVISOR,
            lmr_root: true,
            rfp: false,
            rfp_margin: RFP_MARGIN,
            rfp_max_plies: RFP_MAX_PLIES,
            lmp: false,
            lmp_max_plies: LMP_MAX_PLIES,
            pv_table_cutoffs: PvTableCutoffs::On,
            research: Research::Alpha,
            check_extension: CheckExtension::NotInEndgame,
            recapture_extension: false,
            keep_history: false,
            node_phase: false,
            drawish: false,
            quiescence: Quiescence::TwoPass,
            pvs: false,
            aspiration: false,
            aspiration_margin: ASPIRATION_MARGIN,
            half_time_stop: false,
            time_moves: crate::clock::DEFAULT_MOVES_TO_GO as i32,
            time_stability: false,
            time_nodes: false,
            eval: EvalStyle::MicroMax,
            eval_terms: EvalTerms::DEFAULT,
            activity_plies: ACTIVITY_PLIES,
            activity_lazy: 0,
            threads: 1,
        };
        match name {
            "micromax" => Ok(micromax),
            // Each departure from micro-Max here won its place in self-play
            // (the README's worth table has the match results).
            "default" => Ok(Settings {
                search: SearchFunction::Umax,
                captures: CaptureOrder::MvvLva,
                null: NullMove::On,
                // The tuned tapered evaluation with every position term,
                // the activity terms counted 2 or more plies from the
                // horizon, and mop-up in pawnless wins too (`mop_up_pieces`,
                // measured on queen-against-rook and two-rooks-against-rook
                // endings). Among the activity terms, `king_danger` (the
                // square of an attack on the king): 3,966 games at 2+0.02,
                // +10.7 (95 % +2.7 to +18.7), an SPRT [0, 10] accepted.
                eval: EvalStyle::Tapered,
                eval_terms: EvalTerms::DEFAULT.with(EvalTerms::ACTIVITY_TERMS, true),
                activity_plies: 2,
                // Nearer the horizon, a node within a pawn of the window
                // counts its own: +16.0 ± 10.6, 1,981 games at 5+0.05, an
                // SPRT [0, 10] accepted.
                activity_lazy: 100,
                ordering: MoveOrdering::History,
                lmr_table: true,
                pvs: true,
                rfp: true,
                iid: false,
                see_prune: true,
                aspiration: true,
                null_reduction: 3,
                null_eval: true,
                null_first: true,
                time_stability: true,
                // Shares the clock over 45 moves rather than 30: 1,200
                // games at 2+0.02, +21 (95 % +5 to +36).
                time_moves: DEFAULT_TIME_MOVES,
                // A side without pawns that cannot mate, or is at most a
                // minor piece ahead, scored nearer a draw: on endgame
                // positions where it acts, 400 game pairs at 2+0.02, +7.4
                // (95 % +1.3 to +13.4).
                drawish: true,
                // A capture that takes back about what the move before it
                // took, on the same square, searched a ply deeper: 1,200
                // games at 2+0.02, +21 (95 % +6 to +37).
                recapture_extension: true,
                // Futility pruning a ply before the horizon too (150 cp):
                // 974 games at 2+0.02, +29 (95 % +12 to +46).
                futility_plies: 2,
                // A game's searches keep, at half weight, the move
                // histories the last one learnt: 1,178 games at 2+0.02,
                // +23 (95 % +7 to +39).
                keep_history: true,
                // A reduced move is searched again only if it beats the
                // best score so far, not merely alpha: half the nodes of
                // `umax bench`, and +60.2 ± 23.1 over 484 games at 2+0.02,
                // an SPRT [0, 10] accepted.
                research: Research::Best,
                // Late-move pruning: 2 or 3 plies from the horizon, quiet
                // moves after the first 3 + plies² skipped: 6,062 games
                // at 2+0.02 over five runs, +9.7 (95 % +3.2 to +16.3).
                lmp: true,
                // Internal iterative reduction where the table misses, in
                // 4ku's form (SPRT [0, 10] at 2+0.02 on 8moves_v3: see the
                // notebook).
                iir: true,
                // Each node's evaluation blended at its own phase, not the
                // root's, adopted with the tables refitted on 33,810 SPRT
                // games: 1,283 games at 2+0.02, +22.8 ± 13.0, an SPRT
                // [0, 10] accepted.
                node_phase: true,
                // A node one ply from the horizon sorts its moves as the
                // others do (killers, history, bad captures last): 1,906
                // games at 2+0.02, +16.8 ± 11.0, an SPRT [0, 10] accepted.
                horizon_ordering: true,
                // Four changes that each measured +2.5 to +5 without a
                // decision, adopted together with the tables refitted on
                // 51,779 SPRT games: the soft limit scaled by the best
                // move's share of the root's nodes, the null move's R
                // larger far from the horizon and far above beta, and a
                // bolder table LMR (`LMR_DIVISOR`): 2,181 games at 2+0.02,
                // +15.3 ± 10.4, an SPRT [0, 10] accepted (`bundle_refit3`).
                time_nodes: true,
                null_adaptive: true,
                // No check extension (micro-Max extends an evasion a ply
                // outside the end game): 4,460 games at 2+0.02, +9.4 ± 7.4,
                // an SPRT [0, 10] accepted.
                check_extension: CheckExtension::Off,
                ..micromax
            }),
            CALIBRATED_PRESET => Ok(Settings {
                search: SearchFunction::Umax,
                captures: CaptureOrder::MvvLva,
                null: NullMove::On,
                eval: EvalStyle::Umax,
                ..micromax
            }),
            "plain" => Ok(Settings {
                search: SearchFunction::Umax,
                hash: false,
                iid: false,
                hint: false,
                captures: CaptureOrder::MvvLva,
                futility: false,
                null: NullMove::Off,
                lmr: false,
                check_extension: CheckExtension::Off,
                quiescence: Quiescence::Plain,
                eval: EvalStyle::Umax,
                ..micromax
            }),
            _ => Err(format!(
                "unknown preset '{name}' (presets: {})",
                PRESETS.join(", ")
            )),
        }
    }

    /// Settings from a spec: `name=value` pairs separated by commas or spaces,
    /// applied left to right to the default (`preset=plain,null=on`). An
    /// empty spec or `default` is the default.
    pub fn from_spec(spec: &str) -> Result<Settings, String> {
        let mut settings = Settings::default();
        for item in spec.split([',', ' ']).filter(|item| !item.is_empty()) {
            if item == "default" || PRESETS.contains(&item) {
                settings.set(PRESET_OPTION, item)?;
                continue;
            }
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{item}' is not NAME=VALUE"))?;
            settings.set(name, value)?;
        }
        Ok(settings)
    }

    /// The spec that rebuilds these settings: the nearest preset, then every
    /// option that differs from it (`default`, `plain,null=on`).
    pub fn to_spec(&self) -> String {
        let (preset, differences) = PRESETS
            .iter()
            .map(|&name| {
                let base = Settings::preset(name).expect("presets exist");
                let differences: Vec<String> = OPTIONS
                    .iter()
                    .filter(|option| (option.get)(self) != (option.get)(&base))
                    .map(|option| format!("{}={}", option.name, option.value_text(self)))
                    .collect();
                (name, differences)
            })
            .min_by_key(|(_, differences)| differences.len())
            .expect("there are presets");
        std::iter::once(preset.to_string())
            .chain(differences)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Set one option by name (`preset` included). The error says what is allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let name = name.trim().to_ascii_lowercase();
        if name == PRESET_OPTION {
            // A preset chooses techniques, not the machine's threads.
            let threads = self.threads;
            *self = Settings::preset(value.trim())?;
            self.threads = threads;
            return Ok(());
        }
        let option = find_option(&name)?;
        let number = option.kind.parse(option.name, value)?;
        if option.name == SEARCH_OPTION {
            // Each search comes with its own settings: micro-Max's, or the
            // default's when leaving micro-Max's.
            let chosen = SEARCH_FUNCTIONS[number as usize];
            if chosen != self.search {
                let preset = match chosen {
                    SearchFunction::MicroMax => "micromax",
                    SearchFunction::Umax => "default",
                };
                return self.set(PRESET_OPTION, preset);
            }
            return Ok(());
        }
        if self.search == SearchFunction::MicroMax && option.name != THREADS_OPTION {
            return Err(format!(
                "{name}: search=micromax runs micro-Max's D() as it is; the switches \
                 apply to umax's search (search=umax or another preset)"
            ));
        }
        (option.set)(self, number);
        Ok(())
    }

    /// The value of one option as text, or `None` for an unknown name.
    pub fn get(&self, name: &str) -> Option<String> {
        let option = OPTIONS.iter().find(|option| option.name == name)?;
        Some(option.value_text(self))
    }
}

/// The name of the pseudo-option that applies a preset.
pub const PRESET_OPTION: &str = "preset";

/// What values an option takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// `on` / `off` (also `true`/`false`, `1`/`0`, `yes`/`no`); stored as 1 / 0.
    Switch,
    /// An integer in `min..=max`.
    Spin {
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
    },
    /// One of a few names; stored as the index into the list.
    Choice(&'static [&'static str]),
}

impl OptionKind {
    /// Parse `value` for the option `name`, with an error that names the range.
    pub fn parse(self, name: &str, value: &str) -> Result<i32, String> {
        let value = value.trim().to_ascii_lowercase();
        match self {
            OptionKind::Switch => match value.as_str() {
                "on" | "true" | "1" | "yes" => Ok(1),
                "off" | "false" | "0" | "no" => Ok(0),
                _ => Err(format!("{name} is on or off, not '{value}'")),
            },
            OptionKind::Spin { min, max } => value
                .parse::<i64>()
                .ok()
                .filter(|number| (i64::from(min)..=i64::from(max)).contains(number))
                .map(|number| number as i32)
                .ok_or_else(|| {
                    format!("{name} is a whole number from {min} to {max}, not '{value}'")
                }),
            OptionKind::Choice(names) => names
                .iter()
                .position(|&choice| choice == value)
                .map(|index| index as i32)
                .ok_or_else(|| format!("{name} is one of {}, not '{value}'", names.join(", "))),
        }
    }

    /// The text of a stored value.
    pub fn text(self, number: i32) -> String {
        match self {
            OptionKind::Switch => if number != 0 { "on" } else { "off" }.to_string(),
            OptionKind::Spin { .. } => number.to_string(),
            OptionKind::Choice(names) => names[number as usize].to_string(),
        }
    }
}

/// One row of the options table.
pub struct TechniqueOption {
    /// The option's name, the same in every front end.
    pub name: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// One line saying what it does.
    pub doc: &'static str,
    get: fn(&Settings) -> i32,
    set: fn(&mut Settings, i32),
}

impl TechniqueOption {
    /// The option's value in `settings`, as text.
    pub fn value_text(&self, settings: &Settings) -> String {
        self.kind.text((self.get)(settings))
    }

    /// The option's value in the default settings, as text.
    pub fn default_text(&self) -> String {
        self.value_text(&Settings::default())
    }
}

const CAPTURE_ORDERS: [CaptureOrder; 2] = [CaptureOrder::MvvLva, CaptureOrder::Generation];
const MOVE_ORDERINGS: [MoveOrdering; 3] = [
    MoveOrdering::MicroMax,
    MoveOrdering::Killers,
    MoveOrdering::History,
];
/// The option that chooses the recursive search function.
pub const SEARCH_OPTION: &str = "search";

const SEARCH_FUNCTIONS: [SearchFunction; 2] = [SearchFunction::Umax, SearchFunction::MicroMax];
const CHECK_EXTENSIONS: [CheckExtension; 4] = [
    CheckExtension::Off,
    CheckExtension::On,
    CheckExtension::NotInEndgame,
    CheckExtension::Captures,
];
const PV_TABLE_CUTOFFS: [PvTableCutoffs; 3] = [
    PvTableCutoffs::Off,
    PvTableCutoffs::On,
    PvTableCutoffs::NotMates,
];
const RESEARCHES: [Research; 2] = [Research::Alpha, Research::Best];
const QUIESCENCE_SCHEMES: [Quiescence; 2] = [Quiescence::TwoPass, Quiescence::Plain];
const NULL_MOVES: [NullMove; 2] = [NullMove::Off, NullMove::On];
const EVAL_STYLES: [EvalStyle; 3] = [EvalStyle::Umax, EvalStyle::MicroMax, EvalStyle::Tapered];

/// Index of `value` in `all` (for the choice options).
fn index_of<T: PartialEq>(all: &[T], value: &T) -> i32 {
    all.iter().position(|item| item == value).unwrap_or(0) as i32
}

/// The options table: every switch of the search, in the order of micro-Max's
/// blocks. The front ends list and set options only through this table.
pub const OPTIONS: &[TechniqueOption] = &[
    TechniqueOption {
        name: SEARCH_OPTION,
        kind: OptionKind::Choice(&["umax", "micromax"]),
        doc: "the recursive search: umax's (the switches below choose its techniques) or micro-Max 4.8's D() as it is (preset micromax)",
        get: |s| index_of(&SEARCH_FUNCTIONS, &s.search),
        set: |s, v| s.search = SEARCH_FUNCTIONS[v as usize],
    },
    TechniqueOption {
        name: "hash_table",
        kind: OptionKind::Switch,
        doc: "use the hash table (resume at stored depth, hint move, cut-offs)",
        get: |s| i32::from(s.hash),
        set: |s, v| s.hash = v != 0,
    },
    TechniqueOption {
        name: "iid",
        kind: OptionKind::Switch,
        doc: "internal iterative deepening at every node (off: search the depth asked at once)",
        get: |s| i32::from(s.iid),
        set: |s, v| s.iid = v != 0,
    },
    TechniqueOption {
        name: "hint",
        kind: OptionKind::Switch,
        doc: "try the hash table's best move first",
        get: |s| i32::from(s.hint),
        set: |s, v| s.hint = v != 0,
    },
    TechniqueOption {
        name: "captures",
        kind: OptionKind::Choice(&["mvvlva", "generation"]),
        doc: "capture order: all by MVV/LVA, or as generated",
        get: |s| index_of(&CAPTURE_ORDERS, &s.captures),
        set: |s, v| s.captures = CAPTURE_ORDERS[v as usize],
    },
    TechniqueOption {
        name: "ordering",
        kind: OptionKind::Choice(&["micromax", "killers", "history"]),
        doc: "after the hint: captures then quiets; or good captures, 2 killers, quiets, bad captures (SEE); history: quiets by history",
        get: |s| index_of(&MOVE_ORDERINGS, &s.ordering),
        set: |s, v| s.ordering = MOVE_ORDERINGS[v as usize],
    },
    TechniqueOption {
        name: "horizon_ordering",
        kind: OptionKind::Switch,
        doc: "with ordering=history, a node one ply from quiescence sorts its moves too",
        get: |s| i32::from(s.horizon_ordering),
        set: |s, v| s.horizon_ordering = v != 0,
    },
    TechniqueOption {
        name: "quiet_first",
        kind: OptionKind::Switch,
        doc: "Wheeler (seed 003): at the horizon try one quiet, non-checking move before the captures",
        get: |s| i32::from(s.quiet_first),
        set: |s, v| s.quiet_first = v != 0,
    },
    TechniqueOption {
        name: "futility",
        kind: OptionKind::Switch,
        doc: "skip moves at the horizon that cannot raise alpha",
        get: |s| i32::from(s.futility),
        set: |s, v| s.futility = v != 0,
    },
    TechniqueOption {
        name: "futility_margin",
        kind: OptionKind::Spin { min: 0, max: 1000 },
        doc: "futility margin in centipawns (micro-Max: 0)",
        get: |s| s.futility_margin,
        set: |s, v| s.futility_margin = v,
    },
    TechniqueOption {
        name: "futility_plies",
        kind: OptionKind::Spin { min: 1, max: 3 },
        doc: "futility pruning of quiet moves this many plies from the horizon or nearer: beyond the horizon, in null-window nodes not in check, a quiet move whose evaluation stays futility_ply_margin per further ply below alpha is skipped (micro-Max: 1)",
        get: |s| s.futility_plies,
        set: |s, v| s.futility_plies = v,
    },
    TechniqueOption {
        name: "futility_ply_margin",
        kind: OptionKind::Spin { min: 10, max: 1000 },
        doc: "with futility_plies above 1: the margin in centipawns for each ply beyond the horizon",
        get: |s| s.futility_ply_margin,
        set: |s, v| s.futility_ply_margin = v,
    },
    TechniqueOption {
        name: "see_prune",
        kind: OptionKind::Switch,
        doc: "quiescence skips captures that lose material by static exchange evaluation",
        get: |s| i32::from(s.see_prune),
        set: |s, v| s.see_prune = v != 0,
    },
    TechniqueOption {
        name: "delta",
        kind: OptionKind::Switch,
        doc: "delta pruning: quiescence skips a capture if eval + victim + 200 cp <= alpha",
        get: |s| i32::from(s.delta),
        set: |s, v| s.delta = v != 0,
    },
    TechniqueOption {
        name: "quiescence_checks",
        kind: OptionKind::Switch,
        doc: "first quiescence ply: quiet checks too, and every evasion when in check",
        get: |s| i32::from(s.quiescence_checks),
        set: |s, v| s.quiescence_checks = v != 0,
    },
    TechniqueOption {
        name: "null",
        kind: OptionKind::Choice(&["off", "on"]),
        doc: "null-move pruning (not at the root, not in check)",
        get: |s| index_of(&NULL_MOVES, &s.null),
        set: |s, v| s.null = NULL_MOVES[v as usize],
    },
    TechniqueOption {
        name: "null_reduction",
        kind: OptionKind::Spin { min: 1, max: 4 },
        doc: "null-move reduction R in plies (micro-Max 4.8: 2)",
        get: |s| s.null_reduction,
        set: |s, v| s.null_reduction = v,
    },
    TechniqueOption {
        name: "null_adaptive",
        kind: OptionKind::Switch,
        doc: "null-move R a ply larger for every 6 plies left and every 200 cp the evaluation stands above beta (each at most 3; Ethereal's form)",
        get: |s| i32::from(s.null_adaptive),
        set: |s, v| s.null_adaptive = v != 0,
    },
    TechniqueOption {
        name: "null_guard",
        kind: OptionKind::Switch,
        doc: "null=on: no null move when the side to move has only king and pawns (zugzwang)",
        get: |s| i32::from(s.null_guard),
        set: |s, v| s.null_guard = v != 0,
    },
    TechniqueOption {
        name: "null_eval",
        kind: OptionKind::Switch,
        doc: "null move only when the evaluation reaches beta (micro-Max: always)",
        get: |s| i32::from(s.null_eval),
        set: |s, v| s.null_eval = v != 0,
    },
    TechniqueOption {
        name: "null_first",
        kind: OptionKind::Switch,
        doc: "the null move is tried before the node generates its moves (micro-Max: after)",
        get: |s| i32::from(s.null_first),
        set: |s, v| s.null_first = v != 0,
    },
    TechniqueOption {
        name: "iir",
        kind: OptionKind::Switch,
        doc: "internal iterative reduction: a node 4+ plies from the horizon that misses the table searches a ply less deep",
        get: |s| i32::from(s.iir),
        set: |s, v| s.iir = v != 0,
    },
    TechniqueOption {
        name: "lmr",
        kind: OptionKind::Switch,
        doc: "late-move reduction of quiet non-pawn moves other than the hint",
        get: |s| i32::from(s.lmr),
        set: |s, v| s.lmr = v != 0,
    },
    TechniqueOption {
        name: "lmr_min_depth",
        kind: OptionKind::Spin { min: 3, max: 20 },
        doc: "LMR applies at iterations deeper than this (micro-Max: 5)",
        get: |s| s.lmr_min_depth,
        set: |s, v| s.lmr_min_depth = v,
    },
    TechniqueOption {
        name: "lmr_reduction",
        kind: OptionKind::Spin { min: 1, max: 3 },
        doc: "plies a late move is reduced by (micro-Max: 1)",
        get: |s| s.lmr_reduction,
        set: |s, v| s.lmr_reduction = v,
    },
    TechniqueOption {
        name: "lmr_table",
        kind: OptionKind::Switch,
        doc: "lmr=on: reduce by a table, more the deeper and the later the move (not checks, killers, captures)",
        get: |s| i32::from(s.lmr_table),
        set: |s, v| s.lmr_table = v != 0,
    },
    TechniqueOption {
        name: "lmr_divisor",
        kind: OptionKind::Spin { min: 100, max: 600 },
        doc: "with lmr_table: reduce by 0.75 + ln(plies) * ln(move number) / (this / 100); larger reduces less",
        get: |s| s.lmr_divisor,
        set: |s, v| s.lmr_divisor = v,
    },
    TechniqueOption {
        name: "lmr_root",
        kind: OptionKind::Switch,
        doc: "with lmr_table: the root's moves are reduced too (off: every root move is searched to the full depth)",
        get: |s| i32::from(s.lmr_root),
        set: |s, v| s.lmr_root = v != 0,
    },
    TechniqueOption {
        name: "rfp",
        kind: OptionKind::Switch,
        doc: "reverse futility pruning: within rfp_max_plies (3) of the horizon, return if eval - margin * plies >= beta",
        get: |s| i32::from(s.rfp),
        set: |s, v| s.rfp = v != 0,
    },
    TechniqueOption {
        name: "rfp_margin",
        kind: OptionKind::Spin { min: 10, max: 500 },
        doc: "reverse futility margin per ply in centipawns",
        get: |s| s.rfp_margin,
        set: |s, v| s.rfp_margin = v,
    },
    TechniqueOption {
        name: "rfp_max_plies",
        kind: OptionKind::Spin { min: 1, max: 10 },
        doc: "reverse futility pruning acts this many plies from the horizon or nearer",
        get: |s| s.rfp_max_plies,
        set: |s, v| s.rfp_max_plies = v,
    },
    TechniqueOption {
        name: "lmp",
        kind: OptionKind::Switch,
        doc: "late-move pruning: 2 to lmp_max_plies (3) plies from the horizon, skip quiet moves after the first 3 + plies^2",
        get: |s| i32::from(s.lmp),
        set: |s, v| s.lmp = v != 0,
    },
    TechniqueOption {
        name: "lmp_max_plies",
        kind: OptionKind::Spin { min: 2, max: 10 },
        doc: "late-move pruning acts this many plies from the horizon or nearer",
        get: |s| s.lmp_max_plies,
        set: |s, v| s.lmp_max_plies = v,
    },
    TechniqueOption {
        name: "check_extension",
        kind: OptionKind::Choice(&["off", "on", "not-in-endgame", "captures"]),
        doc: "search check evasions one ply deeper (micro-Max 4.8: not in the end game; captures: capturing checks only)",
        get: |s| index_of(&CHECK_EXTENSIONS, &s.check_extension),
        set: |s, v| s.check_extension = CHECK_EXTENSIONS[v as usize],
    },
    TechniqueOption {
        name: "pv_table_cutoffs",
        kind: OptionKind::Choice(&["off", "on", "not-mates"]),
        doc: "which stored scores answer a node searched with an open window: all (on, micro-Max), none, or all but mate scores; a node not answered searches its last iteration, so a stored score cannot hide a repetition on the principal variation",
        get: |s| index_of(&PV_TABLE_CUTOFFS, &s.pv_table_cutoffs),
        set: |s, v| s.pv_table_cutoffs = PV_TABLE_CUTOFFS[v as usize],
    },
    TechniqueOption {
        name: "research",
        kind: OptionKind::Choice(&["alpha", "best"]),
        doc: "which reduced moves are searched again at full depth: any that scores above the node's alpha (micro-Max), or only one that scores above the best score so far",
        get: |s| index_of(&RESEARCHES, &s.research),
        set: |s, v| s.research = RESEARCHES[v as usize],
    },
    TechniqueOption {
        name: "recapture_extension",
        kind: OptionKind::Switch,
        doc: "a capture that takes back, on the square where the previous move captured, a piece within a pawn of the value it took is searched a ply deeper (on paths up to twice the root's depth)",
        get: |s| i32::from(s.recapture_extension),
        set: |s, v| s.recapture_extension = v != 0,
    },
    TechniqueOption {
        name: "keep_history",
        kind: OptionKind::Switch,
        doc: "a search of the game keeps, at half weight, the history table the last one learnt (a new game, and every position of bench, epd and lab, starts empty)",
        get: |s| i32::from(s.keep_history),
        set: |s, v| s.keep_history = v != 0,
    },
    TechniqueOption {
        name: "node_phase",
        kind: OptionKind::Switch,
        doc: "the tapered evaluation blended at each node's own phase, re-scored where a capture or promotion changes it (off: the root's phase)",
        get: |s| i32::from(s.node_phase),
        set: |s, v| s.node_phase = v != 0,
    },
    TechniqueOption {
        name: "quiescence",
        kind: OptionKind::Choice(&["two-pass", "plain"]),
        doc: "micro-Max's scoring pass + capture pass, or captures searched at once",
        get: |s| index_of(&QUIESCENCE_SCHEMES, &s.quiescence),
        set: |s, v| s.quiescence = QUIESCENCE_SCHEMES[v as usize],
    },
    TechniqueOption {
        name: "pvs",
        kind: OptionKind::Switch,
        doc: "principal variation search: null window after the first move, re-search if it beats it",
        get: |s| i32::from(s.pvs),
        set: |s, v| s.pvs = v != 0,
    },
    TechniqueOption {
        name: "aspiration",
        kind: OptionKind::Switch,
        doc: "aspiration windows: the root searches around the last score, widening on failure",
        get: |s| i32::from(s.aspiration),
        set: |s, v| s.aspiration = v != 0,
    },
    TechniqueOption {
        name: "aspiration_margin",
        kind: OptionKind::Spin { min: 5, max: 500 },
        doc: "half-width of the first aspiration window in centipawns (seed 002: 33)",
        get: |s| s.aspiration_margin,
        set: |s, v| s.aspiration_margin = v,
    },
    TechniqueOption {
        name: "half_time_stop",
        kind: OptionKind::Switch,
        doc: "on a clock, start no iteration once half the move's hard limit is used (instead of the soft limit)",
        get: |s| i32::from(s.half_time_stop),
        set: |s, v| s.half_time_stop = v != 0,
    },
    TechniqueOption {
        name: "time_moves",
        kind: OptionKind::Spin { min: 10, max: 50 },
        doc: "on a clock without moves to go, the moves still expected: each move gets (time left) / (this + 2) plus most of the increment",
        get: |s| s.time_moves,
        set: |s, v| s.time_moves = v,
    },
    TechniqueOption {
        name: "time_stability",
        kind: OptionKind::Switch,
        doc: "on a clock, the soft limit x0.7 to x1.5 by how many iterations the best move has stayed, x1.3 more if the score fell",
        get: |s| i32::from(s.time_stability),
        set: |s, v| s.time_stability = v != 0,
    },
    TechniqueOption {
        name: "time_nodes",
        kind: OptionKind::Switch,
        doc: "with time_stability, the soft limit also x(1.5 - the best move's share of the root's nodes) x1.35",
        get: |s| i32::from(s.time_nodes),
        set: |s, v| s.time_nodes = v != 0,
    },
    TechniqueOption {
        name: "eval",
        kind: OptionKind::Choice(&["umax", "micromax", "tapered"]),
        doc: "evaluation details: umax's, micro-Max 4.8's (e-file centre, shelter, promotion), or tuned tapered piece-square tables",
        get: |s| index_of(&EVAL_STYLES, &s.eval),
        set: |s, v| s.eval = EVAL_STYLES[v as usize],
    },
    // Seed 002's evaluation terms, each off by default (see `eval.rs`).
    TechniqueOption {
        name: "eval_tropism",
        kind: OptionKind::Switch,
        doc: "knight tropism: -2 cp per square from a knight to the enemy king (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TROPISM)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TROPISM, v != 0),
    },
    TechniqueOption {
        name: "eval_rook_files",
        kind: OptionKind::Switch,
        doc: "rook on an open file +25 cp, on a half-open file +15 cp (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::ROOK_FILES)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::ROOK_FILES, v != 0),
    },
    TechniqueOption {
        name: "eval_passed",
        kind: OptionKind::Switch,
        doc: "passed pawn +20 cp (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::PASSED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::PASSED, v != 0),
    },
    TechniqueOption {
        name: "eval_isolated",
        kind: OptionKind::Switch,
        doc: "isolated pawn -20 cp (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::ISOLATED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::ISOLATED, v != 0),
    },
    TechniqueOption {
        name: "eval_doubled",
        kind: OptionKind::Switch,
        doc: "doubled pawns -10 cp each (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::DOUBLED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::DOUBLED, v != 0),
    },
    TechniqueOption {
        name: "eval_seventh",
        kind: OptionKind::Switch,
        doc: "rook or queen on the 7th rank with the enemy king on the 8th +50 cp (seed 002)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::SEVENTH)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::SEVENTH, v != 0),
    },
    // The position terms of `eval=tapered`, each on by default (they count
    // only under that style; see `eval/tapered.rs`).
    TechniqueOption {
        name: "tapered_passed",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned passed-pawn values by rank",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_PASSED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_PASSED, v != 0),
    },
    TechniqueOption {
        name: "tapered_isolated",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned isolated-pawn value",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_ISOLATED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_ISOLATED, v != 0),
    },
    TechniqueOption {
        name: "tapered_doubled",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned doubled-pawn value",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_DOUBLED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_DOUBLED, v != 0),
    },
    TechniqueOption {
        name: "tapered_shelter",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned king shelter (own pawns one and two ranks in front of the king)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_SHELTER)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_SHELTER, v != 0),
    },
    TechniqueOption {
        name: "tapered_castling",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned value of each castling right still held",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_CASTLING)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_CASTLING, v != 0),
    },
    TechniqueOption {
        name: "mobility",
        kind: OptionKind::Switch,
        doc: "tuned value of each square a knight, bishop, rook or queen reaches (eval umax, tapered)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::MOBILITY)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::MOBILITY, v != 0),
    },
    TechniqueOption {
        name: "king_attack",
        kind: OptionKind::Switch,
        doc: "tuned value of each attack on the squares around the enemy king (eval umax, tapered)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::KING_ATTACK)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::KING_ATTACK, v != 0),
    },
    TechniqueOption {
        name: "tapered_supported",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned value of a pawn defended by a pawn",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_SUPPORTED)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_SUPPORTED, v != 0),
    },
    TechniqueOption {
        name: "tapered_passed_king",
        kind: OptionKind::Switch,
        doc: "eval=tapered: tuned value of each king's distance to a passed pawn, times the ranks the pawn has advanced",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_PASSED_KING)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_PASSED_KING, v != 0),
    },
    TechniqueOption {
        name: "tapered_backward",
        kind: OptionKind::Switch,
        doc: "eval=tapered: a pawn no neighbour can defend, whose square in front an enemy pawn attacks",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::TAPERED_BACKWARD)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::TAPERED_BACKWARD, v != 0),
    },
    TechniqueOption {
        name: "king_danger",
        kind: OptionKind::Switch,
        doc: "tuned value of the square of an attack's weight on the enemy king's squares (knight, bishop 2, rook 3, queen 5 an attacked square), for a side with its queen and two attackers or more (eval umax, tapered; counted as mobility)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::KING_DANGER)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::KING_DANGER, v != 0),
    },
    TechniqueOption {
        name: "rook_files",
        kind: OptionKind::Switch,
        doc: "tuned value of a rook on an open or half-open file (eval umax, tapered; counted as mobility)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::ROOK_FILE_TERMS)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::ROOK_FILE_TERMS, v != 0),
    },
    TechniqueOption {
        name: "pawn_threats",
        kind: OptionKind::Switch,
        doc: "tuned value of a knight, bishop, rook or queen attacked by an enemy pawn (eval umax, tapered; counted as mobility)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::PAWN_THREATS)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::PAWN_THREATS, v != 0),
    },
    TechniqueOption {
        name: "bishop_pair",
        kind: OptionKind::Switch,
        doc: "tuned value of two bishops or more (eval umax, tapered; counted as mobility)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::BISHOP_PAIR)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::BISHOP_PAIR, v != 0),
    },
    TechniqueOption {
        name: "unsafe_mobility",
        kind: OptionKind::Switch,
        doc: "tuned value of each square a piece reaches that an enemy pawn attacks (eval umax, tapered; counted as mobility)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::UNSAFE_MOBILITY)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::UNSAFE_MOBILITY, v != 0),
    },
    TechniqueOption {
        name: "mop_up",
        kind: OptionKind::Switch,
        doc: "a bare king against a queen or rook: the stronger side gains as the bare king nears the edge and the kings come closer",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::MOP_UP)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::MOP_UP, v != 0),
    },
    TechniqueOption {
        name: "mop_up_pieces",
        kind: OptionKind::Switch,
        doc: "with mop_up: also when neither side has pawns and the stronger side, with a queen or a rook, is 500 cp or more ahead (a queen against a rook, two rooks against one)",
        get: |s| i32::from(s.eval_terms.contains(EvalTerms::MOP_UP_PIECES)),
        set: |s, v| s.eval_terms = s.eval_terms.with(EvalTerms::MOP_UP_PIECES, v != 0),
    },
    TechniqueOption {
        name: "drawish",
        kind: OptionKind::Switch,
        doc: "the side ahead has no pawns: with one minor piece or two knights its score is divided by 16, at most a minor piece ahead by 4",
        get: |s| i32::from(s.drawish),
        set: |s, v| s.drawish = v != 0,
    },
    TechniqueOption {
        name: "activity_plies",
        kind: OptionKind::Spin { min: -1, max: 4 },
        doc: "mobility, king_attack and the other activity terms: counted in nodes this many plies or more from the horizon (0: the first quiescence ply too, -1: every quiescence node); nearer ones inherit their parent's",
        get: |s| s.activity_plies,
        set: |s, v| s.activity_plies = v,
    },
    TechniqueOption {
        name: "activity_lazy",
        kind: OptionKind::Spin {
            min: 0,
            max: 2 * INFINITY,
        },
        doc: "with the activity terms: a node nearer the horizon than activity_plies counts its own, instead of inheriting them, where its evaluation lies within this many cp of the window (0: never)",
        get: |s| s.activity_lazy,
        set: |s, v| s.activity_lazy = v,
    },
    TechniqueOption {
        name: THREADS_OPTION,
        kind: OptionKind::Spin {
            min: 1,
            max: MAX_THREADS,
        },
        doc: "search threads: above 1, helper threads search the same position beside the main one, sharing the hash table (Lazy SMP); not with a node limit or a strength limit",
        get: |s| s.threads,
        set: |s, v| s.threads = v,
    },
];

/// The row of `name` in [`OPTIONS`], or an error listing the names.
pub fn find_option(name: &str) -> Result<&'static TechniqueOption, String> {
    OPTIONS
        .iter()
        .find(|option| option.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = OPTIONS.iter().map(|option| option.name).collect();
            format!(
                "unknown option '{name}' (options: {PRESET_OPTION}, {})",
                names.join(", ")
            )
        })
}

/// The rows of the worth table: each technique turned off (or set to its
/// alternative), as a label and the spec that plays against the default.
pub fn worth_rows() -> Vec<(String, String)> {
    [
        ("hash table", "hash_table=off"),
        (
            "no internal iterative deepening (vs micro-Max's, at every node)",
            "iid=on",
        ),
        ("hint move first", "hint=off"),
        (
            "MVV/LVA capture order (vs generation order)",
            "captures=generation",
        ),
        ("futility pruning", "futility=off"),
        ("null move", "null=off"),
        ("late-move reduction", "lmr=off"),
        (
            "no check extension (vs micro-Max's)",
            "check_extension=not-in-endgame",
        ),
        ("two-pass quiescence (vs plain)", "quiescence=plain"),
        (
            "history move ordering (vs micro-Max's)",
            "ordering=micromax",
        ),
        ("table LMR (vs micro-Max's LMR)", "lmr_table=off"),
        ("principal variation search", "pvs=off"),
        ("reverse futility pruning", "rfp=off"),
        ("SEE pruning in quiescence", "see_prune=off"),
        ("aspiration windows", "aspiration=off"),
        ("null-move reduction of 3 plies (vs micro-Max's 2)", "null_reduction=2"),
        (
            "a null move only where the evaluation reaches beta",
            "null_eval=off",
        ),
        (
            "the null move tried before the moves are generated",
            "null_first=off",
        ),
        (
            "the soft time limit scaled by the best move's stability",
            "time_stability=off",
        ),
        (
            "tapered evaluation with its activity terms (vs umax's)",
            "eval=umax,mobility=off,king_attack=off,rook_files=off,pawn_threats=off,bishop_pair=off,unsafe_mobility=off",
        ),
        (
            "pawn support, kings' race to passers, rook files, pawn threats, bishop pair",
            "tapered_supported=off,tapered_passed_king=off,rook_files=off,pawn_threats=off,bishop_pair=off",
        ),
        (
            "backward pawns, squares an enemy pawn takes away",
            "tapered_backward=off,unsafe_mobility=off",
        ),
        ("a clock shared over 45 moves (vs 30)", "time_moves=30"),
        (
            "pawnless endings without mating material scored nearer a draw",
            "drawish=off",
        ),
        (
            "mop-up in pawnless wins against pieces (queen vs rook, two rooks vs one)",
            "mop_up_pieces=off",
        ),
        (
            "recaptures searched a ply deeper",
            "recapture_extension=off",
        ),
        (
            "futility pruning a ply before the horizon too",
            "futility_plies=1",
        ),
        (
            "move histories kept from one search of a game to the next",
            "keep_history=off",
        ),
        (
            "a reduced move searched again only above the best score (vs above alpha, micro-Max)",
            "research=alpha",
        ),
        (
            "king danger: the square of an attack on the king",
            "king_danger=off",
        ),
        ("late-move pruning", "lmp=off"),
        (
            "internal iterative reduction where the table misses",
            "iir=off",
        ),
        (
            "activity terms counted near the window, nearer the horizon",
            "activity_lazy=0",
        ),
        (
            "each node's evaluation blended at its own phase (vs the root's)",
            "node_phase=off",
        ),
        (
            "a node one ply from the horizon sorts its moves too",
            "horizon_ordering=off",
        ),
        (
            "time by the best move's nodes, adaptive null-move R, bolder table LMR",
            "time_nodes=off,null_adaptive=off,lmr_divisor=225",
        ),
    ]
    .iter()
    .map(|(label, spec)| (label.to_string(), spec.to_string()))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_differ() {
        let default = Settings::default();
        let micromax = Settings::from_spec("preset=micromax").unwrap();
        let plain = Settings::from_spec("preset=plain").unwrap();
        assert_ne!(default, micromax);
        assert_ne!(default, plain);
        assert_eq!(Settings::from_spec("").unwrap(), default);
        assert_eq!(Settings::from_spec("default").unwrap(), default);
        assert_eq!(Settings::from_spec("micromax").unwrap(), micromax);
        // A preset chooses techniques and keeps the threads.
        let threaded = Settings::from_spec("threads=2,preset=micromax").unwrap();
        assert_eq!(threaded.threads, 2);
        assert_eq!(
            Settings {
                threads: 1,
                ..threaded
            },
            micromax
        );
    }

    #[test]
    fn specs_round_trip() {
        for spec in [
            "",
            "null=off",
            "preset=calibrated,null=off",
            "lmr=off,futility_margin=50",
            "preset=plain,threads=3",
        ] {
            let settings = Settings::from_spec(spec).unwrap();
            assert_eq!(
                Settings::from_spec(&settings.to_spec()).unwrap(),
                settings,
                "{spec}"
            );
        }
        assert_eq!(Settings::default().to_spec(), "default");
        assert_eq!(
            Settings::from_spec("null=off").unwrap().to_spec(),
            "default,null=off"
        );
    }

    #[test]
    fn micro_maxs_search_takes_no_switches() {
        let micromax = Settings::preset("micromax").unwrap();
        assert_eq!(Settings::from_spec("search=micromax").unwrap(), micromax);
        let error = Settings::from_spec("preset=micromax,null=off").unwrap_err();
        assert!(error.contains("as it is"), "{error}");
        let threads = Settings::from_spec("preset=micromax,threads=2").unwrap();
        assert_eq!(
            (threads.search, threads.threads),
            (SearchFunction::MicroMax, 2)
        );
        let back = Settings::from_spec("preset=micromax,search=umax").unwrap();
        assert_eq!(back, Settings::default());
    }

    #[test]
    fn bad_values_are_refused_with_the_range() {
        let mut settings = Settings::default();
        let error = settings.set("null_reduction", "9").unwrap_err();
        assert!(error.contains("from 1 to 4"), "{error}");
        assert!(
            settings
                .set("nonsense", "on")
                .unwrap_err()
                .contains("unknown option")
        );
        assert!(
            settings
                .set("null", "maybe")
                .unwrap_err()
                .contains("one of off, on")
        );
        assert!(
            Settings::from_spec("null")
                .unwrap_err()
                .contains("NAME=VALUE")
        );
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn switches_accept_the_usual_spellings() {
        let mut settings = Settings::default();
        for (text, on) in [("off", false), ("true", true), ("0", false), ("YES", true)] {
            settings.set("lmr", text).unwrap();
            assert_eq!(settings.lmr, on);
        }
    }

    #[test]
    fn worth_rows_are_valid_specs_that_differ_from_the_default() {
        for (_, spec) in worth_rows() {
            assert_ne!(
                Settings::from_spec(&spec).unwrap(),
                Settings::default(),
                "{spec}"
            );
        }
    }
}
