//! Tournament summaries of the corpus (`summaries/`): every file is read, or refused for a
//! reason listed here (and in the README); one whole summary per format is compared with its
//! golden JSON (`tests/golden/summaries/`, written by `FPDB_BLESS=1 cargo test`), and facts of
//! particular summaries are checked.

mod common;

use std::path::Path;

use fpdb_core::error::ErrorKind;
use fpdb_core::summary::{parse_file_text, Summary, SummaryResult};

fn read(rel: &str) -> Vec<SummaryResult> {
    let bytes = std::fs::read(common::corpus().join("summaries").join(rel)).expect("corpus file");
    let (text, _) = fpdb_core::decode::decode(&bytes);
    parse_file_text(&text)
}

fn one(rel: &str) -> Summary {
    let mut r = read(rel);
    assert_eq!(r.len(), 1, "{rel}: one summary");
    r.remove(0).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Files refused, and why (README, "Tournament results").
const REFUSED: &[(&str, ErrorKind, &str)] = &[
    (
        "FTP/HORSE-2max-SnG-USD-200604.xls",
        ErrorKind::Unsupported,
        "Excel spreadsheet",
    ),
    (
        "FTP/NLHE-6max-Matrix-USD-26-201211.match1.txt",
        ErrorKind::Unsupported,
        "Matrix match",
    ),
    (
        "FTP/NLHE-6max-Matrix-USD-26-201211.match2.txt",
        ErrorKind::Unsupported,
        "Matrix match",
    ),
    (
        "FTP/NLHE-6max-Matrix-USD-26-201211.match3.txt",
        ErrorKind::Unsupported,
        "Matrix match",
    ),
];

#[test]
fn every_corpus_summary_is_read_or_refused_for_a_listed_reason() {
    let root = common::corpus().join("summaries");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).expect("summaries folder") {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            files.push(f.unwrap().path());
        }
    }
    files.sort();
    assert_eq!(files.len(), 90);
    let (mut read_ok, mut tournaments) = (0, 0);
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let results = read(&rel);
        assert!(!results.is_empty(), "{rel}: nothing read");
        match REFUSED.iter().find(|r| r.0 == rel) {
            Some(&(_, kind, why)) => {
                let e = results[0].as_ref().expect_err(&rel);
                assert_eq!(e.kind, kind, "{rel}");
                assert!(e.message.contains(why), "{rel}: {}", e.message);
            }
            None => {
                for r in &results {
                    let s = r.as_ref().unwrap_or_else(|e| panic!("{rel}: {e}"));
                    assert!(s.tourney_no > 0 && !s.site.is_empty(), "{rel}");
                    tournaments += 1;
                }
                read_ok += 1;
            }
        }
    }
    assert_eq!((read_ok, tournaments), (86, 2092));
}

/// One whole summary per format, as JSON.
#[test]
fn golden_summaries() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/summaries");
    for (rel, name) in [
        ("Stars/NLO8-USD-STT-201109.Knockout.sample.txt", "stars"),
        ("Stars/NLHE-STT-EUR-5-202104.RIO.txt", "run-it-once"),
        (
            "Stars/NLHE-USD-MTT-0.50-201107.SuperSatellite.Complete.txt",
            "stars-satellite",
        ),
        ("Stars/PokerStars-SnG-Archive-201007.htm", "stars-archive"),
        (
            "FTP/10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt",
            "fulltilt",
        ),
        (
            "PacificPoker/NLHE-USD-MTT-3.15-201111.rebuys.addons.txt",
            "888poker",
        ),
        (
            "PokerTracker/PLO-USD-37.5-MTT-201502.PokerStars.bounty.txt",
            "pokertracker",
        ),
        (
            "Winamax/NLHE-EUR-9.00-MTSNG-201105.rebuy.addons.txt",
            "winamax",
        ),
        (
            "Winamax/17045686.Freeroll.Ticket.with.no.specified.value.txt",
            "winamax-page",
        ),
        ("Winning/PlayerTransactionHistory.html", "winning"),
    ] {
        let summaries: Vec<Summary> = read(rel).into_iter().map(|r| r.unwrap()).collect();
        let got = serde_json::to_string_pretty(&summaries).unwrap() + "\n";
        let file = golden.join(format!("{name}.json"));
        if std::env::var_os("FPDB_BLESS").is_some() {
            std::fs::write(&file, &got).unwrap();
        }
        let want = std::fs::read_to_string(&file).unwrap_or_default();
        assert_eq!(got, want, "{rel}: differs from {}", file.display());
    }
}

#[test]
fn stars_places_prizes_and_reentries() {
    let s = one("Stars/NLSD-MTT-USD-1000-50-201609.reentry.txt");
    assert_eq!(
        (s.entries, s.prize_pool, s.buyin, s.fee),
        (Some(104), Some(14_500_000), Some(100_000), Some(5000))
    );
    // 145 entries of 104 players: re-entries folded into one row per player.
    assert_eq!(s.players.len(), 104);
    let paid: i64 = s.players.iter().filter_map(|p| p.winnings).sum();
    assert_eq!(paid, 14_500_000); // the printed prizes add up to the prize pool
    let b = s.players.iter().find(|p| p.name == "blanconegro").unwrap();
    assert_eq!(
        (b.rank, b.winnings, b.reentries, b.payin),
        (Some(5), Some(1_126_710), Some(1), Some(210_000))
    );
    assert!(s.reentry && s.finished);
    // The hero's rebuys and add-ons: "You made 5 rebuys and 1 addons for a total of USD 3,180.00."
    let s = one("Stars/PLO-MTT-USD-505-25-202005.rebuy.addon.txt");
    let h = s
        .players
        .iter()
        .find(|p| Some(&p.name) == s.hero.as_ref())
        .unwrap();
    assert_eq!(
        (h.rank, h.rebuys, h.addons, h.payin),
        (Some(47), Some(5), Some(1), Some(53_000 + 318_000))
    );
    // A running tournament: list positions are no places.
    let s = one("Stars/NLHE-MTT-FPP-100-201309.Still.Playing.Super.Satellite.txt");
    assert_eq!(
        s.players
            .iter()
            .filter(|p| p.still_playing && p.rank.is_none())
            .count(),
        28
    );
    assert_eq!(s.hero.as_deref(), Some("NoFlaVor"));
}

#[test]
fn mailed_history_request() {
    let r = read("Stars/PokerStars Tournament History Request - Last 3 tournaments.eml");
    let s: Vec<Summary> = r.into_iter().map(|r| r.unwrap()).collect();
    assert_eq!(
        s.iter().map(|s| s.tourney_no).collect::<Vec<_>>(),
        [2_892_717_422, 1_789_790_449, 1_789_785_533]
    );
    assert!(s
        .iter()
        .all(|s| s.hero.as_deref() == Some("ChazDazzle") && s.currency.as_deref() == Some("play")));
    // Quoted-printable and Windows-1252 decoded: "=8ATAJERC007" is "ŠTAJERC007" (0x8A is Š).
    assert!(s[2].players.iter().any(|p| p.name == "ŠTAJERC007"));
    assert_eq!(s[0].players[1].winnings, Some(2_303_500));
}

#[test]
fn fulltilt_entries_tickets_and_knockouts() {
    let s = one("FTP/NLHE-9max-MTT-USD-20-201301.multi-entry.txt");
    let h = s.players.iter().find(|p| p.name == "Hero").unwrap();
    assert_eq!(
        (h.rank, h.reentries, h.payin),
        (Some(8307), Some(2), Some(6600))
    );
    assert!(!s.players.iter().any(|p| p.name.contains("not loaded")));
    let s = one("FTP/NLHE-9max-MTT-USD-70-2013.ko.guar.txt");
    let h = s.players.iter().find(|p| p.name == "Hero").unwrap();
    assert_eq!(
        (s.bounty, h.bounties, h.bounty_winnings),
        (Some(1500), Some(3), Some(4500))
    );
    let s = one("FTP/NLHE-USD-SnG-9man-201001.Satellite.Hero.wins.token.txt");
    let h = s.players.iter().find(|p| p.name == "Hero").unwrap();
    assert_eq!(
        (h.winnings, h.ticket.as_deref()),
        (Some(7500), Some("$75 Satellite Token"))
    );
}

#[test]
fn damaged_summaries_never_panic() {
    let texts = [
        "PokerStars Tournament #",
        "PokerStars Tournament #x, Razz\nBuy-In: /",
        "Full Tilt Poker Tournament Summary (",
        "Full Tilt Poker Tournament Summary € (1) x\nTotal Rebuys: 2Total €",
        "***** Cassava Tournament Summary *****\nHero finished /",
        "PokerTracker 4 Tournament Summary\nPlace: x",
        "Winamax Poker - Tournament summary : (",
        "<html><title>TOURNEYS: <x></title><table class=ex><thead><th>Tourney</th></thead></table> Buy-In",
    ];
    for t in texts {
        for cut in 0..=t.len() {
            if t.is_char_boundary(cut) {
                let _ = parse_file_text(&t[..cut]);
            }
        }
    }
}
