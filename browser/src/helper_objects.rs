//! The in-page helper (`injected/helper.js`, with `roles.js` for role queries) made once per
//! execution context and kept there as a DevTools object, so a call sends a few bytes naming it
//! instead of the helper's 18–36 KB of source (which every call used to carry, and the page to
//! compile). The object is reachable only through its DevTools id: the page's own scripts hold
//! no reference to it.
//!
//! The context of an element is read from its remote object id (V8's `isolate.context.object`
//! form); a query from the document goes to the main frame's document context, which the
//! runtime's context events name (a document entering the back-forward cache clears the
//! contexts, its return creates its context again). An id in another form, a context that went
//! away or a helper object that was released make the call fall back to sending the source.

use serde_json::{json, Value};
use std::collections::HashMap;

/// The object group of the helper objects (never released with the locators' handles).
pub(crate) const HELPER_GROUP: &str = "ferridriver-helper";
/// Contexts remembered per page (old documents' contexts are dropped first).
const KEPT: usize = 64;

/// The helper objects of one page, by execution context and whether they include roles.
#[derive(Debug, Default)]
pub(crate) struct HelperObjects {
    by_context: HashMap<(i64, bool), (u64, String)>,
    uses: u64,
    /// The main frame's page context (its document's own world) as the runtime's events last
    /// named it: its id, and its unique id (ids start again in each renderer process; the
    /// unique one names this context only); `None` while unknown (events missed, between
    /// documents).
    main_context: Option<(i64, String)>,
    /// Every frame's document context as the events named it: frame id → (id, unique id).
    frame_contexts: HashMap<String, (i64, String)>,
}

/// The execution context an object id belongs to, if the id has V8's usual form.
pub(crate) fn context_of(object_id: &str) -> Option<i64> {
    let mut parts = object_id.split('.');
    let (_isolate, context, _object) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    context.parse().ok()
}

impl HelperObjects {
    /// The helper object kept for `context` (with roles or not), marked as used now.
    pub(crate) fn lookup(&mut self, context: i64, roles: bool) -> Option<String> {
        self.uses += 1;
        let uses = self.uses;
        let (used, id) = self.by_context.get_mut(&(context, roles))?;
        *used = uses;
        Some(id.clone())
    }

    /// Keeps helper object `id` for `context`, letting the least recently used go past
    /// [`KEPT`] (most likely a document that is gone).
    pub(crate) fn keep(&mut self, context: i64, roles: bool, id: String) {
        if self.by_context.len() >= KEPT {
            if let Some(oldest) = self.by_context.iter().min_by_key(|(_, (used, _))| *used).map(|(k, _)| *k) {
                self.by_context.remove(&oldest);
            }
        }
        self.by_context.insert((context, roles), (self.uses, id));
    }

    /// Forgets the helper object of `context` (a call through it failed).
    pub(crate) fn forget(&mut self, context: i64, roles: bool) {
        self.by_context.remove(&(context, roles));
    }

    /// The main frame's document context (id and unique id), where a query from the document
    /// runs.
    pub(crate) fn main_context(&self) -> Option<(i64, String)> {
        self.main_context.clone()
    }

    /// The unique id of frame `frame`'s document context, if the events named one.
    pub(crate) fn frame_context(&self, frame: &str) -> Option<String> {
        self.frame_contexts.get(frame).map(|(_, unique)| unique.clone())
    }

    /// Follows the runtime's context events of the page whose main frame is `main_frame`: the
    /// main frame's default context is where document queries go; a context that went away
    /// takes its helpers with it.
    pub(crate) fn observe(&mut self, method: &str, params: &Value, main_frame: &str) {
        match method {
            "Runtime.executionContextCreated" => {
                let context = &params["context"];
                let frame = context.pointer("/auxData/frameId").and_then(Value::as_str);
                let default = context.pointer("/auxData/isDefault").and_then(Value::as_bool) == Some(true);
                if let (Some(frame), true, Some(id), Some(unique)) =
                    (frame, default, context["id"].as_i64(), context["uniqueId"].as_str())
                {
                    if frame == main_frame {
                        self.main_context = Some((id, unique.to_string()));
                    }
                    self.frame_contexts.insert(frame.to_string(), (id, unique.to_string()));
                }
            }
            "Runtime.executionContextDestroyed" => {
                if let Some(id) = params["executionContextId"].as_i64() {
                    self.by_context.retain(|(context, _), _| *context != id);
                    if self.main_context.as_ref().is_some_and(|(main, _)| *main == id) {
                        self.main_context = None;
                    }
                    self.frame_contexts.retain(|_, (context, _)| *context != id);
                }
            }
            "Runtime.executionContextsCleared" => {
                self.by_context.clear();
                self.main_context = None;
                self.frame_contexts.clear();
            }
            _ => {}
        }
    }

    /// Events went by unseen: neither the main context nor which contexts are gone is known
    /// any more (context ids start again in each renderer process).
    pub(crate) fn lost_track(&mut self) {
        self.by_context.clear();
        self.main_context = None;
        self.frame_contexts.clear();
    }
}

/// The arguments of a call through helper object `helper`: the helper, the method's name, then
/// the method's own arguments.
pub(crate) fn through(helper: &str, method: &str, args: Vec<Value>) -> Vec<Value> {
    let mut all = vec![json!({ "objectId": helper }), json!({ "value": method })];
    all.extend(args.into_iter().map(|a| json!({ "value": a })));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn created(id: i64, frame: &str, default: bool) -> Value {
        json!({ "context": { "id": id, "uniqueId": format!("u{id}"), "auxData": { "frameId": frame, "isDefault": default } } })
    }

    fn main(kept: &HelperObjects) -> Option<i64> {
        kept.main_context().map(|(id, _)| id)
    }

    #[test]
    fn the_main_context_follows_the_main_frames_default_world_only() {
        let mut kept = HelperObjects::default();
        kept.observe("Runtime.executionContextCreated", &created(3, "MAIN", true), "MAIN");
        kept.observe("Runtime.executionContextCreated", &created(4, "MAIN", false), "MAIN");
        kept.observe("Runtime.executionContextCreated", &created(5, "CHILD", true), "MAIN");
        assert_eq!(kept.main_context(), Some((3, "u3".to_string())));
        assert_eq!((kept.frame_context("CHILD").as_deref(), kept.frame_context("OTHER")), (Some("u5"), None));
        kept.keep(3, false, "h3".into());
        kept.keep(5, false, "h5".into());
        kept.observe("Runtime.executionContextDestroyed", &json!({ "executionContextId": 3 }), "MAIN");
        assert_eq!(main(&kept), None);
        assert_eq!(kept.lookup(3, false), None);
        assert_eq!(kept.lookup(5, false).as_deref(), Some("h5"));
        assert_eq!((kept.frame_context("MAIN"), kept.frame_context("CHILD").as_deref()), (None, Some("u5")));
        kept.observe("Runtime.executionContextCreated", &created(6, "MAIN", true), "MAIN");
        assert_eq!(main(&kept), Some(6));
        kept.observe("Runtime.executionContextsCleared", &json!({}), "MAIN");
        assert_eq!((main(&kept), kept.lookup(5, false), kept.frame_context("CHILD")), (None, None, None));
        kept.observe("Runtime.executionContextCreated", &created(7, "MAIN", true), "MAIN");
        kept.lost_track();
        assert_eq!(main(&kept), None);
    }

    #[test]
    fn the_context_is_read_from_v8_object_ids_only() {
        assert_eq!(context_of("-4371882364584127441.3.12"), Some(3));
        assert_eq!(context_of("7.12.1"), Some(12));
        assert_eq!(context_of("{\"injectedScriptId\":3,\"id\":12}"), None);
        assert_eq!(context_of("1.2"), None);
        assert_eq!(context_of("1.2.3.4"), None);
    }
}
