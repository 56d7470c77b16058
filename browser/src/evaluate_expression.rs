//! `page.evaluate(string)` as Playwright answers it: the string runs as page code (statements
//! allowed, a promise awaited) and its value comes back as a function's would. An object (or a
//! function, a symbol) is encoded in the page by the caller's encoder, page code of the form
//! `(value) => json`; a primitive is described by DevTools itself, whose `unserializableValue`
//! carries what JSON cannot (undefined, NaN, ±Infinity, -0, BigInt). Running the string through
//! `Runtime.evaluate`, not `eval` in the page, keeps it working where a CSP forbids `eval`.

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
        // In a block, as `eval` would keep them: the code's `let`, `const` and `class` do not
        // outlive the call (a second call declaring the same name works); its last value is
        // still the block's.
        let code = format!("{{\n{expression}\n}}");
        let params = json!({ "expression": code, "returnByValue": false, "awaitPromise": true, "userGesture": true });
        // During a document swap it is sent again once the page has moved on.
        let reply = self
            .through_swaps("Runtime.evaluate", || {
                self.connection().call_raw("Runtime.evaluate", params.clone(), Some(self.session_id()))
            })
            .await?;
        if let Some(details) = reply.get("exceptionDetails") {
            self.release(details.pointer("/exception/objectId"));
            // Code that does not parse says why as written, not as wrapped (nothing ran).
            if details.pointer("/exception/className").and_then(Value::as_str) == Some("SyntaxError") {
                return Err(self
                    .evaluate_untraced(expression)
                    .await
                    .err()
                    .unwrap_or_else(|| BrowserError::Evaluation(crate::events::exception_text(details))));
            }
            return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
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
        let encoded = self.connection().queue_raw("Runtime.callFunctionOn", params, Some(self.session_id()));
        self.release(result.get("objectId"));
        let encoded = encoded.await?;
        if let Some(details) = encoded.get("exceptionDetails") {
            return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
        }
        Ok(json!({ "encoded": encoded.pointer("/result/value").cloned().unwrap_or(Value::Null) }))
    }

    /// Lets the page forget a remote object (nobody waits for the answer).
    fn release(&self, object: Option<&Value>) {
        if let Some(object) = object.and_then(Value::as_str) {
            let params = json!({ "objectId": object });
            self.connection().send_detached("Runtime.releaseObject", params, Some(self.session_id()));
        }
    }
}
