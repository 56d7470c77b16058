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
    /// `capabilities` for a session of `host` (named `session` on MCP), recording into the
    /// policy's audit log if it has one.
    pub fn new(capabilities: Arc<Capabilities>, host: &str, session: Option<String>) -> Self {
        let auditor = capabilities.audit().map(|log| Auditor::new(Arc::clone(log), host, session));
        HostPolicy { capabilities, auditor }
    }
}
