//! `allow.net`: which hosts a tool's HTTP may reach. Checked in Rust on the parsed URL (case,
//! trailing dots, IP literals and userinfo tricks cannot fool it), before any connection and
//! again on every redirect hop, for `request` and `fetch` alike. A call made by a handler (its
//! own `request`, or `fetch` from any of its continuations, which `js/async_context.js` tracks)
//! answers to that handler's tool's list only; a call from outside every handler (a script,
//! a listener) while restricted handlers run must satisfy all of their lists (fail closed).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A check every URL of a request (and of each redirect hop) must pass.
pub type HopCheck = Arc<dyn Fn(&str) -> Result<(), String> + Send + Sync>;

/// Why a declared `allow.net` list is malformed, if it is.
pub fn rules_problem(net: &serde_json::Value) -> Option<String> {
    let list = match net {
        serde_json::Value::Null => return None,
        serde_json::Value::Array(items) => items,
        _ => return Some("`allow.net` must be an array of host names".into()),
    };
    for item in list {
        let Some(entry) = item.as_str() else { return Some("`allow.net` entries are strings".into()) };
        let bare = entry.strip_prefix("*.").unwrap_or(entry);
        if bare.is_empty() || bare.contains(['*', '/', ':', '@', ' ']) && !bare.starts_with('[') {
            return Some(format!(
                "`{entry}` is not a host: use an exact host (api.box.com) or a leading wildcard (*.box.com)"
            ));
        }
    }
    None
}

/// The normalised entries of a declared list.
pub fn parse_rules(net: &serde_json::Value) -> Vec<String> {
    net.as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e.as_str())
        .map(|e| e.trim().trim_end_matches('.').to_ascii_lowercase())
        .collect()
}

/// Whether `url` may be requested under `rules` (non-empty); the reason when not.
pub fn allows(rules: &[String], url: &str) -> Result<(), String> {
    let parsed = url::Url::parse(url).map_err(|e| format!("`{url}` is not a URL the network policy can check: {e}"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(format!("{url}: only http(s) URLs are allowed under allow.net"));
    }
    let host = match parsed.host() {
        Some(url::Host::Domain(d)) => d.trim_end_matches('.').to_ascii_lowercase(),
        Some(url::Host::Ipv4(ip)) => ip.to_string(),
        Some(url::Host::Ipv6(ip)) => format!("[{ip}]"),
        None => return Err(format!("{url}: no host")),
    };
    let ok = rules.iter().any(|rule| match rule.strip_prefix("*.") {
        Some(suffix) => host == suffix || host.ends_with(&format!(".{suffix}")),
        None => host == *rule,
    });
    if ok {
        Ok(())
    } else {
        Err(format!("host `{host}` is not in allow.net ({}); the request was not made", rules.join(", ")))
    }
}

/// The lists of the handlers running in one VM.
#[derive(Default)]
pub struct NetPolicies {
    next: AtomicU64,
    active: Mutex<Vec<(u64, Arc<Vec<String>>)>>,
    /// Each tool's list once one of its handlers ran (by tool index); kept, so a continuation
    /// that outlives its handler still answers to its tool's list.
    by_tool: Mutex<std::collections::HashMap<usize, Arc<Vec<String>>>>,
    /// The tool whose handler's code runs at this moment (`js/async_context.js` swaps it as
    /// continuations start and end, through a native user code cannot reach). Requests are
    /// checked against it, never against anything the request's JSON says.
    running: Mutex<Option<usize>>,
}

impl NetPolicies {
    fn active(&self) -> std::sync::MutexGuard<'_, Vec<(u64, Arc<Vec<String>>)>> {
        self.active.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A handler of `tool` with `rules` starts; its token.
    pub fn enter(&self, tool: usize, rules: Arc<Vec<String>>) -> u64 {
        let token = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        self.by_tool.lock().unwrap_or_else(PoisonError::into_inner).insert(tool, Arc::clone(&rules));
        self.active().push((token, rules));
        token
    }

    /// Makes `tool`'s handler the running one (`None`: code outside handlers); returns the one
    /// it replaces.
    pub fn swap_running(&self, tool: Option<usize>) -> Option<usize> {
        std::mem::replace(&mut *self.running.lock().unwrap_or_else(PoisonError::into_inner), tool)
    }

    /// The tool whose handler's code runs now (`None` outside handlers).
    pub fn running(&self) -> Option<usize> {
        *self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The handler of `token` ended.
    pub fn exit(&self, token: u64) {
        self.active().retain(|(t, _)| *t != token);
    }

    /// Forgets every running handler (the VM was dropped mid-call).
    pub fn clear(&self) {
        self.active().clear();
        self.swap_running(None);
    }

    /// The check for a request: `tool`'s own list for a call a handler made, else every
    /// restricted list in force; `None` when nothing restricts it.
    pub fn check_for(&self, tool: Option<usize>) -> Option<HopCheck> {
        let own = tool.and_then(|t| self.by_tool.lock().unwrap_or_else(PoisonError::into_inner).get(&t).cloned());
        let lists: Vec<Arc<Vec<String>>> = match own {
            Some(list) => vec![list],
            // Outside handlers (or a tool never entered, which cannot happen): fail closed.
            None => self.active().iter().map(|(_, l)| Arc::clone(l)).collect(),
        };
        let lists: Vec<Arc<Vec<String>>> = lists.into_iter().filter(|l| !l.is_empty()).collect();
        if lists.is_empty() {
            return None;
        }
        Some(Arc::new(move |url: &str| lists.iter().try_for_each(|l| allows(l, url))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hosts_are_compared_on_the_parsed_url() {
        let rules = parse_rules(&json!(["api.box.com", "*.Example.org.", "127.0.0.1", "[::1]"]));
        assert!(allows(&rules, "https://API.Box.com./v1").is_ok());
        assert!(allows(&rules, "http://example.org/").is_ok(), "a wildcard also matches the apex");
        assert!(allows(&rules, "http://a.b.example.org:8080/x").is_ok());
        assert!(allows(&rules, "http://127.0.0.1:9/").is_ok());
        assert!(allows(&rules, "http://[::1]:9/").is_ok());
        assert!(allows(&rules, "https://api.box.com.evil.net/").is_err());
        assert!(allows(&rules, "https://api.box.com@evil.net/").is_err(), "userinfo is not the host");
        assert!(allows(&rules, "https://evilexample.org/").is_err());
        assert!(allows(&rules, "http://2130706433/").is_ok(), "the decimal form of 127.0.0.1 is that IP");
        assert!(allows(&rules, "http://0x7f.1/").is_ok());
        assert!(allows(&rules, "http://127.0.0.2/").is_err());
        assert!(allows(&rules, "file:///etc/passwd").is_err());
        assert!(allows(&rules, "data:text/plain,hi").is_err());
        assert!(rules_problem(&json!(["*.ok.com", "ok.com"])).is_none());
        assert!(rules_problem(&json!(["http://x.com"])).is_some());
        assert!(rules_problem(&json!(["a*.com"])).is_some());
        assert!(rules_problem(&json!("x.com")).is_some());
    }

    #[test]
    fn each_handler_sees_its_own_list_and_globals_see_all() {
        let p = NetPolicies::default();
        assert!(p.check_for(None).is_none());
        let a = p.enter(0, Arc::new(vec!["a.com".into()]));
        let b = p.enter(1, Arc::new(vec!["b.com".into()]));
        let unrestricted = p.enter(2, Arc::new(vec![]));
        assert!(p.check_for(Some(0)).unwrap()("http://a.com/").is_ok());
        assert!(p.check_for(Some(0)).unwrap()("http://b.com/").is_err());
        assert!(p.check_for(Some(2)).is_none());
        assert!(p.check_for(None).unwrap()("http://a.com/").is_err(), "a call outside handlers satisfies every list");
        p.exit(b);
        assert!(p.check_for(None).unwrap()("http://a.com/").is_ok());
        p.exit(a);
        p.exit(unrestricted);
        assert!(p.check_for(None).is_none());
        assert!(p.check_for(Some(0)).unwrap()("http://b.com/").is_err(), "a late continuation keeps its tool's list");
    }
}
