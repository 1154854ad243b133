//! The action verbs of the PokerStars format, which most rooms print the same or nearly so
//! (GGPoker, Winning's 2019 format, Winamax, 888poker, and the PokerStars-format writers: Run
//! It Once, Full Tilt, BetOnline, PokerMaster, tracker exports ...): read once here by
//! [`Dialect::parse`], applied to the hand with the format's betting rules by [`Betting`].
//!
//! ```text
//! folds [Kh]                          checks
//! calls $5[ and is all-in]            bets $5[ and is all-in]
//! raises $5 to $10[ and is all-in]    raises $5   (no total: the chips the raise adds)
//! completes it to $10                 brings in for $2 / brings-in low for $2 / brings in $2
//! posts small blind $1                posts big blind $2        posts small & big blinds $3
//! posts the ante $1                   posts straddle $4         posts button blind $2
//! discards 2 cards [7h 2c]            stands pat [Ah Kd Qs Jc Td]
//! shows [Ah Kd]                       mucks ...                 is sitting out / sits out
//! ```
//!
//! An amount may end in " and is all-in", " and has reached the $X cap" (capped games) or
//! "(disconnect)"; the all-in flag is kept. Amounts are read by the room's own amount reader
//! (its currency symbols, decimal commas, brackets: "calls [$5]"), given to [`Dialect::parse`],
//! so that the grammar is shared and the number formats are not. The kinds of post are the
//! room's words ([`Dialect::posts`]: "posts the small blind", "posts missed blind", ...).
//!
//! The words are read as PokerStars' own parser always read them: "folds", "checks", "mucks",
//! "stands pat", "sits out" and "is sitting out" by how the text starts; the others followed
//! by a space and their amount. "calls", "bets", "raises" and "posts" without an amount are
//! the room's amount reader's error (or an unknown kind of post), not lines to pass over.
//!
//! What the room prints around the verb (the player's name and ": " or " ") is the room's: it
//! passes the text after it. Verbs the room prints differently (another kind of post, a room's
//! own verb: GGPoker's "straddle $4", Winning's "caps $2") are read by the room before or
//! instead of [`Dialect::parse`], which answers `None` for any verb it does not know.

use crate::builder::HandBuilder;
use crate::error::{ErrorKind, ParseError};
use crate::model::{ActionKind, Base, Money, PlayerIdx};
use crate::parsers::text::{find, groups, split2};

/// How a raise states its amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Raise {
    /// "raises X to Y": Y, the raiser's total on the street.
    To(Money),
    /// "raises X" alone: X, the chips the raise adds (the call included).
    Adds(Money),
}

/// One action line's verb, read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verb<'a> {
    /// "folds", and the cards the player showed as he folded ("folds [Kh]"): the bracket
    /// group's text, for the room's card reader.
    Fold {
        shown: Option<&'a str>,
    },
    Check,
    Call {
        amount: Money,
        all_in: bool,
    },
    Bet {
        amount: Money,
        all_in: bool,
    },
    Raise {
        raise: Raise,
        all_in: bool,
    },
    /// Stud: "completes it to Y".
    Complete {
        to: Money,
        all_in: bool,
    },
    /// Stud: "brings in for X", "brings in X".
    BringIn {
        amount: Money,
        all_in: bool,
    },
    /// A forced post: `kind` is the kind of [`Dialect::posts`] the room's words name (a second
    /// small blind is still `SmallBlind`: whether it is dead is the room's rule, see
    /// [`Betting`]); `amount` is the amount printed (for a straddle some rooms print the new
    /// total: [`Rules::straddle_is_total`]).
    Post {
        kind: ActionKind,
        amount: Money,
        all_in: bool,
    },
    /// Draw games: "discards N [cards]".
    Discard {
        count: u8,
        cards: Option<&'a str>,
    },
    /// Draw games: "stands pat [cards]".
    StandPat {
        cards: Option<&'a str>,
    },
    /// "shows [cards]": the first bracket group, when there is one.
    Show {
        cards: Option<&'a str>,
    },
    Muck,
    /// "is sitting out", "sits out".
    SitOut,
}

/// What a room prints differently within the grammar: its words for the kinds of post.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dialect {
    /// The kinds of post, as printed after "posts " (with the space before the amount), tried
    /// in order: where one starts another ("ante " and "ante of "), the longer goes first.
    /// A post of words not in the list is an error ("unknown kind of post").
    pub posts: &'static [(&'static str, ActionKind)],
}

/// The PokerStars words, and so the PokerStars format's dialect.
pub(crate) const POKERSTARS: Dialect = Dialect {
    posts: &[
        ("small blind ", ActionKind::SmallBlind),
        ("big blind ", ActionKind::BigBlind),
        ("small & big blinds ", ActionKind::BothBlinds),
        ("the ante ", ActionKind::Ante),
        ("ante ", ActionKind::Ante),
        ("straddle ", ActionKind::Straddle),
        ("button blind ", ActionKind::ButtonBlind),
        ("dead small blind ", ActionKind::DeadSmallBlind),
    ],
};

/// Whether `r` is `word` alone or `word` and a space.
#[inline]
fn is_word(r: &str, word: &str) -> bool {
    r.strip_prefix(word)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// The text after `word` and its space, for an `r` of which [`is_word`] holds.
#[inline]
fn after<'a>(r: &'a str, word: &str) -> &'a str {
    r.get(word.len() + 1..).unwrap_or("")
}

/// Strips what rooms append to an action's amount: "(disconnect)", " and is all-in", " and has
/// reached the $X cap". Returns the amount's text and whether the player is all-in.
#[inline]
pub(crate) fn amount_tail(s: &str) -> (&str, bool) {
    let mut s = s.trim_end();
    if let Some(r) = s.strip_suffix("(disconnect)") {
        s = r.trim_end();
    }
    match find(s, "and ") {
        Some(i) => (s[..i].trim_end(), s[i..].starts_with("and is all-in")),
        None => (s, false),
    }
}

/// An amount and its tail ("$5 and is all-in"), read by the room's reader.
#[inline]
fn tailed<M>(t: &str, money: &mut M) -> Result<(Money, bool), ParseError>
where
    M: FnMut(&str) -> Result<Money, ParseError>,
{
    let (a, all_in) = amount_tail(t);
    Ok((money(a)?, all_in))
}

impl Dialect {
    /// Reads the verb of an action line: `r` is the text after the player's name and its
    /// separator, `money` the room's amount reader (which names the line in its errors), `line`
    /// the line's number for the errors of the grammar (an unknown kind of post, a discard
    /// count that is not a number). `None` when `r` holds no verb of the PokerStars format.
    #[inline]
    pub fn parse<'a>(
        &self,
        r: &'a str,
        mut money: impl FnMut(&str) -> Result<Money, ParseError>,
        line: u32,
    ) -> Result<Option<Verb<'a>>, ParseError> {
        let verb = match r.as_bytes().first() {
            Some(b'f') if r.starts_with("folds") => Verb::Fold {
                shown: groups(&r[5..]).next(),
            },
            Some(b'c') if r.starts_with("checks") => Verb::Check,
            Some(b'c') if is_word(r, "calls") => {
                let (amount, all_in) = tailed(after(r, "calls"), &mut money)?;
                Verb::Call { amount, all_in }
            }
            Some(b'c') if r.starts_with("completes it to ") => {
                let (to, all_in) = tailed(&r[16..], &mut money)?;
                Verb::Complete { to, all_in }
            }
            Some(b'b') if is_word(r, "bets") => {
                let (amount, all_in) = tailed(after(r, "bets"), &mut money)?;
                Verb::Bet { amount, all_in }
            }
            Some(b'b') if r.starts_with("brings") => {
                // "brings in for 10", "brings-in low for 10", "brings in 10".
                let Some(amt) = split2(r, " for ")
                    .map(|(_, a)| a)
                    .or_else(|| r.strip_prefix("brings in "))
                else {
                    return Ok(None);
                };
                let (amount, all_in) = tailed(amt, &mut money)?;
                Verb::BringIn { amount, all_in }
            }
            Some(b'r') if is_word(r, "raises") => {
                // The tail first: "raises $2 to $4 and is all-in".
                let (a, all_in) = amount_tail(after(r, "raises"));
                let raise = match split2(a, "to ") {
                    Some((_, to)) => Raise::To(money(to)?),
                    None => Raise::Adds(money(a)?),
                };
                Verb::Raise { raise, all_in }
            }
            Some(b'p') if is_word(r, "posts") => {
                let p = after(r, "posts");
                let Some(&(word, kind)) = self.posts.iter().find(|(w, _)| p.starts_with(w)) else {
                    return Err(ParseError::malformed(line, "unknown kind of post"));
                };
                let (amount, all_in) = tailed(&p[word.len()..], &mut money)?;
                Verb::Post {
                    kind,
                    amount,
                    all_in,
                }
            }
            Some(b'd') if r.starts_with("discards ") => {
                let (t, _) = amount_tail(&r[9..]);
                let n = t.split(' ').next().unwrap_or("");
                let count: u8 = n.parse().map_err(|_| {
                    if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                        ParseError::new(ErrorKind::OutOfRange, line, "discard count too large")
                    } else {
                        ParseError::malformed(line, "unreadable discard count")
                    }
                })?;
                Verb::Discard {
                    count,
                    cards: groups(t).next(),
                }
            }
            Some(b's') if r.starts_with("stands pat") => Verb::StandPat {
                cards: groups(r).next(),
            },
            Some(b's') if r.starts_with("shows ") => Verb::Show {
                cards: groups(r).next(),
            },
            Some(b's') if r.starts_with("sits out") => Verb::SitOut,
            Some(b'i') if r.starts_with("is sitting out") => Verb::SitOut,
            Some(b'm') if r.starts_with("mucks") => Verb::Muck,
            _ => return Ok(None),
        };
        Ok(Some(verb))
    }
}

/// What a room's own word for an action with an amount is ([`worded`]): rooms whose verbs are
/// not spelled the PokerStars way (`Calls $2`, `NAME calls [$ 2 USD]`) list their words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Word {
    Call,
    Bet,
    /// A raise by the chips it puts in (the call included); a total printed after them (`$3.50
    /// to $4`) is not read.
    RaiseAdds,
    /// Stud: completing the bring-in to the amount, the new total.
    Complete,
    BringIn,
    Post(ActionKind),
}

/// Reads an action of a room's own words: `r` is the text after the player's name, `words` the
/// room's (each word with the space before its amount, tried in order), `money` the room's
/// amount reader, `all_in` whether the room marked the action all-in. `Ok(None)` when no word
/// starts `r`.
pub(crate) fn worded(
    r: &str,
    words: &[(&str, Word)],
    money: impl FnOnce(&str) -> Result<Money, ParseError>,
    all_in: bool,
) -> Result<Option<Verb<'static>>, ParseError> {
    let Some(&(word, kind)) = words.iter().find(|(w, _)| r.starts_with(w)) else {
        return Ok(None);
    };
    let t = &r[word.len()..];
    Ok(Some(match kind {
        Word::Call => Verb::Call {
            amount: money(t)?,
            all_in,
        },
        Word::Bet => Verb::Bet {
            amount: money(t)?,
            all_in,
        },
        Word::RaiseAdds => Verb::Raise {
            raise: Raise::Adds(money(split2(t, " to ").map_or(t, |(a, _)| a))?),
            all_in,
        },
        Word::Complete => Verb::Complete {
            to: money(t)?,
            all_in,
        },
        Word::BringIn => Verb::BringIn {
            amount: money(t)?,
            all_in,
        },
        Word::Post(kind) => Verb::Post {
            kind,
            amount: money(t)?,
            all_in,
        },
    }))
}

/// The betting rules a room's histories need beyond [`HandBuilder`]'s, where rooms differ.
/// [`Rules::POKERSTARS`] are PokerStars'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Every "posts small blind" is a live small blind; otherwise a second one is dead (posted
    /// by a player coming in between the blinds).
    pub every_small_blind_live: bool,
    /// A second big blind larger than the table's is a straddle (PokerMaster prints straddles
    /// so); equal ones are late or returning players' posts.
    pub big_blind_above_table_is_straddle: bool,
    /// A call that takes the caller above the street's highest total means the room printed
    /// the last raise's total too small (Run It Once did in 2019): the raise is amended by the
    /// difference.
    pub amend_short_raise: bool,
    /// A straddle's amount is the poster's new total on the street (GGPoker), not the chips
    /// it adds.
    pub straddle_is_total: bool,
}

impl Rules {
    /// None of the rules: every second small blind dead, no straddle read from a big blind, no
    /// raise amended, straddles as the chips they add (BetOnline, Seals With Clubs, Winamax,
    /// Full Tilt).
    pub const NONE: Rules = Rules {
        every_small_blind_live: false,
        big_blind_above_table_is_straddle: false,
        amend_short_raise: false,
        straddle_is_total: false,
    };

    /// PokerStars' rules.
    pub const POKERSTARS: Rules = Rules {
        every_small_blind_live: false,
        big_blind_above_table_is_straddle: true,
        amend_short_raise: true,
        straddle_is_total: false,
    };
}

/// The betting of the PokerStars format, beyond what [`HandBuilder`] keeps: who folded, which
/// blinds were posted, the street's last aggressive action, whether stud's third street is
/// still open for a completion; and the rules that use them:
///
/// - the first betting action of a hand whose "hole cards" line is missing starts street 0;
/// - a player folds once (rooms repeat the folds of players who show);
/// - on stud's third street, the first bet or raise completes the bring-in;
/// - the posts and calls of [`Rules`].
#[derive(Debug, Clone)]
pub(crate) struct Betting {
    /// The room's rules (a room may change them as it reads: PokerStars' converted files).
    pub rules: Rules,
    folded: Vec<bool>,
    sb_posted: bool,
    bb_posted: bool,
    /// Index in the actions, and street, of the last bet, raise or completion.
    last_aggr: Option<(usize, i8)>,
    /// Stud third street: someone has bet or completed.
    stud_completed: bool,
}

impl Betting {
    pub fn new(rules: Rules) -> Betting {
        Betting {
            rules,
            folded: Vec::new(),
            sb_posted: false,
            bb_posted: false,
            last_aggr: None,
            stud_completed: false,
        }
    }

    /// Whether player `p` folded.
    pub fn folded(&self, p: PlayerIdx) -> bool {
        self.folded.get(p).copied().unwrap_or(false)
    }

    /// Starts street 0 when betting starts without its street line.
    pub fn begin_betting(b: &mut HandBuilder) {
        if b.street() < 0 {
            b.set_street(0);
        }
    }

    fn stud_open(&self, b: &HandBuilder) -> bool {
        b.hand().game.base == Base::Stud && b.street() == 0 && !self.stud_completed
    }

    fn aggressed(&mut self, b: &HandBuilder) {
        self.last_aggr = Some((b.hand().actions.len() - 1, b.street()));
        if b.street() == 0 {
            self.stud_completed = true;
        }
    }

    /// The kind a post of `kind` is recorded as (see [`Rules`]), for a post of `amount`.
    pub fn post_kind(&mut self, b: &HandBuilder, kind: ActionKind, amount: Money) -> ActionKind {
        match kind {
            ActionKind::SmallBlind => {
                let live = !self.sb_posted || self.rules.every_small_blind_live;
                self.sb_posted = true;
                if live {
                    ActionKind::SmallBlind
                } else {
                    ActionKind::DeadSmallBlind
                }
            }
            ActionKind::BigBlind => {
                let bb = b.hand().game.big_blind;
                let straddle = self.rules.big_blind_above_table_is_straddle
                    && self.bb_posted
                    && bb > 0
                    && amount > bb;
                self.bb_posted = true;
                if straddle {
                    ActionKind::Straddle
                } else {
                    ActionKind::BigBlind
                }
            }
            k => k,
        }
    }

    /// Applies a betting verb of player `p`: folds, checks, calls, bets, raises, completions,
    /// bring-ins and posts (posts as [`Betting::post_kind`] makes them). Returns `false` for
    /// the other verbs, which are the room's to apply (cards, draws, sitting out).
    pub fn apply(&mut self, b: &mut HandBuilder, p: PlayerIdx, verb: &Verb<'_>) -> bool {
        match *verb {
            Verb::Fold { .. } => {
                Self::begin_betting(b);
                if self.folded.len() <= p {
                    self.folded.resize(p + 1, false);
                }
                if !self.folded[p] {
                    self.folded[p] = true;
                    b.fold(p);
                }
            }
            Verb::Check => {
                Self::begin_betting(b);
                b.check(p);
            }
            Verb::Call { amount, all_in } => {
                Self::begin_betting(b);
                self.call(b, p, amount, all_in);
            }
            Verb::Bet { amount, all_in } => {
                Self::begin_betting(b);
                if self.stud_open(b) {
                    let to = b.street_total(p).saturating_add(amount);
                    b.complete_to(p, to, all_in);
                } else {
                    b.bet(p, amount, all_in);
                }
                self.aggressed(b);
            }
            Verb::Raise { raise, all_in } => {
                Self::begin_betting(b);
                let to = match raise {
                    Raise::To(to) => to,
                    Raise::Adds(x) => b.street_total(p).saturating_add(x),
                };
                if self.stud_open(b) {
                    b.complete_to(p, to, all_in);
                } else {
                    b.raise_to(p, to, all_in);
                }
                self.aggressed(b);
            }
            Verb::Complete { to, all_in } => {
                b.complete_to(p, to, all_in);
                self.aggressed(b);
            }
            Verb::BringIn { amount, all_in } => {
                Self::begin_betting(b);
                b.bring_in(p, amount, all_in);
            }
            Verb::Post {
                kind,
                amount,
                all_in,
            } => {
                let kind = self.post_kind(b, kind, amount);
                let amount = if kind == ActionKind::Straddle && self.rules.straddle_is_total {
                    amount.saturating_sub(b.street_total(p)).max(0)
                } else {
                    amount
                };
                b.post(p, kind, amount, all_in);
            }
            Verb::Discard { .. } | Verb::StandPat { .. } | Verb::Show { .. } => return false,
            Verb::Muck | Verb::SitOut => return false,
        }
        true
    }

    /// A call of `amount` chips (see [`Rules::amend_short_raise`]).
    fn call(&mut self, b: &mut HandBuilder, p: PlayerIdx, amount: Money, all_in: bool) {
        let over = b
            .street_total(p)
            .saturating_add(amount)
            .saturating_sub(b.street_max());
        if over > 0 && self.rules.amend_short_raise {
            if let Some((idx, street)) = self.last_aggr {
                let by_other = b.hand().actions.get(idx).is_some_and(|a| a.player != p);
                if street == b.street() && by_other {
                    b.amend_action(idx, over);
                }
            }
        }
        b.call(p, amount, all_in);
    }

    /// Draw games whose single draw has no street line: the first discard starts the draw.
    pub fn draw_street(b: &mut HandBuilder) {
        if b.hand().game.base == Base::Draw && b.street() <= 0 {
            b.set_street(1);
        }
    }
}

/// A betting action that rooms without PokerStars' verbs print as a word and one amount (XML
/// attributes, tabular columns: `Call (0.11)`, `type="Raise" value="280.00"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Amounted {
    Call,
    Bet,
    Raise,
    AllIn,
}

/// Applies `what` of player `p` printed with the amount `v`: the chips the action adds, or, when
/// `totals`, the player's new total on the street for calls, bets and raises (an all-in always
/// prints the chips it adds). A bet over the blinds is a raise, a raise of nothing yet bet is a
/// bet; an all-in is a call, a bet or a raise as the total it makes is. An amount read the wrong
/// way is refused: a call must match the bet (or be all-in for less), a bet or raise must go
/// above it, an all-in must be all the player has, no action more than he has. The error is its
/// message.
pub(crate) fn apply_amounted(
    b: &mut HandBuilder,
    p: PlayerIdx,
    what: Amounted,
    v: Money,
    totals: bool,
) -> Result<(), &'static str> {
    let (max, mine, behind) = (b.street_max(), b.street_total(p), b.behind(p));
    match what {
        Amounted::Call => {
            let added = if totals { v.saturating_sub(mine) } else { v };
            let matched = mine.saturating_add(added);
            let all_in = added == behind;
            if added <= 0 || added > behind || matched > max || (matched < max && !all_in) {
                return Err("a call of another amount than the bet to call");
            }
            b.call(p, added, all_in);
        }
        Amounted::Bet | Amounted::Raise => {
            let to = if totals { v } else { mine.saturating_add(v) };
            let added = to.saturating_sub(mine);
            if to <= max || added > behind {
                return Err(
                    "a bet or raise to no more than the bet, or of more chips than the player has",
                );
            }
            let all_in = added == behind;
            if max == 0 {
                b.bet(p, added, all_in);
            } else {
                b.raise_to(p, to, all_in);
            }
        }
        Amounted::AllIn => {
            if v <= 0 || v != behind {
                return Err("an all-in of another amount than the player's chips");
            }
            let to = mine.saturating_add(v);
            if to <= max {
                b.call(p, v, true);
            } else if max == 0 {
                b.bet(p, v, true);
            } else {
                b.raise_to(p, to, true);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::CENTS;
    use crate::parsers::text;

    fn read(r: &str) -> Result<Option<Verb<'_>>, ParseError> {
        POKERSTARS.parse(r, |t| text::checked_money(t, CENTS, 7), 7)
    }

    #[test]
    fn verbs() {
        assert_eq!(read("folds").unwrap(), Some(Verb::Fold { shown: None }));
        assert_eq!(
            read("folds [Kh]").unwrap(),
            Some(Verb::Fold { shown: Some("Kh") })
        );
        assert_eq!(read("checks").unwrap(), Some(Verb::Check));
        assert_eq!(
            read("calls $1.50 and is all-in").unwrap(),
            Some(Verb::Call {
                amount: 150,
                all_in: true
            })
        );
        assert_eq!(
            read("bets $2 and has reached the $10 cap").unwrap(),
            Some(Verb::Bet {
                amount: 200,
                all_in: false
            })
        );
        assert_eq!(
            read("raises $2 to $4").unwrap(),
            Some(Verb::Raise {
                raise: Raise::To(400),
                all_in: false
            })
        );
        assert_eq!(
            read("raises $2").unwrap(),
            Some(Verb::Raise {
                raise: Raise::Adds(200),
                all_in: false
            })
        );
        assert_eq!(
            read("posts small & big blinds $0.03").unwrap(),
            Some(Verb::Post {
                kind: ActionKind::BothBlinds,
                amount: 3,
                all_in: false
            })
        );
        assert_eq!(
            read("brings-in low for $0.02").unwrap(),
            Some(Verb::BringIn {
                amount: 2,
                all_in: false
            })
        );
        assert_eq!(
            read("discards 2 cards [7h 2c]").unwrap(),
            Some(Verb::Discard {
                count: 2,
                cards: Some("7h 2c")
            })
        );
        assert_eq!(
            read("stands pat").unwrap(),
            Some(Verb::StandPat { cards: None })
        );
        assert_eq!(read("is sitting out").unwrap(), Some(Verb::SitOut));
        assert_eq!(read("says hi").unwrap(), None);
        assert_eq!(read("brings a friend").unwrap(), None);
        assert_eq!(
            read("brings in $0.02 and is all-in").unwrap(),
            Some(Verb::BringIn {
                amount: 2,
                all_in: true
            })
        );
        let e = read("posts a bribe $5").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (7, "unknown kind of post"));
        assert_eq!(read("raises").unwrap_err().message, "unreadable amount");
        assert_eq!(read("posts").unwrap_err().message, "unknown kind of post");
        let e = read("calls lots").unwrap_err();
        assert_eq!((e.line, e.kind), (7, ErrorKind::Malformed));
        let e = read("discards 999 cards").unwrap_err();
        assert_eq!(e.kind, ErrorKind::OutOfRange);
        let e = read("discards many cards").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    #[test]
    fn a_room_words_its_verbs() {
        const WORDS: &[(&str, Word)] = &[
            ("Calls ", Word::Call),
            ("Raises ", Word::RaiseAdds),
            ("completes to ", Word::Complete),
            ("Ante ", Word::Post(ActionKind::Ante)),
        ];
        let money = |t: &str| text::checked_money(t, CENTS, 4);
        assert_eq!(
            worded("Raises $3.50 to $4", WORDS, money, false).unwrap(),
            Some(Verb::Raise {
                raise: Raise::Adds(350),
                all_in: false
            })
        );
        assert_eq!(
            worded("Calls $1", WORDS, money, true).unwrap(),
            Some(Verb::Call {
                amount: 100,
                all_in: true
            })
        );
        assert_eq!(
            worded("completes to $0.05", WORDS, money, false).unwrap(),
            Some(Verb::Complete {
                to: 5,
                all_in: false
            })
        );
        assert_eq!(
            worded("Ante $0.25", WORDS, money, false).unwrap(),
            Some(Verb::Post {
                kind: ActionKind::Ante,
                amount: 25,
                all_in: false
            })
        );
        assert_eq!(worded("Folds", WORDS, money, false).unwrap(), None);
        assert_eq!(
            worded("Calls lots", WORDS, money, false).unwrap_err().line,
            4
        );
    }

    #[test]
    fn a_room_names_its_posts() {
        const ROOM: Dialect = Dialect {
            posts: &[
                ("the small blind ", ActionKind::SmallBlind),
                ("ante of ", ActionKind::Ante),
                ("ante ", ActionKind::Ante),
            ],
        };
        let money = |t: &str| text::checked_money(t.trim_matches(['[', ']']), CENTS, 3);
        assert_eq!(
            ROOM.parse("posts ante of [$0.05]", money, 3).unwrap(),
            Some(Verb::Post {
                kind: ActionKind::Ante,
                amount: 5,
                all_in: false
            })
        );
        assert!(ROOM.parse("posts small blind $1", money, 3).is_err());
    }
}
