//! `allow.net`: which hosts a tool's HTTP may reach. Checked in Rust on the parsed URL (case,
//! trailing dots, IP literals and userinfo tricks cannot fool it), before any connection and
//! again on every redirect hop, for `request` and `fetch` alike. A call made by a handler (its
//! own `request`, or `fetch` from any of its continuations, which `js/async_context.js` tracks)
//! answers to that handler's list and to the list of every tool that called it (ADR 0030); a
//! call from outside every handler (a script, a listener) while restricted handlers run must
//! satisfy all of their lists (fail closed).

use crate::running::{Actor, Chains};
use crate::JsErrorName;
use std::collections::HashMap;
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

/// What a tool's handler may reach, decided once per tool from its `allow.net` and the policy.
#[derive(Debug, Clone, PartialEq)]
pub enum NetRule {
    /// Any host (an empty list outside the `safe` profile).
    Any,
    /// Only these hosts.
    Hosts(Vec<String>),
    /// No network: the policy denies it (the message says why).
    Denied(String),
}

/// A tool's network grant, with who it is for the audit log.
#[derive(Debug, Clone)]
pub struct NetGrant {
    /// What it may reach.
    pub rule: NetRule,
    /// The tool's name.
    pub tool: String,
    /// The tool's plugin (none: the project's own).
    pub plugin: Option<String>,
    /// Where uses and denials are recorded.
    pub auditor: Option<crate::policy::Auditor>,
}

/// Why a request was not made: the error's name for JS and its message.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// `CapabilityDenied` (the policy) or `SandboxViolation` (a host outside the list).
    pub name: JsErrorName,
    /// What to tell the caller.
    pub message: String,
}

impl NetGrant {
    /// An unrestricted grant with nobody to report to (tests, tools without policy).
    pub fn any(tool: &str) -> Self {
        NetGrant { rule: NetRule::Any, tool: tool.to_string(), plugin: None, auditor: None }
    }

    fn restricts(&self) -> bool {
        !matches!(self.rule, NetRule::Any)
    }

    /// Checks `url`; records the decision when `audited` (a use by this tool's handler) or denied.
    fn check(&self, url: &str, audited: bool) -> Result<(), Refusal> {
        let result = match &self.rule {
            NetRule::Any => Ok(()),
            NetRule::Hosts(rules) => {
                allows(rules, url).map_err(|message| Refusal { name: JsErrorName::SandboxViolation, message })
            }
            NetRule::Denied(message) => Err(Refusal { name: JsErrorName::CapabilityDenied, message: message.clone() }),
        };
        if let Some(auditor) = self.auditor.as_ref().filter(|_| audited || result.is_err()) {
            let host = url::Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_string)).unwrap_or_default();
            let reason = match &result {
                Ok(()) if matches!(self.rule, NetRule::Any) => "any host (no allow.net list)".to_string(),
                Ok(()) => "declared in allow.net".to_string(),
                Err(r) => r.message.clone(),
            };
            let tool = audited.then_some(self.tool.as_str());
            let plugin = if audited { self.plugin.as_deref() } else { None };
            auditor.record(plugin, tool, crate::policy::Capability::Net.name(), &host, result.is_ok(), &reason);
        }
        result
    }
}

/// The grants of the handlers running in one VM, and who runs now.
#[derive(Default)]
pub struct NetPolicies {
    next: AtomicU64,
    active: Mutex<Vec<(u64, Arc<NetGrant>)>>,
    /// Each tool's grant once one of its handlers ran, and each plugin's for its event
    /// handlers; kept, so a continuation that outlives its handler still answers to its grant.
    by_actor: Mutex<HashMap<Actor, Arc<NetGrant>>>,
    /// The call chains of this VM (what `running` names).
    chains: Chains,
    /// The chain whose innermost code runs at this moment (`js/async_context.js` swaps it as
    /// continuations start and end, through a native user code cannot reach). Requests are
    /// checked against it, never against anything the request's JSON says.
    running: Mutex<Option<usize>>,
}

impl NetPolicies {
    /// The handlers running now, as (plugin, tool).
    pub fn active_handlers(&self) -> Vec<(Option<String>, String)> {
        self.active().iter().map(|(_, g)| (g.plugin.clone(), g.tool.clone())).collect()
    }

    fn active(&self) -> std::sync::MutexGuard<'_, Vec<(u64, Arc<NetGrant>)>> {
        self.active.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn grant_of(&self, actor: &Actor) -> Option<Arc<NetGrant>> {
        self.by_actor.lock().unwrap_or_else(PoisonError::into_inner).get(actor).cloned()
    }

    /// A handler of `tool` with `grant` starts; its token.
    pub fn enter(&self, tool: usize, grant: Arc<NetGrant>) -> u64 {
        let token = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        self.by_actor.lock().unwrap_or_else(PoisonError::into_inner).insert(Actor::Tool(tool), Arc::clone(&grant));
        self.active().push((token, grant));
        token
    }

    /// The chain for `tool`'s handler called by the code running now (its id, to run the
    /// handler under).
    pub fn call(&self, tool: usize) -> usize {
        self.chains.extend(self.running(), Actor::Tool(tool))
    }

    /// The chain for plugin `name`'s own event handlers, which run outside whatever fired the
    /// event; `grant` is what the policy gives that plugin's code (kept from the first time).
    pub fn plugin_code(&self, name: &str, grant: impl FnOnce() -> NetGrant) -> usize {
        let actor = Actor::Plugin(name.to_string());
        self.by_actor
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(actor.clone())
            .or_insert_with(|| Arc::new(grant()));
        self.chains.intern(vec![actor])
    }

    /// Makes chain `id` the running one (`None`: code outside handlers); returns the one it
    /// replaces.
    pub fn swap_running(&self, id: Option<usize>) -> Option<usize> {
        std::mem::replace(&mut *self.running.lock().unwrap_or_else(PoisonError::into_inner), id)
    }

    /// The chain whose code runs now (`None` outside handlers).
    pub fn running(&self) -> Option<usize> {
        *self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The actors of chain `id` (none: code outside handlers), outermost first.
    pub fn chain(&self, id: Option<usize>) -> Option<Arc<[Actor]>> {
        id.and_then(|id| self.chains.get(id))
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

    /// Admits a request to `url` made by the code of chain `running` (`None`: code outside
    /// handlers): the check every redirect hop must pass as well (`None` when nothing
    /// restricts it), or why the request may not be made. A handler answers to its own grant
    /// and to that of every caller on its chain (its use is recorded under the innermost
    /// tool); code outside tools' handlers, while restricted handlers run, must satisfy every
    /// one of them too (fail closed).
    pub fn admit(&self, running: Option<usize>, url: &str) -> Result<Option<HopCheck>, Refusal> {
        let chain = self.chain(running).unwrap_or_else(|| Arc::from(Vec::new()));
        let innermost = chain.last();
        // Each grant on the chain, and whether its use is the one recorded (the innermost
        // actor's: a tool's, or a plugin's event code).
        let mut grants: Vec<(Arc<NetGrant>, bool)> = Vec::new();
        for actor in chain.iter() {
            if let Some(grant) = self.grant_of(actor) {
                let own = Some(actor) == innermost;
                grant.check(url, own)?;
                grants.push((grant, own));
            }
        }
        if !chain.iter().any(|a| matches!(a, Actor::Tool(_))) {
            let others: Vec<Arc<NetGrant>> =
                self.active().iter().map(|(_, g)| Arc::clone(g)).filter(|g| g.restricts()).collect();
            others.iter().try_for_each(|g| g.check(url, false))?;
            grants.extend(others.into_iter().map(|g| (g, false)));
        }
        grants.retain(|(g, _)| g.restricts());
        if grants.is_empty() {
            return Ok(None);
        }
        Ok(Some(Arc::new(move |hop: &str| {
            grants.iter().try_for_each(|(g, own)| g.check(hop, *own)).map_err(|r| r.message)
        })))
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
    fn each_handler_sees_its_own_grant_and_globals_see_all() {
        let hosts =
            |tool: &str, h: &str| Arc::new(NetGrant { rule: NetRule::Hosts(vec![h.into()]), ..NetGrant::any(tool) });
        let refusal = |r: Result<Option<HopCheck>, Refusal>| r.err().expect("refused").name;
        let p = NetPolicies::default();
        assert!(p.admit(None, "http://x.com/").unwrap().is_none());
        let a = p.enter(0, hosts("a", "a.com"));
        let b = p.enter(1, hosts("b", "b.com"));
        let unrestricted = p.enter(2, Arc::new(NetGrant::any("c")));
        let denied = Arc::new(NetGrant { rule: NetRule::Denied("no network".into()), ..NetGrant::any("d") });
        let (t0, t2) = (Some(p.call(0)), Some(p.call(2)));
        assert!(p.admit(t0, "http://a.com/").unwrap().unwrap()("http://a.com/x").is_ok());
        assert!(p.admit(t0, "http://a.com/").unwrap().unwrap()("http://b.com/").is_err(), "hops too");
        assert_eq!(refusal(p.admit(t0, "http://b.com/")), JsErrorName::SandboxViolation);
        assert!(p.admit(t2, "http://b.com/").unwrap().is_none());
        assert!(p.admit(None, "http://a.com/").is_err(), "a call outside handlers satisfies every list");
        p.exit(b);
        assert!(p.admit(None, "http://a.com/").is_ok());
        p.exit(a);
        p.exit(unrestricted);
        assert!(p.admit(None, "http://a.com/").unwrap().is_none());
        assert!(p.admit(t0, "http://b.com/").is_err(), "a late continuation keeps its tool's list");
        let d = p.enter(3, denied);
        assert_eq!(refusal(p.admit(Some(p.call(3)), "http://a.com/")), JsErrorName::CapabilityDenied);
        assert_eq!(refusal(p.admit(None, "http://a.com/")), JsErrorName::CapabilityDenied, "fail closed");
        p.exit(d);
    }

    #[test]
    fn a_callee_answers_to_its_callers_grants_too() {
        let hosts =
            |tool: &str, h: &str| Arc::new(NetGrant { rule: NetRule::Hosts(vec![h.into()]), ..NetGrant::any(tool) });
        let p = NetPolicies::default();
        let _ = (p.enter(0, hosts("thief", "thief.com")), p.enter(1, hosts("box", "box.com")));
        let _ = p.enter(2, Arc::new(NetGrant::any("open")));
        let thief = p.call(0);
        p.swap_running(Some(thief));
        let borrowed = p.call(1);
        assert!(p.admit(Some(borrowed), "http://box.com/").is_err(), "box's host is not the thief's");
        assert!(p.admit(Some(p.call(1)), "http://box.com/").is_err());
        p.swap_running(None);
        assert!(p.admit(Some(p.call(1)), "http://box.com/").unwrap().is_some(), "called by the host: its own list");
        p.swap_running(Some(p.call(2)));
        let via_open = p.call(1);
        assert!(p.admit(Some(via_open), "http://box.com/").is_ok(), "an unrestricted caller takes nothing away");
        let plugin = p.plugin_code("quiet", || NetGrant {
            rule: NetRule::Denied("no network for quiet".into()),
            ..NetGrant::any("quiet events")
        });
        assert_eq!(p.admit(Some(plugin), "http://box.com/").err().unwrap().name, JsErrorName::CapabilityDenied);
    }
}
