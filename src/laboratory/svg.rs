//! # The laboratory in pictures: SVG charts, std only
//!
//! A learner would rather look than read a column of node counts. SVG is
//! text, so these charts are written with `format!` alone and open in any
//! browser. Three pictures, one per laboratory command:
//!
//! * [`lab_svg`] (`umax lab A B --svg FILE`). Left: the nodes each setting
//!   needs to finish each depth, summed over the positions, on a log scale
//!   (a straight line is a constant branching factor; the lower line is the
//!   smaller tree), with each iteration's effective branching factor (EBF)
//!   under the axis. Right: B's nodes over A's at each depth, paired by
//!   position: the geometric mean of the positions' ratios with its 95 %
//!   interval (the paired t-test on log nodes, [`paired_summary`]), and the
//!   same for all iterations together (`all`, the row `nodes` of the lab's
//!   paired table). An interval clear of the dashed line at 1 is a
//!   difference the positions agree on.
//! * [`worth_svg`] (`umax selfplay --worth --svg FILE`). One row per
//!   technique: the Elo the default gains over the technique turned off (or
//!   set to its alternative), with its 95 % error bar. A bar that crosses 0
//!   is not resolved and is drawn grey.
//! * [`bench_svg`] (`umax bench --stats --svg FILE`). Left: where the nodes
//!   go. Each iteration's nodes split into full-width passes, quiescence
//!   passes and micro-Max's scoring passes (see
//!   [`Counters`](crate::search::stats::Counters)), as shares of the
//!   iteration, with its node count under the bar. Right: how often the first
//!   move (FH1) or one of the first four (FH4) made an iteration's beta
//!   cut-offs, per depth.
//!
//! Every point, bar and segment carries a `<title>`, which a browser shows
//! as a tooltip with the exact figure, and a `class` naming what it is
//! (`point-a`, `point-b`, `ratio`, `worth`, `full-width`, `quiescence`,
//! `scoring`, `fh1`, `fh4`), which the tests read.

use std::fmt::Write;
use std::path::Path;

use crate::lab::{LabRun, paired_summary, same_best_moves};
use crate::search::SearchStats;
use crate::search::stats::Counters;

// ---------------------------------------------------------------------------
// Colours and type
// ---------------------------------------------------------------------------

/// Setting A, and the full-width passes (Okabe and Ito's colour-blind-safe
/// palette, as are the others).
const BLUE: &str = "#0072b2";
/// Setting B.
const VERMILLION: &str = "#d55e00";
/// Quiescence passes.
const ORANGE: &str = "#e69f00";
/// Scoring passes.
const GREEN: &str = "#009e73";
/// Grid lines.
const GRID: &str = "#e2e2e2";
/// Axes and text.
const INK: &str = "#222222";
/// Secondary text, and what is not resolved.
const GREY: &str = "#8a8a8a";
/// The fonts, in the order a browser should try them.
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// The average width of a character, in font sizes (generous for DejaVu
/// Sans), used to keep labels inside their room.
const CHARACTER_WIDTH: f64 = 0.62;

// ---------------------------------------------------------------------------
// Writing SVG
// ---------------------------------------------------------------------------

/// `text` with the characters XML reserves written as entities, so that a
/// spec or a technique's name can go into an element or an attribute.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// Write `svg` to `path`.
pub fn save(path: &Path, svg: &str) -> Result<(), String> {
    std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// How a piece of text is set.
#[derive(Clone, Copy)]
struct Text {
    size: f64,
    /// `start`, `middle` or `end`: which end of the text sits at x.
    anchor: &'static str,
    fill: &'static str,
    bold: bool,
    /// Turned a quarter left, for a vertical axis's title.
    vertical: bool,
    class: &'static str,
}

impl Text {
    /// 12 px, ink, starting at x.
    const PLAIN: Text = Text {
        size: 12.0,
        anchor: "start",
        fill: INK,
        bold: false,
        vertical: false,
        class: "",
    };

    fn size(self, size: f64) -> Text {
        Text { size, ..self }
    }
    fn middle(self) -> Text {
        Text {
            anchor: "middle",
            ..self
        }
    }
    fn end(self) -> Text {
        Text {
            anchor: "end",
            ..self
        }
    }
    fn fill(self, fill: &'static str) -> Text {
        Text { fill, ..self }
    }
    fn bold(self) -> Text {
        Text { bold: true, ..self }
    }
    fn vertical(self) -> Text {
        Text {
            vertical: true,
            ..self
        }
    }
    fn class(self, class: &'static str) -> Text {
        Text { class, ..self }
    }
}

/// A picture being drawn: its size and its elements so far, as text.
struct Canvas {
    width: f64,
    height: f64,
    body: String,
}

/// A coordinate as SVG gets it: one decimal, and never NaN or infinite.
fn coordinate(value: f64) -> String {
    let value = if value.is_finite() { value } else { 0.0 };
    let text = format!("{value:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_string)
}

impl Canvas {
    fn new(width: f64, height: f64) -> Canvas {
        Canvas {
            width,
            height,
            body: String::new(),
        }
    }

    /// The whole document; `title` names it (browsers show it as the tab's
    /// name).
    fn finish(self, title: &str) -> String {
        let (width, height) = (coordinate(self.width), coordinate(self.height));
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" font-size=\"12\">\n\
             <title>{}</title>\n\
             <rect class=\"background\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
             {}</svg>\n",
            escape(title),
            self.body
        )
    }

    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
            coordinate(from.0),
            coordinate(from.1),
            coordinate(to.0),
            coordinate(to.1)
        );
    }

    fn dashed_line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, class: &str) {
        let _ = writeln!(
            self.body,
            "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>",
            coordinate(from.0),
            coordinate(from.1),
            coordinate(to.0),
            coordinate(to.1)
        );
    }

    /// A rectangle whose tooltip is `tooltip`.
    fn rect(
        &mut self,
        corner: (f64, f64),
        size: (f64, f64),
        fill: &str,
        class: &str,
        tooltip: &str,
    ) {
        let _ = writeln!(
            self.body,
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"><title>{}</title></rect>",
            coordinate(corner.0),
            coordinate(corner.1),
            coordinate(size.0.max(0.0)),
            coordinate(size.1.max(0.0)),
            escape(tooltip)
        );
    }

    /// A small square of colour, for a legend.
    fn swatch(&mut self, corner: (f64, f64), fill: &str) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"11\" height=\"11\" fill=\"{fill}\"/>",
            coordinate(corner.0),
            coordinate(corner.1)
        );
    }

    /// The picture's title, large and bold, at the top left.
    fn title(&mut self, title: &str) {
        self.text((24.0, 28.0), title, Text::PLAIN.size(16.0).bold());
    }

    /// The line under the title saying what was measured, in grey, cut to
    /// the picture's width.
    fn caption(&mut self, caption: &str) {
        self.text(
            (24.0, 48.0),
            &shorten(caption, characters_in(self.width - 48.0, 11.5)),
            Text::PLAIN.size(11.5).fill(GREY).class("caption"),
        );
    }

    /// A legend in one row from `corner` (the top left of its first swatch):
    /// for each `(name, colour)`, a swatch and the name after it.
    fn legend_row<'a>(
        &mut self,
        corner: (f64, f64),
        entries: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) {
        let (mut x, top) = corner;
        for (name, colour) in entries {
            self.swatch((x, top), colour);
            self.text(
                (x + 15.0, top + 10.0),
                name,
                Text::PLAIN.size(11.5).class("legend"),
            );
            x += 15.0 + name.len() as f64 * 11.5 * CHARACTER_WIDTH + 16.0;
        }
    }

    /// A dot whose tooltip is `tooltip`; `hollow` draws only its ring.
    fn dot(&mut self, centre: (f64, f64), colour: &str, hollow: bool, class: &str, tooltip: &str) {
        let fill = if hollow { "white" } else { colour };
        let _ = writeln!(
            self.body,
            "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"1.8\"><title>{}</title></circle>",
            coordinate(centre.0),
            coordinate(centre.1),
            escape(tooltip)
        );
    }

    fn polyline(&mut self, points: &[(f64, f64)], stroke: &str) {
        if points.len() < 2 {
            return;
        }
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", coordinate(x), coordinate(y)))
            .collect();
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
            points.join(" ")
        );
    }

    /// An error bar from `low` to `high` (either way up) across x or y.
    fn error_bar(&mut self, low: (f64, f64), high: (f64, f64), colour: &str) {
        self.line(low, high, colour, 1.6);
        let vertical = (low.0 - high.0).abs() < 0.01;
        for end in [low, high] {
            if vertical {
                self.line((end.0 - 5.0, end.1), (end.0 + 5.0, end.1), colour, 1.6);
            } else {
                self.line((end.0, end.1 - 5.0), (end.0, end.1 + 5.0), colour, 1.6);
            }
        }
    }

    fn text(&mut self, at: (f64, f64), content: &str, style: Text) {
        let (x, y) = (coordinate(at.0), coordinate(at.1));
        let class = if style.class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", style.class)
        };
        let weight = if style.bold {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let rotation = if style.vertical {
            format!(" transform=\"rotate(-90 {x} {y})\"")
        } else {
            String::new()
        };
        let _ = writeln!(
            self.body,
            "<text{class} x=\"{x}\" y=\"{y}\" font-size=\"{}\" text-anchor=\"{}\" fill=\"{}\"{weight}{rotation}>{}</text>",
            coordinate(style.size),
            style.anchor,
            style.fill,
            escape(content)
        );
    }
}

/// `text`, cut to at most `characters` characters with an ellipsis.
fn shorten(text: &str, characters: usize) -> String {
    if text.chars().count() <= characters {
        return text.to_string();
    }
    let kept: String = text.chars().take(characters.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// How many characters of `size` pixels fit in `room` pixels.
fn characters_in(room: f64, size: f64) -> usize {
    (room / (size * CHARACTER_WIDTH)).max(4.0) as usize
}

/// The font size (at most `largest`) at which `characters` characters fit
/// in `room` pixels.
fn fitting_size(room: f64, characters: usize, largest: f64) -> f64 {
    (room / (characters.max(1) as f64 * CHARACTER_WIDTH)).clamp(7.0, largest)
}

// ---------------------------------------------------------------------------
// Scales, ticks and numbers
// ---------------------------------------------------------------------------

/// Maps values (of a linear or logarithmic domain) to pixels.
#[derive(Clone, Copy, Debug)]
struct Scale {
    domain: (f64, f64),
    pixels: (f64, f64),
    logarithmic: bool,
}

impl Scale {
    fn linear(domain: (f64, f64), pixels: (f64, f64)) -> Scale {
        Scale {
            domain,
            pixels,
            logarithmic: false,
        }
    }

    fn logarithmic(domain: (f64, f64), pixels: (f64, f64)) -> Scale {
        Scale {
            domain,
            pixels,
            logarithmic: true,
        }
    }

    /// The pixel of `value`; values outside the domain are held at its ends.
    fn at(&self, value: f64) -> f64 {
        let transform = |v: f64| if self.logarithmic { v.log10() } else { v };
        let (low, high) = (transform(self.domain.0), transform(self.domain.1));
        let value = transform(value.clamp(self.domain.0, self.domain.1));
        let share = if high > low {
            (value - low) / (high - low)
        } else {
            0.5
        };
        self.pixels.0 + share * (self.pixels.1 - self.pixels.0)
    }
}

/// Round-number ticks from `low` to `high`: about `count` of them, a step of
/// 1, 2 or 5 times a power of ten.
fn linear_ticks(low: f64, high: f64, count: usize) -> Vec<f64> {
    let span = high - low;
    if span <= 0.0 || !span.is_finite() {
        return vec![low];
    }
    let rough = span / count.max(1) as f64;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|step| span / step <= count as f64)
        .unwrap_or(10.0 * power);
    let first = (low / step).ceil() as i64;
    let last = (high / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// Ticks for a logarithmic axis from `low` to `high` (both > 0): powers of
/// ten, or 1-2-5 steps, or finer, whichever first gives three; round linear
/// ticks when the domain is narrower than that.
fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let mantissas: [&[f64]; 3] = [
        &[1.0],
        &[1.0, 2.0, 5.0],
        &[1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0],
    ];
    let tolerance = 1e-9;
    for set in mantissas {
        let mut ticks = Vec::new();
        let first = low.log10().floor() as i32 - 1;
        let last = high.log10().ceil() as i32 + 1;
        for power in first..=last {
            for mantissa in set {
                // Divided for negative powers, so that 0.3 is 3 / 10 exactly.
                let value = if power >= 0 {
                    mantissa * 10f64.powi(power)
                } else {
                    mantissa / 10f64.powi(-power)
                };
                if value >= low * (1.0 - tolerance) && value <= high * (1.0 + tolerance) {
                    ticks.push(value);
                }
            }
        }
        if ticks.len() >= 3 {
            return ticks;
        }
    }
    linear_ticks(low, high, 4)
        .into_iter()
        .filter(|&t| t > 0.0)
        .collect()
}

/// `1404473` as `1,404,473`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// A count in at most four characters or so: `950`, `12k`, `1.4M`, `2.5G`.
pub fn compact_count(count: f64) -> String {
    let (value, suffix) = match count.abs() {
        c if c >= 1e9 => (count / 1e9, "G"),
        c if c >= 1e6 => (count / 1e6, "M"),
        c if c >= 1e3 => (count / 1e3, "k"),
        _ => (count, ""),
    };
    format!("{}{suffix}", significant(value, 2))
}

/// `value` with `digits` significant digits (at least the integer part),
/// without trailing zeros: `1.4`, `12`, `150`, `0.85`.
fn significant(value: f64, digits: i32) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (digits - 1 - magnitude).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// An Elo figure for a label, as the worth table writes it: `+12.3`,
/// `-4.0`, `+0.0` (never `-0.0`), `+inf`.
fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        return if elo > 0.0 { "+inf" } else { "-inf" }.to_string();
    }
    if elo.abs() < 0.05 {
        return "+0.0".to_string();
    }
    format!("{elo:+.1}")
}

// ---------------------------------------------------------------------------
// Plot areas and axes
// ---------------------------------------------------------------------------

/// The rectangle a chart's data is drawn in.
#[derive(Clone, Copy, Debug)]
struct Area {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Area {
    /// The left and right chart areas of a 960 pixels wide picture of two
    /// charts side by side (`umax lab`, `umax bench --stats`), from `top`
    /// down to the same bottom, with room for the strips under them.
    fn side_by_side(top: f64) -> (Area, Area) {
        let area = |left, right| Area {
            left,
            top,
            right,
            bottom: 342.0,
        };
        (area(84.0, 436.0), area(564.0, 926.0))
    }

    /// The centre of column `index` of `columns` equal columns.
    fn column(&self, index: usize, columns: usize) -> f64 {
        let width = self.column_width(columns);
        self.left + width * (index as f64 + 0.5)
    }

    fn column_width(&self, columns: usize) -> f64 {
        (self.right - self.left) / columns.max(1) as f64
    }

    /// Horizontal grid lines and labels at `ticks` of `scale`, a frame on
    /// the left and bottom, and the axis's title, turned, to the left.
    fn y_axis(&self, canvas: &mut Canvas, scale: &Scale, ticks: &[f64], label: fn(f64) -> String) {
        for &tick in ticks {
            let y = scale.at(tick);
            canvas.line((self.left, y), (self.right, y), GRID, 1.0);
            canvas.text(
                (self.left - 6.0, y + 4.0),
                &label(tick),
                Text::PLAIN.size(11.0).end().class("tick"),
            );
        }
        canvas.line((self.left, self.top), (self.left, self.bottom), INK, 1.0);
        canvas.line(
            (self.left, self.bottom),
            (self.right, self.bottom),
            INK,
            1.0,
        );
    }

    /// The axis's title, turned, left of the tick labels.
    fn y_title(&self, canvas: &mut Canvas, title: &str, offset: f64) {
        let middle = (self.top + self.bottom) / 2.0;
        canvas.text(
            (self.left - offset, middle),
            title,
            Text::PLAIN
                .size(11.0)
                .middle()
                .vertical()
                .class("axis-title"),
        );
    }

    /// Labels under the columns, and the axis's title under them.
    fn x_labels(&self, canvas: &mut Canvas, labels: &[String], title: &str) {
        for (index, label) in labels.iter().enumerate() {
            canvas.text(
                (self.column(index, labels.len()), self.bottom + 16.0),
                label,
                Text::PLAIN.size(11.0).middle().class("tick"),
            );
        }
        canvas.text(
            ((self.left + self.right) / 2.0, self.bottom + 33.0),
            title,
            Text::PLAIN.size(11.0).middle().class("axis-title"),
        );
    }

    /// A row of figures under the columns (`None`: a dash), with its name at
    /// the left, in `colour`; `row` 0 is the first under the axis's title,
    /// the others follow it down.
    fn strip(
        &self,
        canvas: &mut Canvas,
        row: usize,
        name: &str,
        values: &[Option<String>],
        colour: &'static str,
        class: &'static str,
    ) {
        let y = self.bottom + 62.0 + 18.0 * row as f64;
        canvas.text(
            (self.left - 8.0, y),
            name,
            Text::PLAIN.size(11.0).end().fill(colour).bold(),
        );
        let widest = values.iter().flatten().map(|v| v.chars().count()).max();
        let size = fitting_size(
            self.column_width(values.len()) - 2.0,
            widest.unwrap_or(1),
            11.0,
        );
        for (index, value) in values.iter().enumerate() {
            canvas.text(
                (self.column(index, values.len()), y),
                value.as_deref().unwrap_or("–"),
                Text::PLAIN.size(size).middle().fill(colour).class(class),
            );
        }
    }
}

/// The domain of a log axis holding `values` (those > 0), with a little
/// room at both ends: at least a factor of ten.
fn padded(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values
        .filter(|v| *v > 0.0 && v.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(low, high), v| {
            (low.min(v), high.max(v))
        });
    if high == 0.0 {
        return (1.0, 10.0);
    }
    let (low, high) = (low / 1.4, high * 1.4);
    let widen = (10.0 / (high / low)).max(1.0).sqrt();
    (low / widen, high * widen)
}

// ---------------------------------------------------------------------------
// umax lab
// ---------------------------------------------------------------------------

/// Nodes to the end of each iteration over all of `run`'s positions (index
/// 0 = depth 1). A position whose search ended sooner (a mate, a single
/// move) counts at the deeper iterations what it had used, as the lab's
/// table counts it.
pub fn nodes_to_depth(run: &LabRun) -> Vec<u64> {
    (0..iterations(run))
        .map(|index| per_position_to_depth(run, index).iter().sum::<f64>() as u64)
        .collect()
}

/// The deepest iteration any of `run`'s positions finished.
fn iterations(run: &LabRun) -> usize {
    run.positions
        .iter()
        .map(|position| position.iteration_nodes.len())
        .max()
        .unwrap_or(0)
}

/// Each position's nodes by the end of iteration `index`.
fn per_position_to_depth(run: &LabRun, index: usize) -> Vec<f64> {
    run.positions
        .iter()
        .map(|position| {
            let at = index.min(position.iteration_nodes.len().saturating_sub(1));
            position
                .iteration_nodes
                .get(at)
                .copied()
                .unwrap_or(position.nodes) as f64
        })
        .collect()
}

/// The effective branching factor of iteration `index` from the nodes to
/// each depth: that iteration's own nodes over the previous one's, as
/// [`SearchStats::branching_factor`] computes it.
pub fn branching_factor(to_depth: &[u64], index: usize) -> Option<f64> {
    let own = |i: usize| to_depth[i].saturating_sub(if i == 0 { 0 } else { to_depth[i - 1] });
    (index > 0 && index < to_depth.len()).then(|| own(index) as f64 / own(index - 1).max(1) as f64)
}

/// B's figures over A's, paired by position: the geometric mean of the
/// ratios and, from two positions on, its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedRatio {
    /// exp(mean(ln b - ln a)).
    pub ratio: f64,
    /// The 95 % interval of the ratio, from the paired t-test on logs.
    pub interval: Option<(f64, f64)>,
}

/// The [`PairedRatio`] of `b` over `a`; `None` unless every figure is
/// above 0 and there is at least one pair.
pub fn paired_ratio(a: &[f64], b: &[f64]) -> Option<PairedRatio> {
    let n = a.len().min(b.len());
    if n == 0 || !a[..n].iter().chain(&b[..n]).all(|&v| v > 0.0) {
        return None;
    }
    if n == 1 {
        return Some(PairedRatio {
            ratio: b[0] / a[0],
            interval: None,
        });
    }
    let summary = paired_summary(&a[..n], &b[..n]);
    let log_test = summary.log_test?;
    let (low, high) = log_test.confidence_interval_95;
    Some(PairedRatio {
        ratio: summary.geometric_mean_ratio,
        interval: Some((low.exp(), high.exp())),
    })
}

/// A ratio for a label: `0.62`, `1.2`, `14`.
fn ratio_text(ratio: f64) -> String {
    if ratio >= 9.995 {
        format!("{ratio:.0}")
    } else if ratio >= 0.1 {
        format!("{ratio:.2}")
    } else {
        significant(ratio, 2)
    }
}

/// The picture of `umax lab A B`: nodes to depth for both settings on a log
/// scale with each iteration's EBF, and B/A per depth with its 95 % interval
/// (see the module's documentation).
pub fn lab_svg(a: &LabRun, b: &LabRun) -> String {
    let width = 960.0;
    let height = 486.0;
    let mut canvas = Canvas::new(width, height);
    let positions = a.positions.len().min(b.positions.len());
    canvas.title("umax lab: the same positions searched under two settings");
    for (row, (name, run, colour)) in [("A", a, BLUE), ("B", b, VERMILLION)]
        .into_iter()
        .enumerate()
    {
        let y = 50.0 + 18.0 * row as f64;
        canvas.swatch((24.0, y - 10.0), colour);
        canvas.text(
            (42.0, y),
            &format!(
                "{name}: {}",
                shorten(&run.spec, characters_in(width - 42.0 - 24.0, 12.0) - 3)
            ),
            Text::PLAIN.fill(colour).bold().class("legend"),
        );
    }
    canvas.text(
        (width - 24.0, 28.0),
        &format!(
            "{positions} position{}, each from an empty table",
            if positions == 1 { "" } else { "s" }
        ),
        Text::PLAIN.size(11.0).end().fill(GREY),
    );

    let (left, right) = Area::side_by_side(112.0);

    // Left: nodes to depth, log scale.
    let to_depth = [nodes_to_depth(a), nodes_to_depth(b)];
    let depths = to_depth[0].len().max(to_depth[1].len());
    canvas.text(
        (left.left, 98.0),
        "Nodes to depth, all positions (log scale)",
        Text::PLAIN.size(13.0).bold(),
    );
    let domain = padded(to_depth.iter().flatten().map(|&n| n as f64));
    let scale = Scale::logarithmic(domain, (left.bottom, left.top));
    left.y_axis(&mut canvas, &scale, &log_ticks(domain.0, domain.1), |n| {
        compact_count(n)
    });
    left.y_title(&mut canvas, "nodes to depth", 52.0);
    let depth_labels: Vec<String> = (1..=depths).map(|d| d.to_string()).collect();
    left.x_labels(&mut canvas, &depth_labels, "depth (plies)");
    for (nodes, (name, colour, class)) in to_depth
        .iter()
        .zip([("A", BLUE, "point-a"), ("B", VERMILLION, "point-b")])
    {
        let points: Vec<(f64, f64)> = nodes
            .iter()
            .enumerate()
            .map(|(index, &n)| (left.column(index, depths), scale.at(n as f64)))
            .collect();
        canvas.polyline(&points, colour);
        for (index, &point) in points.iter().enumerate() {
            let ebf = branching_factor(nodes, index)
                .map_or(String::new(), |ebf| format!(", EBF {ebf:.2}"));
            canvas.dot(
                point,
                colour,
                false,
                class,
                &format!(
                    "{name}, depth {}: {} nodes to depth{ebf}",
                    index + 1,
                    thousands(nodes[index])
                ),
            );
        }
    }
    for (row, (nodes, (name, colour, class))) in to_depth
        .iter()
        .zip([("EBF A", BLUE, "ebf-a"), ("EBF B", VERMILLION, "ebf-b")])
        .enumerate()
    {
        let values: Vec<Option<String>> = (0..depths)
            .map(|index| branching_factor(nodes, index).map(|ebf| format!("{ebf:.2}")))
            .collect();
        left.strip(&mut canvas, row, name, &values, colour, class);
    }

    // Right: B/A per depth, paired by position, and over all iterations.
    let common = iterations(a).min(iterations(b));
    let mut ratios: Vec<Option<PairedRatio>> = (0..common)
        .map(|index| {
            paired_ratio(
                &per_position_to_depth(a, index),
                &per_position_to_depth(b, index),
            )
        })
        .collect();
    let all_nodes =
        |run: &LabRun| -> Vec<f64> { run.positions.iter().map(|p| p.nodes as f64).collect() };
    ratios.push(paired_ratio(&all_nodes(a), &all_nodes(b)));
    let columns = ratios.len();
    canvas.text(
        (right.left, 98.0),
        "B / A nodes to depth (geometric mean)",
        Text::PLAIN.size(13.0).bold(),
    );
    let mut extent = vec![1.0];
    for ratio in ratios.iter().flatten() {
        extent.push(ratio.ratio);
        if let Some((low, high)) = ratio.interval {
            extent.extend([low, high]);
        }
    }
    let finite = extent.iter().filter(|v| v.is_finite() && **v > 0.0);
    let low = finite.clone().fold(f64::INFINITY, |m, &v| m.min(v)) / 1.08;
    let high = finite.fold(0.0f64, |m, &v| m.max(v)) * 1.08;
    let scale = Scale::logarithmic((low, high), (right.bottom, right.top));
    right.y_axis(&mut canvas, &scale, &log_ticks(low, high), |r| {
        significant(r, 3)
    });
    right.y_title(&mut canvas, "B/A over the positions, 95 % interval", 44.0);
    canvas.dashed_line(
        (right.left, scale.at(1.0)),
        (right.right, scale.at(1.0)),
        GREY,
        "same",
    );
    canvas.text(
        (right.right - 4.0, scale.at(1.0) - 5.0),
        "same size",
        Text::PLAIN.size(10.0).end().fill(GREY),
    );
    let mut ratio_labels: Vec<String> = (1..columns).map(|d| d.to_string()).collect();
    ratio_labels.push("all".to_string());
    right.x_labels(
        &mut canvas,
        &ratio_labels,
        "depth (plies); all = every iteration",
    );
    let mut points = Vec::new();
    for (index, ratio) in ratios.iter().enumerate() {
        let Some(ratio) = ratio else { continue };
        let x = right.column(index, columns);
        let y = scale.at(ratio.ratio);
        if let Some((low, high)) = ratio.interval {
            canvas.error_bar((x, scale.at(low)), (x, scale.at(high)), VERMILLION);
        }
        let what = if index + 1 == columns {
            "all iterations".to_string()
        } else {
            points.push((x, y));
            format!("depth {}", index + 1)
        };
        let interval = ratio
            .interval
            .map_or(" (one position: no interval)".to_string(), |(low, high)| {
                format!(" (95 % {} to {})", ratio_text(low), ratio_text(high))
            });
        canvas.dot(
            (x, y),
            VERMILLION,
            index + 1 == columns,
            "ratio",
            &format!("{what}: B/A {}{interval}", ratio_text(ratio.ratio)),
        );
    }
    canvas.polyline(&points, VERMILLION);
    let values: Vec<Option<String>> = ratios
        .iter()
        .map(|r| r.map(|r| ratio_text(r.ratio)))
        .collect();
    right.strip(&mut canvas, 0, "B/A", &values, VERMILLION, "ratio-value");

    // The footer: the paired table's two ratios in words.
    let millis = |run: &LabRun| -> Vec<f64> {
        run.positions
            .iter()
            .map(|p| p.elapsed.as_secs_f64() * 1000.0)
            .collect()
    };
    let in_words = |ratio: Option<PairedRatio>| match ratio {
        Some(PairedRatio {
            ratio,
            interval: Some((low, high)),
        }) => format!(
            "{} (95 % {} to {})",
            ratio_text(ratio),
            ratio_text(low),
            ratio_text(high)
        ),
        Some(PairedRatio { ratio, .. }) => ratio_text(ratio),
        None => "-".to_string(),
    };
    let same = same_best_moves(a, b);
    canvas.text(
        (24.0, height - 16.0),
        &format!(
            "All iterations, per position, B/A: nodes {}, time {}; the same move in {same} of {positions}.",
            in_words(paired_ratio(&all_nodes(a), &all_nodes(b))),
            in_words(paired_ratio(&millis(a), &millis(b))),
        ),
        Text::PLAIN.size(11.0).class("footer"),
    );
    canvas.finish(&format!("umax lab: A = {}, B = {}", a.spec, b.spec))
}

// ---------------------------------------------------------------------------
// umax selfplay --worth
// ---------------------------------------------------------------------------

/// One row of the worth picture: what the default scored against one
/// alternative.
#[derive(Clone, Debug, PartialEq)]
pub struct WorthBar {
    /// The technique, as the worth table names it.
    pub technique: String,
    /// The spec the default played against (`null=off`).
    pub alternative: String,
    /// The default's Elo against it; `None` when no game was finished.
    pub elo: Option<f64>,
    /// Lower end of the 95 % interval.
    pub lower: f64,
    /// Upper end of the 95 % interval.
    pub upper: f64,
    /// Games played.
    pub games: u64,
}

impl WorthBar {
    /// Does the interval exclude 0?
    pub fn is_resolved(&self) -> bool {
        self.elo.is_some() && (self.lower > 0.0 || self.upper < 0.0)
    }

    /// The figure as the table gives it: `+72.7 ± 42.7`, or `+20.0 (+4.0 to
    /// +36.0)` when the interval is lopsided, `+inf ± inf` when one side won
    /// every game; `, n.r.` when not resolved.
    pub fn figure(&self) -> String {
        let Some(elo) = self.elo else {
            return "no games".to_string();
        };
        let (above, below) = (self.upper - elo, elo - self.lower);
        let mut text = if elo.is_infinite() {
            format!("{} ± inf", signed(elo))
        } else if above.is_finite() && below.is_finite() && (above - below).abs() < 0.15 {
            format!("{} ± {:.1}", signed(elo), (above + below) / 2.0)
        } else {
            format!(
                "{} ({} to {})",
                signed(elo),
                signed(self.lower),
                signed(self.upper)
            )
        };
        if !self.is_resolved() {
            text.push_str(", n.r.");
        }
        text
    }
}

/// The picture of `umax selfplay --worth`: one row per technique with its
/// Elo and 95 % error bar, resolved rows in colour, the others grey.
/// `caption` says how the figures were measured (time control, games).
pub fn worth_svg(bars: &[WorthBar], caption: &str) -> String {
    let width = 1000.0;
    let row_height = 30.0;
    let top = 128.0;
    let height = top + row_height * bars.len().max(1) as f64 + 60.0;
    let mut canvas = Canvas::new(width, height);
    canvas.title("What each technique of umax's default search is worth");
    canvas.caption(caption);
    // Legend.
    canvas.dot((30.0, 68.0), BLUE, false, "legend", "resolved");
    canvas.text(
        (40.0, 72.0),
        "resolved: the 95 % interval excludes 0",
        Text::PLAIN.size(11.5),
    );
    canvas.dot((300.0, 68.0), GREY, true, "legend", "not resolved");
    canvas.text(
        (310.0, 72.0),
        "not resolved (n.r.): the interval contains 0",
        Text::PLAIN.size(11.5),
    );

    let area = Area {
        left: 440.0,
        top,
        right: 716.0,
        bottom: top + row_height * bars.len().max(1) as f64,
    };
    let finite: Vec<f64> = bars
        .iter()
        .filter(|bar| bar.elo.is_some())
        .flat_map(|bar| [bar.elo.unwrap_or(0.0), bar.lower, bar.upper])
        .filter(|v| v.is_finite())
        .chain([0.0])
        .collect();
    let low = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let high = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ticks = linear_ticks(low, high, 6);
    let step = if ticks.len() > 1 {
        ticks[1] - ticks[0]
    } else {
        50.0
    };
    let domain = (
        (low / step).floor() * step,
        ((high / step).ceil() * step).max(low + step),
    );
    let ticks = linear_ticks(domain.0, domain.1, 6);
    let scale = Scale::linear(domain, (area.left, area.right));

    // Column heads, grid and tick labels above and below.
    canvas.text(
        (area.left - 12.0, top - 22.0),
        "technique (the default against)",
        Text::PLAIN.size(11.5).end().bold(),
    );
    canvas.text(
        (area.right + 12.0, top - 22.0),
        "Elo ± 95 %",
        Text::PLAIN.size(11.5).bold(),
    );
    canvas.text(
        (width - 16.0, top - 22.0),
        "games",
        Text::PLAIN.size(11.5).end().bold(),
    );
    for &tick in &ticks {
        let x = scale.at(tick);
        let colour = if tick == 0.0 { INK } else { GRID };
        canvas.line((x, area.top - 4.0), (x, area.bottom + 4.0), colour, 1.0);
        for y in [area.top - 8.0, area.bottom + 18.0] {
            canvas.text(
                (x, y),
                &if tick == 0.0 {
                    "0".to_string()
                } else {
                    format!("{tick:+}")
                },
                Text::PLAIN.size(10.5).middle().class("tick"),
            );
        }
    }
    canvas.text(
        ((area.left + area.right) / 2.0, area.bottom + 36.0),
        "Elo of the default against the alternative (95 % interval)",
        Text::PLAIN.size(11.0).middle().class("axis-title"),
    );

    let label_room = area.left - 24.0 - 12.0;
    for (index, bar) in bars.iter().enumerate() {
        let middle = top + row_height * (index as f64 + 0.5);
        if index % 2 == 1 {
            canvas.rect(
                (16.0, middle - row_height / 2.0),
                (width - 28.0, row_height),
                "#f6f6f6",
                "band",
                &bar.technique,
            );
            // Grid lines again over the band.
            for &tick in &ticks {
                let x = scale.at(tick);
                let colour = if tick == 0.0 { INK } else { GRID };
                canvas.line(
                    (x, middle - row_height / 2.0),
                    (x, middle + row_height / 2.0),
                    colour,
                    1.0,
                );
            }
        }
        let characters = characters_in(label_room, 12.0);
        canvas.text(
            (area.left - 12.0, middle - 2.0),
            &shorten(&bar.technique, characters),
            Text::PLAIN.end().class("technique"),
        );
        canvas.text(
            (area.left - 12.0, middle + 11.0),
            &shorten(&bar.alternative, characters_in(label_room, 10.0)),
            Text::PLAIN.size(10.0).end().fill(GREY).class("alternative"),
        );
        let resolved = bar.is_resolved();
        let colour = if resolved { BLUE } else { GREY };
        if let Some(elo) = bar.elo {
            canvas.error_bar(
                (scale.at(bar.lower), middle),
                (scale.at(bar.upper), middle),
                colour,
            );
            canvas.dot(
                (scale.at(elo), middle),
                colour,
                !resolved,
                "worth",
                &format!(
                    "{}: the default against {}: {} Elo, {} games",
                    bar.technique,
                    bar.alternative,
                    bar.figure(),
                    thousands(bar.games)
                ),
            );
        }
        canvas.text(
            (area.right + 12.0, middle + 4.0),
            &bar.figure(),
            Text::PLAIN
                .size(11.5)
                .fill(if resolved { INK } else { GREY })
                .class("figure"),
        );
        canvas.text(
            (width - 16.0, middle + 4.0),
            &thousands(bar.games),
            Text::PLAIN.size(11.5).end().class("games"),
        );
    }
    if bars.is_empty() {
        canvas.text(
            (area.left, top + row_height / 2.0),
            "(no techniques measured)",
            Text::PLAIN.fill(GREY),
        );
    }
    canvas.finish("What each technique of umax's default search is worth")
}

// ---------------------------------------------------------------------------
// umax bench --stats
// ---------------------------------------------------------------------------

/// The three kinds of node pass, with their colour, class and the colour of
/// a figure written on them, in the order the bars stack them from the
/// bottom.
const PASSES: [(&str, &str, &str, &str); 3] = [
    ("full width", BLUE, "full-width", "#ffffff"),
    ("quiescence", ORANGE, "quiescence", INK),
    ("scoring pass", GREEN, "scoring", "#ffffff"),
];

/// The counts of the three passes, in [`PASSES`]' order.
fn pass_counts(counters: &Counters) -> [u64; 3] {
    [
        counters.full_width_nodes,
        counters.quiescence_nodes,
        counters.scoring_nodes,
    ]
}

/// The picture of `umax bench --stats`: each iteration's nodes split by
/// kind of pass, and the fail-high-first rates per depth (see the module's
/// documentation). `caption` says what was searched.
pub fn bench_svg(stats: &SearchStats, caption: &str) -> String {
    let width = 960.0;
    let height = 486.0;
    let mut canvas = Canvas::new(width, height);
    canvas.title("umax bench: where the nodes go, and how often the first move cuts off");
    canvas.caption(caption);
    let (left, right) = Area::side_by_side(122.0);
    let depths = stats.iterations.len();
    let per_depth: Vec<Counters> = (0..depths).map(|i| stats.iteration_counters(i)).collect();

    // Left: shares of each iteration's nodes, and of all of them.
    canvas.text(
        (left.left, 84.0),
        "Each iteration's nodes, by kind of pass",
        Text::PLAIN.size(13.0).bold(),
    );
    canvas.legend_row(
        (left.left, 94.0),
        PASSES.iter().map(|&(name, colour, _, _)| (name, colour)),
    );
    let scale = Scale::linear((0.0, 100.0), (left.bottom, left.top));
    left.y_axis(&mut canvas, &scale, &[0.0, 25.0, 50.0, 75.0, 100.0], |p| {
        format!("{p} %")
    });
    left.y_title(&mut canvas, "share of the iteration's nodes", 52.0);
    let mut columns: Vec<(String, Counters)> = per_depth
        .iter()
        .enumerate()
        .map(|(index, c)| (stats.iterations[index].depth.to_string(), *c))
        .collect();
    columns.push(("all".to_string(), stats.total));
    let bar_width = (left.column_width(columns.len()) * 0.7).min(44.0);
    for (index, (label, counters)) in columns.iter().enumerate() {
        let centre = left.column(index, columns.len());
        let total = counters.nodes();
        let mut share_below = 0.0;
        for ((name, colour, class, ink), count) in PASSES.iter().zip(pass_counts(counters)) {
            let share = if total == 0 {
                0.0
            } else {
                100.0 * count as f64 / total as f64
            };
            let (y_top, y_bottom) = (scale.at(share_below + share), scale.at(share_below));
            let what = if label == "all" {
                "all iterations".to_string()
            } else {
                format!("depth {label}")
            };
            canvas.rect(
                (centre - bar_width / 2.0, y_top),
                (bar_width, y_bottom - y_top),
                colour,
                class,
                &format!(
                    "{what}: {name} {} of {} nodes ({share:.1} %)",
                    thousands(count),
                    thousands(total)
                ),
            );
            if y_bottom - y_top >= 14.0 && bar_width >= 22.0 {
                canvas.text(
                    (centre, (y_top + y_bottom) / 2.0 + 4.0),
                    &format!("{share:.0}"),
                    Text::PLAIN.size(10.0).middle().fill(ink).class("share"),
                );
            }
            share_below += share;
        }
    }
    let labels: Vec<String> = columns.iter().map(|(label, _)| label.clone()).collect();
    left.x_labels(&mut canvas, &labels, "depth (plies); all = every iteration");
    let counts: Vec<Option<String>> = columns
        .iter()
        .map(|(_, c)| Some(compact_count(c.nodes() as f64)))
        .collect();
    left.strip(&mut canvas, 0, "nodes", &counts, INK, "nodes");

    // Right: FH1 and FH4 per depth.
    canvas.text(
        (right.left, 84.0),
        "Beta cut-offs made by the first move(s)",
        Text::PLAIN.size(13.0).bold(),
    );
    let rates = [
        (
            "FH1: the first move",
            BLUE,
            "fh1",
            Counters::fail_high_first_percent as fn(&Counters) -> f64,
        ),
        (
            "FH4: one of the first four",
            VERMILLION,
            "fh4",
            Counters::fail_high_first_four_percent,
        ),
    ];
    canvas.legend_row(
        (right.left, 94.0),
        rates.iter().map(|&(name, colour, _, _)| (name, colour)),
    );
    let scale = Scale::linear((0.0, 100.0), (right.bottom, right.top));
    right.y_axis(&mut canvas, &scale, &linear_ticks(0.0, 100.0, 5), |p| {
        format!("{p} %")
    });
    right.y_title(&mut canvas, "share of the fail-highs", 52.0);
    let depth_labels: Vec<String> = stats
        .iterations
        .iter()
        .map(|iteration| iteration.depth.to_string())
        .collect();
    right.x_labels(&mut canvas, &depth_labels, "depth (plies)");
    for (row, (name, colour, class, rate)) in rates.into_iter().enumerate() {
        let mut points = Vec::new();
        let mut values = Vec::new();
        for (index, counters) in per_depth.iter().enumerate() {
            // An iteration without a fail-high has no rate, not 0 %.
            if counters.fail_highs == 0 {
                values.push(None);
                continue;
            }
            let percent = rate(counters);
            let point = (right.column(index, depths), scale.at(percent));
            points.push(point);
            values.push(Some(format!("{percent:.1}")));
            canvas.dot(
                point,
                colour,
                false,
                class,
                &format!(
                    "depth {}: {name}, {percent:.1} % of {} fail-highs",
                    stats.iterations[index].depth,
                    thousands(counters.fail_highs)
                ),
            );
        }
        canvas.polyline(&points, colour);
        let short = if row == 0 { "FH1 %" } else { "FH4 %" };
        right.strip(
            &mut canvas,
            row,
            short,
            &values,
            colour,
            if row == 0 { "fh1-value" } else { "fh4-value" },
        );
    }

    // The footer: the totals in words.
    let total = &stats.total;
    let share = |count: u64| 100.0 * count as f64 / total.nodes().max(1) as f64;
    canvas.text(
        (24.0, height - 16.0),
        &format!(
            "All iterations: {} nodes (full width {:.1} %, quiescence {:.1} %, scoring {:.1} %); {} fail-highs, FH1 {:.1} %, FH4 {:.1} %.",
            thousands(total.nodes()),
            share(total.full_width_nodes),
            share(total.quiescence_nodes),
            share(total.scoring_nodes),
            thousands(total.fail_highs),
            total.fail_high_first_percent(),
            total.fail_high_first_four_percent()
        ),
        Text::PLAIN.size(11.0).class("footer"),
    );
    canvas.finish("umax bench: where the nodes go")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(thousands(1_404_473), "1,404,473");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(compact_count(950.0), "950");
        assert_eq!(compact_count(12_345.0), "12k");
        assert_eq!(compact_count(1_404_473.0), "1.4M");
        assert_eq!(compact_count(100_000.0), "100k");
        assert_eq!(significant(0.85, 2), "0.85");
        assert_eq!(significant(1.5, 2), "1.5");
        assert_eq!(significant(2.0, 2), "2");
        assert_eq!(signed(-0.01), "+0.0");
        assert_eq!(signed(12.34), "+12.3");
        assert_eq!(signed(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn ticks_are_round_and_inside_the_domain() {
        assert_eq!(
            linear_ticks(0.0, 100.0, 5),
            [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(linear_ticks(-40.0, 130.0, 6), [0.0, 50.0, 100.0]);
        assert_eq!(
            linear_ticks(-100.0, 500.0, 6),
            [-100.0, 0.0, 100.0, 200.0, 300.0, 400.0, 500.0]
        );
        assert_eq!(log_ticks(100.0, 1e6), [100.0, 1e3, 1e4, 1e5, 1e6]);
        // 1-2-5 gives only 0.5 and 1 here: finer steps.
        assert_eq!(log_ticks(0.3, 1.2), [0.3, 0.4, 0.5, 0.6, 0.8, 1.0]);
        assert_eq!(log_ticks(0.05, 3.0), [0.05, 0.1, 0.2, 0.5, 1.0, 2.0]);
        let narrow = log_ticks(0.95, 1.05);
        assert!(narrow.len() >= 2, "{narrow:?}");
        assert!(
            narrow.iter().all(|t| (0.95..=1.05).contains(t)),
            "{narrow:?}"
        );
    }

    #[test]
    fn scales_map_their_domain_onto_their_pixels() {
        let linear = Scale::linear((0.0, 100.0), (300.0, 100.0));
        assert_eq!(linear.at(0.0), 300.0);
        assert_eq!(linear.at(50.0), 200.0);
        assert_eq!(linear.at(150.0), 100.0, "held at the end");
        let log = Scale::logarithmic((10.0, 1000.0), (0.0, 200.0));
        assert!((log.at(100.0) - 100.0).abs() < 1e-9);
        assert_eq!(coordinate(f64::NAN), "0");
        assert_eq!(coordinate(12.0), "12");
        assert_eq!(coordinate(12.25), "12.2");
    }

    #[test]
    fn long_labels_are_shortened_with_an_ellipsis() {
        assert_eq!(shorten("null move", 20), "null move");
        assert_eq!(shorten("late-move reduction", 9), "late-mov…");
    }
}
