//! Streamable HTTP: rmcp's service behind our own gate on hyper. The gate requires the bearer
//! token (unless `--no-auth` on loopback) and serves only `/mcp`; rmcp validates `Host` and,
//! because we give it an allow-list, `Origin` (DNS rebinding), and speaks both protocol eras.

use crate::server::{McpServer, ServerState};
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// How the HTTP transport is set up.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The bearer token; `None` only with `--no-auth` on a loopback address.
    pub token: Option<String>,
    /// Browser origins allowed besides the loopback ones.
    pub allowed_origins: Vec<String>,
    /// `Host` values allowed besides the loopback names.
    pub allowed_hosts: Vec<String>,
}

type Body = http_body_util::combinators::BoxBody<Bytes, Infallible>;

/// The largest request body accepted.
const MAX_BODY: usize = 16 << 20;

fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(text.to_string())).boxed());
    *response.status_mut() = status;
    response
}

/// Compares without stopping at the first difference (the time taken says nothing of the token).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether the request carries the token.
fn authorised(request: &Request<Incoming>, token: &str) -> bool {
    let Some(value) = request.headers().get(http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let mut parts = value.splitn(2, ' ');
    let scheme = parts.next().unwrap_or("");
    let given = parts.next().unwrap_or("").trim();
    scheme.eq_ignore_ascii_case("bearer") && same(given.as_bytes(), token.as_bytes())
}

/// Serves MCP over HTTP until `stop` is cancelled. Prints the ready line to stderr once
/// listening (with the real port).
pub async fn serve_http(state: Arc<ServerState>, options: HttpOptions, stop: CancellationToken) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(options.addr).await.map_err(|e| {
        format!("cannot listen on {}: {e}\n  hint: pick another port (0 picks a free one)", options.addr)
    })?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into(), "[::1]".into()];
    hosts.extend(options.allowed_hosts.iter().cloned());
    if !local.ip().is_loopback() && !local.ip().is_unspecified() {
        hosts.push(local.ip().to_string());
    }
    let mut origins: Vec<String> =
        vec!["http://localhost:*".into(), "http://127.0.0.1:*".into(), "http://[::1]:*".into()];
    origins.extend(options.allowed_origins.iter().cloned());
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(hosts)
        .with_allowed_origins(origins)
        .with_cancellation_token(stop.child_token());
    let factory_state = Arc::clone(&state);
    let service = StreamableHttpService::new(
        move || Ok(McpServer::new(Arc::clone(&factory_state))),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let shown = if local.ip().is_unspecified() { format!("0.0.0.0:{}", local.port()) } else { local.to_string() };
    eprintln!("ferridriver mcp listening on http://{shown}/mcp");
    let token: Option<Arc<str>> = options.token.map(Arc::from);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => continue,
            },
            () = stop.cancelled() => return Ok(()),
        };
        let (service, token) = (service.clone(), token.clone());
        tokio::spawn(async move {
            let gate = hyper::service::service_fn(move |request: Request<Incoming>| {
                let (service, token) = (service.clone(), token.clone());
                async move {
                    if request.uri().path() != "/mcp" {
                        return Ok::<_, Infallible>(plain(
                            StatusCode::NOT_FOUND,
                            "not found: the MCP endpoint is /mcp",
                        ));
                    }
                    if let Some(token) = &token {
                        if !authorised(&request, token) {
                            let mut response = plain(
                                StatusCode::UNAUTHORIZED,
                                "missing or wrong bearer token: send `Authorization: Bearer <token>` (the token ferridriver mcp printed, or --token / FERRIDRIVER_MCP_TOKEN)",
                            );
                            response
                                .headers_mut()
                                .insert(http::header::WWW_AUTHENTICATE, http::HeaderValue::from_static("Bearer"));
                            return Ok(response);
                        }
                    }
                    if request.method() != http::Method::POST {
                        return Ok(service.handle(request).await);
                    }
                    // A body that is not a JSON-RPC message gets a JSON-RPC error, not rmcp's text.
                    let (parts, body) = request.into_parts();
                    let bytes = match http_body_util::Limited::new(body, MAX_BODY).collect().await {
                        Ok(collected) => collected.to_bytes(),
                        Err(_) => {
                            return Ok(plain(StatusCode::PAYLOAD_TOO_LARGE, "the request body is over 16 MiB"));
                        }
                    };
                    if let Some(answer) = crate::framing::rejection(&bytes) {
                        let mut response = Response::new(Full::new(Bytes::from(answer.to_string())).boxed());
                        *response.status_mut() = StatusCode::BAD_REQUEST;
                        response
                            .headers_mut()
                            .insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
                        return Ok(response);
                    }
                    Ok(service.handle(Request::from_parts(parts, Full::new(bytes))).await)
                }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), gate)
                .with_upgrades()
                .await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn token_comparison() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"abcd"));
    }
}
