//! The `html` formatter: one self-contained file (no network, opens from disk) that a person
//! reads after a CI run. The envelopes are written into it as they arrive, one JSON line each
//! inside a non-executed `<script type="application/x-ndjson">` block, and the page's own
//! script (reporters/assets/html/report.js) builds the report from them in the browser. The
//! writer holds nothing but the line it is writing, so a run of any size streams through.
//!
//! Options: `html.title` (the page title, default "Cucumber report").

use crate::{Output, Reporter};
use ferridriver_messages::Envelope;
use serde_json::Value;
use std::io::Write;

const STYLE: &str = include_str!("../assets/html/report.css");
const SCRIPT: &str = include_str!("../assets/html/report.js");

/// Writes the report page around the message stream.
pub struct HtmlReporter {
    out: Output,
    title: String,
    started: bool,
    line: Vec<u8>,
}

impl HtmlReporter {
    /// An HTML reporter writing to `out` (a file, normally: `--format html:report.html`).
    pub fn new(out: Output, options: &Value) -> Self {
        let title = options.pointer("/html/title").and_then(Value::as_str).unwrap_or("Cucumber report").to_string();
        HtmlReporter { out, title, started: false, line: Vec::with_capacity(4096) }
    }

    fn head(&mut self) -> std::io::Result<()> {
        self.started = true;
        let head = format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<style>{STYLE}</style></head>\n\
             <body><div id=\"report\"><p>Loading…</p></div>\n\
             <script type=\"application/x-ndjson\" id=\"cucumber-messages\">\n",
            escape_text(&self.title)
        );
        self.out.write_all(head.as_bytes())
    }
}

/// Escapes text for an HTML element's content.
fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Makes a JSON line safe inside a `<script>` block: `<`, `>` and `&` only ever occur inside
/// JSON strings, where their `\u` escapes mean the same; U+2028/2029 likewise.
fn escape_json_line(line: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(line);
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.into_bytes()
}

impl Reporter for HtmlReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        if !self.started {
            self.head()?;
        }
        self.line.clear();
        serde_json::to_writer(&mut self.line, envelope).map_err(std::io::Error::other)?;
        let mut safe = escape_json_line(&self.line);
        safe.push(b'\n');
        self.out.write_all(&safe)
    }

    fn finish(&mut self) -> std::io::Result<()> {
        if !self.started {
            self.head()?;
        }
        let tail = format!("</script>\n<script>{SCRIPT}</script>\n</body></html>\n");
        self.out.write_all(tail.as_bytes())?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_cannot_close_the_script_block() {
        let line = br#"{"attachment":{"body":"</script><script>alert(1)</script> & \u2028"}}"#;
        let safe = String::from_utf8(escape_json_line(line)).unwrap();
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'), "{safe}");
        let back: Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["attachment"]["body"], "</script><script>alert(1)</script> & \u{2028}");
    }
}
