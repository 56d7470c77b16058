//! Just enough XML writing for the JUnit report: attribute escaping, CDATA sections and the
//! replacement of characters XML 1.0 cannot carry at all.

/// Whether XML 1.0 allows the character (https://www.w3.org/TR/xml/#charsets).
fn is_legal(c: char) -> bool {
    matches!(c, '\u{9}' | '\u{A}' | '\u{D}' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// Replaces characters XML cannot contain with a numeric reference, as text.
fn replace_illegal(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().all(is_legal) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_legal(c) {
            out.push(c);
        } else {
            out.push_str(&format!("&#{};", c as u32));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// An attribute value, quoted with `"`.
pub fn attribute(value: &str) -> String {
    let value = replace_illegal(value);
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// Text as CDATA. A `]]>` inside is split across two sections, the only way to carry it.
pub fn cdata(text: &str) -> String {
    let text = replace_illegal(text);
    let mut out = String::with_capacity(text.len() + 12);
    let mut rest: &str = &text;
    while let Some(at) = rest.find("]]>") {
        out.push_str("<![CDATA[");
        out.push_str(&rest[..at + 2]);
        out.push_str("]]>");
        rest = &rest[at + 2..];
    }
    out.push_str("<![CDATA[");
    out.push_str(rest);
    out.push_str("]]>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_attributes_and_cdata() {
        assert_eq!(attribute("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;&amp;#1;");
        assert_eq!(cdata("x]]>y"), "<![CDATA[x]]]]><![CDATA[>y]]>");
    }
}
