//! `fpdb-malformed OUTDIR`: writes the inputs of the malformed-input suite
//! (`tests/integration/malformed_input.sh`) and their expectations, generated at run time from
//! real hands of the corpus so that no large fixture is committed.
//!
//! `OUTDIR/manifest.tsv` has one line per input file: `file<TAB>expect<TAB>argument`, where
//! expect is one of
//! - `truncate`: a real hand; the suite imports every line prefix of it, and a prefix that is
//!   accepted must give exactly the hand the whole text gives;
//! - `any`: imported or rejected, with the suite's general checks only;
//! - `reject`: no hand of it may be stored (at least one failure reported);
//! - `hands=N`: N hands imported (or already stored), no failure;
//! - `player`: one hand imported, and the argument (a player name) stored exactly;
//! - `player-or-reject`: as `player`, or rejected (a room may not allow such a name);
//! - `empty`: nothing imported and nothing reported;
//! - `garbage`: nothing imported.
//!
//! Everything is deterministic (fixed seeds), so a failure names an input anyone can rebuild.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fpdb_core::{decode, split, stats};
use fpdb_fuzz::corpus::{corpus_dir, ROOM_DIRS};
use fpdb_fuzz::mutate;
use fpdb_fuzz::rng::Rng;

/// A real hand of a room that imports, and a player name that can be replaced everywhere in it.
struct RealHand {
    room: &'static str,
    no: usize,
    text: String,
    /// None when no name can be replaced (Bovada names players by their position).
    player: Option<String>,
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else if !p.to_string_lossy().ends_with(".json") {
            out.push(p);
        }
    }
}

/// Whether `text` holds exactly one hand that parses and whose statistics derive.
fn imports(text: &str) -> Option<fpdb_core::model::Hand> {
    let hand = fpdb_core::parse_one(text).ok()?;
    stats::derive(&hand).ok()?;
    Some(hand)
}

/// Replaces the name everywhere (as whole text occurrences).
fn rename(text: &str, from: &str, to: &str) -> String {
    text.replace(from, to)
}

/// A player whose name can be replaced in the text without breaking the hand: renaming him to
/// a plain name must give the same hand with the new name.
fn renamable_player(text: &str, hand: &fpdb_core::model::Hand) -> Option<String> {
    for p in &hand.players {
        if p.name.chars().count() < 4
            || !p
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            continue;
        }
        let renamed = rename(text, &p.name, "Renamed_Player");
        if let Some(h) = imports(&renamed) {
            if h.players.len() == hand.players.len()
                && h.players.iter().any(|q| q.name == "Renamed_Player")
            {
                return Some(p.name.clone());
            }
        }
    }
    None
}

/// The first importable hand from the cash folder and from the tournament folder of each room,
/// preferring one with a renamable player.
fn real_hands() -> Vec<RealHand> {
    let mut out: Vec<RealHand> = Vec::new();
    for (room, dirs) in ROOM_DIRS {
        for dir in *dirs {
            let mut fallback: Option<(String, Option<String>)> = None;
            let mut files = Vec::new();
            files_under(&corpus_dir().join(dir), &mut files);
            'files: for f in files {
                let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                let (text, _) = decode::decode(&bytes);
                let text = split::normalise(&text);
                for c in split::chunks(&text) {
                    if c.room.is_none() {
                        continue;
                    }
                    let mut hand_text = String::new();
                    if !c.context.is_empty() {
                        hand_text.push_str(c.context);
                        hand_text.push('\n');
                    }
                    hand_text.push_str(c.text);
                    hand_text.push('\n');
                    let Some(hand) = imports(&hand_text) else {
                        continue;
                    };
                    let player = renamable_player(&hand_text, &hand);
                    if player.is_some() || fallback.is_none() {
                        fallback = Some((hand_text, player.clone()));
                    }
                    if player.is_some() {
                        break 'files;
                    }
                }
            }
            if let Some((text, player)) = fallback {
                let no = out.iter().filter(|h| h.room == *room).count() + 1;
                out.push(RealHand {
                    room,
                    no,
                    text,
                    player,
                });
            }
        }
        assert!(
            out.iter().any(|h| h.room == *room),
            "no importable {room} hand in the corpus"
        );
    }
    out
}

struct Out {
    dir: PathBuf,
    manifest: String,
}

impl Out {
    fn write(&mut self, name: &str, bytes: &[u8], expect: &str, arg: &str) {
        std::fs::write(self.dir.join(name), bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        writeln!(self.manifest, "{name}\t{expect}\t{arg}").unwrap();
    }
}

fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let mut v = Vec::new();
    if bom {
        v.extend_from_slice(if big_endian {
            &[0xFE, 0xFF]
        } else {
            &[0xFF, 0xFE]
        });
    }
    for u in text.encode_utf16() {
        v.extend_from_slice(&if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    v
}

/// Windows-1252 bytes of a text (characters outside it become '?').
fn windows1252(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '€' => 0x80,
            c if (c as u32) < 0x80 || (0xA0..=0xFF).contains(&(c as u32)) => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// Replaces the `n`th run of digits after the first line by `by`.
fn replace_number(text: &str, n: usize, by: &str) -> Option<String> {
    let start = text.find('\n')?;
    let b = text.as_bytes();
    let mut i = start;
    let mut seen = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if seen == n {
                return Some(format!("{}{}{}", &text[..s], by, &text[i..]));
            }
            seen += 1;
        } else {
            i += 1;
        }
    }
    None
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: fpdb-malformed OUTDIR");
        std::process::exit(2)
    }));
    std::fs::create_dir_all(&dir).expect("output directory");
    let mut out = Out {
        dir,
        manifest: String::new(),
    };
    let hands = real_hands();
    let seeds = fpdb_fuzz::corpus::seeds();
    let mut rng = Rng::new(20_240_801);

    for h in &hands {
        let id = format!("{}-{}", h.room, h.no);
        // Every line prefix (generated by the suite in SQL).
        out.write(
            &format!("truncate-{id}.txt"),
            h.text.as_bytes(),
            "truncate",
            "",
        );
        // Random byte damage, with the fuzzer's mutations.
        for j in 0..25 {
            let mut v = h.text.clone().into_bytes();
            mutate::mutate(&mut rng, &mut v, seeds);
            out.write(&format!("damage-{id}-{j:02}.txt"), &v, "any", "");
        }
        // Encodings.
        out.write(
            &format!("utf16le-bom-{id}.txt"),
            &utf16(&h.text, false, true),
            "hands=1",
            "",
        );
        out.write(
            &format!("utf16be-bom-{id}.txt"),
            &utf16(&h.text, true, true),
            "hands=1",
            "",
        );
        out.write(
            &format!("utf16le-nobom-{id}.txt"),
            &utf16(&h.text, false, false),
            "any",
            "",
        );
        out.write(
            &format!("utf16be-nobom-{id}.txt"),
            &utf16(&h.text, true, false),
            "any",
            "",
        );
        // NUL bytes: in the middle of lines, at the start, and doubled line ends.
        let mut nul = Vec::new();
        for (i, line) in h.text.split('\n').enumerate() {
            if i % 3 == 0 {
                nul.push(0);
            }
            let cut = line.len() / 2;
            let cut = (0..=cut)
                .rev()
                .find(|&c| line.is_char_boundary(c))
                .unwrap_or(0);
            nul.extend_from_slice(&line.as_bytes()[..cut]);
            nul.push(0);
            nul.extend_from_slice(&line.as_bytes()[cut..]);
            nul.push(b'\n');
        }
        out.write(&format!("nul-{id}.txt"), &nul, "hands=1", "");
        // Absurd numbers: each of the first numbers of the hand past bigint, negative, past int.
        for n in 0..12 {
            for (tag, by) in [
                ("huge", "99999999999999999999999"),
                ("bigint", "9223372036854775808"),
                ("int", "3000000000"),
                ("neg", "-5"),
            ] {
                if let Some(t) = replace_number(&h.text, n, by) {
                    out.write(
                        &format!("number-{tag}-{id}-{n:02}.txt"),
                        t.as_bytes(),
                        "any",
                        "",
                    );
                }
            }
        }
        // Duplicate seats: the first seat line (the first line naming the player in rooms with
        // names), repeated as is and with another name.
        let seat_line = match &h.player {
            // The seat line ("Seat 3: NAME (...)", `<player seat="3" name="NAME" .../>`), not
            // the first mention (iPoker's session header names the hero first).
            Some(p) => h
                .text
                .lines()
                .find(|l| l.contains(p.as_str()) && l.to_ascii_lowercase().contains("seat"))
                .or_else(|| h.text.lines().find(|l| l.contains(p.as_str()))),
            None => h.text.lines().find(|l| l.trim_start().starts_with("Seat ")),
        };
        if let Some(line) = seat_line {
            let other = match &h.player {
                Some(p) => line.replace(p.as_str(), "Seat_Thief"),
                None => format!("{line} Seat_Thief"),
            };
            let dup = h.text.replacen(line, &format!("{line}\n{other}"), 1);
            out.write(&format!("dupseat-{id}.txt"), dup.as_bytes(), "any", "");
            let same = h.text.replacen(line, &format!("{line}\n{line}"), 1);
            out.write(&format!("dupline-{id}.txt"), same.as_bytes(), "any", "");
        }
        let Some(player) = &h.player else { continue };
        let accented = rename(&h.text, player, "Jörg€Zoë");
        out.write(
            &format!("win1252-{id}.txt"),
            &windows1252(&accented),
            "player",
            "Jörg€Zoë",
        );
        let latin1 = rename(&h.text, player, "Zoë_Müller");
        out.write(
            &format!("latin1-{id}.txt"),
            &windows1252(&latin1),
            "player",
            "Zoë_Müller",
        );
        out.write(
            &format!("utf8-{id}.txt"),
            accented.as_bytes(),
            "player",
            "Jörg€Zoë",
        );
        // Player names: 1,000 characters, 255 characters, SQL.
        let long: String = "Ab1".repeat(334)[..1000].to_string();
        out.write(
            &format!("name1000-{id}.txt"),
            rename(&h.text, player, &long).as_bytes(),
            "reject",
            "",
        );
        let long255: String = "Cd2".repeat(85);
        out.write(
            &format!("name255-{id}.txt"),
            rename(&h.text, player, &long255).as_bytes(),
            "player-or-reject",
            &long255,
        );
        for (k, name) in [
            "x'); DROP TABLE fpdb.hands; --",
            "Robert\"; DELETE FROM fpdb.Players; --",
            "$$;SELECT 1/0;$$",
        ]
        .iter()
        .enumerate()
        {
            out.write(
                &format!("sqlname{k}-{id}.txt"),
                rename(&h.text, player, name).as_bytes(),
                "player-or-reject",
                name,
            );
        }
    }
    // PokerStars specifics where the answer is known: stacks past bigint and negative amounts are
    // rejected.
    if let Some(h) = hands.iter().find(|h| h.room == "stars") {
        let seat = h
            .text
            .lines()
            .find(|l| l.starts_with("Seat 1:") || l.starts_with("Seat 2:"))
            .expect("a seat line");
        let stack = seat
            .split('(')
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .expect("a stack");
        let digits: String = stack.chars().filter(char::is_ascii_digit).collect();
        let sym: String = stack.chars().take_while(|c| !c.is_ascii_digit()).collect();
        for (tag, by) in [("bigint", "99999999999999999999999"), ("negative", "-100")] {
            let new_seat = seat.replacen(stack, &format!("{sym}{by}"), 1);
            out.write(
                &format!("stars-stack-{tag}.txt"),
                h.text.replacen(seat, &new_seat, 1).as_bytes(),
                "reject",
                "",
            );
        }
        assert!(!digits.is_empty());
        if let Some(post) = h.text.lines().find(|l| l.contains(": posts ")) {
            let amount = post.rsplit(' ').next().unwrap_or("");
            let neg = post.replacen(amount, &format!("-{amount}"), 1);
            out.write(
                "stars-post-negative.txt",
                h.text.replacen(post, &neg, 1).as_bytes(),
                "reject",
                "",
            );
        }
    }
    // Hands of two rooms in one text, and of every room.
    let firsts: Vec<&RealHand> = hands.iter().filter(|h| h.no == 1).collect();
    for i in 0..firsts.len() {
        let (a, b) = (firsts[i], firsts[(i + 1) % firsts.len()]);
        let text = format!("{}\n\n{}", a.text, b.text);
        out.write(
            &format!("mixed-{}-{}.txt", a.room, b.room),
            text.as_bytes(),
            "hands=2",
            "",
        );
        // Lines of the other room inside the hand.
        let mut spliced = String::new();
        let bl: Vec<&str> = b.text.lines().collect();
        for (k, line) in a.text.lines().enumerate() {
            spliced.push_str(line);
            spliced.push('\n');
            if k == 4 {
                for l in &bl[bl.len() / 2..] {
                    spliced.push_str(l);
                    spliced.push('\n');
                }
            }
        }
        out.write(
            &format!("spliced-{}-{}.txt", a.room, b.room),
            spliced.as_bytes(),
            "any",
            "",
        );
    }
    let all: String = hands.iter().map(|h| format!("{}\n\n", h.text)).collect();
    out.write(
        "mixed-all-rooms.txt",
        all.as_bytes(),
        &format!("hands={}", hands.len()),
        "",
    );
    // Empty texts.
    out.write("empty.txt", b"", "empty", "");
    out.write("empty-blank-lines.txt", b"\n\n  \r\n\t\n", "empty", "");
    out.write("empty-bom.txt", b"\xEF\xBB\xBF", "empty", "");
    out.write("empty-utf16-bom.txt", b"\xFF\xFE", "empty", "");
    out.write("nul-only.txt", &[0u8; 4096], "empty", "");
    // Garbage: 100 MB of random bytes (read as Windows-1252), and 4 MB of random printable lines
    // that start like hand headers of every room.
    let mut g = Rng::new(100);
    let mut garbage = vec![0u8; 100 * 1024 * 1024];
    for chunk in garbage.chunks_mut(8) {
        let r = g.next_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    out.write("garbage-100mb.bin", &garbage, "garbage", "");
    drop(garbage);
    let mut lines = String::new();
    let starts = [
        "PokerStars Hand #",
        "Poker Hand #",
        "#Game No : ",
        "Winamax Poker - ",
        "<session ",
        "Game #",
        "Hand #",
        "***** ",
        "Seat 1: ",
    ];
    while lines.len() < 4 * 1024 * 1024 {
        lines.push_str(starts[g.below(starts.len())]);
        for _ in 0..g.below(120) {
            lines.push(char::from(b' ' + g.below(95) as u8));
        }
        lines.push('\n');
    }
    out.write("garbage-lines.txt", lines.as_bytes(), "garbage", "");
    let manifest = std::mem::take(&mut out.manifest);
    std::fs::write(out.dir.join("manifest.tsv"), manifest).expect("manifest");
    for h in &hands {
        eprintln!(
            "{}-{}: {} lines, player {:?}",
            h.room,
            h.no,
            h.text.lines().count(),
            h.player
        );
    }
}
