//! The step registry: step definitions, hooks and parameter types from every source (Rust steps
//! collected with `inventory`, JS/TS definitions added by a host), and the match table built
//! from it. Every host (bdd, mcp, run) reads the same registry, and makes its Worlds with
//! `SessionWorlds`. May not run a language runtime (hosts do, behind `StepHost`).

mod arguments;
mod data_table;
mod definitions;
mod host;
mod inventory_steps;
mod match_table;
mod session_worlds;
mod store;
mod tools;
mod world;

pub use arguments::{FailureOutcome, FromArg, IntoStepResult, StepFailure, StepOutcome, StepResult};
pub use data_table::DataTable;
pub use definitions::{
    HookBody, HookDefinition, HookKind, Invocation, PatternKind, RustHookFn, RustStepFn, SourceLocation, StepBody,
    StepDefinition, StepFuture, StepKeyword,
};
pub use host::{HookContext, HostFuture, LifecycleEvent, NoHost, StepHost};
pub use inventory_steps::{RustHook, RustParameterType, RustStep, RustTransformFn};
pub use match_table::{MatchTable, StepMatch};
pub use session_worlds::SessionWorlds;
pub use store::{DefinitionError, Registry};
pub use tools::{ToolBody, ToolDefinition};
pub use world::{EvidenceFn, PendingAttachment, Teardown, World};
