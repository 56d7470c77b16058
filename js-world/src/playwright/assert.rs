//! Web-first `expect` from JS, delegated to the Rust `expect`/`expect_page` so both languages
//! share one implementation (polling, messages with Expected/Received and the locator).

use super::locator::TextSpec;
use super::operations::{LocatorMatcher, PageMatcher};
use super::request::{locator_of, page_of, Failure, Request};
use super::session::Session;
use ferridriver_browser::{ExpectError, TextMatch};
use serde_json::Value;

/// `expect(page)[.not].<matcher>(…)`; an unmet expectation is an `Error` whose message is the
/// Rust one.
pub(super) async fn expect_page(session: &Session, r: &Request, matcher: PageMatcher) -> Result<Value, Failure> {
    if !r.parts.is_empty() {
        return Err(unsupported("locator", &r.op));
    }
    let page = page_of(session, r).await?;
    let result = {
        let mut a = ferridriver_browser::expect_page(&page);
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
        match matcher {
            PageMatcher::ToHaveUrl => a.to_have_url(url(r.arg(0)?)?).await,
            PageMatcher::ToHaveTitle => a.to_have_title(r.arg::<TextSpec>(0)?.to_exact_match()).await,
        }
    };
    result.map(|_| Value::Null).map_err(|ExpectError(message)| Failure::from(message))
}

/// `expect(locator)[.not].<matcher>(…)`, as [`expect_page`].
pub(super) async fn expect_locator(session: &Session, r: &Request, matcher: LocatorMatcher) -> Result<Value, Failure> {
    if r.parts.is_empty() {
        return Err(unsupported("page", &r.op));
    }
    let page = page_of(session, r).await?;
    let result = {
        let locator = locator_of(&page, r)?;
        let mut a = ferridriver_browser::expect(&locator);
        if r.not {
            a = a.not();
        }
        if let Some(t) = r.timeout() {
            a = a.timeout(t);
        }
        let exact = |i: usize| -> Result<TextMatch, Failure> { Ok(r.arg::<TextSpec>(i)?.to_exact_match()) };
        // The text matchers' `ignoreCase` and `useInnerText` (argument 1).
        let text_options = matches!(
            matcher,
            LocatorMatcher::ToHaveText
                | LocatorMatcher::ToContainText
                | LocatorMatcher::ToHaveTexts
                | LocatorMatcher::ToContainTexts
        )
        .then(|| r.arg::<Option<TextOptions>>(1))
        .transpose()?
        .flatten()
        .unwrap_or_default();
        if text_options.use_inner_text {
            a = a.use_inner_text();
        }
        let cased = |m: TextMatch| if text_options.ignore_case { m.ignoring_case() } else { m };
        match matcher {
            LocatorMatcher::ToBeVisible => a.to_be_visible().await,
            LocatorMatcher::ToBeHidden => a.to_be_hidden().await,
            LocatorMatcher::ToBeEnabled => a.to_be_enabled().await,
            LocatorMatcher::ToBeDisabled => a.to_be_disabled().await,
            LocatorMatcher::ToBeChecked => a.to_be_checked().await,
            LocatorMatcher::ToBeIndeterminate => a.to_be_indeterminate().await,
            LocatorMatcher::ToBeAttached => a.to_be_attached().await,
            LocatorMatcher::ToBeEditable => a.to_be_editable().await,
            LocatorMatcher::ToBeEmpty => a.to_be_empty().await,
            LocatorMatcher::ToBeFocused => a.to_be_focused().await,
            LocatorMatcher::ToBeInViewport => a.to_be_in_viewport(r.arg::<Option<f64>>(0)?).await,
            LocatorMatcher::ToHaveCss => a.to_have_css(&r.arg::<String>(0)?, exact(1)?).await,
            LocatorMatcher::ToHaveJsProperty => a.to_have_js_property(&r.arg::<String>(0)?, r.arg(1)?).await,
            LocatorMatcher::ToHaveId => a.to_have_id(exact(0)?).await,
            LocatorMatcher::ToHaveValues => {
                let specs: Vec<TextSpec> = r.arg(0)?;
                a.to_have_values(&specs.iter().map(TextSpec::to_exact_match).collect::<Vec<_>>()).await
            }
            LocatorMatcher::ToHaveRole => a.to_have_role(&r.arg::<String>(0)?).await,
            LocatorMatcher::ToHaveAccessibleName => a.to_have_accessible_name(exact(0)?).await,
            LocatorMatcher::ToHaveAccessibleDescription => a.to_have_accessible_description(exact(0)?).await,
            LocatorMatcher::ToHaveText => a.to_have_text(cased(r.arg::<TextSpec>(0)?.to_exact_match())).await,
            LocatorMatcher::ToContainText => {
                let spec: TextSpec = r.arg(0)?;
                match spec.as_str() {
                    Some(s) if !text_options.ignore_case => a.to_contain_text(s).await,
                    // A RegExp (and any text, case aside) searches the text either way.
                    Some(s) => a.to_have_text(TextMatch::Substring(s.to_string()).ignoring_case()).await,
                    None => a.to_have_text(cased(spec.to_match())).await,
                }
            }
            LocatorMatcher::ToHaveTexts => {
                let specs: Vec<TextSpec> = r.arg(0)?;
                let expected: Vec<TextMatch> = specs.iter().map(|s| cased(s.to_exact_match())).collect();
                a.to_have_texts(&expected).await
            }
            LocatorMatcher::ToContainTexts => {
                let specs: Vec<TextSpec> = r.arg(0)?;
                // Strings are contained (case-sensitive); a RegExp searches the text.
                let expected: Vec<TextMatch> = specs
                    .iter()
                    .map(|s| cased(s.as_str().map(TextMatch::containing).unwrap_or_else(|| s.to_match())))
                    .collect();
                a.to_contain_matches(&expected).await
            }
            LocatorMatcher::ToHaveClasses => {
                let specs: Vec<TextSpec> = r.arg(0)?;
                a.to_have_classes(&specs.iter().map(TextSpec::to_exact_match).collect::<Vec<_>>()).await
            }
            LocatorMatcher::ToContainClasses => {
                let classes: Vec<String> = r.arg(0)?;
                a.to_contain_classes(&classes.iter().map(String::as_str).collect::<Vec<_>>()).await
            }
            LocatorMatcher::ToHaveValue => a.to_have_value(exact(0)?).await,
            LocatorMatcher::ToHaveAttribute => {
                let name: String = r.arg(0)?;
                // Without a value: the attribute is present (any value matches the empty regex).
                let value = match r.args.get(1) {
                    None | Some(Value::Null) => TextMatch::regex("", ""),
                    Some(_) => exact(1)?,
                };
                a.to_have_attribute(&name, value).await
            }
            LocatorMatcher::ToHaveClass => a.to_have_class(exact(0)?).await,
            LocatorMatcher::ToContainClass => a.to_contain_class(&r.arg::<String>(0)?).await,
            LocatorMatcher::ToHaveCount => a.to_have_count(r.arg(0)?).await,
        }
    };
    result.map(|_| Value::Null).map_err(|ExpectError(message)| Failure::from(message))
}

/// The options of Playwright's text matchers.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct TextOptions {
    #[serde(default)]
    ignore_case: bool,
    #[serde(default)]
    use_inner_text: bool,
}

fn unsupported(subject: &str, op: &str) -> Failure {
    Failure::from(format!("expect({subject}).{op} is not supported"))
}
