//! Locators: a description of how to find elements, resolved afresh each time they are used,
//! so they survive re-renders. Built like Playwright's, and described the same way in errors.

use crate::page::PageInner;
use crate::text_match::{quoted, TextMatch};
use std::sync::Arc;
use std::time::Duration;

/// One step of a locator chain.
#[derive(Debug, Clone)]
pub(crate) enum Part {
    Css(String),
    Role {
        role: String,
        name: Option<TextMatch>,
        states: RoleStates,
    },
    Text(TextMatch),
    Label(TextMatch),
    Attribute {
        name: &'static str,
        value: TextMatch,
    },
    /// `getByTestId`: the test id attribute (`data-testid`, or what
    /// `selectors.setTestIdAttribute` chose when the locator was made).
    TestId {
        attribute: String,
        value: TextMatch,
    },
    Nth(i64),
    HasText(TextMatch),
    HasNotText(TextMatch),
    Has(Vec<Part>),
    HasNot(Vec<Part>),
    /// Matches that the other chain (from the page) also finds.
    And(Vec<Part>),
    /// Matches of this chain or of the other one, in document order, each once.
    Or(Vec<Part>),
    /// A selector list (`a:has-text("x"), b`): what each alternative finds from the current
    /// matches, in document order, each once.
    Union(Vec<Vec<Part>>),
    /// Into the document of the one iframe element matched so far (any origin, ADR 0012);
    /// several matches are a strict-mode error, as with Playwright's frame locators.
    EnterFrame,
    /// The `<iframe>` of the page's frame `id` (`label`: its name or URL, for messages).
    Frame {
        id: String,
        label: String,
    },
    /// Elements an XPath expression finds (relative to each match when it starts with `/`).
    XPath(String),
    /// Elements a registered selector engine finds (`selectors.register`): its name, the page
    /// code that makes it, and the selector's body.
    Custom {
        name: String,
        source: String,
        body: String,
    },
    /// Only the matches that are visible (`true`) or not (`false`).
    Visible(bool),
    /// Only the matches the text engine would pick: the element's text matches and none of
    /// its children's does (Playwright's `:text()`, `:text-is()`, `:text-matches()`).
    OwnText(TextMatch),
    /// The parts of one piece of a Playwright selector (`selector.rs`), shown as it was written.
    Selector {
        source: String,
        parts: Vec<Part>,
    },
    /// A selector that cannot be parsed: using the locator fails with `message`.
    Invalid {
        source: String,
        message: String,
    },
    /// The element pinned as number `id` in its document (an element handle,
    /// `element_handles.rs`); `from` is the locator it was pinned from, for messages.
    Pinned {
        id: u64,
        from: String,
    },
    /// Playwright's `locator.describe(text)`: finds what the chain before it finds; the locator
    /// reads as `text` in messages while this is its last part.
    Describe(String),
}

/// The options of `getByRole` besides the name, as Playwright's: ARIA states an element must
/// have (`None`: not checked), and whether elements hidden from assistive technology count.
/// A state the role does not have never matches (`checked` on a button finds nothing).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoleStates {
    /// `aria-checked` / a checkbox's or radio's state (checkbox, radio, switch, menuitemcheckbox…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    /// Natively disabled, or `aria-disabled="true"` on it or an ancestor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<bool>,
    /// `aria-expanded`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expanded: Option<bool>,
    /// Also elements hidden from assistive technology.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_hidden: bool,
    /// A heading's level (`h1`…`h6`, `aria-level`); also list items, rows and tree items.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    /// A toggle button's `aria-pressed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pressed: Option<bool>,
    /// `aria-selected`, or an `<option>`'s selection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<bool>,
}

impl RoleStates {
    /// As in Playwright's locator descriptions: `checked: true, level: 2`…
    fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        // Playwright's order (its role selector's attributes).
        let flags = [
            ("checked", self.checked),
            ("disabled", self.disabled),
            ("selected", self.selected),
            ("expanded", self.expanded),
            ("includeHidden", self.include_hidden.then_some(true)),
        ];
        out.extend(flags.iter().filter_map(|(k, v)| v.map(|v| format!("{k}: {v}"))));
        out.extend(self.level.map(|l| format!("level: {l}")));
        out.extend(self.pressed.map(|v| format!("pressed: {v}")));
        out
    }
}

/// Finds elements of a page. Cheap to clone; every use resolves it again.
#[derive(Clone)]
pub struct Locator {
    pub(crate) page: Arc<PageInner>,
    pub(crate) parts: Vec<Part>,
    pub(crate) timeout: Option<Duration>,
    /// Whether its actions let the page's locator handlers run first (`locator_handlers.rs`);
    /// off for what Playwright does without them (a frame's `evaluate`, `dispatchEvent`).
    pub(crate) intercepts: bool,
}

impl Locator {
    pub(crate) fn root(page: Arc<PageInner>) -> Self {
        Locator { page, parts: Vec::new(), timeout: None, intercepts: true }
    }

    /// The same locator, whose actions do not let the page's locator handlers run first.
    pub fn without_locator_handlers(&self) -> Locator {
        Locator { intercepts: false, ..self.clone() }
    }

    fn then(&self, part: Part) -> Self {
        let mut l = self.clone();
        l.parts.push(part);
        l
    }

    /// The `<iframe>` element of the page's frame `id`.
    pub(crate) fn frame_owner(&self, id: &str, label: &str) -> Locator {
        self.then(Part::Frame { id: id.to_string(), label: label.to_string() })
    }

    /// The same elements, named `description` in messages and reports (Playwright's
    /// `locator.describe`) until another part is added.
    pub fn described(&self, description: &str) -> Locator {
        self.then(Part::Describe(description.to_string()))
    }

    /// Only the matches that are visible (`true`) or hidden (`false`).
    pub fn filter_visible(&self, visible: bool) -> Locator {
        self.then(Part::Visible(visible))
    }

    /// Elements with an ARIA role and optional accessible name (computed in the page, ADR 0019).
    pub fn get_by_role(&self, role: &str, name: Option<TextMatch>) -> Locator {
        self.get_by_role_with(role, name, RoleStates::default())
    }

    /// `get_by_role` with Playwright's other options (`checked`, `level`, `includeHidden`…).
    pub fn get_by_role_with(&self, role: &str, name: Option<TextMatch>, states: RoleStates) -> Locator {
        self.then(Part::Role { role: role.to_string(), name, states })
    }

    /// The deepest elements whose text matches.
    pub fn get_by_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::Text(text.into()))
    }

    /// Form controls by label.
    pub fn get_by_label(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::Label(text.into()))
    }

    /// Elements by placeholder.
    pub fn get_by_placeholder(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::Attribute { name: "placeholder", value: text.into() })
    }

    /// Images by alt text.
    pub fn get_by_alt_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::Attribute { name: "alt", value: text.into() })
    }

    /// Elements by title.
    pub fn get_by_title(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::Attribute { name: "title", value: text.into() })
    }

    /// Elements by `data-testid` (exact).
    pub fn get_by_test_id(&self, id: &str) -> Locator {
        self.get_by_test_id_in("data-testid", id)
    }

    /// Elements whose test id `attribute` is `id` (exact): Playwright's `getByTestId` after
    /// `selectors.setTestIdAttribute(attribute)`.
    pub fn get_by_test_id_in(&self, attribute: &str, id: &str) -> Locator {
        self.then(Part::TestId { attribute: attribute.to_string(), value: TextMatch::Exact(id.to_string()) })
    }

    pub(crate) fn enter_frame(&self) -> Locator {
        self.then(Part::EnterFrame)
    }

    /// The first match.
    pub fn first(&self) -> Locator {
        self.then(Part::Nth(0))
    }

    /// The last match.
    pub fn last(&self) -> Locator {
        self.then(Part::Nth(-1))
    }

    /// The n-th match (0-based; negative counts from the end).
    pub fn nth(&self, n: i64) -> Locator {
        self.then(Part::Nth(n))
    }

    /// Only matches containing this text.
    pub fn filter_has_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::HasText(text.into()))
    }

    /// Only matches not containing this text.
    pub fn filter_has_not_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.then(Part::HasNotText(text.into()))
    }

    /// Only matches in which `inner` finds nothing.
    pub fn filter_has_not(&self, inner: &Locator) -> Locator {
        self.then(Part::HasNot(inner.parts.clone()))
    }

    /// Only matches containing an element `inner` finds (resolved inside each match).
    pub fn filter_has(&self, inner: &Locator) -> Locator {
        self.then(Part::Has(inner.parts.clone()))
    }

    /// Elements this locator and `other` both match (Playwright's `locator.and`).
    pub fn and(&self, other: &Locator) -> Locator {
        self.then(Part::And(other.parts.clone()))
    }

    /// Elements either this locator or `other` matches, in document order (`locator.or`).
    pub fn or(&self, other: &Locator) -> Locator {
        self.then(Part::Or(other.parts.clone()))
    }

    /// The same locator with its own timeout for actions and assertions.
    pub fn with_timeout(&self, timeout: Duration) -> Locator {
        Locator { timeout: Some(timeout), ..self.clone() }
    }

    pub(crate) fn timeout(&self) -> Duration {
        self.timeout.unwrap_or(self.page.action_timeout)
    }

    /// Playwright's rendering, e.g. `getByRole('button', { name: 'Save' }).first()`.
    pub fn description(&self) -> String {
        describe(&self.parts)
    }
}

/// A `getByText`-like method's arguments as Playwright writes them: the text, then
/// `{ exact: true }` when it must match whole.
fn text_arguments(text: &TextMatch) -> String {
    match text.is_exact() {
        true => format!("{}, {{ exact: true }}", text.describe()),
        false => text.describe(),
    }
}

pub(crate) fn describe(parts: &[Part]) -> String {
    if let Some(Part::Describe(description)) = parts.last() {
        return description.clone();
    }
    let mut out: Vec<String> = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        out.push(match p {
            Part::Css(s) => format!("locator({})", quoted(s)),
            Part::Role { role, name, states } => {
                let mut options = states.describe();
                if let Some(n) = name {
                    let exact = if n.is_exact() { ", exact: true" } else { "" };
                    options.insert(0, format!("name: {}{exact}", n.describe()));
                }
                match options.is_empty() {
                    true => format!("getByRole('{role}')"),
                    false => format!("getByRole('{role}', {{ {} }})", options.join(", ")),
                }
            }
            Part::Text(t) => format!("getByText({})", text_arguments(t)),
            Part::Label(t) => format!("getByLabel({})", text_arguments(t)),
            Part::TestId { value, .. } => format!("getByTestId({})", value.describe()),
            Part::Attribute { name, value } => {
                let method = match *name {
                    "placeholder" => "getByPlaceholder",
                    "alt" => "getByAltText",
                    _ => "getByTitle",
                };
                format!("{method}({})", text_arguments(value))
            }
            Part::Nth(0) => "first()".to_string(),
            Part::Nth(-1) => "last()".to_string(),
            Part::Nth(n) => format!("nth({n})"),
            Part::HasText(t) => format!("filter({{ hasText: {} }})", t.describe()),
            Part::Has(inner) => format!("filter({{ has: {} }})", describe(inner)),
            Part::HasNotText(t) => format!("filter({{ hasNotText: {} }})", t.describe()),
            Part::HasNot(inner) => format!("filter({{ hasNot: {} }})", describe(inner)),
            Part::And(other) => format!("and({})", describe(other)),
            Part::Or(other) => format!("or({})", describe(other)),
            Part::Union(alternatives) => alternatives.iter().map(|a| describe(a)).collect::<Vec<_>>().join(" or "),
            // A page frame (`frame('name')`) is entered already.
            Part::EnterFrame if matches!(i.checked_sub(1).map(|j| &parts[j]), Some(Part::Frame { .. })) => continue,
            // `frameLocator('x')` reads as Playwright writes it: `locator('x').contentFrame()`.
            Part::EnterFrame => "contentFrame()".to_string(),
            Part::Pinned { from, .. } => format!("{from} (element handle)"),
            Part::Selector { source, .. } | Part::Invalid { source, .. } => format!("locator({})", quoted(source)),
            Part::XPath(s) => format!("locator({})", quoted(s)),
            Part::Custom { name, body, .. } => format!("locator({})", quoted(&format!("{name}={body}"))),
            Part::Frame { label, .. } => format!("frame({})", quoted(label)),
            Part::Describe(_) => continue,
            Part::Visible(true) => "visible()".to_string(),
            Part::Visible(false) => "filter({ visible: false })".to_string(),
            Part::OwnText(t) => format!("locator(':text({})')", t.describe()),
        });
    }
    if out.is_empty() {
        "page".to_string()
    } else {
        out.join(".")
    }
}
