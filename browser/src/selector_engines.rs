//! Selector engines a script registered (Playwright's `selectors.register`): a name and the
//! page code that makes the engine (`{ query(root, selector), queryAll(root, selector) }`).
//! Each JS world keeps its own set (js/playwright.js checks the names as Playwright does) and
//! hands it to the locators it makes; the page makes an engine from its source once per
//! document (`injected/helper.js`, `custom`).

/// Registered selector engines, by name, in the order they were registered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SelectorEngines {
    engines: Vec<(String, String)>,
}

impl SelectorEngines {
    /// The page code of engine `name`, if registered (names are case-sensitive, as Playwright's).
    pub fn source_of(&self, name: &str) -> Option<&str> {
        self.engines.iter().find(|(n, _)| n == name).map(|(_, s)| s.as_str())
    }
}

impl FromIterator<(String, String)> for SelectorEngines {
    /// A set of `(name, source)` pairs.
    fn from_iter<I: IntoIterator<Item = (String, String)>>(items: I) -> Self {
        SelectorEngines { engines: items.into_iter().collect() }
    }
}
