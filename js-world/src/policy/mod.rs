//! What extension tools may use: policy profiles resolved from the precedence chain, the
//! decision for one tool and capability, and the audit log of every use and denial (ADR 0025).
//! Decides; the bindings (`commands/`, `net_policy.rs`, `playwright/gates.rs`) enforce. May not
//! read anything a script sends to decide whose policy applies.

mod audit;
mod describe;
mod host_policy;
mod profile;
mod resolve;

pub use audit::{AuditEntry, AuditLog, Auditor, ROTATE_AT};
pub use describe::CapabilityDecision;
pub use host_policy::{HostPolicy, NavigationFor};
pub use profile::{Capability, Profile};
pub use resolve::{Capabilities, Denial, PluginOverride, PolicyLayer};
