//! The laboratory in pictures (`src/laboratory/svg.rs`): every picture is
//! well-formed XML with nothing drawn outside it, and shows what its command
//! measured: one point per depth and setting with its node count and EBF, one
//! ratio per depth with its interval, one row per technique with its Elo, one
//! bar per depth split by kind of pass, and the fail-high-first rates. The
//! figures are checked against the statistics they come from, computed the
//! other way (the lab's [`SearchStats`], [`paired_summary`], the worth table's
//! text). `umax selfplay --worth --svg` is run end to end; the pictures in
//! `bench/` are checked too.
//!
//! `cargo test --release --test svg -- --ignored` also rewrites
//! `bench/worth.svg` from the README's worth table and renders the three
//! pictures of `bench/` in headless Chromium (it must be installed).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use umax::clock::Limits;
use umax::lab::{LabRun, paired_summary, run_positions, same_best_moves};
use umax::laboratory::svg::{
    WorthBar, bench_svg, compact_count, escape, lab_svg, thousands, worth_svg,
};
use umax::search::stats::Counters;
use umax::search::{SearchStats, Settings};
use umax::selfplay::referee::ThinkingLimit;
use umax::selfplay::stats::{Pentanomial, Trinomial};
use umax::selfplay::{Ending, MatchReport, Tally, WorthRow, worth_bars, worth_table};
use umax::tools::BENCH_POSITIONS;

// ---------------------------------------------------------------------------
// Reading SVG back
// ---------------------------------------------------------------------------

/// One element of a picture: its name, attributes, the text directly inside
/// it, and the text of its `<title>` child (the tooltip), if any.
#[derive(Clone, Debug, Default)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
    tooltip: Option<String>,
}

impl Element {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn number(&self, name: &str) -> f64 {
        let value = self
            .attribute(name)
            .unwrap_or_else(|| panic!("{} has no {name}: {self:?}", self.name));
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}='{value}' is not a number"))
    }

    fn tooltip(&self) -> &str {
        self.tooltip
            .as_deref()
            .unwrap_or_else(|| panic!("no tooltip on {self:?}"))
    }
}

/// The text of an element or attribute with XML's five entities read back;
/// any other `&` is a mistake.
fn unescape(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        plain.push_str(&rest[..at]);
        let end = rest[at..]
            .find(';')
            .unwrap_or_else(|| panic!("a bare '&' in {text:?}"));
        plain.push(match &rest[at..at + end + 1] {
            "&amp;" => '&',
            "&lt;" => '<',
            "&gt;" => '>',
            "&quot;" => '"',
            "&apos;" => '\'',
            other => panic!("unknown entity {other} in {text:?}"),
        });
        rest = &rest[at + end + 1..];
    }
    plain.push_str(rest);
    plain
}

/// The attributes of a start tag's inside (after its name): `key="value"`
/// pairs, each key once.
fn attributes(mut text: &str) -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = Vec::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return list;
        }
        let equals = text
            .find('=')
            .unwrap_or_else(|| panic!("an attribute without a value: {text:?}"));
        let key = text[..equals].trim().to_string();
        assert!(
            !key.is_empty() && !key.contains(char::is_whitespace),
            "bad attribute name {key:?}"
        );
        let after = &text[equals + 1..];
        assert!(after.starts_with('"'), "unquoted value of {key}: {after:?}");
        let close = after[1..]
            .find('"')
            .unwrap_or_else(|| panic!("unclosed value of {key}"));
        let value = &after[1..close + 1];
        assert!(!value.contains('<'), "'<' in the value of {key}");
        assert!(list.iter().all(|(k, _)| *k != key), "attribute {key} twice");
        list.push((key, unescape(value)));
        text = &after[close + 2..];
    }
}

/// Parse an SVG document into its elements, in document order, asserting
/// that it is well-formed: an XML declaration, one `<svg>` root, every tag
/// closed in order, quoted attributes, only the five entities.
fn parse(svg: &str) -> Vec<Element> {
    let mut rest = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .expect("an XML declaration first");
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    loop {
        let Some(start) = rest.find('<') else {
            assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
            break;
        };
        let text = &rest[..start];
        match open.last() {
            Some(&parent) => elements[parent].text.push_str(&unescape(text)),
            None => assert!(text.trim().is_empty(), "text outside the root: {text:?}"),
        }
        let end = start + rest[start..].find('>').expect("every tag ends");
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let element = open.pop().expect("a closing tag closes something");
            assert_eq!(elements[element].name, name, "tags close in order");
            if name == "title" {
                let parent = open.last().copied();
                let tooltip = elements[element].text.clone();
                if let Some(parent) = parent {
                    elements[parent].tooltip = Some(tooltip);
                }
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = tag[..name_end].to_string();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric()),
            "element name {name:?}"
        );
        if open.is_empty() {
            roots += 1;
            assert_eq!(name, "svg", "the root is <svg>");
        }
        elements.push(Element {
            name,
            attributes: attributes(&tag[name_end..]),
            ..Element::default()
        });
        if !self_closing {
            open.push(elements.len() - 1);
        }
    }
    assert!(open.is_empty(), "unclosed elements");
    assert_eq!(roots, 1, "one root element");
    assert_eq!(
        elements[0].attribute("xmlns"),
        Some("http://www.w3.org/2000/svg")
    );
    elements
}

/// Every coordinate is a finite number inside the picture (so nothing,
/// a label or a point, is drawn off its edge), and every `<text>` says
/// something. Returns the elements.
fn parse_and_check(svg: &str) -> Vec<Element> {
    let elements = parse(svg);
    let width = elements[0].number("width");
    let height = elements[0].number("height");
    assert!(width > 0.0 && height > 0.0);
    for element in &elements[1..] {
        for (key, limit) in [
            ("x", width),
            ("x1", width),
            ("x2", width),
            ("cx", width),
            ("y", height),
            ("y1", height),
            ("y2", height),
            ("cy", height),
        ] {
            if element.attribute(key).is_some() {
                let value = element.number(key);
                assert!(
                    value.is_finite() && (0.0..=limit).contains(&value),
                    "{key}={value} outside the {width}x{height} picture: {element:?}"
                );
            }
        }
        for key in ["width", "height"] {
            if element.attribute(key).is_some() {
                assert!(element.number(key) >= 0.0, "{element:?}");
            }
        }
        if element.name == "text" {
            assert!(!element.text.trim().is_empty(), "an empty label");
            // A label that starts before the left edge or runs past the
            // right one, at a generous 0.62 em a character.
            let size = element.number("font-size");
            let length = element.text.chars().count() as f64 * size * 0.62;
            let x = element.number("x");
            let (from, to) = match element.attribute("text-anchor") {
                Some("end") => (x - length, x),
                Some("middle") => (x - length / 2.0, x + length / 2.0),
                _ => (x, x + length),
            };
            if element.attribute("transform").is_none() {
                assert!(
                    from >= 0.0 && to <= width + 1.0,
                    "{:?} runs off the picture ({from:.0} to {to:.0} of {width})",
                    element.text
                );
            }
        }
        for text in [
            element.text.as_str(),
            element.tooltip.as_deref().unwrap_or(""),
        ] {
            assert!(!text.contains("NaN"), "NaN in {element:?}");
        }
    }
    elements
}

/// The elements of `class`, in document order.
fn of_class<'a>(elements: &'a [Element], class: &str) -> Vec<&'a Element> {
    elements
        .iter()
        .filter(|element| element.attribute("class") == Some(class))
        .collect()
}

/// The texts of all `<text>` elements.
fn labels(elements: &[Element]) -> Vec<String> {
    elements
        .iter()
        .filter(|element| element.name == "text")
        .map(|element| element.text.clone())
        .collect()
}

fn assert_label(elements: &[Element], label: &str) {
    let all = labels(elements);
    assert!(
        all.iter().any(|text| text == label),
        "no label {label:?} among {all:?}"
    );
}

#[test]
fn the_reader_refuses_what_is_not_well_formed() {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    let svg = |body: &str| format!("{head}<svg xmlns=\"http://www.w3.org/2000/svg\">{body}</svg>");
    assert_eq!(
        parse(&svg("<g><text x=\"1\">a &amp; b</text></g>")).len(),
        3
    );
    for bad in [
        "<g><text>a</g></text>",
        "<text>a & b</text>",
        "<rect x=1/>",
        "<g>",
        "<rect x=\"1\" x=\"2\"/>",
    ] {
        let result = std::panic::catch_unwind(|| parse(&svg(bad)));
        assert!(result.is_err(), "{bad} was read as well-formed");
    }
}

#[test]
fn escape_makes_any_name_safe_in_text_and_attributes() {
    let name = "a<b & 'c' > \"d\"";
    let escaped = escape(name);
    assert_eq!(escaped, "a&lt;b &amp; &apos;c&apos; &gt; &quot;d&quot;");
    assert_eq!(unescape(&escaped), name);
    assert_eq!(thousands(1_404_473), "1,404,473");
    assert_eq!(compact_count(208_137.0), "208k");
}

// ---------------------------------------------------------------------------
// umax lab
// ---------------------------------------------------------------------------

const TABLE_LOG2: u32 = 16;

/// The start position, Kiwipete, a pawn ending and a rook ending, searched
/// to `depth` under `spec`.
fn lab_run(spec: &str, depth: u32) -> LabRun {
    let fens: Vec<&str> = [0, 1, 9, 29].iter().map(|&i| BENCH_POSITIONS[i]).collect();
    let settings = Settings::from_spec(spec).unwrap();
    run_positions(&settings, &fens, &Limits::depth(depth), TABLE_LOG2).unwrap()
}

#[test]
fn the_lab_picture_shows_both_settings_at_every_depth() {
    let depth = 5;
    let a = lab_run("default", depth);
    let b = lab_run("null=off", depth);
    let svg = lab_svg(&a, &b);
    let elements = parse_and_check(&svg);
    for label in [
        "A: default",
        "B: default,null=off",
        "nodes to depth",
        "depth (plies)",
        "B/A over the positions, 95 % interval",
        "EBF A",
        "EBF B",
        "same size",
    ] {
        assert_label(&elements, label);
    }
    for (run, class, ebf_class, name) in
        [(&a, "point-a", "ebf-a", "A"), (&b, "point-b", "ebf-b", "B")]
    {
        let points = of_class(&elements, class);
        assert_eq!(points.len(), depth as usize, "one point per depth");
        let ebfs = of_class(&elements, ebf_class);
        assert_eq!(ebfs.len(), depth as usize, "one EBF per depth");
        for (index, point) in points.iter().enumerate() {
            // The node counts, as the lab's statistics add them up.
            let nodes = run.stats.iterations[index].counters.nodes();
            let tooltip = point.tooltip();
            assert!(
                tooltip.starts_with(&format!(
                    "{name}, depth {}: {} nodes to depth",
                    index + 1,
                    thousands(nodes)
                )),
                "{tooltip}"
            );
            let ebf = run
                .stats
                .branching_factor(index)
                .map_or("–".to_string(), |ebf| format!("{ebf:.2}"));
            assert_eq!(ebfs[index].text, ebf, "EBF of depth {}", index + 1);
            if index > 0 {
                assert!(tooltip.ends_with(&format!("EBF {ebf}")), "{tooltip}");
                // More nodes are higher up, on a log scale.
                assert!(point.number("cy") < points[index - 1].number("cy"));
            }
        }
    }
    // The lines share one log scale: equal node counts at equal heights,
    // and a count ten times larger a fixed distance higher.
    let height = |run: &LabRun, class: &str, index: usize| {
        let nodes = run.stats.iterations[index].counters.nodes() as f64;
        (
            nodes.log10(),
            of_class(&elements, class)[index].number("cy"),
        )
    };
    let (log_a, y_a) = height(&a, "point-a", 4);
    let (log_b, y_b) = height(&b, "point-b", 4);
    let (log_first, y_first) = height(&a, "point-a", 0);
    let per_decade_a = (y_first - y_a) / (log_a - log_first);
    let per_decade_b = (y_first - y_b) / (log_b - log_first);
    assert!((per_decade_a - per_decade_b).abs() < 0.5, "one scale");

    // B/A per depth and over all iterations, the last the paired table's.
    let ratios = of_class(&elements, "ratio");
    assert_eq!(ratios.len(), depth as usize + 1);
    let nodes =
        |run: &LabRun| -> Vec<f64> { run.positions.iter().map(|p| p.nodes as f64).collect() };
    let summary = paired_summary(&nodes(&a), &nodes(&b));
    let (low, high) = summary.log_test.unwrap().confidence_interval_95;
    let all = ratios[depth as usize].tooltip();
    assert_eq!(
        all,
        format!(
            "all iterations: B/A {:.2} (95 % {:.2} to {:.2})",
            summary.geometric_mean_ratio,
            low.exp(),
            high.exp()
        )
    );
    let values = of_class(&elements, "ratio-value");
    assert_eq!(values.len(), depth as usize + 1);
    assert_eq!(
        values[depth as usize].text,
        format!("{:.2}", summary.geometric_mean_ratio)
    );
    for (index, ratio) in ratios.iter().enumerate().take(depth as usize) {
        let per_position = |run: &LabRun| -> Vec<f64> {
            run.positions
                .iter()
                .map(|p| p.iteration_nodes[index.min(p.iteration_nodes.len() - 1)] as f64)
                .collect()
        };
        let summary = paired_summary(&per_position(&a), &per_position(&b));
        assert!(
            ratio.tooltip().starts_with(&format!(
                "depth {}: B/A {:.2} (95 % ",
                index + 1,
                summary.geometric_mean_ratio
            )),
            "{}",
            ratio.tooltip()
        );
    }
    assert_eq!(of_class(&elements, "same").len(), 1, "the line at 1");
    let same = same_best_moves(&a, &b);
    let footer = &of_class(&elements, "footer")[0].text;
    assert!(
        footer.contains(&format!("the same move in {same} of 4.")),
        "{footer}"
    );
}

// ---------------------------------------------------------------------------
// umax selfplay --worth
// ---------------------------------------------------------------------------

/// The worth table of the README (`### What each technique of the default is
/// worth`): every row whose figure starts with an Elo and its interval,
/// written `+72.7 ± 42.7` or `+20.0 (95 % +4.0 to +36.0)`. Rows with several
/// figures give their first; rows without a figure (no match) are left out.
fn readme_worth_bars() -> Vec<WorthBar> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let start = readme
        .find("### What each technique of the default is worth")
        .expect("the README's worth table");
    let number = |text: &str| -> Option<(f64, usize)> {
        let text_start = text.len() - text.trim_start().len();
        let trimmed = text.trim_start();
        let end = trimmed
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '+' || c == '-'))))
            .map_or(trimmed.len(), |(i, _)| i);
        trimmed[..end]
            .parse()
            .ok()
            .map(|value| (value, text_start + end))
    };
    let mut bars = Vec::new();
    for line in readme[start..]
        .lines()
        .skip_while(|line| !line.starts_with("| technique"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (technique, alternative, figure, games) = (cells[1], cells[2], cells[3], cells[4]);
        let Some((elo, used)) = number(figure) else {
            continue;
        };
        let rest = figure[used..].trim_start();
        let (lower, upper) = if let Some(after) = rest.strip_prefix('±') {
            let (half, _) = number(after).expect("a half width after ±");
            (elo - half, elo + half)
        } else if let Some(after) = rest.strip_prefix('(') {
            let after = after.trim_start_matches("95 %").trim_start();
            let (low, used) = number(after).expect("a lower end");
            let after = after[used..].trim_start().strip_prefix("to").expect("'to'");
            (low, number(after).expect("an upper end").0)
        } else {
            continue;
        };
        let games = games
            .split_whitespace()
            .next()
            .and_then(|g| g.replace(',', "").parse().ok())
            .unwrap_or(0);
        bars.push(WorthBar {
            technique: technique.to_string(),
            alternative: alternative.replace('`', ""),
            elo: Some(elo),
            lower,
            upper,
            games,
        });
    }
    bars
}

/// The caption of the picture drawn from the README's table.
const README_CAPTION: &str = "The README's worth table: 80 to 6,062 games a row at 1+0.01 or 2+0.02; Elo of the default from game pairs";

/// Check that `elements` draw `bars`: one labelled row each, with its
/// figure, games and dot, resolved rows filled and the others hollow, and
/// the dots in the order of the Elo figures.
fn assert_draws_the_rows(elements: &[Element], bars: &[WorthBar]) {
    let techniques = of_class(elements, "technique");
    let alternatives = of_class(elements, "alternative");
    let figures = of_class(elements, "figure");
    let games = of_class(elements, "games");
    assert_eq!(techniques.len(), bars.len());
    assert_eq!(alternatives.len(), bars.len());
    assert_eq!(figures.len(), bars.len());
    assert_eq!(games.len(), bars.len());
    for (index, bar) in bars.iter().enumerate() {
        let shown = techniques[index].text.trim_end_matches('…');
        assert!(
            bar.technique.starts_with(shown),
            "{shown} for {}",
            bar.technique
        );
        let shown = alternatives[index].text.trim_end_matches('…');
        assert!(bar.alternative.starts_with(shown));
        assert_eq!(figures[index].text, bar.figure());
        assert_eq!(games[index].text, thousands(bar.games));
    }
    let dots = of_class(elements, "worth");
    let measured: Vec<&WorthBar> = bars.iter().filter(|bar| bar.elo.is_some()).collect();
    assert_eq!(dots.len(), measured.len(), "a dot per measured row");
    for (dot, bar) in dots.iter().zip(&measured) {
        assert!(
            dot.tooltip().starts_with(&bar.technique),
            "{}",
            dot.tooltip()
        );
        assert!(dot.tooltip().contains(&bar.figure()), "{}", dot.tooltip());
        let hollow = dot.attribute("fill") == Some("white");
        assert_eq!(hollow, !bar.is_resolved(), "{}", bar.technique);
    }
    for (i, first) in measured.iter().enumerate() {
        for (j, second) in measured.iter().enumerate() {
            let (x, y) = (first.elo.unwrap(), second.elo.unwrap());
            // Coordinates have a tenth of a pixel: a tenth of an Elo apart
            // may share one.
            if x.is_finite() && y.is_finite() && x < y {
                let (left, right) = (dots[i].number("cx"), dots[j].number("cx"));
                assert!(
                    left < right || (y - x < 1.0 && left == right),
                    "{} ({x}) is not left of {} ({y})",
                    first.technique,
                    second.technique
                );
            }
        }
    }
}

#[test]
fn the_worth_picture_has_a_row_per_technique_of_the_readme_table() {
    let bars = readme_worth_bars();
    assert!(bars.len() >= 25, "{} rows read", bars.len());
    let hash = bars
        .iter()
        .find(|bar| bar.alternative == "hash_table=off")
        .unwrap();
    assert_eq!(
        (hash.elo, hash.lower, hash.upper, hash.games),
        (Some(124.5), 124.5 - 54.6, 124.5 + 54.6, 160)
    );
    assert_eq!(hash.figure(), "+124.5 ± 54.6");
    // "+20.0 (95 % +4.0 to +36.0)" is symmetric; "+38 (95 % +9 to +69)" is not.
    let symmetric = bars
        .iter()
        .find(|bar| bar.alternative == "null_eval=off")
        .unwrap();
    assert_eq!(symmetric.figure(), "+20.0 ± 16.0");
    let lopsided = bars
        .iter()
        .find(|bar| bar.alternative.starts_with("tapered_supported=off"))
        .unwrap();
    assert_eq!(lopsided.figure(), "+38.0 (+9.0 to +69.0)");
    let unresolved = bars
        .iter()
        .find(|bar| bar.alternative == "quiescence=plain")
        .unwrap();
    assert_eq!(unresolved.figure(), "-15.2 ± 44.2, n.r.");

    let svg = worth_svg(&bars, README_CAPTION);
    let elements = parse_and_check(&svg);
    assert_draws_the_rows(&elements, &bars);
    assert_label(
        &elements,
        "Elo of the default against the alternative (95 % interval)",
    );
    assert_label(&elements, "resolved: the 95 % interval excludes 0");
    assert_label(&elements, "0");
    assert_eq!(of_class(&elements, "caption")[0].text, README_CAPTION);
}

/// A finished match whose pairs are `pairs` (LL, LD, WL+DD, WD, WW) and
/// games `wins`/`draws`/`losses`, from the default's side.
fn report(pairs: [u64; 5], wins: u64, draws: u64, losses: u64) -> MatchReport {
    let mut tally = Tally::default();
    tally.games = Trinomial {
        losses,
        draws,
        wins,
    };
    tally.pairs = Pentanomial(pairs);
    MatchReport {
        tally,
        ending: Ending::Complete,
        llr: None,
        elapsed: Duration::from_secs(1),
        pgn_error: None,
        resumed: 0,
    }
}

/// A row of the worth table: the default against `technique=off`, with
/// `report` and no lab figure.
fn row(technique: &str, report: MatchReport) -> WorthRow {
    WorthRow {
        technique: technique.to_string(),
        alternative: format!("{technique}=off"),
        report,
        lab: None,
    }
}

#[test]
fn the_worth_table_says_not_resolved_when_the_interval_contains_zero() {
    let rows = [
        row("null", report([10, 40, 80, 50, 20], 150, 100, 150)),
        row("iid", report([3, 52, 130, 41, 4], 100, 260, 100)),
    ];
    let table = worth_table(&rows, &ThinkingLimit::Depth(3));
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("| technique"), "{table}");
    assert!(!lines[0].contains("lab"), "no lab column without figures");
    assert_eq!(
        lines[2],
        "| null (`null=off`) | +26.1 ± 24.6 | 400 | 150/100/150 | resolved |"
    );
    assert!(lines[3].ends_with("| not resolved |"), "{table}");
    assert!(table.contains("depth 3"), "{table}");
}

#[test]
fn the_worth_picture_of_match_reports_copes_with_every_outcome() {
    let rows = [
        row("null", report([10, 40, 80, 50, 20], 150, 100, 150)),
        row("iid", report([3, 52, 130, 41, 4], 100, 260, 100)),
        // Every game won: +inf, with no upper end.
        row("lmr", report([0, 0, 0, 0, 4], 8, 0, 0)),
        // Not played (an interrupted --worth).
        row("rfp", report([0; 5], 0, 0, 0)),
        row(
            "a <strange> & 'quoted' name",
            report([0, 0, 2, 2, 0], 3, 4, 1),
        ),
    ];
    let bars = worth_bars(&rows);
    assert_eq!(bars.len(), rows.len());
    let null = &bars[0];
    let estimate = rows[0].report.tally.elo().unwrap();
    assert_eq!(null.elo, Some(estimate.elo));
    assert_eq!((null.lower, null.upper), (estimate.lower, estimate.upper));
    assert_eq!(null.games, 400);
    assert!(null.is_resolved() && !bars[1].is_resolved());
    // As the printed table gives it (`format_elo`).
    assert_eq!(bars[2].figure(), "+inf ± inf");
    assert_eq!(bars[3].elo, None);
    assert_eq!(bars[3].figure(), "no games");

    let svg = worth_svg(&bars, "depth 3");
    assert!(svg.contains("a &lt;strange&gt; &amp; &apos;quoted&apos; name"));
    let elements = parse_and_check(&svg);
    assert_draws_the_rows(&elements, &bars);
    // An empty table is still a picture.
    let empty = parse_and_check(&worth_svg(&[], "nothing yet"));
    assert!(of_class(&empty, "worth").is_empty());
}

#[test]
fn selfplay_worth_writes_the_picture_of_its_table() {
    let path = temp_path("worth.svg");
    let output = Command::new(env!("CARGO_BIN_EXE_umax"))
        .args([
            "selfplay", "--worth", "--depth", "1", "--games", "2", "--svg",
        ])
        .arg(&path)
        .output()
        .expect("umax runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let svg = std::fs::read_to_string(&path).expect("the picture is written");
    let _ = std::fs::remove_file(&path);
    let elements = parse_and_check(&svg);
    // One row per row of the printed table, with the table's figure.
    let table_rows: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("| ") && line.contains("(`"))
        .collect();
    let figures = of_class(&elements, "figure");
    assert_eq!(figures.len(), table_rows.len(), "{stdout}");
    assert!(table_rows.len() >= 25);
    for (row, figure) in table_rows.iter().zip(&figures) {
        let elo = row.split('|').nth(2).unwrap().trim();
        assert!(figure.text.starts_with(elo), "{} for {row}", figure.text);
    }
    assert!(of_class(&elements, "caption")[0].text.contains("depth 1"));

    // --svg is for --worth only.
    let output = Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["selfplay", "--depth", "1", "--games", "2", "--svg"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("needs --worth"));
    assert!(!path.exists());
}

#[test]
fn lab_and_bench_write_their_pictures_from_the_command_line() {
    let run = |args: &[&str], path: &Path| {
        let output = Command::new(env!("CARGO_BIN_EXE_umax"))
            .args(args)
            .arg("--svg")
            .arg(path)
            .output()
            .expect("umax runs");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(output.status.success(), "{args:?}: {stdout}");
        let svg = std::fs::read_to_string(path).expect("the picture is written");
        let _ = std::fs::remove_file(path);
        (stdout, parse_and_check(&svg))
    };
    let path = temp_path("lab.svg");
    let (stdout, elements) = run(
        &["--hash", "16", "lab", "default", "lmr=off", "--depth", "3"],
        &path,
    );
    assert!(stdout.contains("| depth | nodes to depth A"), "{stdout}");
    assert_eq!(of_class(&elements, "point-a").len(), 3);
    assert_eq!(of_class(&elements, "point-b").len(), 3);
    assert_label(&elements, "B: default,lmr=off");

    let path = temp_path("stats.svg");
    let (stdout, elements) = run(&["--hash", "16", "bench", "3", "--stats"], &path);
    // OpenBench still finds its two lines last.
    assert!(stdout.trim_end().ends_with(&format!(
        "Nodes/second: {}",
        stdout.lines().last().unwrap().split(' ').next_back().unwrap()
    )));
    assert_eq!(
        of_class(&elements, "full-width").len(),
        4,
        "3 depths and all"
    );
    assert!(
        of_class(&elements, "caption")[0]
            .text
            .contains("to depth 3")
    );
}

/// A fresh path in the temporary directory for this test.
fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("umax-svg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

// ---------------------------------------------------------------------------
// umax bench --stats
// ---------------------------------------------------------------------------

/// How many nodes of one kind of pass a count holds.
type PassCount = fn(&Counters) -> u64;

/// The bench positions searched to `depth` as `umax bench` searches them.
fn bench_stats(depth: u32) -> SearchStats {
    let settings = Settings::default();
    let run = run_positions(
        &settings,
        &BENCH_POSITIONS,
        &Limits::depth(depth),
        TABLE_LOG2,
    )
    .unwrap();
    run.stats
}

#[test]
fn the_bench_picture_splits_the_nodes_and_shows_the_fail_high_rates() {
    let depth = 5;
    let stats = bench_stats(depth);
    let caption = "the 30 bench positions to depth 5";
    let svg = bench_svg(&stats, caption);
    let elements = parse_and_check(&svg);
    for label in [
        "full width",
        "quiescence",
        "scoring pass",
        "FH1: the first move",
        "FH4: one of the first four",
        "share of the iteration's nodes",
        "share of the fail-highs",
        "depth (plies)",
        "all",
        caption,
    ] {
        assert_label(&elements, label);
    }
    let columns = depth as usize + 1;
    let passes: [(&str, PassCount); 3] = [
        ("full-width", |c| c.full_width_nodes),
        ("quiescence", |c| c.quiescence_nodes),
        ("scoring", |c| c.scoring_nodes),
    ];
    let mut heights = vec![0.0; columns];
    for (class, count) in passes {
        let segments = of_class(&elements, class);
        assert_eq!(
            segments.len(),
            columns,
            "{class}: a segment per depth and the total"
        );
        for (index, segment) in segments.iter().enumerate() {
            let counters = if index < depth as usize {
                stats.iteration_counters(index)
            } else {
                stats.total
            };
            let share = 100.0 * count(&counters) as f64 / counters.nodes() as f64;
            let tooltip = segment.tooltip();
            assert!(
                tooltip.contains(&format!(
                    "{} of {} nodes ({share:.1} %)",
                    thousands(count(&counters)),
                    thousands(counters.nodes())
                )),
                "{tooltip}"
            );
            heights[index] += segment.number("height");
        }
    }
    // Each bar is the whole of its iteration: the three shares stack to
    // the plot's full height.
    for height in &heights {
        assert!((height - heights[0]).abs() < 0.5, "{heights:?}");
    }
    let counts: Vec<String> = of_class(&elements, "nodes")
        .iter()
        .map(|e| e.text.clone())
        .collect();
    let mut expected: Vec<String> = (0..depth as usize)
        .map(|i| compact_count(stats.iteration_nodes(i) as f64))
        .collect();
    expected.push(compact_count(stats.total.nodes() as f64));
    assert_eq!(counts, expected);

    for (class, value_class, rate) in [
        (
            "fh1",
            "fh1-value",
            Counters::fail_high_first_percent as fn(&Counters) -> f64,
        ),
        ("fh4", "fh4-value", Counters::fail_high_first_four_percent),
    ] {
        let with_fail_highs: Vec<usize> = (0..depth as usize)
            .filter(|&i| stats.iteration_counters(i).fail_highs > 0)
            .collect();
        let points = of_class(&elements, class);
        assert_eq!(points.len(), with_fail_highs.len(), "{class}");
        let values = of_class(&elements, value_class);
        assert_eq!(values.len(), depth as usize);
        for (point, &index) in points.iter().zip(&with_fail_highs) {
            let percent = rate(&stats.iteration_counters(index));
            assert!(
                point
                    .tooltip()
                    .starts_with(&format!("depth {}: ", index + 1)),
                "{}",
                point.tooltip()
            );
            assert!(point.tooltip().contains(&format!("{percent:.1} % of")));
            assert_eq!(values[index].text, format!("{percent:.1}"));
        }
    }
    let footer = &of_class(&elements, "footer")[0].text;
    assert!(
        footer.contains(&format!(
            "FH1 {:.1} %",
            stats.total.fail_high_first_percent()
        )),
        "{footer}"
    );
}

// ---------------------------------------------------------------------------
// The pictures in bench/
// ---------------------------------------------------------------------------

/// `bench/NAME` of this repository.
fn bench_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("bench")
        .join(name)
}

#[test]
fn the_pictures_in_bench_are_well_formed_and_complete() {
    for (name, classes) in [
        ("lab.svg", ["point-a", "point-b", "ratio"]),
        ("worth.svg", ["worth", "technique", "figure"]),
        ("stats.svg", ["full-width", "quiescence", "fh1"]),
    ] {
        let svg = std::fs::read_to_string(bench_file(name))
            .unwrap_or_else(|e| panic!("bench/{name}: {e}"));
        let elements = parse_and_check(&svg);
        for class in classes {
            assert!(
                of_class(&elements, class).len() >= 3,
                "bench/{name} has too few {class}"
            );
        }
    }
}

#[test]
#[ignore = "rewrites bench/worth.svg from the README's worth table"]
fn write_the_worth_picture_of_the_readme_table() {
    let svg = worth_svg(&readme_worth_bars(), README_CAPTION);
    parse_and_check(&svg);
    std::fs::write(bench_file("worth.svg"), svg).unwrap();
}

#[test]
#[ignore = "needs Chromium: renders the pictures of bench/ headless"]
fn the_pictures_in_bench_render_in_headless_chromium() {
    for name in ["lab.svg", "worth.svg", "stats.svg"] {
        let png = temp_path(&name.replace(".svg", ".png"));
        let status = Command::new("chromium")
            .args(["--headless", "--no-sandbox", "--disable-gpu"])
            .arg(format!("--screenshot={}", png.display()))
            .arg("--window-size=1000,1200")
            .arg(format!("file://{}", bench_file(name).display()))
            .output()
            .expect("chromium runs (apt-get install chromium)")
            .status;
        assert!(status.success(), "chromium failed on {name}");
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert!(bytes.starts_with(b"\x89PNG"), "{name}: not a PNG");
        assert!(bytes.len() > 20_000, "{name}: an empty page?");
        println!("{name}: {}", png.display());
    }
}
