//! The answers `js/page_routes.js` gives to paused requests: `routeFulfill [id, status,
//! [[name, value]…], bodyBase64]`, `routeAbort [id, code]`, `routeContinue [id, {url, method,
//! headers, postData}]` (`postData` base64).

use super::operations::EventOp;
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
        .map_err(|e| Failure::type_error(format!("{what}: not base64: {e}")))
}

pub(super) async fn answer(session: &Session, r: &Request, op: EventOp) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    let id: String = r.arg(0)?;
    match op {
        EventOp::RouteFulfill => {
            let status: u16 = r.arg(1)?;
            let headers: Vec<(String, String)> = r.arg(2)?;
            let body = decode("route.fulfill body", &r.arg::<String>(3)?)?;
            page.fulfill_route(&id, &RouteResponse { status, headers, body }).await?;
        }
        EventOp::RouteAbort => page.abort_route(&id, &r.arg::<String>(1)?).await?,
        _ => {
            let o: Overrides = r.arg::<Option<Overrides>>(1)?.unwrap_or_default();
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
