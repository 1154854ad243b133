//! The kept text of an imported hand (`fpdb.RawHands.text`): the hand's UTF-8 text as the import
//! read it, compressed with LZ4 (block format, the text's length in front).
//!
//! LZ4 because the import compresses every hand it stores: a 1.5 KB hand takes a few
//! microseconds, about 1% of what importing it costs, and reading it back is faster still. A
//! hand history repeats its player names, amounts and verbs, so a hand shrinks to about half.
//! PostgreSQL's own compression would not help: it compresses only rows over 2 KB, and most
//! hands are smaller.

use thiserror::Error;

/// Why a stored value is not a kept hand text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RawError {
    #[error("the kept text is damaged: {0}")]
    Damaged(String),
    #[error("the kept text is not UTF-8")]
    NotUtf8,
}

/// The largest length a value may claim for its text: LZ4 expands at most 255 times, so a
/// larger claim is damage (and is refused before anything is allocated).
const MAX_RATIO: usize = 255;

/// The stored form of a hand's text.
pub fn pack(text: &str) -> Vec<u8> {
    lz4_flex::block::compress_prepend_size(text.as_bytes())
}

/// The text of a stored value, exactly as it was packed.
pub fn unpack(data: &[u8]) -> Result<String, RawError> {
    let Some(head) = data.get(..4) else {
        return Err(RawError::Damaged("shorter than its length".into()));
    };
    let claimed = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
    if claimed > (data.len() - 4).saturating_mul(MAX_RATIO) {
        return Err(RawError::Damaged(format!(
            "it claims {claimed} bytes of text from {} compressed",
            data.len() - 4
        )));
    }
    let bytes = lz4_flex::block::decompress_size_prepended(data)
        .map_err(|e| RawError::Damaged(e.to_string()))?;
    String::from_utf8(bytes).map_err(|_| RawError::NotUtf8)
}

/// The text kept for a hand: its context block (an iPoker session header, which the hand needs
/// to be read again) then the hand's own lines, each line ended by a line feed as in a file (a
/// one-hand file comes back byte for byte).
pub fn hand_text(context: &str, text: &str) -> String {
    let mut s = String::with_capacity(context.len() + text.len() + 2);
    for part in [context, text] {
        if part.is_empty() {
            continue;
        }
        s.push_str(part);
        if !part.ends_with('\n') {
            s.push('\n');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_is_exact() {
        for text in [
            "",
            "x",
            "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\nSeat 1: Ünïcødé (€2)\n",
            &"Player1: raises $0.04 to $0.06\n".repeat(100),
        ] {
            let packed = pack(text);
            assert_eq!(unpack(&packed).as_deref(), Ok(text));
        }
        let long = "Player1: calls $0.02\n".repeat(100);
        assert!(pack(&long).len() < long.len() / 4);
    }

    #[test]
    fn damage_is_refused_not_trusted() {
        assert!(matches!(unpack(b""), Err(RawError::Damaged(_))));
        assert!(matches!(unpack(&[1, 0]), Err(RawError::Damaged(_))));
        // A claimed length far beyond what the bytes can hold: refused before allocating.
        assert!(matches!(
            unpack(&[0xff, 0xff, 0xff, 0xff, 0x10, b'a']),
            Err(RawError::Damaged(_))
        ));
        let mut p = pack("Seat 1: Hero ($2)\nSeat 2: Villain ($2)\n");
        let n = p.len();
        p.truncate(n - 3);
        assert!(unpack(&p).is_err());
        // Valid LZ4 of bytes that are not UTF-8.
        let bad = lz4_flex::block::compress_prepend_size(&[0xff, 0xfe, 0x41]);
        assert_eq!(unpack(&bad), Err(RawError::NotUtf8));
    }

    #[test]
    fn context_goes_first() {
        assert_eq!(hand_text("", "a\n"), "a\n");
        assert_eq!(hand_text("", "a\nb"), "a\nb\n");
        assert_eq!(hand_text("", ""), "");
        assert_eq!(hand_text("<session>", "<game>"), "<session>\n<game>\n");
        assert_eq!(hand_text("<session>\n", "<game>\n"), "<session>\n<game>\n");
    }
}
