//! PDF output with pdf-writer: the marks of each page become one content
//! stream; text is set in the base-14 fonts Helvetica and Helvetica-Bold
//! (WinAnsiEncoding), so digits stay real text that `pdftotext`, search
//! and screen readers find. No dates or random ids are written, so the
//! same book gives the same bytes.

use super::layout::{Align, Mark, Page};
use super::metrics::{text_width, win_ansi};
use super::options::{Fault, PrintError};
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// Writes `pages` as a PDF document; `title` goes into the document
/// information (what viewers show in their title bar).
pub fn write_pdf(pages: &[Page], title: Option<&str>) -> Result<Vec<u8>, PrintError> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first_page = 6;
    let page_refs: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(first_page + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().copied())
        .count(pages.len() as i32);
    pdf.type1_font(regular)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    {
        let mut doc = pdf.document_info(info);
        doc.producer(TextStr(concat!("sudoku-dlx ", env!("CARGO_PKG_VERSION"))));
        if let Some(title) = title {
            doc.title(TextStr(title));
        }
        doc.finish();
    }
    for (page, &id) in pages.iter().zip(&page_refs) {
        let content_id = Ref::new(id.get() + 1);
        let stream = content(page)?;
        let mut writer = pdf.page(id);
        writer
            .parent(tree)
            .media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .contents(content_id);
        writer.resources().fonts().pair(REGULAR, regular).pair(BOLD, bold);
        writer.finish();
        pdf.stream(content_id, &stream);
    }
    Ok(pdf.finish())
}

/// The content stream of one page. PDF's y axis points up, the layout's
/// down: every y is flipped.
fn content(page: &Page) -> Result<Vec<u8>, PrintError> {
    let mut c = Content::new();
    c.set_line_cap(LineCapStyle::ButtCap);
    c.set_line_join(LineJoinStyle::MiterJoin);
    let flip = |y: f32| page.height - y;
    for mark in &page.marks {
        match mark {
            Mark::Line { from, to, width } => {
                c.set_line_width(*width);
                c.move_to(from.0, flip(from.1));
                c.line_to(to.0, flip(to.1));
                c.stroke();
            }
            Mark::Rect { x, y, w, h, width } => {
                c.set_line_width(*width);
                c.rect(*x, flip(y + h), *w, *h);
                c.stroke();
            }
            Mark::Fill { x, y, w, h, grey } => {
                c.set_fill_gray(*grey);
                c.rect(*x, flip(y + h), *w, *h);
                c.fill_nonzero();
                // Text is filled too: back to black.
                c.set_fill_gray(0.0);
            }
            Mark::Text {
                x,
                y,
                size,
                bold,
                align,
                text,
            } => {
                let bytes = encode(text)?;
                let width = text_width(text, *size, *bold);
                let left = match align {
                    Align::Left => *x,
                    Align::Center => x - width / 2.0,
                    Align::Right => x - width,
                };
                c.begin_text();
                c.set_font(if *bold { BOLD } else { REGULAR }, *size);
                c.next_line(left, flip(*y));
                c.show(Str(&bytes));
                c.end_text();
            }
        }
    }
    Ok(c.finish().to_vec())
}

/// Text in WinAnsiEncoding, or the character the base fonts cannot show.
fn encode(text: &str) -> Result<Vec<u8>, PrintError> {
    text.chars()
        .map(|ch| {
            win_ansi(ch).ok_or_else(|| PrintError(Fault::Unprintable {
                what: format!("\"{text}\""),
                ch,
            }))
        })
        .collect()
}
