//! A context's cookies as an HTTP client's cookie jar: the `Cookie` header a request gets and
//! the cookies a response sets (`http_core.rs` uses it on every hop).

use crate::context::BrowserContext;
use crate::cookie::Cookie;
use crate::error::Result;

impl BrowserContext {
    /// The `Cookie` header the context's cookies give a request to `url`, if any.
    pub async fn cookie_header(&self, url: &str) -> Result<Option<String>> {
        let cookies = self.cookies(&[url]).await?;
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
            self.add_cookies(&set).await?;
        }
        Ok(())
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
