//! Interaction steps, role- and label-first: buttons and links by their accessible name,
//! fields by their label (or placeholder), CSS only where asked for.

use crate::registry::{StepResult, World};
use ferridriver_browser::{Locator, Page, TextMatch};
use ferridriver_macros::when;
use std::time::Duration;

pub(super) fn link() {}

/// A form field by label, or else by placeholder.
pub(crate) async fn field(page: &Page, name: &str) -> Result<Locator, String> {
    let by_label = page.get_by_label(TextMatch::Exact(name.to_string()));
    if by_label.count().await.map_err(|e| e.to_string())? > 0 {
        return Ok(by_label);
    }
    let by_placeholder = page.get_by_placeholder(TextMatch::Exact(name.to_string()));
    if by_placeholder.count().await.map_err(|e| e.to_string())? > 0 {
        return Ok(by_placeholder);
    }
    // Let the action wait for the label (it may still be rendering) and explain the miss.
    Ok(by_label)
}

#[when(
    expr = "I click the {string} button",
    crate = "crate",
    timeout_ms = 30000,
    description = "Clicks the button with this accessible name (waits until it can be clicked).",
    example = "When I click the \"Sign in\" button"
)]
async fn click_button(world: &mut World, name: String) -> StepResult {
    world.browser().page().await?.get_by_role("button", Some(TextMatch::Exact(name))).click().await?;
    Ok(())
}

#[when(
    expr = "I click the {string} link",
    crate = "crate",
    timeout_ms = 30000,
    description = "Clicks the link with this accessible name.",
    example = "When I click the \"Pricing\" link"
)]
async fn click_link(world: &mut World, name: String) -> StepResult {
    world.browser().page().await?.get_by_role("link", Some(TextMatch::Exact(name))).click().await?;
    Ok(())
}

#[when(
    expr = "I click {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Clicks the element showing this text.",
    example = "When I click \"Accept all\""
)]
async fn click_text(world: &mut World, text: String) -> StepResult {
    world.browser().page().await?.get_by_text(text).click().await?;
    Ok(())
}

#[when(
    expr = "I click the element {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Clicks the element matching a CSS selector.",
    example = "When I click the element \"#menu > li:first-child\""
)]
async fn click_css(world: &mut World, selector: String) -> StepResult {
    world.browser().page().await?.locator(&selector).click().await?;
    Ok(())
}

#[when(
    expr = "I fill {string} with {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Fills the field with this label (or placeholder).",
    example = "When I fill \"Email\" with \"ada@example.com\""
)]
async fn fill(world: &mut World, name: String, value: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.fill(&value).await?;
    Ok(())
}

#[when(
    expr = "I type {string} into {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Types text key by key into the field with this label (or placeholder).",
    example = "When I type \"tea\" into \"Search\""
)]
async fn type_into(world: &mut World, text: String, name: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.type_text(&text).await?;
    Ok(())
}

#[when(
    expr = "I press {string} in {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Presses a key (Enter, Tab, Escape, ArrowDown, a…) in the field with this label.",
    example = "When I press \"Enter\" in \"Search\""
)]
async fn press(world: &mut World, key: String, name: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.press(&key).await?;
    Ok(())
}

#[when(
    expr = "I check {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Checks the checkbox or radio button with this label.",
    example = "When I check \"Remember me\""
)]
async fn check(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.check().await?;
    Ok(())
}

#[when(
    expr = "I uncheck {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Unchecks the checkbox with this label.",
    example = "When I uncheck \"Newsletter\""
)]
async fn uncheck(world: &mut World, name: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.uncheck().await?;
    Ok(())
}

#[when(
    expr = "I select {string} from {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Selects an option (by label or value) of the dropdown with this label.",
    example = "When I select \"Express\" from \"Shipping\""
)]
async fn select(world: &mut World, option: String, name: String) -> StepResult {
    let page = world.browser().page().await?;
    field(&page, &name).await?.select_option(&[option.as_str()]).await?;
    Ok(())
}

#[when(
    expr = "I hover over {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Moves the mouse over the element showing this text.",
    example = "When I hover over \"Account\""
)]
async fn hover(world: &mut World, text: String) -> StepResult {
    world.browser().page().await?.get_by_text(text).hover().await?;
    Ok(())
}

#[when(
    expr = "I wait for {string} to appear",
    crate = "crate",
    timeout_ms = 35000,
    description = "Waits (up to 30 s) until this text is visible.",
    example = "When I wait for \"Report ready\" to appear"
)]
async fn wait_for_text(world: &mut World, text: String) -> StepResult {
    let page = world.browser().page().await?;
    let target = page.get_by_text(text).first();
    ferridriver_browser::expect(&target).timeout(Duration::from_secs(30)).to_be_visible().await?;
    Ok(())
}

#[when(
    expr = "I take a screenshot",
    crate = "crate",
    timeout_ms = 30000,
    description = "Attaches a PNG screenshot of the page to the report.",
    example = "When I take a screenshot"
)]
async fn screenshot(world: &mut World) -> StepResult {
    let png = world.browser().page().await?.screenshot().await?;
    world.attach_bytes(png, "image/png", Some("screenshot.png".into()));
    Ok(())
}
