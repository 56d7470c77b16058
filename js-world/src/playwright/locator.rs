//! A JS locator is a plain description (the chain of its parts); each call rebuilds the Rust
//! `Locator` from it on the scenario page, so JS holds no Rust object across awaits.

use ferridriver_browser::{FrameLocator, Locator, Page, RoleStates, SelectorEngines, TextMatch};
use serde::Deserialize;

/// A `string | RegExp` argument with Playwright's `exact` option, as `js/playwright.js` sends it.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct TextSpec {
    #[serde(default)]
    value: Option<String>,
    #[serde(default)]
    exact: bool,
    /// A RegExp's source (then `value` is absent).
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    flags: String,
}

impl TextSpec {
    /// Playwright's default for `getBy*`: case-insensitive substring unless `exact`.
    pub(crate) fn to_match(&self) -> TextMatch {
        match (&self.source, &self.value) {
            (Some(source), _) => TextMatch::regex(source.clone(), self.flags.clone()),
            (None, Some(v)) if self.exact => TextMatch::Exact(v.clone()),
            (None, v) => TextMatch::Substring(v.clone().unwrap_or_default()),
        }
    }

    /// For assertions, where a string means the whole text.
    pub(crate) fn to_exact_match(&self) -> TextMatch {
        match self.to_match() {
            TextMatch::Substring(s) => TextMatch::Exact(s),
            other => other,
        }
    }

    /// The plain string, when this is not a RegExp.
    pub(crate) fn as_str(&self) -> Option<&str> {
        if self.source.is_some() {
            None
        } else {
            self.value.as_deref()
        }
    }
}

/// One part of a locator chain.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub(crate) enum PartSpec {
    Css {
        selector: String,
        /// The engines `selectors.register` added in this JS world (name, source), when any.
        #[serde(default)]
        engines: Vec<(String, String)>,
    },
    Role {
        role: String,
        name: Option<TextSpec>,
        #[serde(default)]
        states: RoleStates,
    },
    Text {
        text: TextSpec,
    },
    Label {
        text: TextSpec,
    },
    Placeholder {
        text: TextSpec,
    },
    AltText {
        text: TextSpec,
    },
    Title {
        text: TextSpec,
    },
    TestId {
        id: String,
        /// `selectors.setTestIdAttribute` at the locator's making (default `data-testid`).
        #[serde(default)]
        attribute: Option<String>,
    },
    Nth {
        n: i64,
    },
    HasText {
        text: TextSpec,
    },
    Has {
        parts: Vec<PartSpec>,
    },
    HasNotText {
        text: TextSpec,
    },
    HasNot {
        parts: Vec<PartSpec>,
    },
    /// The page's frame `frame` (`page.frames()`), entered next; only at the start of a chain.
    Frame {
        frame: String,
        label: String,
    },
    /// `filter({ visible })`.
    Visible {
        visible: bool,
    },
    /// `locator.and(other)`: `parts` is the other locator's chain.
    And {
        parts: Vec<PartSpec>,
    },
    /// `locator.or(other)`.
    Or {
        parts: Vec<PartSpec>,
    },
    /// Into the frame of the one iframe matched so far (`frameLocator(s)` is `css s` followed
    /// by this; `contentFrame()` is this alone), any origin.
    EnterFrame,
    /// An element handle: the element pinned as `id` (`from`: the locator it came from).
    Pinned {
        id: u64,
        from: String,
    },
    /// `locator.describe(description)`.
    Describe {
        description: String,
    },
}

/// What both a page and a locator can search in.
trait Scope {
    fn css(&self, selector: &str, engines: &SelectorEngines) -> Locator;
    fn role(&self, role: &str, name: Option<TextMatch>, states: RoleStates) -> Locator;
    fn text(&self, t: TextMatch) -> Locator;
    fn label(&self, t: TextMatch) -> Locator;
    fn placeholder(&self, t: TextMatch) -> Locator;
    fn alt_text(&self, t: TextMatch) -> Locator;
    fn title(&self, t: TextMatch) -> Locator;
    fn test_id(&self, attribute: &str, id: &str) -> Locator;
    fn handle(&self, id: u64, from: &str) -> Locator;
}

macro_rules! scope {
    ($t:ty) => {
        impl Scope for $t {
            fn css(&self, selector: &str, engines: &SelectorEngines) -> Locator {
                self.locator_with(selector, engines)
            }
            fn role(&self, role: &str, name: Option<TextMatch>, states: RoleStates) -> Locator {
                self.get_by_role_with(role, name, states)
            }
            fn text(&self, t: TextMatch) -> Locator {
                self.get_by_text(t)
            }
            fn label(&self, t: TextMatch) -> Locator {
                self.get_by_label(t)
            }
            fn placeholder(&self, t: TextMatch) -> Locator {
                self.get_by_placeholder(t)
            }
            fn alt_text(&self, t: TextMatch) -> Locator {
                self.get_by_alt_text(t)
            }
            fn title(&self, t: TextMatch) -> Locator {
                self.get_by_title(t)
            }
            fn test_id(&self, attribute: &str, id: &str) -> Locator {
                self.get_by_test_id_in(attribute, id)
            }
            fn handle(&self, id: u64, from: &str) -> Locator {
                self.element_handle(id, from)
            }
        }
    };
}
scope!(Page);
scope!(Locator);
scope!(FrameLocator);

/// A finder part applied to `scope`; `None` for the parts that narrow a locator instead.
fn find(scope: &impl Scope, part: &PartSpec) -> Option<Locator> {
    Some(match part {
        PartSpec::Css { selector, engines } => scope.css(selector, &engines.iter().cloned().collect()),
        PartSpec::Role { role, name, states } => {
            scope.role(role, name.as_ref().map(TextSpec::to_match), states.clone())
        }
        PartSpec::Text { text } => scope.text(text.to_match()),
        PartSpec::Label { text } => scope.label(text.to_match()),
        PartSpec::Placeholder { text } => scope.placeholder(text.to_match()),
        PartSpec::AltText { text } => scope.alt_text(text.to_match()),
        PartSpec::Title { text } => scope.title(text.to_match()),
        PartSpec::TestId { id, attribute } => scope.test_id(attribute.as_deref().unwrap_or("data-testid"), id),
        PartSpec::Pinned { id, from } => scope.handle(*id, from),
        PartSpec::EnterFrame
        | PartSpec::Nth { .. }
        | PartSpec::HasText { .. }
        | PartSpec::Has { .. }
        | PartSpec::HasNotText { .. }
        | PartSpec::HasNot { .. }
        | PartSpec::Visible { .. }
        | PartSpec::Describe { .. }
        | PartSpec::Frame { .. }
        | PartSpec::And { .. }
        | PartSpec::Or { .. } => return None,
    })
}

/// The Rust locator a JS chain describes.
pub(crate) fn build(page: &Page, parts: &[PartSpec]) -> Result<Locator, String> {
    let Some((head, rest)) = parts.split_first() else { return Err("the locator is empty".into()) };
    // Set right after entering a frame: the next part must find something in it.
    let mut frame: Option<FrameLocator> = None;
    let (mut locator, rest) = match (head, rest) {
        // A Frame object's chain: its frame, entered.
        (PartSpec::Frame { frame: id, label }, [PartSpec::EnterFrame, rest @ ..]) => {
            let inside = page.frame_by_id(id, label);
            let Some((next, rest)) = rest.split_first() else {
                return Err("a frame is not a locator: call .locator() or a getBy… method on it".into());
            };
            (find(&inside, next).ok_or("a frame must be followed by locator() or a getBy… method")?, rest)
        }
        // `frame.frameElement()`: the frame's <iframe>.
        (PartSpec::Frame { frame: id, label }, rest) => (page.frame_by_id(id, label).owner(), rest),
        _ => (find(page, head).ok_or("a locator must start with locator() or a getBy… method")?, rest),
    };
    for part in rest {
        if let Some(f) = frame.take() {
            locator = find(&f, part).ok_or("a frame locator must be followed by locator() or a getBy… method")?;
            continue;
        }
        locator = match part {
            PartSpec::Nth { n } => locator.nth(*n),
            PartSpec::HasText { text } => locator.filter_has_text(text.to_match()),
            PartSpec::Has { parts } => locator.filter_has(&build(page, parts)?),
            PartSpec::HasNotText { text } => locator.filter_has_not_text(text.to_match()),
            PartSpec::HasNot { parts } => locator.filter_has_not(&build(page, parts)?),
            PartSpec::Visible { visible } => locator.filter_visible(*visible),
            PartSpec::Describe { description } => locator.described(description),
            PartSpec::Frame { .. } => return Err("a frame can only start a locator".into()),
            PartSpec::And { parts } => locator.and(&build(page, parts)?),
            PartSpec::Or { parts } => locator.or(&build(page, parts)?),
            PartSpec::EnterFrame => {
                frame = Some(locator.content_frame());
                continue;
            }
            finder => find(&locator, finder).ok_or("unsupported locator part")?,
        };
    }
    match frame {
        Some(_) => Err("a frame locator is not a locator: call .locator() or a getBy… method on it".into()),
        None => Ok(locator),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_specs_follow_playwright_defaults() {
        let spec: TextSpec = serde_json::from_str(r#"{"value":"Save"}"#).unwrap();
        assert_eq!(spec.to_match(), TextMatch::Substring("Save".into()));
        assert_eq!(spec.to_exact_match(), TextMatch::Exact("Save".into()));
        let spec: TextSpec = serde_json::from_str(r#"{"value":"Save","exact":true}"#).unwrap();
        assert_eq!(spec.to_match(), TextMatch::Exact("Save".into()));
        let spec: TextSpec = serde_json::from_str(r#"{"source":"sa.e","flags":"i"}"#).unwrap();
        assert_eq!(spec.to_match(), TextMatch::regex("sa.e", "i"));
        assert_eq!(spec.as_str(), None);
        let parts: Vec<PartSpec> = serde_json::from_str(
            r#"[{"kind":"role","role":"button","name":{"value":"x"}},{"kind":"hasText","text":{"value":"y"}},{"kind":"nth","n":1},{"kind":"hasNot","parts":[{"kind":"css","selector":"b"}]},{"kind":"hasNotText","text":{"value":"z"}},{"kind":"enterFrame"}]"#,
        )
        .unwrap();
        assert_eq!(parts.len(), 6);
    }
}
