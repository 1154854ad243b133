//! The profit graph: the four running-winnings lines of a player (net, all-in adjusted,
//! showdown, non-showdown) as an SVG document, drawn with plotters' SVG backend (the extension's
//! `fpdb.profit_graph` selects the hands and calls [`draw`]).
//!
//! Hands are on x (0 = before the first hand), the amount on y with its unit; a legend names each
//! line with its final value. A series longer than the graph is wide is thinned to the highest
//! and lowest point of each slice of hands (so no swing disappears) and always keeps its last
//! point, so every line ends exactly at its total. Text is laid out with plotters' built-in
//! size estimate (no font files are read); the viewer draws it with its sans-serif font.

use plotters::prelude::*;

/// Line colours: net (green), all-in adjusted (orange), showdown (blue), non-showdown (red).
pub const COLOURS: [RGBColor; 4] = [
    RGBColor(0x1a, 0x96, 0x41),
    RGBColor(0xf0, 0x8c, 0x00),
    RGBColor(0x2c, 0x7b, 0xb6),
    RGBColor(0xd7, 0x19, 0x1c),
];
/// The legend's name of each line, in the order of [`COLOURS`].
pub const NAMES: [&str; 4] = ["net won", "all-in adjusted", "showdown", "non-showdown"];

/// Graph sizes accepted, in pixels.
pub const WIDTHS: std::ops::RangeInclusive<u32> = 300..=4000;
pub const HEIGHTS: std::ops::RangeInclusive<u32> = 200..=4000;

/// Why a graph cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    /// The series are empty or of different lengths.
    #[error("the four series must have the same number of hands, at least one (they have {0:?})")]
    Lengths([usize; 4]),
    /// A value is NaN or infinite.
    #[error("the {0} series has a value that is not a finite number at hand {1}")]
    NotFinite(&'static str, usize),
    /// The size is outside [`WIDTHS`] × [`HEIGHTS`].
    #[error("the graph must be 300 to 4000 pixels wide and 200 to 4000 high, not {0} x {1}")]
    Size(u32, u32),
    /// plotters failed (it should not: the backend writes to a string).
    #[error("drawing the graph failed: {0}")]
    Drawing(String),
}

/// The SVG document of the four running sums ([`NAMES`]), one value per hand, `width` × `height`
/// pixels: titled with `player` and the number of hands, `unit` naming the y axis.
pub fn draw(
    player: &str,
    unit: &str,
    series: &[Vec<f64>; 4],
    size: (u32, u32),
) -> Result<String, GraphError> {
    let n = series[0].len();
    if n == 0 || series.iter().any(|s| s.len() != n) {
        return Err(GraphError::Lengths(series.each_ref().map(Vec::len)));
    }
    for (s, name) in series.iter().zip(NAMES) {
        if let Some(i) = s.iter().position(|v| !v.is_finite()) {
            return Err(GraphError::NotFinite(name, i + 1));
        }
    }
    if !WIDTHS.contains(&size.0) || !HEIGHTS.contains(&size.1) {
        return Err(GraphError::Size(size.0, size.1));
    }
    plot(player, unit, series, size).map_err(|e| GraphError::Drawing(e.to_string()))
}

fn plot(
    player: &str,
    unit: &str,
    series: &[Vec<f64>; 4],
    size: (u32, u32),
) -> Result<String, Box<dyn std::error::Error>> {
    let n = series[0].len();
    let points: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|s| thin(s, size.0 as usize * 2))
        .collect();
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for &(_, y) in points.iter().flatten() {
        lo = lo.min(y);
        hi = hi.max(y);
    }
    let pad = ((hi - lo) * 0.05).max(1.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        let hands = if n == 1 { "hand" } else { "hands" };
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{player}: winnings over {n} {hands}"),
                ("sans-serif", 26),
            )
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(72)
            .build_cartesian_2d(0f64..(n as f64).max(1.0), (lo - pad)..(hi + pad))?;
        chart
            .configure_mesh()
            .x_desc("hands")
            .y_desc(unit)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format_amount(*y))
            .label_style(("sans-serif", 16))
            .axis_desc_style(("sans-serif", 18))
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        // The zero line.
        chart.draw_series(LineSeries::new(
            [(0.0, 0.0), (n as f64, 0.0)],
            BLACK.mix(0.4).stroke_width(1),
        ))?;
        for (i, pts) in points.iter().enumerate() {
            let colour = COLOURS[i];
            let last = series[i][n - 1];
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))?
                .label(format!("{}: {}", NAMES[i], format_amount(last)))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 16))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.5))
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

/// The points of one running sum, from (0, 0) before the first hand: every hand when there are
/// at most `max` of them, else the lowest and the highest of each slice of hands, in hand order,
/// and the last hand.
fn thin(values: &[f64], max: usize) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(values.len().min(max + 2) + 1);
    out.push((0.0, 0.0));
    let n = values.len();
    if n <= max {
        out.extend(values.iter().enumerate().map(|(i, &v)| ((i + 1) as f64, v)));
        return out;
    }
    let slice = n.div_ceil(max / 2);
    for start in (0..n).step_by(slice) {
        let part = &values[start..(start + slice).min(n)];
        let (mut lo, mut hi) = (0, 0);
        for (i, &v) in part.iter().enumerate() {
            if v < part[lo] {
                lo = i;
            }
            if v > part[hi] {
                hi = i;
            }
        }
        let (a, b) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        out.push(((start + a + 1) as f64, part[a]));
        if b != a {
            out.push(((start + b + 1) as f64, part[b]));
        }
    }
    if out.last().map(|p| p.0) != Some(n as f64) {
        out.push((n as f64, values[n - 1]));
    }
    out
}

/// An amount for the axis and the legend: whole numbers as they are, others to 2 decimals.
fn format_amount(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinning_keeps_the_extremes_and_the_end() {
        let values: Vec<f64> = (0..10_000)
            .map(|i| ((i % 97) as f64) - (i as f64) / 100.0)
            .collect();
        let pts = thin(&values, 200);
        assert!(pts.len() <= 202 + 2, "{}", pts.len());
        assert_eq!(pts[0], (0.0, 0.0));
        assert_eq!(*pts.last().unwrap(), (10_000.0, values[9_999]));
        let max = values.iter().cloned().fold(f64::MIN, f64::max);
        let min = values.iter().cloned().fold(f64::MAX, f64::min);
        assert!(pts.iter().any(|p| p.1 == max) && pts.iter().any(|p| p.1 == min));
        // Short series: every hand.
        assert_eq!(
            thin(&[1.0, -2.0], 10),
            vec![(0.0, 0.0), (1.0, 1.0), (2.0, -2.0)]
        );
    }

    #[test]
    fn the_svg_has_the_four_lines_a_legend_and_axes() {
        let s = |v: &[f64]| v.to_vec();
        let svg = draw(
            "Hero",
            "USD",
            &[
                s(&[1.0, 3.5]),
                s(&[0.5, 2.0]),
                s(&[0.0, 3.0]),
                s(&[1.0, 0.5]),
            ],
            (900, 500),
        )
        .unwrap();
        assert!(svg.starts_with("<svg width=\"900\" height=\"500\""));
        for text in [
            "Hero: winnings over 2 hands",
            "net won: 3.50",
            "all-in adjusted: 2",
            "showdown: 3",
            "non-showdown: 0.50",
            "hands",
            "USD",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
        for c in ["#1A9641", "#F08C00", "#2C7BB6", "#D7191C"] {
            assert!(svg.contains(c), "colour {c} missing");
        }
    }

    #[test]
    fn bad_series_and_sizes_are_refused() {
        let one = || vec![1.0];
        let e = draw("p", "u", &[one(), one(), vec![], one()], (900, 500)).unwrap_err();
        assert!(matches!(e, GraphError::Lengths([1, 1, 0, 1])), "{e}");
        let e = draw("p", "u", &[vec![], vec![], vec![], vec![]], (900, 500)).unwrap_err();
        assert!(matches!(e, GraphError::Lengths(_)), "{e}");
        let e = draw("p", "u", &[one(), vec![f64::NAN], one(), one()], (900, 500)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the all-in adjusted series has a value that is not a finite number at hand 1"
        );
        let e = draw("p", "u", &[one(), one(), one(), one()], (299, 500)).unwrap_err();
        assert!(matches!(e, GraphError::Size(299, 500)), "{e}");
        assert!(draw("p", "u", &[one(), one(), one(), one()], (300, 200)).is_ok());
    }
}
