//! `page.exposeFunction`/`exposeBinding`: functions of the page's documents that call back into
//! the test. One DevTools binding carries every call (`{ name, id, args, frame }` as JSON, the
//! frame as its window name and URL, for `exposeBinding`'s `source.frame`) to the page's events
//! ([`PageEvent::Binding`]); the test answers with [`Page::answer_binding`], which settles the
//! promise the page got. The function is defined in every new document (an init script, so a
//! context reset removes it) and in the current one.

use crate::error::Result;
use crate::page::Page;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

use crate::events::BINDING;

/// Defines `window[name]` in a document: a call returns a promise, settled by the answer.
fn definition(name: &str) -> String {
    let name = json!(name);
    format!(
        r#"(() => {{
  const binding = window.{BINDING};
  if (typeof binding !== 'function') return;
  if (!window.__ferridriver_call) {{
    const pending = new Map();
    let next = 0;
    Object.defineProperty(window, '__ferridriver_deliver', {{ value: (id, ok, value) => {{
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      if (ok) call.resolve(value); else call.reject(new Error(value));
    }} }});
    Object.defineProperty(window, '__ferridriver_call', {{ value: (name, args) => new Promise((resolve, reject) => {{
      const id = String(++next);
      pending.set(id, {{ resolve, reject }});
      binding(JSON.stringify({{ name, id, args, frame: [window.name, location.href] }}));
    }}) }});
  }}
  const call = window.__ferridriver_call;
  window[{name}] = (...args) => call({name}, args);
}})()"#
    )
}

impl Page {
    /// Makes `window[name](...args)` report each call as a [`crate::PageEvent::Binding`] and
    /// return a promise that [`Page::answer_binding`] settles, in this document and every
    /// later one.
    /// Answers the identifier of the init script that defines it, for
    /// [`Page::remove_binding`].
    pub async fn expose_binding(&self, name: &str) -> Result<String> {
        if !self.inner.binding_added.swap(true, Ordering::SeqCst) {
            if let Err(e) = self.send("Runtime.addBinding", json!({ "name": BINDING })).await {
                self.inner.binding_added.store(false, Ordering::SeqCst);
                return Err(e);
            }
        }
        let source = definition(name);
        let id = self.add_init_script(&source).await?;
        // The documents there now: the main frame's and its (same-origin) frames', as the init
        // script will reach the next ones.
        let everywhere = format!(
            "{source};\n(() => {{ const source = {}; const walk = (w) => {{ for (const f of Array.from(w.frames)) {{ try {{ f.eval(source); walk(f); }} catch (_) {{}} }} }}; walk(window); }})()",
            json!(source)
        );
        self.evaluate_untraced(&everywhere).await.map(|_| id)
    }

    /// Takes function `name` away again (`dispose()` of what `exposeFunction` answered): its
    /// init script `id` stops, and the documents there now lose it (frames too).
    pub async fn remove_binding(&self, name: &str, id: &str) -> Result<()> {
        self.remove_init_script(id).await?;
        let name = json!(name);
        let everywhere = format!(
            "(() => {{ const walk = (w) => {{ try {{ delete w[{name}]; }} catch (_) {{}} for (const f of Array.from(w.frames)) walk(f); }}; walk(window); }})()"
        );
        self.evaluate_untraced(&everywhere).await.map(|_| ())
    }

    /// Settles call `id` of an exposed function in the document (`context`, the execution
    /// context the call came from): resolved with `value`, or rejected with the message `error`.
    pub async fn answer_binding(
        &self,
        context: i64,
        id: &str,
        answer: std::result::Result<Value, String>,
    ) -> Result<()> {
        let (ok, value) = match answer {
            Ok(value) => (true, value),
            Err(message) => (false, Value::String(message)),
        };
        let expression =
            format!("window.__ferridriver_deliver && window.__ferridriver_deliver({}, {ok}, {value})", json!(id));
        // A document that went away meanwhile has nobody waiting.
        let _ = self.send("Runtime.evaluate", json!({ "expression": expression, "contextId": context })).await;
        Ok(())
    }
}
