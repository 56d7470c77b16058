//! Calling an extension tool's handler for a host (the MCP server): arguments already checked
//! against the tool's input schema, the handler run in the session's VM on the session's page,
//! its result checked against the output schema. Scripts and steps reach the same handler
//! through `plugins[name]`, which runs the same checks (js/cucumber.js `callTool`).

use crate::host::{user_frames, Between, JsHost};
use crate::vm::{Vm, VmError};
use ferridriver_steps::registry::{ToolBody, ToolDefinition, World};
use rquickjs::{CatchResultExt, Function, Promise};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Why a tool call failed: a message for the caller first, then the detail (the stack at the
/// user's `.ts` lines).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolFailure {
    /// What went wrong, in one line.
    pub message: String,
    /// The mapped stack or other detail.
    pub detail: Option<String>,
    /// A plugin's qualified code (`box.LOGIN_FAILED`) or a core one: `INVALID_ARGUMENTS`,
    /// `TIMEOUT`, `CAPABILITY_DENIED`, `SANDBOX_VIOLATION`, `NOT_FOUND`, `INTERNAL`.
    pub code: String,
    /// Whether the same call may succeed if tried again.
    pub retryable: bool,
    /// What to do about it, when the code says.
    pub hint: Option<String>,
}

impl ToolFailure {
    /// A failure with a core `code`.
    pub fn with_code(code: &str, message: impl Into<String>) -> Self {
        ToolFailure { message: message.into(), detail: None, code: code.into(), retryable: false, hint: None }
    }

    fn new(message: impl Into<String>) -> Self {
        ToolFailure::with_code("INTERNAL", message)
    }
}

impl Vm {
    /// Runs tool `index`'s handler with `args_json`, stopping JS at `timeout`; the handler's
    /// answer as the prelude encodes it (`{ok}` or `{error}`).
    async fn call_tool(&self, index: usize, args_json: String, timeout: Duration) -> Result<String, VmError> {
        let limit = crate::vm::counted_ms(self.epoch).saturating_add(timeout.as_millis() as u64);
        self.deadline.store(limit, Ordering::Relaxed);
        let (deadline, epoch, bridge) = (self.deadline.clone(), self.epoch, self.bridge.clone());
        self.context
            .async_with(async move |ctx| {
                let result = async {
                    let f: Function = bridge.restore(&ctx)?.get("invokeTool")?;
                    f.call::<_, Promise>((index, args_json))?.into_future::<String>().await
                }
                .await
                .catch(&ctx)
                .map_err(|e| {
                    let (exception_type, message, stack) = crate::convert::caught(e);
                    VmError {
                        exception_type,
                        message,
                        stack,
                        timed_out: crate::vm::counted_ms(epoch) >= limit,
                        abandoned: false,
                    }
                });
                deadline.store(u64::MAX, Ordering::Relaxed);
                result
            })
            .await
    }
}

impl JsHost {
    /// Calls `tool` with `args` (which the caller checked against its input schema) in this
    /// session; `timeout` applies when the tool declares none.
    pub async fn invoke_tool(
        &mut self,
        world: &mut World,
        tool: &ToolDefinition,
        args: &Value,
        timeout: Duration,
    ) -> Result<Value, ToolFailure> {
        let ToolBody::External(index) = tool.body;
        let timeout = tool.timeout.unwrap_or(timeout);
        self.enter(world, Between::Calls)
            .await
            .map_err(|e| ToolFailure::new(format!("the extension VM could not start: {}", e.message)))?;
        let vm = self.vm.as_ref().ok_or_else(|| ToolFailure::new("the extension VM is not running"))?;
        let call = tokio::time::timeout(timeout, vm.call_tool(index, args.to_string(), timeout)).await;
        let answer = match call {
            Ok(Ok(answer)) => {
                self.in_flight = false;
                self.report_pending_event_failures().await;
                answer
            }
            Ok(Err(e)) => {
                self.in_flight = false;
                self.poisoned = true;
                self.recycle();
                return Err(if e.timed_out {
                    let message = format!("tool \"{}\" timed out after {} ms", tool.name, timeout.as_millis());
                    ToolFailure { retryable: true, ..ToolFailure::with_code("TIMEOUT", message) }
                } else {
                    ToolFailure {
                        detail: e.stack.map(|s| user_frames(&self.rewrite_stack(&s))),
                        ..ToolFailure::new(e.message)
                    }
                });
            }
            Err(_) => {
                self.recycle();
                let message = format!("tool \"{}\" timed out after {} ms", tool.name, timeout.as_millis());
                return Err(ToolFailure { retryable: true, ..ToolFailure::with_code("TIMEOUT", message) });
            }
        };
        let parsed: Value = serde_json::from_str(&answer).map_err(|e| {
            ToolFailure::new(format!("tool \"{}\" answered something that is not JSON: {e}", tool.name))
        })?;
        if let Some(error) = parsed.get("error") {
            let message = error["message"].as_str().unwrap_or("the handler failed").to_string();
            let kind = error["type"].as_str().unwrap_or("Error");
            let stack =
                error["stack"].as_str().map(|s| user_frames(&self.rewrite_stack(s))).filter(|s| !s.trim().is_empty());
            let code = match error["code"].as_str() {
                Some(code) => code.to_string(),
                None => crate::JsErrorName::parse(kind).map_or("INTERNAL", crate::JsErrorName::tool_code).into(),
            };
            let message = if matches!(kind, "Error" | "PluginError") { message } else { format!("{kind}: {message}") };
            return Err(ToolFailure {
                message,
                detail: stack,
                code,
                retryable: error["retryable"].as_bool().unwrap_or(false),
                hint: error["hint"].as_str().map(str::to_string),
            });
        }
        let value = parsed.get("ok").cloned().unwrap_or(Value::Null);
        if let Some(schema) = &tool.output_schema {
            if let Some(problem) = crate::schemas::violations(schema, &value) {
                return Err(ToolFailure::new(format!(
                    "tool \"{}\": its result does not match its outputSchema: {problem}",
                    tool.name
                )));
            }
        }
        Ok(value)
    }
}
