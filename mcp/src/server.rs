//! The MCP server: a hand-written `ServerHandler` (the tool list is data, not macros) that
//! routes each tool call to the session table or the project's registry. One handler serves
//! stdio and HTTP, and both protocol eras rmcp speaks.

use crate::bdd_run::run_features;
use crate::draft::DraftRequest;
use crate::extensions::{report, Exposure};
use crate::sessions::Sessions;
use crate::steps_list::list_steps;
use crate::tools::builtin_tools;
use base64::Engine;
use ferridriver_js_world::{
    schema_violations, ScriptRequest, ScriptSource, ToolFailure, DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIMEOUT,
};
use ferridriver_runner::project::Project;
// Logging (set_level) is deprecated by the 2026 revision, but 2025 clients still negotiate it.
#[allow(deprecated)]
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, InitializeResult,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, SetLevelRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The project as loaded (again after extension files change).
pub struct Loaded {
    /// The project (registry, config) the sessions share.
    pub project: Arc<Project>,
    /// Which extension tools are exposed, under which names.
    pub exposure: Exposure,
    /// The bundled JS files (step files and extensions), relative to the project.
    pub files: Vec<String>,
    /// What the extension tools may use.
    pub policy: Arc<ferridriver_js_world::policy::Capabilities>,
}

impl Loaded {
    /// What the extension report reads.
    pub fn report_input(&self) -> crate::extensions::ReportInput<'_> {
        let project = &self.project;
        crate::extensions::ReportInput {
            registry: &project.registry,
            exposure: &self.exposure,
            files: &self.files,
            errors: &project.errors,
            plugins: project.program.iter().flat_map(|p| p.manifest.plugins()).collect(),
            policy: &self.policy,
        }
    }
}

/// What the server knows besides its sessions.
pub struct ServerState {
    /// The session table.
    pub sessions: Sessions,
    /// The current load of the project (swapped when extension files change).
    pub loaded: std::sync::RwLock<Arc<Loaded>>,
    /// The MCP clients to tell when the tool list changes (2025 revisions).
    pub peers: std::sync::Mutex<Vec<rmcp::Peer<RoleServer>>>,
    /// Fires when the tool list changed, for `subscriptions/listen` streams (2026-07-28).
    pub list_changed: tokio::sync::broadcast::Sender<()>,
    /// The most a call may ask as `timeout_ms`.
    pub max_timeout: Duration,
    /// The most a call may ask as `memory_limit_mb`.
    pub max_memory_mb: u64,
    /// The `ferridriver` binary, for `bdd_run`.
    pub executable: PathBuf,
}

impl ServerState {
    /// The current load.
    pub fn loaded(&self) -> Arc<Loaded> {
        Arc::clone(&self.loaded.read().unwrap_or_else(std::sync::PoisonError::into_inner))
    }
}

/// The handler; cheap to clone (one per HTTP connection).
#[derive(Clone)]
pub struct McpServer {
    state: Arc<ServerState>,
}

impl McpServer {
    /// A handler over `state`.
    pub fn new(state: Arc<ServerState>) -> Self {
        McpServer { state }
    }

    async fn call(&self, name: &str, arguments: Value, session: Option<String>) -> Result<CallToolResult, String> {
        match name {
            "run_script" => self.run_script(args(arguments)?).await,
            "session_list" => {
                let _: NoArgs = args(arguments)?;
                Ok(json_result(&json!({ "sessions": self.state.sessions.list() })))
            }
            "session_close" => {
                let a: SessionArgs = args(arguments)?;
                let name = a.session.unwrap_or_else(|| "default".into());
                let closed = self.state.sessions.close(&name).await?;
                Ok(json_result(&json!({ "session": name, "closed": closed })))
            }
            "bdd_steps" => {
                let a: StepsArgs = args(arguments)?;
                Ok(json_result(
                    &json!({ "steps": list_steps(&self.state.loaded().project.registry, a.filter.as_deref()) }),
                ))
            }
            "bdd_run_steps" => self.run_steps(args(arguments)?).await,
            "bdd_run" => {
                let a: RunArgs = args(arguments)?;
                let summary =
                    run_features(&self.state.executable, &self.state.loaded().project, a.paths, a.tags, a.name).await?;
                Ok(json_result(&summary))
            }
            "bdd_draft_scenario" => {
                let a: DraftArgs = args(arguments)?;
                let session = self.state.sessions.get_or_start(a.session.as_deref())?;
                let text = session
                    .draft(DraftRequest { feature: a.feature, scenario: a.scenario, keep: a.keep.unwrap_or(false) })
                    .await??;
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            }
            "ferridriver_extensions" => {
                let _: NoArgs = args(arguments)?;
                Ok(json_result(&report(&self.state.loaded().report_input())))
            }
            other => match self.state.loaded().exposure.by_wire.get(other).copied() {
                Some(index) => self.extension_tool(index, arguments, session).await,
                None => {
                    let message = format!(
                        "NOT_FOUND: unknown tool '{other}'; tools/list shows the tools ({})",
                        crate::tools::BUILTIN_TOOLS.join(", ")
                    );
                    Ok(tool_error(ToolFailure::with_code("NOT_FOUND", message), true))
                }
            },
        }
    }

    /// An extension tool: arguments checked against its input schema before the handler is
    /// entered; runs in the session named by the request's `_meta.session` (else `default`).
    async fn extension_tool(
        &self,
        index: usize,
        arguments: Value,
        session: Option<String>,
    ) -> Result<CallToolResult, String> {
        let loaded = self.state.loaded();
        let tool = loaded.project.registry.tools.get(index).ok_or("the tool was unloaded")?;
        if let Some(schema) = &tool.input_schema {
            if let Some(problem) = schema_violations(schema, &arguments) {
                let message = format!("invalid arguments for {}: {problem}", tool.name);
                let structured = tool.output_schema.is_none();
                return Ok(tool_error(ToolFailure::with_code("INVALID_ARGUMENTS", message), structured));
            }
        }
        let session = self.state.sessions.get_or_start(session.as_deref())?;
        let result = session.call_tool(tool.name.clone(), arguments).await;
        self.state.sessions.reclaim_excess();
        match result? {
            Ok(value) => {
                let text = match &value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
                if tool.output_schema.is_some() || value.is_object() {
                    result.structured_content = Some(value);
                }
                Ok(result)
            }
            Err(failure) => Ok(tool_error(failure, tool.output_schema.is_none())),
        }
    }

    async fn run_script(&self, a: ScriptArgs) -> Result<CallToolResult, String> {
        let source = match (a.source, a.path) {
            (Some(s), None) => ScriptSource::Inline(s),
            (None, Some(p)) => ScriptSource::File(PathBuf::from(p)),
            (Some(_), Some(_)) => return Err("pass either `source` or `path`, not both".into()),
            (None, None) => return Err("pass `source` (inline JavaScript) or `path` (a file under script_root)".into()),
        };
        let timeout = a.timeout_ms.map(Duration::from_millis).unwrap_or(DEFAULT_TIMEOUT);
        if timeout > self.state.max_timeout {
            return Err(format!(
                "timeout_ms {} is above this server's maximum of {} ms",
                timeout.as_millis(),
                self.state.max_timeout.as_millis()
            ));
        }
        let memory = a.memory_limit_mb.unwrap_or(DEFAULT_MEMORY_LIMIT_MB);
        if memory > self.state.max_memory_mb {
            return Err(format!(
                "memory_limit_mb {memory} is above this server's maximum of {} MiB",
                self.state.max_memory_mb
            ));
        }
        let request = ScriptRequest {
            source,
            args: a.args.unwrap_or_else(|| Value::Array(Vec::new())),
            timeout,
            memory_limit_mb: memory,
        };
        let session = self.state.sessions.get_or_start(a.session.as_deref())?;
        let outcome = session.run_script(request).await;
        self.state.sessions.reclaim_excess();
        Ok(json_result(&outcome?.to_json()))
    }

    async fn run_steps(&self, a: RunStepsArgs) -> Result<CallToolResult, String> {
        let session = self.state.sessions.get_or_start(a.session.as_deref())?;
        let reports = session.run_steps(a.steps).await;
        self.state.sessions.reclaim_excess();
        let reports = reports??;
        let passed = reports.iter().all(|r| r.status == ferridriver_messages::TestStepResultStatus::Passed);
        let mut content = Vec::new();
        let mut images = Vec::new();
        for report in &reports {
            for attachment in &report.attachments {
                if attachment.media_type.starts_with("image/") {
                    let data = base64::engine::general_purpose::STANDARD.encode(&attachment.body);
                    images.push(ContentBlock::image(data, attachment.media_type.clone()));
                }
            }
        }
        let summary = json!({ "status": if passed { "passed" } else { "failed" }, "steps": reports });
        content.push(ContentBlock::text(summary.to_string()));
        content.extend(images);
        let mut result = CallToolResult::success(content);
        result.structured_content = Some(summary);
        Ok(result)
    }
}

/// A tool's failure as MCP clients read it: `isError`, the message first in the text (the stack
/// after it), and `structuredContent.error = { code, message, retryable, hint? }` — unless the
/// tool declares an `outputSchema` (`structured` false): the SDK clients check any structured
/// content against it, errors included, so there the envelope is a JSON line after the text.
fn tool_error(failure: ToolFailure, structured: bool) -> CallToolResult {
    let mut text = failure.message.clone();
    if let Some(detail) = &failure.detail {
        text.push('\n');
        text.push_str(detail);
    }
    let mut error =
        serde_json::json!({ "code": failure.code, "message": failure.message, "retryable": failure.retryable });
    if let Some(hint) = failure.hint {
        error["hint"] = Value::String(hint);
    }
    let envelope = serde_json::json!({ "error": error });
    if !structured {
        text.push('\n');
        text.push_str(&envelope.to_string());
    }
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    if structured {
        result.structured_content = Some(envelope);
    }
    result
}

/// A JSON value as the tool's text and structured content.
fn json_result(value: &Value) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(value.to_string())]);
    result.structured_content = Some(value.clone());
    result
}

/// A tool's arguments, or a message naming what is wrong with them.
fn args<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| format!("invalid arguments: {e}"))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScriptArgs {
    source: Option<String>,
    path: Option<String>,
    args: Option<Value>,
    timeout_ms: Option<u64>,
    memory_limit_mb: Option<u64>,
    session: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionArgs {
    session: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepsArgs {
    filter: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunStepsArgs {
    steps: String,
    session: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunArgs {
    paths: Option<Vec<String>>,
    tags: Option<String>,
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DraftArgs {
    feature: Option<String>,
    scenario: Option<String>,
    keep: Option<bool>,
    session: Option<String>,
}

const INSTRUCTIONS: &str = "ferridriver drives a real Chromium. Use run_script to act on the page with the Playwright API \
(one call can navigate, fill, click and read), bdd_steps/bdd_run_steps to use the project's Gherkin steps on the same \
page, and bdd_draft_scenario to turn the steps that passed into a feature. Pass caller data in `args`, never in the source.";

impl ServerHandler for McpServer {
    #[allow(deprecated)]
    fn get_info(&self) -> InitializeResult {
        let capabilities =
            ServerCapabilities::builder().enable_tools().enable_tool_list_changed().enable_logging().build();
        InitializeResult::new(capabilities)
            .with_server_info(Implementation::new("ferridriver", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut tools = builtin_tools();
        let loaded = self.state.loaded();
        tools.extend(loaded.exposure.tools(&loaded.project.registry));
        tools.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        // Extension tools have their own arguments; the session comes from `_meta.session`.
        let session = request
            .meta
            .as_ref()
            .and_then(|m| serde_json::to_value(m).ok())
            .and_then(|m| m.get("session").and_then(Value::as_str).map(str::to_string));
        let result = match self.call(&request.name, arguments, session).await {
            Ok(r) => r,
            Err(message) => CallToolResult::error(vec![ContentBlock::text(message)]),
        };
        Ok(CallToolResponse::Complete(result))
    }

    fn accepted_subscription_filter(
        &self,
        requested: &rmcp::model::SubscriptionFilter,
    ) -> Option<rmcp::model::SubscriptionFilter> {
        // rmcp narrows it to what get_info advertises (tools list changes).
        Some(requested.clone())
    }

    async fn listen(&self, subscription: rmcp::service::SubscriptionContext) -> Result<(), ErrorData> {
        let mut changes = self.state.list_changed.subscribe();
        loop {
            tokio::select! {
                () = subscription.cancelled() => return Ok(()),
                change = changes.recv() => match change {
                    Ok(()) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // A filter without tool changes refuses it; nothing else to send.
                        let _ = subscription.sink().notify_tool_list_changed().await;
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return Ok(()),
                },
            }
        }
    }

    async fn on_initialized(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        // Told when extension files change the tool list.
        self.state.peers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(context.peer);
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        _request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        // The server sends no log notifications yet; accepting the level is what the
        // capability promises.
        Ok(())
    }
}
