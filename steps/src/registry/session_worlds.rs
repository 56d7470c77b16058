//! The Worlds of one host session. Every World a session makes is on the session's browser
//! source, with the session's `file:` gate on its lease — fixed when the session is made, so no
//! World of the session can miss it — and with the session's world parameters.

use super::World;
use crate::lease::{BrowserLease, BrowserSource};
use ferridriver_browser::{Filming, Tracer, UrlGate};
use std::sync::Arc;

/// Makes a session's Worlds (one per test case in `bdd`, one per session in the script hosts).
#[derive(Clone)]
pub struct SessionWorlds {
    source: Arc<dyn BrowserSource>,
    gate: Option<UrlGate>,
    parameters: serde_json::Value,
}

impl std::fmt::Debug for SessionWorlds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionWorlds")
            .field("gated", &self.gate.is_some())
            .field("parameters", &self.parameters)
            .finish()
    }
}

impl SessionWorlds {
    /// Worlds on `source` without a `file:` gate (a project's own suite under `bdd`).
    pub fn new(source: Arc<dyn BrowserSource>, parameters: serde_json::Value) -> Self {
        SessionWorlds { source, gate: None, parameters }
    }

    /// Worlds on `source` whose contexts fail the `file:` requests `gate` refuses (the agent
    /// hosts: a page must not become a way to read the user's files).
    pub fn gated(source: Arc<dyn BrowserSource>, parameters: serde_json::Value, gate: UrlGate) -> Self {
        SessionWorlds { source, gate: Some(gate), parameters }
    }

    /// A fresh World, its contexts recorded in `tracer` when there is one.
    pub fn world(&self, tracer: Option<&Tracer>) -> World {
        self.recorded_world(tracer, None)
    }

    /// A fresh World, its contexts recorded in `tracer` and their pages filmed into `filming`
    /// when given.
    pub fn recorded_world(&self, tracer: Option<&Tracer>, filming: Option<&Filming>) -> World {
        let lease = match &self.gate {
            Some(gate) => BrowserLease::gated(Arc::clone(&self.source), Arc::clone(gate)),
            None => BrowserLease::new(Arc::clone(&self.source)),
        };
        let lease = match tracer {
            Some(tracer) => lease.traced(tracer.clone()),
            None => lease,
        };
        let lease = match filming {
            Some(filming) => lease.filmed(filming.clone()),
            None => lease,
        };
        World::with_browser(self.parameters.clone(), Arc::new(lease))
    }

    /// Where the session's browser comes from.
    pub fn source(&self) -> &Arc<dyn BrowserSource> {
        &self.source
    }
}
