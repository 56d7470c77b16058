//! The answers `js/page_routes.js` gives to paused requests: `routeFulfill [id, status,
//! [[name, value]…], bodyBase64]`, `routeAbort [id, code]`, `routeContinue [id, {url, method,
//! headers, postData}]` (`postData` base64).

use super::request::{page_of, Failure, Request};
use super::session::Session;
use base64::Engine;
use ferridriver_browser::{RouteOverrides, RouteResponse};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Overrides {
    url: Option<String>,
    method: Option<String>,
    headers: Option<Vec<(String, String)>>,
    post_data: Option<String>,
}

fn decode(what: &str, base64: &str) -> Result<Vec<u8>, Failure> {
    base64::engine::general_purpose::STANDARD
        .decode(base64)
        .map_err(|e| Failure { name: "TypeError", message: format!("{what}: not base64: {e}") })
}

pub(super) async fn answer(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    let id: String = r.arg(0, "route id")?;
    match r.op.as_str() {
        "routeFulfill" => {
            let status: u16 = r.arg(1, "status")?;
            let headers: Vec<(String, String)> = r.arg(2, "headers")?;
            let body = decode("route.fulfill body", &r.arg::<String>(3, "body")?)?;
            page.fulfill_route(&id, &RouteResponse { status, headers, body }).await?;
        }
        "routeAbort" => page.abort_route(&id, &r.arg::<String>(1, "errorCode")?).await?,
        _ => {
            let o: Overrides = r.arg::<Option<Overrides>>(1, "overrides")?.unwrap_or_default();
            let post_data = match o.post_data {
                Some(data) => Some(decode("route.continue postData", &data)?),
                None => None,
            };
            let overrides = RouteOverrides { url: o.url, method: o.method, headers: o.headers, post_data };
            page.continue_route(&id, &overrides).await?;
        }
    }
    Ok(Value::Null)
}
