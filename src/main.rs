//! The `umax` binary: parse the command line and pick what to run.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use umax::board::{Board, START_FEN};
use umax::clock::{Limits, read_seconds};
use umax::console::{Console, Protocol, protocol_request, terminal_has_unicode};
use umax::input::{Input, parse_number, quote, send, take_flag, take_option, warn};
use umax::lab;
use umax::search::{MAX_PLIES, Searcher, Settings, techniques};
use umax::table::{DEFAULT_MEGABYTES, TranspositionTable, usable_megabytes};
use umax::tools;
use umax::uci::Uci;
use umax::xboard::Xboard;

const USAGE: &str = "\
usage: umax [--hash MB] [--ascii] [--interactive] [--set NAME=VALUE]... [--xboard | --uci]
       umax perft DEPTH [FEN]
       umax bench [DEPTH] [--stats] [--set NAME=VALUE]... [--svg FILE]
       umax epd FILE [--time SECONDS | --depth PLIES | --nodes N] [--stats] [--set NAME=VALUE]...
       umax epd FILE --search beal [--time SECONDS | --depth D | --nodes N] [--matev 1|2]
       umax lab A-SPEC B-SPEC [--depth PLIES | --time SECONDS] [--positions FILE] [--per-position]
                [--svg FILE]
       umax selfplay --a SPEC --b SPEC [--tc BASE+INC] [--games N] ... (selfplay --help)
       umax options
       umax tune PGN... [--out FILE] [--iterations N] [--skip-plies N] ... (tune --help)

--set applies one of the search laboratory's switches (see 'umax options'),
e.g. --set null=off (--set preset=micromax: micro-Max's own search, which takes
no switches). A SPEC is such settings separated by commas ('preset=plain,null=on');
'' or 'default' is the default.
'umax lab' compares two specs on the same positions (the 30 bench positions,
or an EPD/FEN file), with a paired t-test per position; the spec 'beal' (or
'beal,matev=2') runs Beal's 1986 search instead of umax's.
--svg FILE draws a picture: for lab, nodes to depth of both specs with the
EBF and B/A with its 95 % interval; for bench, where the nodes go and the
fail-high-first rates per depth (selfplay --worth takes --svg too).

With no command umax starts the console; if the first line it reads is
'xboard' or 'uci' it speaks that protocol instead, so GUIs need no flags.
Input from a pipe or file is a script: each command finishes before the next
line is read. --interactive reads it as typed at a terminal instead ('stop',
'?' and 'move' interrupt umax's think, end of input stops it).";

/// Which front end to start.
enum FrontEnd {
    Auto,
    Xboard,
    Uci,
}

/// Deepest `umax perft` (depth 10 from the start already takes days).
const MAX_PERFT_DEPTH: u32 = 12;

/// Said after a mistake in the command line.
const SEE_HELP: &str = "(see 'umax --help')";

fn main() -> ExitCode {
    let args = std::env::args_os()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // One line on standard error (which may be closed: `warn` never panics).
        Err(message) => {
            warn(&format!("umax: {message}"));
            ExitCode::from(2)
        }
    }
}

fn run(mut args: Vec<String>) -> Result<(), String> {
    let hash_megabytes = take_option(&mut args, "--hash")
        .map_err(with_help)?
        .map(|text| {
            parse_number(&text, 1..=usize::MAX >> 20).map_err(|_| {
                format!(
                    "--hash: '{}' is not a size in MiB (1 or more; at most {} MiB can be had here)",
                    quote(&text),
                    usable_megabytes()
                )
            })
        })
        .transpose()?;
    let ascii = take_flag(&mut args, "--ascii");
    let interactive = take_flag(&mut args, "--interactive");
    let show_stats = take_flag(&mut args, "--stats");
    let mut settings = Settings::default();
    while let Some(setting) = take_option(&mut args, "--set").map_err(with_help)? {
        let (name, value) = setting
            .split_once('=')
            .ok_or(format!("--set needs NAME=VALUE, not '{setting}'"))?;
        settings.set(name, value)?;
    }
    let searcher = || -> Result<Searcher, String> {
        let table = match hash_megabytes {
            Some(megabytes) => TranspositionTable::try_with_megabytes(megabytes)
                .map_err(|error| format!("--hash {megabytes}: {error}"))?,
            None => {
                let (table, warning) =
                    TranspositionTable::with_megabytes_or_less(DEFAULT_MEGABYTES);
                if let Some(warning) = warning {
                    warn(&format!("umax: {warning}"));
                }
                table
            }
        };
        let mut searcher = Searcher::with_table(table);
        searcher.set_settings(settings.clone());
        Ok(searcher)
    };

    let command = args.first().cloned().unwrap_or_default();
    match command.as_str() {
        "" => start_front_end(FrontEnd::Auto, searcher()?, !ascii, interactive),
        "--xboard" | "xboard" if args.len() == 1 => {
            start_front_end(FrontEnd::Xboard, searcher()?, false, false)
        }
        "--uci" | "uci" if args.len() == 1 => {
            start_front_end(FrontEnd::Uci, searcher()?, false, false)
        }
        "perft" => {
            let depth = number_argument(args.get(1), "perft DEPTH", 0..=MAX_PERFT_DEPTH)?;
            let fen = if args.len() > 2 {
                args[2..].join(" ")
            } else {
                START_FEN.to_string()
            };
            let board =
                Board::from_fen(&fen).map_err(|e| format!("bad FEN '{}': {e}", quote(&fen)))?;
            tools::perft(&board, depth);
        }
        "bench" => {
            let svg = take_option(&mut args, "--svg").map_err(with_help)?;
            let depth = match args.get(1) {
                Some(_) => number_argument(args.get(1), "bench DEPTH", 1..=MAX_PLIES)?,
                None => tools::DEFAULT_BENCH_DEPTH,
            };
            let log2 = searcher()?.table().len().trailing_zeros();
            let result = tools::bench_with(&settings, depth, log2, show_stats);
            if let Some(path) = svg {
                tools::write_bench_svg(Path::new(&path), &result, &settings, depth)?;
            }
        }
        "epd" => {
            let search = take_option(&mut args, "--search").map_err(with_help)?;
            let mate_depth = take_option(&mut args, "--matev")
                .map_err(with_help)?
                .map(|text| number_argument(Some(&text), "--matev 1|2", 1..=2))
                .transpose()?;
            let path = args.get(1).ok_or(format!("epd needs a FILE {SEE_HELP}"))?;
            let value = args.get(3);
            let limits = match args.get(2).map(String::as_str) {
                None => Limits::move_time(Duration::from_secs(1)),
                Some("--time") => {
                    let text = value.ok_or(format!("epd --time needs SECONDS {SEE_HELP}"))?;
                    Limits::move_time(read_seconds(text).map_err(|e| format!("--time: {e}"))?)
                }
                Some("--depth") => {
                    Limits::depth(number_argument(value, "--depth PLIES", 1..=MAX_PLIES)?)
                }
                Some("--nodes") => {
                    Limits::nodes(number_argument(value, "--nodes N", 1..=u64::MAX)?)
                }
                Some(other) => return Err(unknown_argument(other, "for epd")),
            };
            if let Some(extra) = args.get(4) {
                return Err(unknown_argument(extra, "for epd"));
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", quote(path)))?;
            match search.as_deref() {
                None | Some("micromax") => {
                    if mate_depth.is_some() {
                        return Err(format!("--matev needs --search beal {SEE_HELP}"));
                    }
                    let log2 = searcher()?.table().len().trailing_zeros();
                    tools::run_epd_with(&text, &limits, log2, &settings, show_stats);
                }
                // Beal's 1986 tactics search (src/engine/search/beal.rs).
                Some("beal") => {
                    tools::run_epd_beal(&text, &limits, mate_depth.unwrap_or(1));
                }
                Some(other) => {
                    return Err(format!(
                        "--search: '{}' is not micromax or beal",
                        quote(other)
                    ));
                }
            }
        }
        "selfplay" | "lab" if settings != Settings::default() || show_stats => {
            return Err(format!(
                "{command} takes its settings from its specs (A and B), not --set or --stats"
            ));
        }
        "lab" => {
            let positions_file = take_option(&mut args, "--positions").map_err(with_help)?;
            let per_position = take_flag(&mut args, "--per-position");
            let svg = take_option(&mut args, "--svg").map_err(with_help)?;
            let (Some(a_spec), Some(b_spec)) = (args.get(1), args.get(2)) else {
                return Err("lab needs A-SPEC and B-SPEC (e.g. umax lab default null=off)".into());
            };
            let limits = match args.get(3).map(String::as_str) {
                None => Limits::depth(lab::DEFAULT_LAB_DEPTH),
                Some("--depth") => Limits::depth(number_argument(
                    args.get(4),
                    "--depth PLIES",
                    1..=MAX_PLIES,
                )?),
                Some("--time") => {
                    let text = args
                        .get(4)
                        .ok_or(format!("lab --time needs SECONDS {SEE_HELP}"))?;
                    Limits::move_time(read_seconds(text).map_err(|e| format!("--time: {e}"))?)
                }
                Some(other) => return Err(unknown_argument(other, "for lab")),
            };
            if let Some(extra) = args.get(5) {
                return Err(unknown_argument(extra, "for lab"));
            }
            let positions = match positions_file {
                Some(path) => {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| format!("cannot read {}: {e}", quote(&path)))?;
                    lab::read_positions(&text).map_err(|e| format!("{}: {e}", quote(&path)))?
                }
                None => lab::bench_positions(),
            };
            // Two tables are never alive at once; 2^22 entries unless --hash says.
            let log2 = match hash_megabytes {
                Some(_) => searcher()?.table().len().trailing_zeros(),
                None => lab::LAB_TABLE_LOG2,
            };
            let table = lab::lab_with(
                a_spec,
                b_spec,
                &positions,
                &limits,
                log2,
                per_position,
                svg.as_deref().map(Path::new),
            )?;
            send(table.trim_end());
        }
        "options" => {
            // Name, values and default in columns as wide as their longest entry.
            let mut rows: Vec<[String; 4]> = techniques::OPTIONS
                .iter()
                .map(|option| {
                    let range = match option.kind {
                        techniques::OptionKind::Switch => "on|off".to_string(),
                        techniques::OptionKind::Spin { min, max } => format!("{min}..{max}"),
                        techniques::OptionKind::Choice(names) => names.join("|"),
                    };
                    [
                        option.name.to_string(),
                        range,
                        option.default_text(),
                        option.doc.to_string(),
                    ]
                })
                .collect();
            rows.push([
                techniques::PRESET_OPTION.to_string(),
                techniques::PRESETS.join("|"),
                "default".to_string(),
                "set every switch at once".to_string(),
            ]);
            let width = |column: usize| rows.iter().map(|row| row[column].len()).max();
            let [name, range, default] = [0, 1, 2].map(|column| width(column).unwrap_or(0));
            for [option, values, default_text, doc] in &rows {
                send(&format!(
                    "{option:<name$} {values:<range$} default {default_text:<default$} {doc}"
                ));
            }
        }
        "selfplay" if args.iter().any(|a| a == "--help" || a == "-h") => {
            send(umax::selfplay::USAGE)
        }
        "selfplay" if settings != Settings::default() || show_stats => {
            return Err(
                "selfplay takes its settings from --a and --b, not --set or --stats".into(),
            );
        }
        "selfplay" => umax::selfplay::main(&args[1..], hash_megabytes)?,
        "tune" if args.iter().any(|a| a == "--help" || a == "-h") => send(umax::tune::USAGE),
        "tune" if settings != Settings::default() || show_stats || hash_megabytes.is_some() => {
            return Err("tune takes no --set, --stats or --hash".into());
        }
        "tune" => umax::tune::main(&args[1..])?,
        "--help" | "-h" | "help" => send(USAGE),
        "--version" | "-V" => send(&format!("umax {}", env!("CARGO_PKG_VERSION"))),
        other => return Err(unknown_argument(other, "")),
    }
    Ok(())
}

/// Start a front end on standard input. In auto mode the first line decides:
/// `xboard` or `uci` switch protocol, anything else goes to the console. When
/// a person is at the terminal the console starts at once (and switches if
/// its first command is `xboard` or `uci`); so does it when the input is
/// empty, to say at least who it is. `interactive` reads piped input as typed.
fn start_front_end(front_end: FrontEnd, searcher: Searcher, unicode: bool, interactive: bool) {
    let mut input = Input::from_stdin();
    match front_end {
        FrontEnd::Xboard => Xboard::new(searcher).run(&mut input),
        FrontEnd::Uci => Uci::new(searcher).run(&mut input, None),
        FrontEnd::Auto => {
            let unicode = unicode && terminal_has_unicode();
            let mut console = Console::new(searcher, unicode);
            console.set_interactive(interactive);
            if std::io::stdin().is_terminal() {
                run_console(console, &mut input, None);
                return;
            }
            // Blank lines before the first command do not decide anything.
            let mut first = input.next_line();
            while first.as_deref().is_some_and(|line| line.trim().is_empty()) {
                first = input.next_line();
            }
            match first.as_deref().and_then(protocol_request) {
                Some(protocol) => run_protocol(protocol, console.into_searcher(), &mut input),
                None => run_console(console, &mut input, first),
            }
        }
    }
}

/// Run the console; if its first command asks for a protocol, speak that.
fn run_console(mut console: Console, input: &mut Input, first_line: Option<String>) {
    if let Some(protocol) = console.run(input, first_line) {
        run_protocol(protocol, console.into_searcher(), input);
    }
}

/// Speak `protocol`, whose first line (`xboard` or `uci`) has been read.
fn run_protocol(protocol: Protocol, searcher: Searcher, input: &mut Input) {
    match protocol {
        Protocol::Xboard => Xboard::new(searcher).run(input),
        // UCI answers its `uci` with the engine's name and options.
        Protocol::Uci => Uci::new(searcher).run(input, Some("uci".to_string())),
    }
}

/// The number argument of `usage` (e.g. `perft DEPTH`), which must lie in `range`.
fn number_argument<T>(
    text: Option<&String>,
    usage: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    let text = text.ok_or(format!("{usage}: the number is missing {SEE_HELP}"))?;
    parse_number(text, range).map_err(|error| format!("{usage}: {error}"))
}

/// The error for an argument nobody expects: a flag if it starts with `-`.
fn unknown_argument(argument: &str, context: &str) -> String {
    let kind = if argument.starts_with('-') {
        "flag"
    } else {
        "command"
    };
    let context = if context.is_empty() {
        String::new()
    } else {
        format!(" {context}")
    };
    format!("unknown {kind} '{}'{context} {SEE_HELP}", quote(argument))
}

/// An argument error, with where to read the usage.
fn with_help(error: String) -> String {
    format!("{error} {SEE_HELP}")
}
