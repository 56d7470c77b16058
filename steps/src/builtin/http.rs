//! HTTP API steps (reqwest): send a request, check the status, the body and JSON values.

use crate::registry::{StepFailure, StepResult, World};
use ferridriver_macros::{then, when};

pub(super) fn link() {}

/// The last response of a scenario (World state).
#[derive(Debug, Clone, Default)]
struct LastResponse(Option<Response>);

#[derive(Debug, Clone)]
struct Response {
    status: u16,
    body: String,
}

async fn send(world: &mut World, method: &str, target: &str, body: Option<String>) -> StepResult {
    // reqwest is built without a default TLS provider; install ring's once per process.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let url = super::navigation::resolve_url(world, target)?;
    let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes())
        .map_err(|_| format!("'{method}' is not an HTTP method"))?;
    let client = reqwest::Client::builder().build().map_err(|e| e.to_string())?;
    let mut request = client.request(method, &url);
    if let Some(b) = body {
        let json = serde_json::from_str::<serde_json::Value>(&b).is_ok();
        request = request.body(b);
        if json {
            request = request.header("content-type", "application/json");
        }
    }
    let response = request.send().await.map_err(|e| format!("{url}: {e}"))?;
    let status = response.status().as_u16();
    let body = response.text().await.map_err(|e| e.to_string())?;
    world.state::<LastResponse>().0 = Some(Response { status, body });
    Ok(())
}

fn last(world: &mut World) -> Result<Response, StepFailure> {
    world
        .state::<LastResponse>()
        .0
        .clone()
        .ok_or_else(|| StepFailure::new("Error", "no request was sent in this scenario yet"))
}

#[when(
    expr = "I send a {word} request to {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Sends an HTTP request (GET, POST, PUT, PATCH, DELETE, HEAD); relative URLs use the `baseUrl` world parameter.",
    example = "When I send a GET request to \"/api/health\""
)]
async fn request(world: &mut World, method: String, url: String) -> StepResult {
    send(world, &method, &url, None).await
}

#[when(
    expr = "I send a {word} request to {string} with body:",
    crate = "crate",
    timeout_ms = 30000,
    description = "Sends an HTTP request with the doc string as body (JSON bodies get a JSON content type).",
    example = "When I send a POST request to \"/api/users\" with body:"
)]
async fn request_with_body(world: &mut World, method: String, url: String, doc_string: String) -> StepResult {
    send(world, &method, &url, Some(doc_string)).await
}

#[then(
    expr = "the response status should be {int}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the last response had this status code.",
    example = "Then the response status should be 201"
)]
async fn status(world: &mut World, expected: u16) -> StepResult {
    let r = last(world)?;
    if r.status == expected {
        Ok(())
    } else {
        Err(StepFailure::new(
            "AssertionError",
            format!("expected status {expected}, received {}\nbody: {}", r.status, r.body),
        ))
    }
}

#[then(
    expr = "the response body should contain {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the last response's body contains this text.",
    example = "Then the response body should contain \"ok\""
)]
async fn body_contains(world: &mut World, text: String) -> StepResult {
    let r = last(world)?;
    if r.body.contains(&text) {
        Ok(())
    } else {
        Err(StepFailure::new("AssertionError", format!("expected the body to contain {text:?}\nreceived: {}", r.body)))
    }
}

#[then(
    expr = "the response JSON at {string} should be {string}",
    crate = "crate",
    timeout_ms = 30000,
    description = "Passes when the value at this JSON pointer (e.g. /user/name) of the last response equals the text (strings unquoted).",
    example = "Then the response JSON at \"/user/name\" should be \"Ada\""
)]
async fn json_at(world: &mut World, pointer: String, expected: String) -> StepResult {
    let r = last(world)?;
    let json: serde_json::Value = serde_json::from_str(&r.body)
        .map_err(|e| StepFailure::new("AssertionError", format!("the body is not JSON: {e}")))?;
    let found = json
        .pointer(&pointer)
        .ok_or_else(|| StepFailure::new("AssertionError", format!("nothing at {pointer} in {json}")))?;
    let text = match found {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text == expected {
        Ok(())
    } else {
        Err(StepFailure::new("AssertionError", format!("at {pointer}: expected {expected:?}, received {text:?}")))
    }
}
