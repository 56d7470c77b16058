//! The server's sessions by name (`instance:context`), shared by every MCP connection: an agent
//! that reconnects finds its session again. Sessions start on first use and end when closed,
//! when idle past the timeout, or with the server; the browser of an instance closes with its
//! last session. When many sessions hold a VM, the least recently used idle ones give their
//! VM's memory back (their `globalThis` resets, `vars` and pages stay).

use crate::instances::Instances;
use crate::session::{Session, SessionContext};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Limits of the session table.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    /// A session unused this long ends.
    pub idle_timeout: Duration,
    /// The most sessions at once.
    pub max_sessions: usize,
    /// The most sessions that keep a VM between calls.
    pub max_warm: usize,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits { idle_timeout: Duration::from_secs(30 * 60), max_sessions: 32, max_warm: 16 }
    }
}

/// The session table.
pub struct Sessions {
    map: Mutex<HashMap<String, Arc<Session>>>,
    instances: Arc<Instances>,
    context: std::sync::RwLock<Arc<SessionContext>>,
    /// The table's limits.
    pub limits: SessionLimits,
}

/// A session name as `(full name, instance)`: `a:b` is context `b` of instance `a`, `a` alone is
/// `a:default`, nothing is `default:default`.
pub fn parse_name(name: Option<&str>) -> Result<(String, String), String> {
    let name = name.map(str::trim).filter(|n| !n.is_empty()).unwrap_or("default");
    let (instance, context) = name.split_once(':').unwrap_or((name, "default"));
    let valid = |part: &str| {
        !part.is_empty() && part.len() <= 64 && part.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
    };
    if !valid(instance) || !valid(context) {
        return Err(format!(
            "invalid session '{name}': use 'instance:context' (each 1-64 of A-Z a-z 0-9 _ - .), e.g. 'default' or 'shop:admin'"
        ));
    }
    Ok((format!("{instance}:{context}"), instance.to_string()))
}

impl Sessions {
    /// An empty table.
    pub fn new(instances: Arc<Instances>, context: Arc<SessionContext>, limits: SessionLimits) -> Self {
        Sessions { map: Mutex::default(), instances, context: std::sync::RwLock::new(context), limits }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Session `name`, started if needed.
    pub fn get_or_start(&self, name: Option<&str>) -> Result<Arc<Session>, String> {
        let (name, instance) = parse_name(name)?;
        let mut map = self.map();
        if let Some(session) = map.get(&name) {
            return Ok(Arc::clone(session));
        }
        if map.len() >= self.limits.max_sessions {
            return Err(format!(
                "{} sessions are open, the most this server allows; close one with session_close (session_list shows them)",
                map.len()
            ));
        }
        let session = Arc::new(Session::start(
            &name,
            &instance,
            self.instances.get(&instance),
            self.instances.source(&instance),
            Arc::clone(&self.context.read().unwrap_or_else(PoisonError::into_inner)),
        )?);
        map.insert(name, Arc::clone(&session));
        Ok(session)
    }

    /// Switches every session, and the ones to come, to a new load of the project.
    pub fn reload(&self, context: Arc<SessionContext>) {
        *self.context.write().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&context);
        for session in self.map().values() {
            session.reload(Arc::clone(&context));
        }
    }

    /// Ends session `name`; whether it existed.
    pub async fn close(&self, name: &str) -> Result<bool, String> {
        let (name, instance) = parse_name(Some(name))?;
        let removed = self.map().remove(&name);
        let Some(session) = removed else { return Ok(false) };
        session.close().await;
        self.close_instance_if_unused(&instance).await;
        Ok(true)
    }

    async fn close_instance_if_unused(&self, instance: &str) {
        let used = self.map().values().any(|s| s.state.instance == instance);
        if !used {
            self.instances.remove(instance).await;
        }
    }

    /// Every session, described.
    pub fn list(&self) -> Vec<serde_json::Value> {
        let mut all: Vec<serde_json::Value> = self.map().values().map(|s| s.state.describe()).collect();
        all.sort_by(|a, b| a["session"].as_str().cmp(&b["session"].as_str()));
        all
    }

    /// Ends the sessions idle past the timeout.
    pub async fn expire_idle(&self) {
        let expired: Vec<String> = self
            .map()
            .iter()
            .filter(|(_, s)| s.state.idle() >= self.limits.idle_timeout)
            .map(|(n, _)| n.clone())
            .collect();
        for name in expired {
            let _ = self.close(&name).await;
        }
    }

    /// When more than `max_warm` sessions hold a VM, the least recently used idle ones give
    /// theirs back (called after each call, so memory stays bounded however many sessions).
    pub fn reclaim_excess(&self) {
        let mut warm: Vec<Arc<Session>> =
            self.map().values().filter(|s| s.state.is_warm() && !s.state.is_busy()).cloned().collect();
        if warm.len() > self.limits.max_warm {
            warm.sort_by_key(|s| std::cmp::Reverse(s.state.idle()));
            for session in warm.iter().take(warm.len() - self.limits.max_warm) {
                session.reclaim();
            }
        }
    }

    /// Ends every session and closes every browser (server shutdown).
    pub async fn close_all(&self) {
        let all: Vec<Arc<Session>> = self.map().drain().map(|(_, s)| s).collect();
        for session in all {
            session.close().await;
        }
        self.instances.close_all().await;
    }
}

#[cfg(test)]
mod tests {
    use super::parse_name;

    #[test]
    fn names() {
        assert_eq!(parse_name(None).unwrap(), ("default:default".into(), "default".into()));
        assert_eq!(parse_name(Some("shop")).unwrap(), ("shop:default".into(), "shop".into()));
        assert_eq!(parse_name(Some("shop:admin")).unwrap(), ("shop:admin".into(), "shop".into()));
        assert!(parse_name(Some("a:b:c")).is_err());
        assert!(parse_name(Some("../x")).is_err());
    }
}
