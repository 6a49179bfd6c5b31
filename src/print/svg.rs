//! SVG output: the same marks as the PDF, as SVG 1.1 elements with sizes
//! in CSS pixels (one layout point is one pixel), so a file drops into a
//! web page as it is. Text stays text, in Helvetica or the nearest
//! sans-serif the browser has.

use super::layout::{Align, Mark, Page};
use std::fmt::Write;

/// The page as a standalone SVG document.
pub fn write_svg(page: &Page) -> String {
    let (w, h) = (num(page.width), num(page.height));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##
    );
    out.push_str(r##"<g stroke="#000000" stroke-linecap="butt" stroke-linejoin="miter" fill="none">"##);
    out.push('\n');
    for mark in &page.marks {
        match mark {
            Mark::Line { from, to, width } => {
                let _ = writeln!(
                    out,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="{}"/>"#,
                    num(from.0),
                    num(from.1),
                    num(to.0),
                    num(to.1),
                    num(*width)
                );
            }
            Mark::Rect { x, y, w, h, width } => {
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="{}"/>"#,
                    num(*x),
                    num(*y),
                    num(*w),
                    num(*h),
                    num(*width)
                );
            }
            Mark::Fill { x, y, w, h, grey } => {
                let level = (grey.clamp(0.0, 1.0) * 255.0).round() as u8;
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#{level:02x}{level:02x}{level:02x}" stroke="none"/>"##,
                    num(*x),
                    num(*y),
                    num(*w),
                    num(*h),
                );
            }
            Mark::Text { .. } => {}
        }
    }
    out.push_str("</g>\n");
    out.push_str(
        r##"<g font-family="Helvetica, Arial, 'Liberation Sans', sans-serif" fill="#000000" stroke="none">"##,
    );
    out.push('\n');
    for mark in &page.marks {
        if let Mark::Text {
            x,
            y,
            size,
            bold,
            align,
            text,
        } = mark
        {
            let anchor = match align {
                Align::Left => "start",
                Align::Center => "middle",
                Align::Right => "end",
            };
            let weight = if *bold { r#" font-weight="bold""# } else { "" };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}"{weight}>{}</text>"#,
                num(*x),
                num(*y),
                num(*size),
                escape(text)
            );
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// A coordinate with two decimals and no trailing zeros: short, and the
/// same on every machine.
fn num(v: f32) -> String {
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(0.504), "0.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
