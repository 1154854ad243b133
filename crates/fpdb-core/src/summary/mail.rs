//! Summaries saved as e-mails (PokerStars answers a "Tournament History" request by e-mail): an
//! RFC 822 message whose body is quoted-printable text in the charset its header names. The
//! body, decoded, is what the summary parsers read.

use std::borrow::Cow;

/// The decoded body when `text` is an e-mail message with a quoted-printable (or plain) text
/// body; `text` itself otherwise. Line numbers of what follows refer to the decoded body.
pub fn unwrap(text: &str) -> Cow<'_, str> {
    let Some((headers, body)) = split_message(text) else {
        return Cow::Borrowed(text);
    };
    let header = |name: &str| -> Option<String> { header_value(headers, name) };
    let content_type = header("content-type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    if !content_type.is_empty() && !content_type.starts_with("text/plain") {
        return Cow::Borrowed(text); // multipart and HTML mails: not a form rooms send summaries in
    }
    let encoding = header("content-transfer-encoding")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let bytes: Vec<u8> = if encoding.trim() == "quoted-printable" {
        match quoted_printable::decode(body.as_bytes(), quoted_printable::ParseMode::Robust) {
            Ok(b) => b,
            Err(_) => return Cow::Borrowed(text),
        }
    } else {
        body.as_bytes().to_vec()
    };
    let charset = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("charset="))
        .map(|c| c.trim_matches('"').to_string())
        .next()
        .unwrap_or_else(|| "utf-8".to_string());
    let enc = encoding_rs::Encoding::for_label(charset.as_bytes()).unwrap_or(encoding_rs::UTF_8);
    let (decoded, _, _) = enc.decode(&bytes);
    Cow::Owned(decoded.replace("\r\n", "\n"))
}

/// Whether `text` starts like an e-mail message ([`unwrap`] decodes its body when it is text).
/// Its headers are at its start: a reader of a file in pieces can tell from the first piece.
pub fn is_message(text: &str) -> bool {
    split_message(text).is_some()
}

/// Splits an e-mail into its header block and body, when `text` starts like one: header lines
/// (`Name: value`, continuation lines indented) up to the first blank line, with a `From:` and
/// a `Content-Type:` or `MIME-Version:` among them.
fn split_message(text: &str) -> Option<(&str, &str)> {
    let first = text.lines().next()?;
    if !is_header_line(first) {
        return None;
    }
    let end = text.find("\n\n").or_else(|| text.find("\r\n\r\n"))?;
    let headers = &text[..end];
    if !headers
        .lines()
        .all(|l| l.starts_with([' ', '\t']) || is_header_line(l))
    {
        return None;
    }
    let has = |n: &str| header_value(headers, n).is_some();
    if !(has("from") && (has("mime-version") || has("content-type"))) {
        return None;
    }
    Some((headers, text[end..].trim_start_matches(['\r', '\n'])))
}

fn is_header_line(l: &str) -> bool {
    match l.split_once(':') {
        Some((name, _)) => {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        }
        None => false,
    }
}

/// The value of header `name` (lower case), continuation lines joined.
fn header_value(headers: &str, name: &str) -> Option<String> {
    let mut value: Option<String> = None;
    let mut in_it = false;
    for l in headers.lines() {
        if l.starts_with([' ', '\t']) {
            if in_it {
                if let Some(v) = value.as_mut() {
                    v.push(' ');
                    v.push_str(l.trim());
                }
            }
            continue;
        }
        in_it = false;
        if let Some((n, v)) = l.split_once(':') {
            if n.eq_ignore_ascii_case(name) && value.is_none() {
                value = Some(v.trim().to_string());
                in_it = true;
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_printable_body() {
        let mail = "From: \"PokerStars Support\" <support@pokerstars.com>\nMIME-Version: 1.0\n\
                    Content-Type: text/plain;\n charset=\"windows-1252\"\n\
                    Content-Transfer-Encoding: quoted-printable\n\n\
                    requested by Chaz =\n(x)\nTotal Prize Pool: 170000=20\n  35: =8ATAJERC007 (Slovenia)\n";
        let body = unwrap(mail);
        assert_eq!(
            body,
            "requested by Chaz (x)\nTotal Prize Pool: 170000 \n  35: ŠTAJERC007 (Slovenia)\n"
        );
        assert_eq!(
            unwrap("PokerStars Tournament #1, x\n"),
            "PokerStars Tournament #1, x\n"
        );
    }
}
