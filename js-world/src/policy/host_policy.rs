//! The policy one host session runs under: the resolved capabilities and who records them.

use super::audit::Auditor;
use super::resolve::Capabilities;
use std::sync::Arc;

/// What a host session's bindings consult: the process's resolved policy and the session's
/// auditor (none: decisions are not recorded).
#[derive(Debug, Clone, Default)]
pub struct HostPolicy {
    /// The resolved policy.
    pub capabilities: Arc<Capabilities>,
    /// Records uses and denials with this session's host and name.
    pub auditor: Option<Auditor>,
}

impl HostPolicy {
    /// The `file:` gate of a script host: `roots` plus the policy's `fileRoots`, each `file:`
    /// URL's decision recorded (its path is the target).
    pub fn file_gate(&self, mut roots: Vec<std::path::PathBuf>) -> ferridriver_browser::UrlGate {
        roots.extend(self.capabilities.file_roots().iter().cloned());
        let gate = ferridriver_browser::file_roots_gate(roots);
        let Some(auditor) = self.auditor.clone() else { return gate };
        Arc::new(move |url: &str| {
            let decision = gate(url);
            if ferridriver_browser::is_file_url(url) {
                let target = url::Url::parse(url.trim()).map(|u| u.path().to_string()).unwrap_or_default();
                let reason = match &decision {
                    Ok(()) => "inside script_root, artifacts_root or fileRoots",
                    Err(why) => why.as_str(),
                };
                auditor.record(None, None, "file", &target, decision.is_ok(), reason);
            }
            decision
        })
    }

    /// `capabilities` for a session of `host` (named `session` on MCP), recording into the
    /// policy's audit log if it has one.
    pub fn new(capabilities: Arc<Capabilities>, host: &str, session: Option<String>) -> Self {
        let auditor = capabilities.audit().map(|log| Auditor::new(Arc::clone(log), host, session));
        HostPolicy { capabilities, auditor }
    }
}
