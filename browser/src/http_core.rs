//! The one HTTP core of `context.request` and the JS `fetch`: a pooled client that never follows
//! redirects itself. Redirects are followed here, so that every hop carries the browser
//! context's cookies, stores the cookies it sets, and passes the caller's check (a host policy)
//! before it is requested.

use crate::context::BrowserContext;
use std::sync::OnceLock;

/// The function of a [`RedirectCheck`].
pub type HopFn = dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync;

/// The `Authorization` header that answers a URL's Basic challenge, if any.
pub type Authorize<'f> = dyn Fn(&str) -> Option<String> + Sync + 'f;

/// A check of a redirect hop's URL: `Err(why)` refuses it.
#[derive(Clone)]
pub struct RedirectCheck(pub std::sync::Arc<HopFn>);

impl std::fmt::Debug for RedirectCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RedirectCheck")
    }
}

/// Most redirects followed for one request.
const MAX_REDIRECTS: usize = 20;

/// One request.
pub struct HttpCall<'a> {
    /// The method (`GET`, `POST`…).
    pub method: &'a str,
    /// The first URL.
    pub url: &'a str,
    /// Headers as given (a `cookie` header here wins over the context's cookies).
    pub headers: &'a [(String, String)],
    /// The body.
    pub body: Option<Vec<u8>>,
    /// The browser context whose cookies go with the request and receive the ones it sets.
    pub jar: Option<&'a BrowserContext>,
    /// Follow redirects (false: the 3xx response is the answer).
    pub follow: bool,
    /// A check every URL after the first must pass.
    pub check: Option<&'a RedirectCheck>,
    /// The `Authorization` to answer a Basic challenge (401) of a URL with, once per hop, as
    /// Playwright's client does with the context's `httpCredentials` (none: not answered).
    pub authorize: Option<&'a Authorize<'a>>,
}

/// Why a request failed.
#[derive(Debug, Clone, PartialEq)]
pub enum HttpError {
    /// A redirect target did not pass the caller's check.
    Refused(String),
    /// The request could not be made or answered.
    Failed(String),
}

fn client() -> Result<&'static reqwest::Client, HttpError> {
    static CLIENT: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    CLIENT
        .get_or_init(|| {
            // reqwest is built without a default TLS provider; ring's is installed once per process.
            let _ = rustls::crypto::ring::default_provider().install_default();
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| HttpError::Failed(format!("cannot build the HTTP client: {e}")))
}

/// Sends `call`, following redirects as the browser would (303, and 301/302 after a POST,
/// become a GET without a body; 307/308 repeat the request).
pub async fn send(call: HttpCall<'_>) -> Result<reqwest::Response, HttpError> {
    let client = client()?;
    // The innermost cause too ("Connection refused (os error 111)"): reqwest's own words name
    // the request only.
    let failed = |url: &str, e: reqwest::Error| {
        let mut cause: &dyn std::error::Error = &e;
        while let Some(inner) = cause.source() {
            cause = inner;
        }
        let root = cause.to_string();
        let text = e.to_string();
        let why = if root == text { text } else { format!("{text}: {root}") };
        HttpError::Failed(format!("{} {url}: {why}", call.method))
    };
    let mut method = reqwest::Method::from_bytes(call.method.to_uppercase().as_bytes())
        .map_err(|_| HttpError::Failed(format!("'{}' is not a valid HTTP method", call.method)))?;
    let mut url = call.url.to_string();
    let mut body = call.body.clone();
    let own_cookie = call.headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("cookie"));
    // Credentials go to the origin they were given for: a redirect elsewhere drops them for
    // the rest of the way, as Playwright's client does.
    let mut authorized = true;
    let mut hop = 0;
    // A hop's answer to its Basic challenge: the hop is sent again once with it.
    let mut answer: Option<String> = None;
    while hop <= MAX_REDIRECTS {
        let mut request = client.request(method.clone(), &url);
        let mut sends_authorization = answer.is_some();
        for (k, v) in call.headers {
            if authorized || !k.eq_ignore_ascii_case("authorization") {
                sends_authorization |= k.eq_ignore_ascii_case("authorization");
                request = request.header(k, v);
            }
        }
        if let Some(authorization) = &answer {
            request = request.header("authorization", authorization);
        }
        if let (Some(jar), false) = (call.jar, own_cookie) {
            if let Some(cookie) = jar.cookie_header(&url).await.map_err(|e| HttpError::Failed(e.to_string()))? {
                request = request.header("cookie", cookie);
            }
        }
        if let Some(b) = &body {
            request = request.body(b.clone());
        }
        let response = request.send().await.map_err(|e| failed(&url, e))?;
        if let Some(jar) = call.jar {
            let set: Vec<(String, String)> = response
                .headers()
                .get_all(reqwest::header::SET_COOKIE)
                .iter()
                .map(|v| ("set-cookie".to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
                .collect();
            jar.remember_cookies(&set, &url).await.map_err(|e| HttpError::Failed(e.to_string()))?;
        }
        let basic = |r: &reqwest::Response| {
            r.headers()
                .get_all(reqwest::header::WWW_AUTHENTICATE)
                .iter()
                .any(|v| v.to_str().is_ok_and(|v| v.trim_start().starts_with("Basic")))
        };
        if response.status() == reqwest::StatusCode::UNAUTHORIZED && !sends_authorization && basic(&response) {
            if let Some(authorization) = call.authorize.and_then(|authorize| authorize(&url)) {
                answer = Some(authorization);
                continue;
            }
        }
        answer = None;
        let status = response.status().as_u16();
        let location = response.headers().get(reqwest::header::LOCATION).and_then(|l| l.to_str().ok());
        let (true, true, Some(location)) = (call.follow, matches!(status, 301 | 302 | 303 | 307 | 308), location)
        else {
            return Ok(response);
        };
        if hop == MAX_REDIRECTS {
            return Err(HttpError::Failed(format!(
                "{} {}: more than {MAX_REDIRECTS} redirects",
                call.method, call.url
            )));
        }
        let next = reqwest::Url::parse(&url)
            .and_then(|base| base.join(location))
            .map_err(|e| HttpError::Failed(format!("redirect to '{location}': {e}")))?
            .to_string();
        if let Some(RedirectCheck(check)) = call.check {
            check(&next).map_err(|e| HttpError::Refused(format!("redirect refused: {e}")))?;
        }
        let origin = |u: &str| reqwest::Url::parse(u).map(|u| u.origin().ascii_serialization()).ok();
        if origin(&url) != origin(&next) {
            authorized = false;
        }
        if status == 303 || (matches!(status, 301 | 302) && method == reqwest::Method::POST) {
            if method != reqwest::Method::HEAD {
                method = reqwest::Method::GET;
            }
            body = None;
        }
        url = next;
        hop += 1;
    }
    Err(HttpError::Failed(format!("{} {}: too many redirects", call.method, call.url)))
}
