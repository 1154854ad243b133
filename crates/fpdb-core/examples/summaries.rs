//! Prints the summaries of the files given as JSON, one line per summary (for inspecting).
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        let (text, _) = fpdb_core::decode::decode(&bytes);
        for r in fpdb_core::summary::parse_file_text(&text) {
            match r {
                Ok(s) => println!("{path}\tOK\t{}", serde_json::to_string(&s).unwrap()),
                Err(e) => println!("{path}\tERR\t{}", serde_json::to_string(&e).unwrap()),
            }
        }
    }
}
