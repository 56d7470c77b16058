//! Web-first `expect` from JS, delegated to the Rust `expect`/`expect_page` so both languages
//! share one implementation (polling, messages with Expected/Received and the locator).

use super::locator::TextSpec;
use super::request::{locator_of, page_of, Failure, Request};
use super::session::Session;
use ferridriver_browser::{expect as expect_locator, expect_page, ExpectError, TextMatch};
use serde_json::Value;

/// `expect(locator|page)[.not].<matcher>(…)`; an unmet expectation is an `Error` whose message
/// is the Rust one.
pub(super) async fn expect(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    let result = if r.parts.is_empty() {
        let mut a = expect_page(&page);
        if r.not {
            a = a.not();
        }
        if let Some(t) = r.timeout() {
            a = a.timeout(t);
        }
        let url = |spec: TextSpec| -> Result<TextMatch, Failure> {
            // A relative URL means the same as in page.goto.
            Ok(match spec.as_str() {
                Some(s) if !s.contains("://") && s.starts_with('/') => TextMatch::Exact(session.resolve(s)?),
                _ => spec.to_exact_match(),
            })
        };
        match r.op.as_str() {
            "toHaveURL" => a.to_have_url(url(r.arg(0, "expected")?)?).await,
            "toHaveTitle" => a.to_have_title(r.arg::<TextSpec>(0, "expected")?.to_exact_match()).await,
            op => return Err(unsupported("page", op)),
        }
    } else {
        let locator = locator_of(&page, r)?;
        let mut a = expect_locator(&locator);
        if r.not {
            a = a.not();
        }
        if let Some(t) = r.timeout() {
            a = a.timeout(t);
        }
        let exact =
            |i: usize, what: &str| -> Result<TextMatch, Failure> { Ok(r.arg::<TextSpec>(i, what)?.to_exact_match()) };
        match r.op.as_str() {
            "toBeVisible" => a.to_be_visible().await,
            "toBeHidden" => a.to_be_hidden().await,
            "toBeEnabled" => a.to_be_enabled().await,
            "toBeDisabled" => a.to_be_disabled().await,
            "toBeChecked" => a.to_be_checked().await,
            "toBeIndeterminate" => a.to_be_indeterminate().await,
            "toBeAttached" => a.to_be_attached().await,
            "toBeEditable" => a.to_be_editable().await,
            "toBeEmpty" => a.to_be_empty().await,
            "toBeFocused" => a.to_be_focused().await,
            "toBeInViewport" => a.to_be_in_viewport(r.arg::<Option<f64>>(0, "ratio")?).await,
            "toHaveCSS" => a.to_have_css(&r.arg::<String>(0, "name")?, exact(1, "value")?).await,
            "toHaveJSProperty" => a.to_have_js_property(&r.arg::<String>(0, "name")?, r.arg(1, "value")?).await,
            "toHaveId" => a.to_have_id(exact(0, "id")?).await,
            "toHaveValues" => {
                let specs: Vec<TextSpec> = r.arg(0, "values")?;
                a.to_have_values(&specs.iter().map(TextSpec::to_exact_match).collect::<Vec<_>>()).await
            }
            "toHaveRole" => a.to_have_role(&r.arg::<String>(0, "role")?).await,
            "toHaveAccessibleName" => a.to_have_accessible_name(exact(0, "name")?).await,
            "toHaveAccessibleDescription" => a.to_have_accessible_description(exact(0, "description")?).await,
            "toHaveText" => a.to_have_text(r.arg::<TextSpec>(0, "expected")?.to_exact_match()).await,
            "toContainText" => {
                let spec: TextSpec = r.arg(0, "expected")?;
                match spec.as_str() {
                    Some(s) => a.to_contain_text(s).await,
                    // A RegExp searches the text either way.
                    None => a.to_have_text(spec.to_match()).await,
                }
            }
            "toHaveTexts" => {
                let specs: Vec<TextSpec> = r.arg(0, "expected")?;
                let expected: Vec<TextMatch> = specs.iter().map(TextSpec::to_exact_match).collect();
                a.to_have_texts(&expected).await
            }
            "toContainTexts" => {
                let specs: Vec<TextSpec> = r.arg(0, "expected")?;
                // Strings are contained (case-sensitive); a RegExp searches the text.
                let expected: Vec<TextMatch> = specs
                    .iter()
                    .map(|s| s.as_str().map(TextMatch::containing).unwrap_or_else(|| s.to_match()))
                    .collect();
                a.to_contain_matches(&expected).await
            }
            "toHaveClasses" => {
                let specs: Vec<TextSpec> = r.arg(0, "expected")?;
                a.to_have_classes(&specs.iter().map(TextSpec::to_exact_match).collect::<Vec<_>>()).await
            }
            "toContainClasses" => {
                let classes: Vec<String> = r.arg(0, "expected")?;
                a.to_contain_classes(&classes.iter().map(String::as_str).collect::<Vec<_>>()).await
            }
            "toHaveValue" => a.to_have_value(exact(0, "expected")?).await,
            "toHaveAttribute" => {
                let name: String = r.arg(0, "name")?;
                // Without a value: the attribute is present (any value matches the empty regex).
                let value = match r.args.get(1) {
                    None | Some(Value::Null) => TextMatch::regex("", ""),
                    Some(_) => exact(1, "value")?,
                };
                a.to_have_attribute(&name, value).await
            }
            "toHaveClass" => a.to_have_class(exact(0, "expected")?).await,
            "toContainClass" => a.to_contain_class(&r.arg::<String>(0, "expected")?).await,
            "toHaveCount" => a.to_have_count(r.arg(0, "count")?).await,
            op => return Err(unsupported("locator", op)),
        }
    };
    result.map(|_| Value::Null).map_err(|ExpectError(message)| Failure::from(message))
}

fn unsupported(subject: &str, op: &str) -> Failure {
    Failure::from(format!("expect({subject}).{op} is not supported"))
}
