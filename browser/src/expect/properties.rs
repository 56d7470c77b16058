//! Assertions about one element's properties besides its text: CSS, JS properties, id, the
//! selected values of a multiple select, its ARIA role and accessible name. Each waits for the
//! one element as the other single-element assertions do (no match: fails, negated or not).

use super::LocatorAssertions;
use crate::expect::ExpectError;
use crate::text_match::TextMatch;
use serde_json::{json, Value};

impl LocatorAssertions<'_> {
    /// A computed CSS property (`"color"`, `"background-color"`): a string (exact) or a
    /// regular expression.
    pub async fn to_have_css(&self, name: &str, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        self.on_value("toHaveCSS", &format!("{name}: {}", expected.describe()), "css", json!(name), |v| {
            let v = v.as_str().unwrap_or("");
            (expected.matches_raw(v), format!("'{v}'"))
        })
        .await
    }

    /// A JavaScript property of the element equals `expected` (deep equality of JSON values;
    /// `undefined` reads as `null`).
    pub async fn to_have_js_property(&self, name: &str, expected: Value) -> Result<(), ExpectError> {
        self.on_value("toHaveJSProperty", &format!("{name}: {expected}"), "property", json!(name), |v| {
            (*v == expected, v.to_string())
        })
        .await
    }

    /// The element's id: a string (exact) or a regular expression.
    pub async fn to_have_id(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        self.on_value("toHaveId", &expected.describe(), "id", Value::Null, |v| {
            let v = v.as_str().unwrap_or("");
            (expected.matches_raw(v), format!("'{v}'"))
        })
        .await
    }

    /// The values of the options selected in a `<select multiple>`, one matcher each, in order.
    pub async fn to_have_values(&self, expected: &[TextMatch]) -> Result<(), ExpectError> {
        let expected: Vec<TextMatch> = expected.iter().cloned().map(TextMatch::exact_if_plain).collect();
        let shown = format!("[{}]", expected.iter().map(TextMatch::describe).collect::<Vec<_>>().join(", "));
        self.on_value("toHaveValues", &shown, "values", Value::Null, |v| {
            let values: Vec<String> = serde_json::from_value(v.clone()).unwrap_or_default();
            let holds = values.len() == expected.len() && values.iter().zip(&expected).all(|(v, m)| m.matches_raw(v));
            (holds, format!("{values:?}"))
        })
        .await
    }

    /// The element's ARIA role (explicit or implicit), as `getByRole` computes it.
    pub async fn to_have_role(&self, role: &str) -> Result<(), ExpectError> {
        let page = &self.locator.page;
        self.on_one("toHaveRole", role, |el| async move {
            let v = page.helper_value(&el, "ariaRole", vec![]).await?;
            let v = v.as_str().unwrap_or("");
            Ok((v == role, format!("'{v}'")))
        })
        .await
    }

    /// The element's accessible name: a string (exact, whitespace normalised) or a regular
    /// expression.
    pub async fn to_have_accessible_name(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        let (page, expected) = (&self.locator.page, &expected);
        self.on_one("toHaveAccessibleName", &expected.describe(), |el| async move {
            let v = page.helper_value(&el, "accessibleName", vec![]).await?;
            let v = v.as_str().unwrap_or("");
            Ok((expected.matches(v), format!("'{v}'")))
        })
        .await
    }

    /// The element's accessible description (`aria-describedby`, `aria-description`, `title`):
    /// a string (exact, whitespace normalised) or a regular expression.
    pub async fn to_have_accessible_description(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        let (page, expected) = (&self.locator.page, &expected);
        self.on_one("toHaveAccessibleDescription", &expected.describe(), |el| async move {
            let v = page.helper_value(&el, "accessibleDescription", vec![]).await?;
            let v = v.as_str().unwrap_or("");
            Ok((expected.matches(v), format!("'{v}'")))
        })
        .await
    }
}
