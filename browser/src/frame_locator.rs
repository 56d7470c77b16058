//! Playwright's `FrameLocator`: the iframe some locator matches, to search inside. It is the
//! owner's locator plus "enter its frame", which is strict (one frame) when resolved.

use crate::locator::Locator;
use crate::text_match::TextMatch;

/// An iframe to locate elements in. Cheap to clone; resolved afresh on every use.
#[derive(Clone)]
pub struct FrameLocator {
    owner: Locator,
}

impl FrameLocator {
    pub(crate) fn new(owner: Locator) -> Self {
        FrameLocator { owner }
    }

    fn inside(&self) -> Locator {
        self.owner.enter_frame()
    }

    /// The iframe element itself.
    pub fn owner(&self) -> Locator {
        self.owner.clone()
    }

    /// The first matching iframe.
    pub fn first(&self) -> FrameLocator {
        FrameLocator::new(self.owner.first())
    }

    /// The last matching iframe.
    pub fn last(&self) -> FrameLocator {
        FrameLocator::new(self.owner.last())
    }

    /// The n-th matching iframe (0-based; negative counts from the end).
    pub fn nth(&self, n: i64) -> FrameLocator {
        FrameLocator::new(self.owner.nth(n))
    }

    /// Elements matching a CSS selector in the frame.
    pub fn locator(&self, selector: &str) -> Locator {
        self.inside().locator(selector)
    }

    /// [`FrameLocator::locator`] where registered `engines` may be named too.
    pub fn locator_with(&self, selector: &str, engines: &crate::SelectorEngines) -> Locator {
        self.inside().locator_with(selector, engines)
    }

    /// Elements with an ARIA role and optional name in the frame.
    pub fn get_by_role(&self, role: &str, name: Option<TextMatch>) -> Locator {
        self.inside().get_by_role(role, name)
    }

    /// `get_by_role` with Playwright's other options, in the frame.
    pub fn get_by_role_with(&self, role: &str, name: Option<TextMatch>, states: crate::locator::RoleStates) -> Locator {
        self.inside().get_by_role_with(role, name, states)
    }

    /// The deepest elements whose text matches, in the frame.
    pub fn get_by_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.inside().get_by_text(text)
    }

    /// Form controls by label, in the frame.
    pub fn get_by_label(&self, text: impl Into<TextMatch>) -> Locator {
        self.inside().get_by_label(text)
    }

    /// Elements by placeholder, in the frame.
    pub fn get_by_placeholder(&self, text: impl Into<TextMatch>) -> Locator {
        self.inside().get_by_placeholder(text)
    }

    /// Images by alt text, in the frame.
    pub fn get_by_alt_text(&self, text: impl Into<TextMatch>) -> Locator {
        self.inside().get_by_alt_text(text)
    }

    /// Elements by title, in the frame.
    pub fn get_by_title(&self, text: impl Into<TextMatch>) -> Locator {
        self.inside().get_by_title(text)
    }

    /// Elements by `data-testid`, in the frame.
    pub fn get_by_test_id(&self, id: &str) -> Locator {
        self.inside().get_by_test_id(id)
    }

    /// Elements whose test id `attribute` is `id`, in the frame.
    pub fn get_by_test_id_in(&self, attribute: &str, id: &str) -> Locator {
        self.inside().get_by_test_id_in(attribute, id)
    }

    /// An iframe inside this frame.
    pub fn frame_locator(&self, selector: &str) -> FrameLocator {
        self.inside().frame_locator(selector)
    }
}

impl Locator {
    /// The iframe matching `selector` inside the current match (Playwright's `frameLocator`),
    /// same- or cross-origin.
    pub fn frame_locator(&self, selector: &str) -> FrameLocator {
        FrameLocator::new(self.locator(selector))
    }

    /// The frame of the iframe element this locator matches (Playwright's `contentFrame()`).
    pub fn content_frame(&self) -> FrameLocator {
        FrameLocator::new(self.clone())
    }
}
