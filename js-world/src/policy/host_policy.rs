//! The policy one host session runs under: the resolved capabilities and who records them.

use super::audit::Auditor;
use super::resolve::Capabilities;
use std::sync::{Arc, Mutex, PoisonError};

/// Whose call a `file:` decision is made for, while a binding checks a navigation a tool's or
/// plugin's code asked for: its plugin (none: the project's) and the tool's name. Empty for a
/// navigation the page made itself (a link, a redirect), which no code of ours asked for.
pub type NavigationFor = Arc<Mutex<Option<(Option<String>, String)>>>;

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
    /// URL's decision recorded (its path is the target) for the code `on_behalf` names.
    pub fn file_gate(
        &self,
        mut roots: Vec<std::path::PathBuf>,
        on_behalf: NavigationFor,
    ) -> ferridriver_browser::UrlGate {
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
                let who = on_behalf.lock().unwrap_or_else(PoisonError::into_inner).clone();
                let (plugin, tool) = match &who {
                    Some((plugin, tool)) => (plugin.as_deref(), Some(tool.as_str())),
                    None => (None, None),
                };
                auditor.record(plugin, tool, "file", &target, decision.is_ok(), reason);
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
