//! HTTP authentication credentials (`httpCredentials`), as Playwright takes them: one set or a
//! list, each for one origin or any. A page's requests get them only in answer to a server's
//! 401 challenge (`network.rs`); the context's API requests (`request.rs`) answer a Basic
//! challenge too, and send them up front with `send: 'always'`.

use base64::Engine;
use serde::{Deserialize, Serialize};

/// Credentials for HTTP authentication.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpCredentials {
    pub username: String,
    pub password: String,
    /// Only requests to this origin (`https://example.com`) get them.
    #[serde(default)]
    pub origin: Option<String>,
    /// `unauthorized` (the default: in answer to a challenge) or `always` (API requests send
    /// them up front).
    #[serde(default)]
    pub send: Option<String>,
}

/// `httpCredentials`: one set, or a list (the first that fits a request's origin is used).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum CredentialsList {
    One(HttpCredentials),
    Many(Vec<HttpCredentials>),
}

impl CredentialsList {
    /// Every set, in order.
    pub fn all(&self) -> &[HttpCredentials] {
        match self {
            CredentialsList::One(one) => std::slice::from_ref(one),
            CredentialsList::Many(many) => many,
        }
    }

    /// Checks `send` (Playwright's words).
    pub(crate) fn check(&self) -> Result<(), String> {
        let wrong =
            self.all().iter().position(|c| c.send.as_deref().is_some_and(|s| !["always", "unauthorized"].contains(&s)));
        match wrong {
            Some(i) => Err(format!("httpCredentials[{i}].send: expected one of (always|unauthorized)")),
            None => Ok(()),
        }
    }
}

/// The credentials for `url`: the first set whose origin is the URL's (case aside) or that
/// names none, as Playwright picks them. Another origin never matches, whatever it starts with.
pub(crate) fn matching<'a>(list: &'a [HttpCredentials], url: &str) -> Option<&'a HttpCredentials> {
    let origin = url::Url::parse(url).ok()?.origin().ascii_serialization().to_ascii_lowercase();
    list.iter().find(|c| c.origin.as_deref().is_none_or(|o| o.trim_end_matches('/').to_ascii_lowercase() == origin))
}

/// The `Authorization` header value of `credentials` (Basic).
pub(crate) fn basic_authorization(credentials: &HttpCredentials) -> String {
    let pair = format!("{}:{}", credentials.username, credentials.password);
    format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(pair))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(origin: Option<&str>, username: &str) -> HttpCredentials {
        HttpCredentials {
            username: username.into(),
            password: "p".into(),
            origin: origin.map(String::from),
            send: None,
        }
    }

    #[test]
    fn the_first_set_of_the_requests_origin_or_of_none_is_used() {
        let list = [set(Some("https://A.test"), "a"), set(None, "any")];
        assert_eq!(matching(&list, "https://a.test/x").map(|c| c.username.as_str()), Some("a"));
        assert_eq!(matching(&list, "https://b.test/x").map(|c| c.username.as_str()), Some("any"));
        let only_a = [set(Some("https://a.test"), "a")];
        assert!(matching(&only_a, "https://a.test.evil.example/").is_none(), "a prefix is not the origin");
        assert!(matching(&only_a, "http://a.test/").is_none(), "nor is another scheme");
    }

    #[test]
    fn one_set_or_a_list_and_send_checked() {
        let one: CredentialsList =
            serde_json::from_value(serde_json::json!({ "username": "u", "password": "p" })).unwrap();
        assert_eq!(one.all().len(), 1);
        let many: CredentialsList =
            serde_json::from_value(serde_json::json!([{ "username": "u", "password": "p", "send": "sometimes" }]))
                .unwrap();
        assert!(many.check().unwrap_err().contains("always|unauthorized"));
        assert_eq!(basic_authorization(&set(None, "user")), "Basic dXNlcjpw");
    }
}
