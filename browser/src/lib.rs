//! Playwright-shaped browser automation over chromiumoxide. Not built yet: see the browser issue.
