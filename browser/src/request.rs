//! `context.request`: an HTTP client (reqwest) that shares cookies with its browser context, so
//! an API call made after signing in through the page is signed in too, and cookies an API
//! sets are seen by the pages.

use crate::context::{BrowserContext, Cookie};
use crate::{BrowserError, Result};

/// Options of one request (Playwright's `data` and `headers`).
#[derive(Debug, Clone, Default)]
pub struct RequestOptions {
    pub headers: Vec<(String, String)>,
    /// A body; JSON-looking text is sent with a JSON content type.
    pub data: Option<String>,
    /// A check each redirect target must pass (a host policy); the redirect is refused otherwise.
    pub redirect_check: Option<RedirectCheck>,
}

/// The function of a [`RedirectCheck`].
pub type HopFn = dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync;

/// A check of a redirect hop's URL: `Err(why)` refuses it.
#[derive(Clone)]
pub struct RedirectCheck(pub std::sync::Arc<HopFn>);

impl std::fmt::Debug for RedirectCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RedirectCheck")
    }
}

/// A response, read completely.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    pub status: u16,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl ApiResponse {
    /// Whether the status is 2xx.
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    pub fn json(&self) -> Result<serde_json::Value> {
        serde_json::from_slice(&self.body)
            .map_err(|e| BrowserError::Decode { method: format!("JSON body of {}", self.url), reason: e.to_string() })
    }
}

/// The client of one context.
pub struct ApiRequest {
    context: BrowserContext,
}

impl ApiRequest {
    pub(crate) fn new(context: BrowserContext) -> Self {
        ApiRequest { context }
    }

    /// GET.
    pub async fn get(&self, url: &str) -> Result<ApiResponse> {
        self.fetch("GET", url, RequestOptions::default()).await
    }

    /// POST with a body.
    pub async fn post(&self, url: &str, options: RequestOptions) -> Result<ApiResponse> {
        self.fetch("POST", url, options).await
    }

    /// PUT with a body.
    pub async fn put(&self, url: &str, options: RequestOptions) -> Result<ApiResponse> {
        self.fetch("PUT", url, options).await
    }

    /// PATCH with a body.
    pub async fn patch(&self, url: &str, options: RequestOptions) -> Result<ApiResponse> {
        self.fetch("PATCH", url, options).await
    }

    /// DELETE.
    pub async fn delete(&self, url: &str) -> Result<ApiResponse> {
        self.fetch("DELETE", url, RequestOptions::default()).await
    }

    /// HEAD.
    pub async fn head(&self, url: &str) -> Result<ApiResponse> {
        self.fetch("HEAD", url, RequestOptions::default()).await
    }

    /// The `Cookie` header the context's cookies give a request to `url`, if any.
    pub async fn cookie_header(&self, url: &str) -> Result<Option<String>> {
        let cookies = self.context.cookies(&[url]).await?;
        Ok((!cookies.is_empty())
            .then(|| cookies.iter().map(|c| format!("{}={}", c.name, c.value)).collect::<Vec<_>>().join("; ")))
    }

    /// Stores the cookies a response to `url` sets (its `set-cookie` headers) in the context.
    pub async fn remember_cookies(&self, headers: &[(String, String)], url: &str) -> Result<()> {
        let set: Vec<Cookie> = headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
            .filter_map(|(_, v)| parse_set_cookie(v, url))
            .collect();
        if !set.is_empty() {
            self.context.add_cookies(&set).await?;
        }
        Ok(())
    }

    /// Any method, through the shared HTTP core (cookies on every hop, the redirect check).
    pub async fn fetch(&self, method: &str, url: &str, options: RequestOptions) -> Result<ApiResponse> {
        let failed = |message: String| BrowserError::Protocol { method: format!("{method} {url}"), message };
        let mut headers = options.headers.clone();
        if let Some(data) = &options.data {
            if serde_json::from_str::<serde_json::Value>(data).is_ok()
                && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            {
                headers.push(("content-type".into(), "application/json".into()));
            }
        }
        let call = crate::http_core::HttpCall {
            method,
            url,
            headers: &headers,
            body: options.data.map(String::into_bytes),
            jar: Some(self),
            follow: true,
            check: options.redirect_check.as_ref(),
        };
        let response = match crate::http_core::send(call).await {
            Ok(r) => r,
            Err(crate::http_core::HttpError::Refused(why)) => return Err(BrowserError::Refused(why)),
            Err(crate::http_core::HttpError::Failed(why)) => return Err(failed(why)),
        };
        let status = response.status().as_u16();
        let final_url = response.url().to_string();
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect();
        let body = response.bytes().await.map_err(|e| failed(e.to_string()))?.to_vec();
        Ok(ApiResponse { status, url: final_url, headers, body })
    }
}

/// Reads one `Set-Cookie` header; the domain defaults to the response's host.
fn parse_set_cookie(header: &str, url: &str) -> Option<Cookie> {
    let mut parts = header.split(';');
    let (name, value) = parts.next()?.trim().split_once('=')?;
    let host = url.split("://").nth(1)?.split(['/', ':']).next()?.to_string();
    let mut cookie = Cookie {
        name: name.trim().to_string(),
        value: value.trim().to_string(),
        domain: host,
        path: "/".into(),
        expires: -1.0,
        http_only: false,
        secure: false,
    };
    for attr in parts {
        let (k, v) = attr.split_once('=').map(|(k, v)| (k.trim(), v.trim())).unwrap_or((attr.trim(), ""));
        match k.to_ascii_lowercase().as_str() {
            "domain" if !v.is_empty() => cookie.domain = v.trim_start_matches('.').to_string(),
            "path" if !v.is_empty() => cookie.path = v.to_string(),
            "max-age" => {
                if let Ok(secs) = v.parse::<f64>() {
                    let now = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_secs_f64())
                        .unwrap_or(0.0);
                    cookie.expires = now + secs;
                }
            }
            "httponly" => cookie.http_only = true,
            "secure" => cookie.secure = true,
            _ => {}
        }
    }
    Some(cookie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::cookie_matches;

    #[test]
    fn reads_set_cookie_headers() {
        let c = parse_set_cookie("sid=abc; Path=/app; HttpOnly", "http://127.0.0.1:8080/login").unwrap();
        assert_eq!(
            (c.name.as_str(), c.value.as_str(), c.domain.as_str(), c.path.as_str()),
            ("sid", "abc", "127.0.0.1", "/app")
        );
        assert!(c.http_only && !c.secure && c.expires < 0.0);
        assert!(parse_set_cookie("garbage", "http://x/").is_none());
        assert!(cookie_matches(&c, "http://127.0.0.1:8080/app/x"));
        assert!(!cookie_matches(&c, "http://127.0.0.1:8080/other"));
    }
}
