//! A locator in Playwright's internal selector syntax (`internal:role=button[name="Add"i] >>
//! nth=0`), the form a trace's `params.selector` takes: Playwright's trace viewer and reader
//! turn it back into `getByRole('button', { name: 'Add' }).first()`.

use crate::locator::Part;
use crate::text_match::TextMatch;

/// The internal selector of a locator chain.
pub(crate) fn internal_selector(parts: &[Part]) -> String {
    let mut out: Vec<String> = Vec::new();
    for part in parts {
        out.push(match part {
            Part::Css(css) => css.clone(),
            Part::Role { role, name, states } => {
                let mut props = String::new();
                let flags = [
                    ("checked", states.checked),
                    ("disabled", states.disabled),
                    ("selected", states.selected),
                    ("expanded", states.expanded),
                    ("include-hidden", states.include_hidden.then_some(true)),
                ];
                for (key, value) in flags {
                    if let Some(value) = value {
                        props.push_str(&format!("[{key}={value}]"));
                    }
                }
                if let Some(level) = states.level {
                    props.push_str(&format!("[level={level}]"));
                }
                if let Some(name) = name {
                    props.push_str(&format!("[name={}]", attribute_value(name)));
                }
                if let Some(pressed) = states.pressed {
                    props.push_str(&format!("[pressed={pressed}]"));
                }
                format!("internal:role={role}{props}")
            }
            Part::Text(text) => format!("internal:text={}", text_value(text)),
            Part::Label(text) => format!("internal:label={}", text_value(text)),
            Part::TestId { attribute, value } => format!("internal:testid=[{attribute}={}]", attribute_value(value)),
            Part::Attribute { name, value } => format!("internal:attr=[{name}={}]", attribute_value(value)),
            Part::Nth(n) => format!("nth={n}"),
            Part::HasText(text) => format!("internal:has-text={}", text_value(text)),
            Part::HasNotText(text) => format!("internal:has-not-text={}", text_value(text)),
            Part::Has(inner) => format!("internal:has={}", quoted(&internal_selector(inner))),
            Part::HasNot(inner) => format!("internal:has-not={}", quoted(&internal_selector(inner))),
            Part::And(other) => format!("internal:and={}", quoted(&internal_selector(other))),
            Part::Or(other) => format!("internal:or={}", quoted(&internal_selector(other))),
            // Each alternative is one of Playwright's own selectors; the list reads as written.
            Part::Union(alternatives) => {
                alternatives.iter().map(|a| internal_selector(a)).collect::<Vec<_>>().join(", ")
            }
            Part::EnterFrame => "internal:control=enter-frame".to_string(),
            // Playwright's own selector syntax, which its viewer reads as written.
            Part::Selector { source, .. } | Part::Invalid { source, .. } => source.clone(),
            Part::XPath(xpath) => format!("xpath={xpath}"),
            Part::Custom { name, body, .. } => format!("{name}={body}"),
            // No selector finds a frame by id: its name, as an iframe's.
            Part::Frame { label, .. } => format!("iframe[name={}]", quoted(label)),
            Part::Visible(visible) => format!("visible={visible}"),
            Part::OwnText(text) => format!("internal:text={}", text_value(text)),
            Part::Describe(text) => format!("internal:describe={}", quoted(text)),
            // A handle has no selector in Playwright's traces either (its actions are the
            // handle's own).
            Part::Pinned { .. } => continue,
        });
    }
    out.join(" >> ")
}

fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// A text engine's argument: `"text"i` (substring), `"text"s` (exact) or `/re/flags`.
fn text_value(text: &TextMatch) -> String {
    match text {
        TextMatch::Exact(v) => format!("{}s", quoted(v)),
        TextMatch::Substring(v) => format!("{}i", quoted(v)),
        TextMatch::Regex { source, flags } => format!("/{source}/{flags}"),
    }
}

/// An attribute's value in brackets: quotes and backslashes escaped, then `s` or `i`.
fn attribute_value(text: &TextMatch) -> String {
    match text {
        TextMatch::Exact(v) => format!("\"{}\"s", v.replace('\\', "\\\\").replace('"', "\\\"")),
        TextMatch::Substring(v) => format!("\"{}\"i", v.replace('\\', "\\\\").replace('"', "\\\"")),
        TextMatch::Regex { source, flags } => format!("/{source}/{flags}"),
    }
}
