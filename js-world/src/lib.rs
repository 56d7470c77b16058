//! The JS world: JS/TS step definitions (cucumber-js API) bundled with rolldown, compiled once
//! to QuickJS bytecode and run in one rquickjs VM per worker, with Playwright's page, context,
//! request and `expect` on the World. See docs/adr/0009-js-world.md and docs/architecture.md.
//!
//! Owns the VMs, bundling, the bindings and every capability check at them. Knows no host: bdd,
//! mcp and run construct it (`JsHost`, `HostSession`); may not depend on the runner or mcp.

mod bundle;
mod bytes;
mod cache;
mod call_sites;
mod callee;
mod child_process;
mod commands;
mod compile;
mod config_module;
mod convert;
mod definition_shapes;
mod discover;
mod disk_cache;
mod fetch;
mod formatter_host;
mod host;
mod host_kind;
mod host_session;
mod import_meta;
mod js_error;
mod kept_bundlers;
mod load;
mod lower_async;
mod manifest;
mod module_vm;
mod natives;
mod net_policy;
mod node_fs;
mod node_fs_fd;
mod node_zlib;
mod playwright;
mod plugin;
mod plugin_events;
pub mod plugin_lifecycle;
mod plugin_packages;
pub mod policy;
mod require_context;
mod require_resolve;
mod rolldown_run;
mod running;
mod schemas;
mod script;
mod sourcemap;
mod step_host;
mod tool_call;
mod url_native;
mod vm;

pub use bundle::{bundle, Bundle, BundleError};
pub use config_module::{read_config_module, ConfigModule};
pub use definition_shapes::{file_shape, DefinitionShape, FileShape};
pub use discover::{discover, JsConfig, DEFAULT_STEP_GLOBS, SOURCE_EXTENSIONS};
pub use disk_cache::CACHE_DIR;
pub use formatter_host::JsFormatter;
pub use host::JsHost;
pub use host_kind::HostKind;
pub use host_session::{HostSession, ScriptSessionParts};
pub use js_error::JsErrorName;
pub use load::{load, load_async, load_async_with, load_with, CacheMode, JsProgram, LoadOrigin, LoadReport};
pub use manifest::{JsDefinition, JsHook, JsParameterType, JsPlugin, JsStep, Manifest};
pub use plugin_packages::resolve_plugins;
pub use schemas::violations as schema_violations;
pub use script::{
    snippet, ConsoleEntry, ErrorKind, FsError, ScopedDir, ScriptError, ScriptOutcome, ScriptRequest, ScriptSandbox,
    ScriptSource, Vars, DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIMEOUT, INLINE_NAME,
};
pub use sourcemap::{OriginalPosition, SourceMapper};
pub use tool_call::ToolFailure;
pub use vm::VmLimits;
