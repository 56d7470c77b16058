//! Assertion steps: web-first (they retry until the default 5 s timeout passes).

use super::interaction::field;
use crate::registry::{StepFailure, StepResult, World};
use ferridriver_browser::{expect, expect_page, ExpectError, TextMatch};
use ferridriver_macros::then;

pub(super) fn link() {}

fn failed(e: ExpectError) -> StepFailure {
    StepFailure::new("AssertionError", e.0)
}

#[then(
    expr = "I should see {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when this text is visible on the page.",
    example = "Then I should see \"Welcome, ada\""
)]
async fn should_see(world: &mut World, text: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.get_by_text(text).first()).to_be_visible().await.map_err(failed)
}

#[then(
    expr = "I should not see {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when no element showing this text is visible.",
    example = "Then I should not see \"Error\""
)]
async fn should_not_see(world: &mut World, text: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.get_by_text(text)).to_be_hidden().await.map_err(failed)
}

#[then(
    expr = "I should see the {string} button",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when a button with this accessible name is visible.",
    example = "Then I should see the \"Log out\" button"
)]
async fn should_see_button(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.get_by_role("button", Some(TextMatch::Exact(name)))).to_be_visible().await.map_err(failed)
}

#[then(
    expr = "the {string} button should be disabled",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the button with this name is disabled.",
    example = "Then the \"Pay\" button should be disabled"
)]
async fn button_disabled(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.get_by_role("button", Some(TextMatch::Exact(name)))).to_be_disabled().await.map_err(failed)
}

#[then(
    expr = "the {string} button should be enabled",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the button with this name is enabled.",
    example = "Then the \"Pay\" button should be enabled"
)]
async fn button_enabled(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.get_by_role("button", Some(TextMatch::Exact(name)))).to_be_enabled().await.map_err(failed)
}

#[then(
    expr = "the {string} field should contain {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the field with this label (or placeholder) has this value.",
    example = "Then the \"Email\" field should contain \"ada@example.com\""
)]
async fn field_value(world: &mut World, name: String, value: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&field(&page, &name).await?).to_have_value(&value).await.map_err(failed)
}

#[then(
    expr = "{string} should be checked",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the checkbox or radio button with this label is checked.",
    example = "Then \"Remember me\" should be checked"
)]
async fn checked(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&field(&page, &name).await?).to_be_checked().await.map_err(failed)
}

#[then(
    expr = "the page title should be {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the document title is exactly this.",
    example = "Then the page title should be \"Dashboard\""
)]
async fn title(world: &mut World, expected: String) -> StepResult {
    let page = world.browser().page().await?;
    expect_page(&page).to_have_title(expected.as_str()).await.map_err(failed)
}

#[then(
    expr = "the URL should contain {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the page's URL contains this text.",
    example = "Then the URL should contain \"/orders/\""
)]
async fn url_contains(world: &mut World, part: String) -> StepResult {
    let page = world.browser().page().await?;
    expect_page(&page).to_have_url(TextMatch::containing(&part)).await.map_err(failed)
}

#[then(
    expr = "there should be {int} elements matching {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when exactly this many elements match the CSS selector.",
    example = "Then there should be 3 elements matching \".cart li\""
)]
async fn count(world: &mut World, n: usize, selector: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.locator(&selector)).to_have_count(n).await.map_err(failed)
}

#[then(
    expr = "the element {string} should have text {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the element matching the CSS selector has exactly this text.",
    example = "Then the element \"#total\" should have text \"€13.50\""
)]
async fn element_text(world: &mut World, selector: String, text: String) -> StepResult {
    let page = world.browser().page().await?;
    expect(&page.locator(&selector)).to_have_text(text.as_str()).await.map_err(failed)
}
