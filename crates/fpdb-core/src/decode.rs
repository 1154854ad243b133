//! Hand-history files as rooms write them: UTF-8, UTF-16 with a byte-order mark, or
//! Windows-1252 (and Latin-1, which Windows-1252 covers for every printable character).

use std::borrow::Cow;

/// Which encoding a file was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    Windows1252,
}

/// Decodes a file's bytes into text. UTF-16 needs its byte-order mark; text that is not valid
/// UTF-8 is read as Windows-1252. UTF-16 files written with doubled line ends (CR CR LF) are
/// read with single line ends.
///
/// NUL characters are dropped: PostgreSQL's text type cannot hold them, and this text is what
/// `fpdb.decode_history` returns (a text value with a NUL inside is corrupt: `length()` and
/// comparisons stop at the NUL). The parsers would drop them anyway ([`crate::split::normalise`]).
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    let (text, encoding) = decode_keeping_nul(bytes);
    if memchr::memchr(0, text.as_bytes()).is_none() {
        return (text, encoding);
    }
    (Cow::Owned(text.replace('\0', "")), encoding)
}

fn decode_keeping_nul(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        let (text, _) = encoding_rs::UTF_16LE.decode_without_bom_handling(rest);
        return (Cow::Owned(text.replace("\r\r\n", "\n")), Encoding::Utf16Le);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let (text, _) = encoding_rs::UTF_16BE.decode_without_bom_handling(rest);
        return (Cow::Owned(text.replace("\r\r\n", "\n")), Encoding::Utf16Be);
    }
    let body = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(s) => (Cow::Borrowed(s), Encoding::Utf8),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(body);
            (text, Encoding::Windows1252)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(decode(b"abc").1, Encoding::Utf8);
        let (t, e) = decode(&[0x80, b'5']);
        assert_eq!((t.as_ref(), e), ("€5", Encoding::Windows1252));
        let (t, e) = decode(&[0xFF, 0xFE, b'h', 0, b'i', 0]);
        assert_eq!((t.as_ref(), e), ("hi", Encoding::Utf16Le));
        assert_eq!(decode(&[0xEF, 0xBB, 0xBF, b'x']).0, "x");
    }

    /// Regression (malformed-input suite): `fpdb.decode_history` returned a text value with NUL
    /// bytes inside, which PostgreSQL's text type cannot hold.
    #[test]
    fn nul_bytes_are_dropped() {
        assert_eq!(decode(b"A\0B\0").0, "AB");
        // UTF-16 without a byte-order mark is valid UTF-8 with a NUL after each ASCII character.
        assert_eq!(
            decode(b"h\0i\0\n\0"),
            (Cow::Owned("hi\n".into()), Encoding::Utf8)
        );
        assert_eq!(decode(&[0xFF, 0xFE, b'a', 0, 0, 0, b'b', 0]).0, "ab");
        assert_eq!(decode(&[0x80, 0, b'5']).0, "€5");
    }
}
