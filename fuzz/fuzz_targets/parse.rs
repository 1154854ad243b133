//! Every room's parser and the statistics, the path of fpdb.import_file: decode, normalise,
//! split, parse, derive. No panic, and every error on a line of the text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, _) = fpdb_core::decode::decode(data);
    let text = fpdb_core::split::normalise(&text);
    let lines = 1 + text.bytes().filter(|&b| b == b'\n').count() as u32;
    for result in fpdb_core::parse_history(&text) {
        match result {
            Ok(hand) => {
                let _ = fpdb_core::stats::derive(&hand);
            }
            Err(e) => assert!((1..=lines).contains(&e.line), "error line {} of {lines}", e.line),
        }
    }
});
