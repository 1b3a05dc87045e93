//! The `umax` binary: parse the command line and pick what to run.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use umax::board::{Board, START_FEN};
use umax::clock::Limits;
use umax::console::{Console, terminal_has_unicode};
use umax::input::{Input, send};
use umax::search::Searcher;
use umax::table::{DEFAULT_ENTRIES_LOG2, TranspositionTable};
use umax::tools;
use umax::uci::Uci;
use umax::xboard::Xboard;

const USAGE: &str = "\
usage: umax [--hash MB] [--ascii] [--xboard | --uci]
       umax perft DEPTH [FEN]
       umax bench [DEPTH]
       umax epd FILE [--time SECONDS | --depth PLIES | --nodes N]
       umax selfplay --a SPEC --b SPEC [--tc BASE+INC] [--games N] ... (selfplay --help)

With no command umax starts the console; if the first line it reads is
'xboard' or 'uci' it speaks that protocol instead, so GUIs need no flags.";

/// Which front end to start.
enum FrontEnd {
    Auto,
    Xboard,
    Uci,
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("umax: {message}");
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: Vec<String>) -> Result<(), String> {
    let hash_megabytes = take_option(&mut args, "--hash")?
        .map(|text| {
            text.parse::<usize>()
                .ok()
                .filter(|&mb| mb > 0)
                .ok_or(format!("--hash needs a size in MiB, not '{text}'"))
        })
        .transpose()?;
    let ascii = take_flag(&mut args, "--ascii");
    let searcher = || -> Result<Searcher, String> {
        let table = match hash_megabytes {
            Some(megabytes) => TranspositionTable::try_with_megabytes(megabytes)?,
            None => TranspositionTable::new(DEFAULT_ENTRIES_LOG2),
        };
        Ok(Searcher::with_table(table))
    };

    let command = args.first().cloned().unwrap_or_default();
    match command.as_str() {
        "" => start_front_end(FrontEnd::Auto, searcher()?, !ascii),
        "--xboard" | "xboard" if args.len() == 1 => {
            start_front_end(FrontEnd::Xboard, searcher()?, false)
        }
        "--uci" | "uci" if args.len() == 1 => start_front_end(FrontEnd::Uci, searcher()?, false),
        "perft" => {
            let depth = parse_number(args.get(1), "perft needs a DEPTH")?;
            let fen = if args.len() > 2 {
                args[2..].join(" ")
            } else {
                START_FEN.to_string()
            };
            let board = Board::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
            tools::perft(&board, depth);
        }
        "bench" => {
            let depth = match args.get(1) {
                Some(_) => parse_number(args.get(1), "bench needs a DEPTH")?,
                None => tools::DEFAULT_BENCH_DEPTH,
            };
            let log2 = searcher()?.table().len().trailing_zeros();
            tools::bench(depth, log2);
        }
        "epd" => {
            let path = args.get(1).ok_or("epd needs a FILE")?;
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let limits = match args.get(2).map(String::as_str) {
                None => Limits::move_time(Duration::from_secs(1)),
                Some("--time") => {
                    let seconds: f64 = parse_number(args.get(3), "--time needs SECONDS")?;
                    Limits::move_time(Duration::from_secs_f64(seconds))
                }
                Some("--depth") => Limits::depth(parse_number(args.get(3), "--depth needs PLIES")?),
                Some("--nodes") => Limits::nodes(parse_number(args.get(3), "--nodes needs N")?),
                Some(other) => return Err(format!("unknown epd option '{other}'")),
            };
            let log2 = searcher()?.table().len().trailing_zeros();
            tools::run_epd(&text, &limits, log2);
        }
        "selfplay" if args.iter().any(|a| a == "--help" || a == "-h") => {
            send(umax::selfplay::USAGE)
        }
        "selfplay" => umax::selfplay::main(&args[1..], hash_megabytes)?,
        "--help" | "-h" | "help" => send(USAGE),
        "--version" | "-V" => send(&format!("umax {}", env!("CARGO_PKG_VERSION"))),
        other => return Err(format!("unknown command '{other}'")),
    }
    Ok(())
}

/// Start a front end on standard input. In auto mode the first line decides:
/// `xboard` or `uci` switch protocol, anything else goes to the console. When
/// a person is at the terminal the console starts at once.
fn start_front_end(front_end: FrontEnd, searcher: Searcher, unicode: bool) {
    let mut input = Input::from_stdin();
    match front_end {
        FrontEnd::Xboard => Xboard::new(searcher).run(&mut input),
        FrontEnd::Uci => Uci::new(searcher).run(&mut input, None),
        FrontEnd::Auto => {
            let unicode = unicode && terminal_has_unicode();
            if std::io::stdin().is_terminal() {
                Console::new(searcher, unicode).run(&mut input, None);
                return;
            }
            // Blank lines before the first command do not decide anything.
            let mut first = input.next_line();
            while first.as_deref().is_some_and(|line| line.trim().is_empty()) {
                first = input.next_line();
            }
            match first.as_deref().map(str::trim) {
                None => {}
                Some("xboard") => Xboard::new(searcher).run(&mut input),
                Some("uci") => Uci::new(searcher).run(&mut input, first),
                Some(_) => Console::new(searcher, unicode).run(&mut input, first),
            }
        }
    }
}

/// Remove `name VALUE` from the arguments and return VALUE.
fn take_option(args: &mut Vec<String>, name: &str) -> Result<Option<String>, String> {
    let Some(at) = args.iter().position(|arg| arg == name) else {
        return Ok(None);
    };
    if at + 1 >= args.len() {
        return Err(format!("{name} needs a value"));
    }
    let value = args.remove(at + 1);
    args.remove(at);
    Ok(Some(value))
}

/// Remove the flag `name` from the arguments; was it there?
fn take_flag(args: &mut Vec<String>, name: &str) -> bool {
    let before = args.len();
    args.retain(|arg| arg != name);
    args.len() != before
}

fn parse_number<T: std::str::FromStr>(text: Option<&String>, message: &str) -> Result<T, String> {
    text.and_then(|t| t.parse().ok())
        .ok_or_else(|| format!("{message} (got '{}')", text.map_or("", |t| t.as_str())))
}
