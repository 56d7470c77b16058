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
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "evaluateExpression",
            params: json!({ "expression": expression, "isFunction": false }),
            title: None,
            waiting_for: None,
        };
        self.inner.traced(action, self.evaluate_expression_untraced(expression, encoder)).await
    }

    async fn evaluate_expression_untraced(&self, expression: &str, encoder: &str) -> Result<Value> {
        let params =
            json!({ "expression": expression, "returnByValue": false, "awaitPromise": true, "userGesture": true });
        // During a document swap it is sent again once the page has moved on.
        let reply = self
            .through_swaps("Runtime.evaluate", || {
                self.connection().call_raw("Runtime.evaluate", params.clone(), Some(self.session_id()))
            })
            .await?;
        if let Some(details) = reply.get("exceptionDetails") {
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
        let encoded = self.connection().call_raw("Runtime.callFunctionOn", params, Some(self.session_id())).await;
        let release = json!({ "objectId": object });
        let _ = self.connection().call_raw("Runtime.releaseObject", release, Some(self.session_id())).await;
        let encoded = encoded?;
        if let Some(details) = encoded.get("exceptionDetails") {
            return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
        }
        Ok(json!({ "encoded": encoded.pointer("/result/value").cloned().unwrap_or(Value::Null) }))
    }
}
