//! `page.evaluate(string)` as Playwright answers it: the string runs as page code (statements
//! allowed, a promise awaited) and its value comes back as a function's would. An object (or a
//! function, a symbol) is encoded in the page by the caller's encoder, page code of the form
//! `(value) => json`; a primitive is described by DevTools itself, whose `unserializableValue`
//! carries what JSON cannot (undefined, NaN, ±Infinity, -0, BigInt). Running the string through
//! `Runtime.evaluate`, not `eval` in the page, keeps it working where a CSP forbids `eval`.

use crate::connection::Connection;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use serde_json::{json, Value};

impl Page {
    /// Evaluates `expression` and answers `{ "encoded": … }` (what `encoder` made of an object)
    /// or `{ "primitive": { "type", "value", "unserializableValue" } }`.
    pub async fn evaluate_expression(&self, expression: &str, encoder: &str) -> Result<Value> {
        let action = crate::page_api::evaluation(expression);
        self.inner.traced(action, self.evaluate_expression_untraced(expression, encoder)).await
    }

    async fn evaluate_expression_untraced(&self, expression: &str, encoder: &str) -> Result<Value> {
        let params = expression_params(expression, None);
        // During a document swap it is sent again once the page has moved on.
        let reply = self
            .through_swaps("Runtime.evaluate", || {
                self.connection().call_raw("Runtime.evaluate", params.clone(), Some(self.session_id()))
            })
            .await?;
        if is_syntax_error(&reply) {
            // Code that does not parse says why as written, not as wrapped (nothing ran).
            return Err(self.evaluate_untraced(expression).await.err().unwrap_or_else(|| failure(&reply)));
        }
        answer(self.connection(), self.session_id(), reply, encoder).await
    }
}

impl Page {
    /// [`Page::evaluate_expression`] in frame `frame`'s own document, as that frame's script
    /// (its window; V8's compiled-code cache shared with the page, so a library injected in
    /// every frame is compiled once). `Ok(None)` when the frame's execution context is not
    /// known here (a frame of another process, one between documents): the caller then
    /// evaluates through the frame's elements.
    pub async fn evaluate_expression_in_frame(
        &self,
        frame: &str,
        expression: &str,
        encoder: &str,
    ) -> Result<Option<Value>> {
        let action = crate::page_api::evaluation(expression);
        self.inner.traced(action, self.evaluate_in_frame_untraced(frame, expression, encoder)).await
    }

    async fn evaluate_in_frame_untraced(&self, frame: &str, expression: &str, encoder: &str) -> Result<Option<Value>> {
        let known = self.inner.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).frame_context(frame);
        let Some(unique) = known else { return Ok(None) };
        let mut params = expression_params(expression, None);
        params["uniqueContextId"] = json!(unique);
        let reply = match self.connection().call_raw("Runtime.evaluate", params, Some(self.session_id())).await {
            Ok(reply) => reply,
            // The context went (the frame moved on, the events have not told yet).
            Err(BrowserError::Protocol { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        if is_syntax_error(&reply) {
            let plain = json!({ "expression": expression, "uniqueContextId": unique, "returnByValue": true });
            let again = self.connection().call_raw("Runtime.evaluate", plain, Some(self.session_id())).await?;
            return Err(if again.get("exceptionDetails").is_some() { failure(&again) } else { failure(&reply) });
        }
        answer(self.connection(), self.session_id(), reply, encoder).await.map(Some)
    }
}

/// `Runtime.evaluate`'s parameters for a string of page code, in the page's main document or
/// in execution context `context`.
fn expression_params(expression: &str, context: Option<i64>) -> Value {
    // In a block, as `eval` would keep them: the code's `let`, `const` and `class` do not
    // outlive the call (a second call declaring the same name works); its last value is
    // still the block's.
    let code = format!("{{\n{expression}\n}}");
    let mut params = json!({ "expression": code, "returnByValue": false, "awaitPromise": true, "userGesture": true });
    if let Some(context) = context {
        params["contextId"] = json!(context);
    }
    params
}

fn is_syntax_error(reply: &Value) -> bool {
    reply.pointer("/exceptionDetails/exception/className").and_then(Value::as_str) == Some("SyntaxError")
}

/// The error an evaluation's exception makes (its exception object let go).
fn failure(reply: &Value) -> BrowserError {
    match reply.get("exceptionDetails") {
        Some(details) => BrowserError::Evaluation(crate::events::exception_text(details)),
        None => BrowserError::Evaluation("the evaluation failed".to_string()),
    }
}

/// What an evaluation's reply answers: `{ "primitive": … }` as DevTools describes it, or
/// `{ "encoded": … }`, the object encoded in the page by `encoder`.
async fn answer(connection: &Connection, session: &str, reply: Value, encoder: &str) -> Result<Value> {
    if let Some(details) = reply.get("exceptionDetails") {
        release(connection, session, details.pointer("/exception/objectId"));
        return Err(failure(&reply));
    }
    let result = &reply["result"];
    let Some(object) = result["objectId"].as_str() else {
        let described = ["type", "value", "unserializableValue"]
            .into_iter()
            .filter_map(|key| result.get(key).map(|v| (key.to_string(), v.clone())))
            .collect::<serde_json::Map<_, _>>();
        return Ok(json!({ "primitive": described }));
    };
    // Strict, so that a symbol stays a symbol as `this`.
    let declaration = format!("function () {{ 'use strict'; return ({encoder})(this); }}");
    let params = json!({ "functionDeclaration": declaration, "objectId": object, "returnByValue": true });
    // Queued before the release (commands keep their order), which goes out even if this
    // call is abandoned while it waits.
    let encoded = connection.queue_raw("Runtime.callFunctionOn", params, Some(session));
    release(connection, session, result.get("objectId"));
    let encoded = encoded.await?;
    if encoded.get("exceptionDetails").is_some() {
        return Err(failure(&encoded));
    }
    Ok(json!({ "encoded": encoded.pointer("/result/value").cloned().unwrap_or(Value::Null) }))
}

/// Lets the page forget a remote object (nobody waits for the answer).
fn release(connection: &Connection, session: &str, object: Option<&Value>) {
    if let Some(object) = object.and_then(Value::as_str) {
        let params = json!({ "objectId": object });
        connection.send_detached("Runtime.releaseObject", params, Some(session));
    }
}
