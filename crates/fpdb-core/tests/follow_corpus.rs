//! Following files as rooms write them (`fpdb_core::follow`) against the whole corpus: every file,
//! written in pieces of several sizes and then left quiet, gives the text that `import_file`
//! reads from the whole file (decoded and normalised as `fpdb_core::stream` does block by block),
//! up to a last hand that is unfinished and stays pending.

mod common;

use fpdb_core::decode::{self, Encoding};
use fpdb_core::error::ErrorKind;
use fpdb_core::follow::take_complete;
use fpdb_core::split;

/// Follows `bytes` as a room writing it in pieces of `piece` bytes would, then quiet: the text
/// of every round, joined.
fn follow_in_pieces(bytes: &[u8], piece: usize) -> String {
    let (mut offset, mut written, mut encoding) = (0usize, 0usize, None);
    let mut taken = String::new();
    loop {
        written = (written + piece).min(bytes.len());
        let quiet = written == bytes.len();
        let t = take_complete(&bytes[offset..written], offset == 0, encoding, quiet);
        taken.push_str(&t.text);
        offset += t.bytes as usize;
        encoding = Some(t.encoding);
        if quiet && (t.bytes == 0 || offset == bytes.len()) {
            return taken;
        }
    }
}

#[test]
fn corpus_files_followed_read_as_whole_files() {
    let root = common::corpus();
    if !root.is_dir() {
        return;
    }
    let files: Vec<String> = common::TOPS.iter().flat_map(|d| common::files(d)).collect();
    assert!(files.len() > 500, "corpus found: {} files", files.len());
    for (i, name) in files.iter().enumerate() {
        let bytes = std::fs::read(root.join(name)).unwrap();
        let (text, encoding) = decode::decode(&bytes);
        let mut whole = split::normalise(&text).into_owned();
        if matches!(encoding, Encoding::Utf16Le | Encoding::Utf16Be) && bytes.len() % 2 == 1 {
            // A whole file's odd last byte reads as U+FFFD; followed, it is half a code unit
            // still being written.
            assert_eq!(whole.pop(), Some('\u{fffd}'), "{name}");
        }
        let small = if bytes.len() < 20_000 {
            1 + i % 97
        } else {
            4093
        };
        for piece in [bytes.len().max(1), small, 1000 + i * 7 % 5000] {
            let got = follow_in_pieces(&bytes, piece);
            let what = format!("{name} in pieces of {piece}");
            assert!(whole.starts_with(&got), "{what}: not the file's text");
            let rest = &whole[got.len()..];
            if !rest.trim().is_empty() {
                let last: Vec<_> = split::chunks(rest).collect();
                assert_eq!(last.len(), 1, "{what}: more than the last hand left");
                let e = fpdb_core::parse_chunk(last[0]).expect_err(&what);
                assert_eq!(e.kind, ErrorKind::Unfinished, "{what}");
            }
        }
    }
}
