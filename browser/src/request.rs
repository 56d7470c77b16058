//! `context.request`: an HTTP client (reqwest) that shares cookies with its browser context, so
//! an API call made after signing in through the page is signed in too, and cookies an API
//! sets are seen by the pages.

use crate::context::BrowserContext;
use crate::error::{BrowserError, Result};

/// Options of one request (Playwright's `data` and `headers`).
#[derive(Debug, Clone, Default)]
pub struct RequestOptions {
    pub headers: Vec<(String, String)>,
    /// A body; JSON-looking text is sent with a JSON content type.
    pub data: Option<String>,
    /// A check each redirect target must pass (a host policy); the redirect is refused otherwise.
    pub redirect_check: Option<crate::http_core::RedirectCheck>,
}

/// A response, read completely.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    pub status: u16,
    /// The status's reason phrase (`Not Found`): the standard one for its code.
    pub status_text: String,
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

    /// Any method, through the shared HTTP core (cookies on every hop, the redirect check).
    pub async fn fetch(&self, method: &str, url: &str, options: RequestOptions) -> Result<ApiResponse> {
        let mut headers = options.headers.clone();
        if let Some(data) = &options.data {
            if serde_json::from_str::<serde_json::Value>(data).is_ok()
                && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            {
                headers.push(("content-type".into(), "application/json".into()));
            }
        }
        // The context's `httpCredentials`, as Playwright's API client uses them: up front with
        // `send: 'always'`, else once in answer to a Basic challenge — never when the call
        // gives its own `Authorization`.
        let credentials = self.context.http_credentials();
        let own = headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("authorization"));
        let always = crate::credentials::matching(&credentials, url).filter(|c| c.send.as_deref() == Some("always"));
        if let (false, Some(c)) = (own, always) {
            headers.push(("authorization".into(), crate::credentials::basic_authorization(c)));
        }
        let check = options.redirect_check.as_ref();
        // A hop's Basic challenge is answered there, with that hop's method and body.
        let authorize =
            |hop: &str| crate::credentials::matching(&credentials, hop).map(crate::credentials::basic_authorization);
        self.send(method, url, &headers, options.data.as_deref(), check, &authorize).await
    }

    /// One request (its redirects followed), read completely.
    async fn send(
        &self,
        method: &str,
        url: &str,
        headers: &[(String, String)],
        data: Option<&str>,
        check: Option<&crate::http_core::RedirectCheck>,
        authorize: &(dyn Fn(&str) -> Option<String> + Sync),
    ) -> Result<ApiResponse> {
        let failed = |message: String| BrowserError::Protocol { method: format!("{method} {url}"), message };
        let call = crate::http_core::HttpCall {
            method,
            url,
            headers,
            body: data.map(|d| d.as_bytes().to_vec()),
            jar: Some(&self.context),
            follow: true,
            check,
            authorize: Some(authorize),
        };
        let response = match crate::http_core::send(call).await {
            Ok(r) => r,
            Err(crate::http_core::HttpError::Refused(why)) => return Err(BrowserError::Refused(why)),
            Err(crate::http_core::HttpError::Failed(why)) => return Err(failed(why)),
        };
        let status = response.status().as_u16();
        let status_text = response.status().canonical_reason().unwrap_or("").to_string();
        let final_url = response.url().to_string();
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect();
        let body = response.bytes().await.map_err(|e| failed(e.to_string()))?.to_vec();
        Ok(ApiResponse { status, status_text, url: final_url, headers, body })
    }
}

impl BrowserContext {
    /// An HTTP client sharing this context's cookies (Playwright's `context.request`).
    pub fn request(&self) -> ApiRequest {
        ApiRequest::new(self.clone())
    }
}
