//! What a response and the request behind it say beyond status and headers, as Playwright's
//! `Response`/`Request` offer it: the headers as the server named them, the server's address,
//! the protocol, TLS details, and a navigation's request with the hops it was redirected
//! through. Read from DevTools' `Network.Response` and `Network.requestWillBeSent`.

use serde::Serialize;
use serde_json::{json, Map, Value};

/// The details of one DevTools `Network.Response`.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct ResponseDetails {
    /// Headers as the browser reports them: names as sent, repeated values joined by `\n`.
    pub raw_headers: Map<String, Value>,
    /// `{ ipAddress, port }` of the server, when the browser knows it.
    pub server_addr: Option<Value>,
    /// `HTTP/1.1`, `HTTP/2.0`… (Playwright's `httpVersion()`).
    pub http_version: String,
    pub from_service_worker: bool,
    /// Playwright's `securityDetails()`: `{ protocol, subjectName, issuer, validFrom, validTo }`
    /// over TLS, `{}` otherwise.
    pub security_details: Value,
    /// DevTools' `ResourceTiming` of the response (`requestTime` in seconds, the rest in
    /// milliseconds after it), when the browser measured one.
    pub timing: Option<Value>,
}

impl ResponseDetails {
    /// From a DevTools `Network.Response` object.
    pub(crate) fn of(response: &Value) -> ResponseDetails {
        let server_addr = response["remoteIPAddress"].as_str().map(|ip| {
            json!({ "ipAddress": ip.trim_matches(['[', ']']), "port": response["remotePort"].as_u64().unwrap_or(0) })
        });
        let security = &response["securityDetails"];
        let security_details = match security.is_object() {
            true => json!({
                "protocol": security["protocol"], "subjectName": security["subjectName"],
                "issuer": security["issuer"], "validFrom": security["validFrom"], "validTo": security["validTo"],
            }),
            false => json!({}),
        };
        ResponseDetails {
            raw_headers: response["headers"].as_object().cloned().unwrap_or_default(),
            server_addr,
            http_version: http_version(response["protocol"].as_str().unwrap_or("")),
            from_service_worker: response["fromServiceWorker"].as_bool().unwrap_or(false),
            security_details,
            timing: response.get("timing").filter(|t| t.is_object()).cloned(),
        }
    }
}

/// DevTools' protocol name as Playwright's `httpVersion()` says it.
fn http_version(protocol: &str) -> String {
    match protocol.to_ascii_lowercase().as_str() {
        "h2" | "http/2" | "http/2.0" => "HTTP/2.0".into(),
        "h3" | "http/3" => "HTTP/3.0".into(),
        "http/1.0" => "HTTP/1.0".into(),
        _ => "HTTP/1.1".into(),
    }
}

/// A request a navigation made: the one that got its response, or a hop it was redirected
/// from (`redirect` is then that hop's response).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct NavigationRequest {
    pub url: String,
    pub method: String,
    pub headers: Map<String, Value>,
    pub post_data: Option<String>,
    /// The redirect response of a hop (`{ url, status, statusText, headers }`).
    pub redirect: Option<Value>,
    /// When it was sent: the browser's monotonic clock in milliseconds, and seconds since the
    /// epoch (what `request.timing()` is computed from).
    pub timestamp: f64,
    pub wall_time: f64,
}

impl NavigationRequest {
    /// From a `Network.requestWillBeSent`'s parameters.
    pub(crate) fn of(params: &Value) -> NavigationRequest {
        let request = &params["request"];
        NavigationRequest {
            url: request["url"].as_str().unwrap_or("").to_string(),
            method: request["method"].as_str().unwrap_or("GET").to_string(),
            headers: request["headers"].as_object().cloned().unwrap_or_default(),
            post_data: request["postData"].as_str().map(str::to_string),
            redirect: None,
            timestamp: params["timestamp"].as_f64().unwrap_or(0.0) * 1000.0,
            wall_time: params["wallTime"].as_f64().unwrap_or(0.0),
        }
    }
}

/// Keeps the requests of one navigation's document: `requestWillBeSent` events of its request
/// id, a redirect closing the hop before it.
pub(crate) fn follow(hops: &mut Vec<NavigationRequest>, params: &Value) {
    if let (Some(redirect), Some(last)) = (params.get("redirectResponse").filter(|r| r.is_object()), hops.last_mut()) {
        last.redirect = Some(json!({
            "url": redirect["url"], "status": redirect["status"], "statusText": redirect["statusText"],
            "headers": redirect["headers"],
        }));
    }
    hops.push(NavigationRequest::of(params));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redirected_navigation_keeps_each_hop_with_its_response() {
        let mut hops = Vec::new();
        follow(&mut hops, &json!({ "request": { "url": "http://a/go", "method": "GET", "headers": {} } }));
        let hop = json!({ "request": { "url": "http://a/h", "method": "GET", "headers": {} },
            "redirectResponse": { "url": "http://a/go", "status": 302, "statusText": "Found", "headers": {} } });
        follow(&mut hops, &hop);
        assert_eq!(hops.len(), 2);
        assert_eq!(hops[0].redirect.as_ref().unwrap()["status"], 302);
        assert!(hops[1].redirect.is_none());
        let details = ResponseDetails::of(&json!({ "protocol": "h2", "remoteIPAddress": "[::1]", "remotePort": 443 }));
        assert_eq!(
            (details.http_version.as_str(), &details.server_addr),
            ("HTTP/2.0", &Some(json!({ "ipAddress": "::1", "port": 443 })))
        );
        assert_eq!(details.security_details, json!({}));
    }
}
