//! Decoding, normalisation and splitting of any bytes: no panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, _) = fpdb_core::decode::decode(data);
    let text = fpdb_core::split::normalise(&text);
    for chunk in fpdb_core::split::chunks(&text) {
        let _ = chunk.lines().count();
    }
});
