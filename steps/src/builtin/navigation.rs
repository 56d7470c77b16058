//! Navigation steps.

use crate::registry::{StepResult, World};
use ferridriver_macros::{given, when};

pub(super) fn link() {}

/// Where `I open "…"` goes: absolute URLs as they are, others against the `baseUrl` world
/// parameter, or else as a file relative to the working directory.
pub(crate) fn resolve_url(world: &World, target: &str) -> Result<String, String> {
    resolve_url_in(&world.parameters, target)
}

/// [`resolve_url`] against explicit world parameters (for hosts that keep their own copy, such
/// as the JS world's `page.goto`).
pub fn resolve_url_in(parameters: &serde_json::Value, target: &str) -> Result<String, String> {
    if target.contains("://") || target.starts_with("about:") || target.starts_with("data:") {
        return Ok(target.to_string());
    }
    if let Some(base) = parameters.get("baseUrl").and_then(|b| b.as_str()) {
        return Ok(format!("{}/{}", base.trim_end_matches('/'), target.trim_start_matches('/')));
    }
    let path = std::path::Path::new(target);
    let absolute = std::fs::canonicalize(path).map_err(|e| {
        format!("cannot open {target}: {e}\n  hint: give a full URL, or set the baseUrl world parameter (--world-parameters '{{\"baseUrl\":\"http://localhost:3000\"}}')")
    })?;
    Ok(format!("file://{}", absolute.display()))
}

#[given(
    expr = "I open {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Opens a page: a full URL, a path under the `baseUrl` world parameter, or a local file.",
    example = "Given I open \"/login\""
)]
async fn open(world: &mut World, target: String) -> StepResult {
    let url = resolve_url(world, &target)?;
    world.browser().page().await?.goto(&url).await?;
    Ok(())
}

#[when(
    expr = "I go back",
    crate = "crate",
    timeout_ms = 30000,
    description = "Goes back in the browser history.",
    example = "When I go back"
)]
async fn go_back(world: &mut World) -> StepResult {
    if !world.browser().page().await?.go_back().await? {
        return Err("there is no previous page in the history".into());
    }
    Ok(())
}

#[when(
    expr = "I reload the page",
    crate = "crate",
    timeout_ms = 30000,
    description = "Reloads the current page.",
    example = "When I reload the page"
)]
async fn reload(world: &mut World) -> StepResult {
    world.browser().page().await?.reload().await?;
    Ok(())
}
