//! Advance widths of the PDF base-14 fonts Helvetica and Helvetica-Bold
//! (Adobe's published font metrics, in 1/1000 em), for the characters the
//! pages use. PDF viewers supply these fonts themselves, so the book embeds
//! no font file; the layout needs the widths only to centre and right-align
//! text.

/// Widths of ASCII 32..=126 in Helvetica.
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0..9
    278, 278, 584, 584, 584, 556, 1015, // :..@
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A..M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N..Z
    278, 278, 278, 469, 556, 333, // [..`
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a..m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n..z
    334, 260, 334, 584, // {..~
];

/// Widths of ASCII 32..=126 in Helvetica-Bold.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // space../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0..9
    333, 333, 584, 584, 584, 611, 975, // :..@
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, // A..M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N..Z
    333, 278, 333, 584, 556, 333, // [..`
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, // a..m
    611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, // n..z
    389, 280, 389, 584, // {..~
];

/// Width used for the Latin-1 letters and signs beyond ASCII: the width of
/// a lowercase letter, close enough for centring a title.
const OTHER: u16 = 556;

/// Cap height of Helvetica (both weights), in 1/1000 em: digits and capitals
/// reach this high above the baseline, so half of it centres them
/// vertically.
pub const CAP_HEIGHT: f32 = 0.718;

/// Width of `text` set in Helvetica (or Helvetica-Bold) at `size` points.
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let table = if bold { &BOLD } else { &REGULAR };
    let units: u32 = text
        .chars()
        .map(|ch| match ch as u32 {
            code @ 32..=126 => u32::from(table[(code - 32) as usize]),
            _ => u32::from(OTHER),
        })
        .sum();
    units as f32 * size / 1000.0
}

/// The byte for `ch` in the PDF's WinAnsiEncoding (the encoding the base
/// fonts are used with), or `None` if that encoding has no such character.
/// Only the PDF writer needs it.
#[cfg(feature = "print")]
pub fn win_ansi(ch: char) -> Option<u8> {
    let code = ch as u32;
    match code {
        0x20..=0x7E | 0xA0..=0xFF => Some(code as u8),
        _ => Some(match ch {
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => return None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_share_one_width_and_bold_letters_are_wider() {
        for d in '0'..='9' {
            assert_eq!(text_width(&d.to_string(), 1000.0, false), 556.0);
        }
        assert_eq!(text_width("M", 1000.0, false), 833.0);
        assert_eq!(text_width("W", 1000.0, true), 944.0);
        assert_eq!(text_width("~", 1000.0, true), 584.0);
        assert!(text_width("Puzzle", 10.0, true) > text_width("Puzzle", 10.0, false));
    }

    #[test]
    #[cfg(feature = "print")]
    fn win_ansi_keeps_latin1_and_refuses_the_rest() {
        assert_eq!(win_ansi('A'), Some(b'A'));
        assert_eq!(win_ansi('·'), Some(0xB7));
        assert_eq!(win_ansi('é'), Some(0xE9));
        assert_eq!(win_ansi('–'), Some(0x96));
        assert_eq!(win_ansi('数'), None);
    }
}
