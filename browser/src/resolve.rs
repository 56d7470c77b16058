//! Resolving a locator to elements: CSS, text, label, attribute and role queries run in the
//! page (our injected helper; roles and accessible names computed by `injected/roles.js`).
//! Elements are remote objects held in one object group, released after each operation.

use crate::error::{BrowserError, Result};
use crate::helper_objects::{context_of, through, HELPER_GROUP};
use crate::locator::Part;
use crate::page::PageInner;
use serde_json::{json, Value};

/// The in-page helper, evaluated as an expression (the page compiles it on every call): for
/// every call but role queries, helper.js alone.
pub(crate) static HELPER: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("{}(null)", include_str!("injected/helper.js").trim_end()));
/// For role queries: helper.js applied to roles.js (twice helper.js's size).
static HELPER_WITH_ROLES: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!("{}({})", include_str!("injected/helper.js").trim_end(), include_str!("injected/roles.js").trim_end())
});
/// The helper methods that need roles.js.
const ROLE_METHODS: &[&str] = &["role", "ariaRole", "accessibleName", "accessibleDescription"];
/// Remote objects of locator operations live in this group.
pub(crate) const GROUP: &str = "ferridriver-locator";

impl PageInner {
    /// The helper object of `object_id`'s context (made now if there is none yet), or `None`
    /// when that cannot be known or made (the caller then sends the source).
    pub(crate) async fn helper_object(&self, object_id: &str, roles: bool, source: &str) -> Option<String> {
        let context = context_of(object_id)?;
        if let Some(id) = self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).lookup(context, roles)
        {
            return Some(id);
        }
        let reply = self
            .connection
            .call_raw(
                "Runtime.callFunctionOn",
                json!({
                    // Parenthesised: the source starts with a comment line, and a bare
                    // `return` before a line break returns nothing.
                    "functionDeclaration": format!("function() {{ return (\n{source}\n); }}"),
                    "objectId": object_id,
                    "returnByValue": false,
                    "objectGroup": HELPER_GROUP,
                }),
                Some(&self.session),
            )
            .await
            .ok()?;
        let id = reply.pointer("/result/objectId").and_then(Value::as_str)?.to_string();
        self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).keep(context, roles, id.clone());
        Some(id)
    }

    /// Forgets the helper object of `object_id`'s context (a call through it failed).
    pub(crate) fn forget_helper(&self, object_id: &str, roles: bool) {
        if let Some(context) = context_of(object_id) {
            self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).forget(context, roles);
        }
    }
}

/// A remote element handle.
#[derive(Debug, Clone)]
pub(crate) struct Element {
    pub object_id: String,
}

impl PageInner {
    fn s(&self) -> Option<&str> {
        Some(&self.session)
    }

    /// Calls `helper.<method>(this, ...args)` on a remote object; returns the raw result object.
    pub(crate) async fn call_helper(&self, on: &str, method: &str, args: Vec<Value>, by_value: bool) -> Result<Value> {
        self.call_helper_then(on, method, args, by_value, "r").await
    }

    /// [`Self::call_helper`] with the result `r` passed through `then` (a JS expression) in
    /// the page: through the kept helper object, or with the helper's source when there is none.
    async fn call_helper_then(
        &self,
        on: &str,
        method: &str,
        args: Vec<Value>,
        by_value: bool,
        then: &str,
    ) -> Result<Value> {
        let roles = ROLE_METHODS.contains(&method);
        let helper = if roles { &*HELPER_WITH_ROLES } else { &*HELPER };
        if let Some(kept) = self.helper_object(on, roles, helper).await {
            let declaration =
                format!("function(fd, method, ...args) {{ const r = fd[method](this, ...args); return {then}; }}");
            match self.call_function_on(on, &declaration, through(&kept, method, args.clone()), by_value).await {
                // The helper object is gone (its document went, say): the source, once more.
                Err(BrowserError::Protocol { .. }) => self.forget_helper(on, roles),
                answer => return answer,
            }
        }
        let declaration = format!(
            "function(...args) {{ const fd = {helper}; const r = fd.{method}(this, ...args); return {then}; }}"
        );
        let arguments: Vec<Value> = args.into_iter().map(|a| json!({ "value": a })).collect();
        self.call_function_on(on, &declaration, arguments, by_value).await
    }

    /// `Runtime.callFunctionOn` in our object group, promises awaited; the raw result object,
    /// or the page's exception as an error. `arguments` are DevTools call arguments.
    pub(crate) async fn call_function_on(
        &self,
        on: &str,
        declaration: &str,
        arguments: Vec<Value>,
        by_value: bool,
    ) -> Result<Value> {
        let reply = self
            .connection
            .call_raw(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": declaration,
                    "objectId": on,
                    "arguments": arguments,
                    "returnByValue": by_value,
                    "awaitPromise": true,
                    "objectGroup": GROUP,
                }),
                self.s(),
            )
            .await?;
        if let Some(ex) = reply.get("exceptionDetails") {
            return Err(BrowserError::Evaluation(crate::events::exception_text(ex)));
        }
        Ok(reply.get("result").cloned().unwrap_or(Value::Null))
    }

    /// The value a helper call returns.
    pub(crate) async fn helper_value(&self, el: &Element, method: &str, args: Vec<Value>) -> Result<Value> {
        let r = self.call_helper(&el.object_id, method, args, true).await?;
        Ok(r.get("value").cloned().unwrap_or(Value::Null))
    }

    async fn document(&self) -> Result<Element> {
        let r = self
            .connection
            .call_raw("Runtime.evaluate", json!({"expression": "document", "objectGroup": GROUP}), self.s())
            .await?;
        object_of(&r["result"], "document")
    }

    /// The elements of a remote array.
    async fn array_elements(&self, array: &Value) -> Result<Vec<Element>> {
        let Some(id) = array.get("objectId").and_then(Value::as_str) else { return Ok(Vec::new()) };
        let props = self
            .connection
            .call_raw("Runtime.getProperties", json!({"objectId": id, "ownProperties": true}), self.s())
            .await?;
        let mut indexed: Vec<(usize, Element)> = props["result"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|p| {
                        let index = p["name"].as_str()?.parse::<usize>().ok()?;
                        let object_id = p.pointer("/value/objectId")?.as_str()?.to_string();
                        Some((index, Element { object_id }))
                    })
                    .collect()
            })
            .unwrap_or_default();
        indexed.sort_by_key(|(i, _)| *i);
        Ok(indexed.into_iter().map(|(_, e)| e).collect())
    }

    /// Runs a helper query on `root` (`None`: the page's document). The page answers with the
    /// element itself when exactly one matches and `null` when none does, so the common cases
    /// cost one round trip; only several matches are read back as an array.
    async fn query(&self, root: Option<&Element>, method: &str, args: Vec<Value>) -> Result<Vec<Element>> {
        // One element itself, `null` for none, the array only for several.
        const ONE_OR_MANY: &str = "r.length === 0 ? null : r.length === 1 ? r[0] : r";
        let found = match root {
            Some(root) => {
                self.call_helper_then(&root.object_id, method, args, false, ONE_OR_MANY).await.map_err(without_stack)?
            }
            None => match self.query_through_main_helper(method, &args, ONE_OR_MANY).await {
                Some(found) => found.map_err(without_stack)?,
                None => self.query_document_with_source(method, args, ONE_OR_MANY).await?,
            },
        };
        match found.get("subtype").and_then(Value::as_str) {
            Some("node") => Ok(vec![object_of(&found, method)?]),
            Some("array") => self.array_elements(&found).await,
            _ => Ok(Vec::new()),
        }
    }

    /// A query from the document through the helper kept in the main frame's document
    /// context; `None` when that context is not known or its helper cannot be had (the
    /// caller then sends the source).
    async fn query_through_main_helper(&self, method: &str, args: &[Value], then: &str) -> Option<Result<Value>> {
        let (context, unique) =
            self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).main_context()?;
        let roles = ROLE_METHODS.contains(&method);
        let known = self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).lookup(context, roles);
        let kept = match known {
            Some(kept) => kept,
            None => match self.make_helper_in(context, &unique, roles).await {
                Ok(made) => made?,
                Err(e) => return Some(Err(e)),
            },
        };
        let declaration =
            format!("function(method, ...args) {{ const r = this[method](document, ...args); return {then}; }}");
        let mut arguments = vec![json!({ "value": method })];
        arguments.extend(args.iter().map(|a| json!({ "value": a })));
        match self.call_function_on(&kept, &declaration, arguments, false).await {
            // The context went (a navigation the events have not told yet): the source then.
            Err(BrowserError::Protocol { .. }) => {
                self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).forget(context, roles);
                None
            }
            answer => Some(answer),
        }
    }

    /// Makes the helper object in the execution context named `unique` (whose id is `context`)
    /// and keeps it. `Ok(None)` when it cannot be had there (the context went, the page broke
    /// the helper: the caller sends the source); a page that does not answer is an error.
    async fn make_helper_in(&self, context: i64, unique: &str, roles: bool) -> Result<Option<String>> {
        let source = if roles { &*HELPER_WITH_ROLES } else { &*HELPER };
        let params = json!({ "expression": source.as_str(), "uniqueContextId": unique, "objectGroup": HELPER_GROUP });
        let reply = match self.connection.call_raw("Runtime.evaluate", params, self.s()).await {
            Ok(reply) => reply,
            Err(BrowserError::Protocol { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        // A helper that threw is no helper: its "result" is the exception.
        if reply.get("exceptionDetails").is_some() {
            return Ok(None);
        }
        let Some(id) = reply.pointer("/result/objectId").and_then(Value::as_str) else { return Ok(None) };
        self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).keep(context, roles, id.to_string());
        Ok(Some(id.to_string()))
    }

    /// A query from the document that sends the helper's source with it (the document has no
    /// handle yet: evaluating the call on it saves fetching one).
    async fn query_document_with_source(&self, method: &str, args: Vec<Value>, then: &str) -> Result<Value> {
        let helper = if ROLE_METHODS.contains(&method) { &*HELPER_WITH_ROLES } else { &*HELPER };
        let declaration = format!(
            "function(...args) {{ const fd = {helper}; const r = fd.{method}(this, ...args); return {then}; }}"
        );
        let args = Value::Array(args).to_string();
        let reply = self
            .connection
            .call_raw(
                "Runtime.evaluate",
                json!({"expression": format!("({declaration}).apply(document, {args})"), "objectGroup": GROUP}),
                self.s(),
            )
            .await?;
        if let Some(ex) = reply.get("exceptionDetails") {
            return Err(without_stack(BrowserError::Evaluation(crate::events::exception_text(ex))));
        }
        Ok(reply.get("result").cloned().unwrap_or(Value::Null))
    }

    /// Every element `parts` finds, in document order.
    pub(crate) async fn resolve(&self, parts: &[Part]) -> Result<Vec<Element>> {
        // A selector's pieces are steps of the chain like any other.
        if parts.iter().any(|p| matches!(p, Part::Selector { .. })) {
            let flat: Vec<Part> = parts
                .iter()
                .flat_map(|p| match p {
                    Part::Selector { parts, .. } => parts.clone(),
                    other => vec![other.clone()],
                })
                .collect();
            return Box::pin(self.resolve(&flat)).await;
        }
        // A first part that is a page query runs on the document directly (one round trip
        // instead of two); the others start from a handle to it.
        let (mut current, skip) = match parts.first().and_then(helper_query) {
            Some((method, args)) => (self.query(None, method, args).await?, 1),
            None => (vec![self.document().await?], 0),
        };
        for (i, part) in parts.iter().enumerate().skip(skip) {
            // Named here, where the whole chain is known: which frame locator was ambiguous.
            if matches!(part, Part::EnterFrame) && current.len() > 1 {
                return Err(ambiguous_frames(&crate::locator::describe(&parts[..i]), current.len()));
            }
            current = self.apply(current, part).await?;
        }
        Ok(current)
    }

    fn apply<'a>(
        &'a self,
        current: Vec<Element>,
        part: &'a Part,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<Vec<Element>>> + Send + 'a>> {
        Box::pin(async move {
            let mut next = Vec::new();
            match part {
                Part::Nth(n) => {
                    let len = current.len() as i64;
                    let i = if *n < 0 { len + n } else { *n };
                    return Ok(current
                        .into_iter()
                        .nth(i.max(0) as usize)
                        .filter(|_| i >= 0 && i < len)
                        .into_iter()
                        .collect());
                }
                Part::HasText(m) | Part::HasNotText(m) => {
                    let wanted = matches!(part, Part::HasText(_));
                    for el in current {
                        let contains = self.helper_value(&el, "containsText", vec![m.to_js()]).await?;
                        if (contains.as_bool() == Some(true)) == wanted {
                            next.push(el);
                        }
                    }
                    return Ok(next);
                }
                Part::Describe(_) => return Ok(current),
                Part::Visible(visible) => {
                    for el in current {
                        if self.helper_value(&el, "isVisible", vec![]).await?.as_bool() == Some(*visible) {
                            next.push(el);
                        }
                    }
                    return Ok(next);
                }
                Part::OwnText(m) => {
                    for el in current {
                        if self.helper_value(&el, "ownText", vec![m.to_js()]).await?.as_bool() == Some(true) {
                            next.push(el);
                        }
                    }
                    return Ok(next);
                }
                Part::Selector { parts, .. } => {
                    let mut found = current;
                    for p in parts {
                        found = self.apply(found, p).await?;
                    }
                    return Ok(found);
                }
                Part::Invalid { message, .. } => return Err(BrowserError::Evaluation(message.clone())),
                // The frame's own element, wherever the chain is.
                Part::Frame { id, .. } => return Ok(vec![self.frame_owner(id).await?]),
                Part::And(other) | Part::Or(other) => {
                    let others = self.resolve(other).await?;
                    return self.combine(current, others, matches!(part, Part::And(_))).await;
                }
                Part::Union(alternatives) => {
                    let mut all = Vec::new();
                    for alternative in alternatives {
                        let mut found = current.clone();
                        for p in alternative {
                            found = self.apply(found, p).await?;
                        }
                        all = self.combine(all, found, false).await?;
                    }
                    return Ok(all);
                }
                Part::Has(inner) | Part::HasNot(inner) => {
                    let wanted = matches!(part, Part::Has(_));
                    for el in current {
                        let mut found = vec![el.clone()];
                        for p in inner {
                            found = self.apply(found, p).await?;
                        }
                        if found.is_empty() != wanted {
                            next.push(el);
                        }
                    }
                    return Ok(next);
                }
                _ => {}
            }
            // As in Playwright, a frame locator is strict: it steps into exactly one frame, so
            // every element a locator finds lives in one document.
            if let Part::EnterFrame = part {
                if current.len() > 1 {
                    return Err(ambiguous_frames("the frame locator", current.len()));
                }
                for frame in current {
                    next.extend(self.frame_document(&frame).await?);
                }
                return Ok(next);
            }
            for root in &current {
                let found = match helper_query(part) {
                    Some((method, args)) => self.query(Some(root), method, args).await?,
                    None => Vec::new(),
                };
                next.extend(found);
            }
            // Two matches can find the same element (nested matches, `..`): each counts once.
            if current.len() > 1 && next.len() > 1 {
                return self.distinct(next).await;
            }
            Ok(next)
        })
    }

    /// The document of an iframe element. A same-origin document is read from the element; a
    /// cross-origin one (not visible to the page's scripts) through the DOM domain, which
    /// resolves it in the frame's own execution context. `None` while the frame has no
    /// document yet, or when it lives in another process (a browser with site isolation, e.g.
    /// one attached with `--cdp-endpoint`).
    async fn frame_document(&self, frame: &Element) -> Result<Option<Element>> {
        let reply = self
            .connection
            .call_raw(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": "function() { return this.contentDocument || null; }",
                    "objectId": frame.object_id,
                    "objectGroup": GROUP,
                }),
                self.s(),
            )
            .await?;
        if let Some(id) = reply.pointer("/result/objectId").and_then(Value::as_str) {
            return Ok(Some(Element { object_id: id.to_string() }));
        }
        // A frame that is navigating or was just detached answers with a protocol error: that
        // is "no document yet" too, and the caller's wait goes on.
        let Ok(node) =
            self.connection.call_raw("DOM.describeNode", json!({"objectId": frame.object_id}), self.s()).await
        else {
            return Ok(None);
        };
        let Some(document) = node.pointer("/node/contentDocument/backendNodeId").and_then(Value::as_i64) else {
            return Ok(None);
        };
        let Ok(resolved) = self
            .connection
            .call_raw("DOM.resolveNode", json!({"backendNodeId": document, "objectGroup": GROUP}), self.s())
            .await
        else {
            return Ok(None);
        };
        Ok(resolved.pointer("/object/objectId").and_then(Value::as_str).map(|id| Element { object_id: id.to_string() }))
    }

    /// An element's box in document coordinates (its first layout quad, plus the scroll
    /// offset), as a screenshot clip takes it; `None` while it has no box.
    pub(crate) async fn document_box(&self, el: &Element) -> Result<Option<(f64, f64, f64, f64)>> {
        let Some(points) = self.first_quad(el).await else { return Ok(None) };
        let xs = [points[0], points[2], points[4], points[6]];
        let ys = [points[1], points[3], points[5], points[7]];
        let (left, top) = (xs.iter().copied().fold(f64::MAX, f64::min), ys.iter().copied().fold(f64::MAX, f64::min));
        let (right, bottom) =
            (xs.iter().copied().fold(f64::MIN, f64::max), ys.iter().copied().fold(f64::MIN, f64::max));
        let metrics = self.connection.call_raw("Page.getLayoutMetrics", json!({}), self.s()).await?;
        let offset =
            |key: &str| metrics.pointer(&format!("/cssVisualViewport/{key}")).and_then(Value::as_f64).unwrap_or(0.0);
        Ok(Some((left + offset("pageX"), top + offset("pageY"), right - left, bottom - top)))
    }

    /// The center of an element's first box in the top page's coordinates, as the browser lays
    /// it out (through every frame, whatever their origin); `None` while it has no box (or
    /// the browser cannot tell, e.g. the node just went away).
    pub(crate) async fn layout_center(&self, el: &Element) -> Result<Option<(f64, f64)>> {
        let Some(points) = self.first_quad(el).await else { return Ok(None) };
        let x = (points[0] + points[2] + points[4] + points[6]) / 4.0;
        let y = (points[1] + points[3] + points[5] + points[7]) / 4.0;
        Ok(Some((x, y)))
    }

    /// The element's first layout quad (four corners, top-page viewport coordinates); `None`
    /// while it has none or the node went away.
    async fn first_quad(&self, el: &Element) -> Option<[f64; 8]> {
        let reply =
            self.connection.call_raw("DOM.getContentQuads", json!({"objectId": el.object_id}), self.s()).await.ok()?;
        let quad = reply.pointer("/quads/0").and_then(Value::as_array)?;
        let points: Vec<f64> = quad.iter().filter_map(Value::as_f64).collect();
        points.try_into().ok()
    }

    /// `ours ∩ theirs` (in our order) or `ours ∪ theirs` (in document order, each element
    /// once), compared by identity in the page: one call with every element as an argument.
    async fn combine(&self, ours: Vec<Element>, theirs: Vec<Element>, intersect: bool) -> Result<Vec<Element>> {
        if ours.is_empty() || theirs.is_empty() {
            return Ok(if intersect {
                Vec::new()
            } else if ours.is_empty() {
                theirs
            } else {
                ours
            });
        }
        let all: Vec<Element> = ours.iter().chain(theirs.iter()).cloned().collect();
        if !intersect {
            return self.distinct(all).await;
        }
        let function = "function(n, ...els) { const theirs = els.slice(n); return els.slice(0, n).flatMap((e, i) => theirs.includes(e) ? [i] : []); }";
        let mut arguments = vec![json!({ "value": ours.len() })];
        arguments.extend(all.iter().map(|e| json!({ "objectId": e.object_id })));
        self.pick(all, function, arguments).await
    }

    /// `found` in document order, each element once (compared by identity in the page).
    async fn distinct(&self, found: Vec<Element>) -> Result<Vec<Element>> {
        if found.len() < 2 {
            return Ok(found);
        }
        let function = "function(...els) { const picked = []; els.forEach((e, i) => { if (!picked.some((j) => els[j] === e)) picked.push(i); }); \
             return picked.sort((a, b) => els[a].compareDocumentPosition(els[b]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1); }";
        let arguments = found.iter().map(|e| json!({ "objectId": e.object_id })).collect();
        self.pick(found, function, arguments).await
    }

    /// The elements of `all` whose indices `function` (called on the first) answers.
    async fn pick(&self, all: Vec<Element>, function: &str, arguments: Vec<Value>) -> Result<Vec<Element>> {
        let result = self.call_function_on(&all[0].object_id, function, arguments, true).await?;
        let indices: Vec<usize> = result
            .get("value")
            .and_then(Value::as_array)
            .map(|list| list.iter().filter_map(Value::as_u64).map(|i| i as usize).collect())
            .unwrap_or_default();
        Ok(indices.into_iter().filter_map(|i| all.get(i).cloned()).collect())
    }

    /// Drops the remote objects of the last operations: queued at once, its answer not awaited
    /// (see handles.rs for when this is safe).
    pub(crate) fn release_now(&self) {
        self.connection.send_detached("Runtime.releaseObjectGroup", json!({"objectGroup": GROUP}), self.s());
    }
}

/// The strict-mode error of a frame locator that matched several iframes.
fn ambiguous_frames(locator: &str, frames: usize) -> BrowserError {
    BrowserError::StrictMode(format!(
        "strict mode violation: {locator} resolved to {frames} elements\n  hint: pick one iframe with .first(), .last() or .nth(i), or make the selector match one"
    ))
}

/// A query's error (a bad selector, an option the role cannot have) without the stack of our
/// injected helper, which says nothing to the user.
pub(crate) fn without_stack(error: BrowserError) -> BrowserError {
    match error {
        BrowserError::Evaluation(message) => {
            let first = message.split("\n    at ").next().unwrap_or(&message);
            BrowserError::Evaluation(first.strip_prefix("Error: ").unwrap_or(first).to_string())
        }
        other => other,
    }
}

/// The in-page helper method and arguments of a part that is a plain page query.
fn helper_query(part: &Part) -> Option<(&'static str, Vec<Value>)> {
    Some(match part {
        Part::Css(s) => ("css", vec![json!(s)]),
        Part::XPath(s) => ("xpath", vec![json!(s)]),
        Part::Custom { name, source, body } => ("custom", vec![json!(name), json!(source), json!(body)]),
        Part::Pinned { id, .. } => ("pinned", vec![json!(id)]),
        Part::Text(m) => ("text", vec![m.to_js()]),
        Part::Label(m) => ("label", vec![m.to_js()]),
        Part::Attribute { name, value } => ("attribute", vec![json!(name), value.to_js()]),
        Part::TestId { attribute, value } => ("attribute", vec![json!(attribute), value.to_js()]),
        Part::Role { role, name, states } => {
            ("role", vec![json!(role), name.as_ref().map_or(Value::Null, |n| n.to_js()), json!(states)])
        }
        _ => return None,
    })
}

fn object_of(remote: &Value, what: &str) -> Result<Element> {
    remote
        .get("objectId")
        .and_then(Value::as_str)
        .map(|id| Element { object_id: id.to_string() })
        .ok_or_else(|| BrowserError::Decode { method: what.to_string(), reason: "no object id".into() })
}
