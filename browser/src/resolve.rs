//! Resolving a locator to elements: CSS, text, label and attribute queries run in the page
//! (our injected helper), roles and accessible names come from Chromium's accessibility tree.
//! Elements are remote objects held in one object group, released after each operation.

use crate::locator::Part;
use crate::page::PageInner;
use crate::{BrowserError, Result};
use serde_json::{json, Value};

/// The in-page helper, evaluated as an expression.
pub(crate) const HELPER: &str = include_str!("injected/helper.js");
/// Remote objects of locator operations live in this group.
pub(crate) const GROUP: &str = "ferridriver-locator";

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
        let declaration = format!("function(...args) {{ const fd = {HELPER}; return fd.{method}(this, ...args); }}");
        let arguments: Vec<Value> = args.into_iter().map(|a| json!({ "value": a })).collect();
        self.call_function_on(on, &declaration, arguments, by_value).await
    }

    /// `Runtime.callFunctionOn` in our object group, promises awaited; the raw result object,
    /// or the page's exception as an error. `arguments` are DevTools call arguments.
    async fn call_function_on(
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

    async fn query(&self, root: &Element, method: &str, args: Vec<Value>) -> Result<Vec<Element>> {
        let array = self.call_helper(&root.object_id, method, args, false).await?;
        self.array_elements(&array).await
    }

    async fn by_role(&self, root: &Element, role: &str, name: Option<&crate::TextMatch>) -> Result<Vec<Element>> {
        let mut params = json!({"objectId": root.object_id, "role": role});
        if let Some(crate::TextMatch::Exact(n)) = name {
            params["accessibleName"] = json!(n);
        }
        let reply = self.connection.call_raw("Accessibility.queryAXTree", params, self.s()).await?;
        let mut out = Vec::new();
        for node in reply["nodes"].as_array().into_iter().flatten() {
            if node["ignored"].as_bool() == Some(true) {
                continue;
            }
            let accessible = node.pointer("/name/value").and_then(Value::as_str).unwrap_or("");
            if let Some(m) = name {
                if !m.is_exact() && !m.matches(accessible) {
                    continue;
                }
            }
            let Some(backend) = node["backendDOMNodeId"].as_i64() else { continue };
            let resolved = self
                .connection
                .call_raw("DOM.resolveNode", json!({"backendNodeId": backend, "objectGroup": GROUP}), self.s())
                .await?;
            out.push(object_of(&resolved["object"], "accessibility node")?);
        }
        Ok(out)
    }

    /// Every element `parts` finds, in document order.
    pub(crate) async fn resolve(&self, parts: &[Part]) -> Result<Vec<Element>> {
        let mut current = vec![self.document().await?];
        for (i, part) in parts.iter().enumerate() {
            // Named here, where the whole chain is known: which frame locator was ambiguous.
            if matches!(part, Part::EnterFrame) && current.len() > 1 {
                return Err(ambiguous_frames(&crate::locator::describe(&parts[..=i]), current.len()));
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
                Part::And(other) | Part::Or(other) => {
                    let others = self.resolve(other).await?;
                    return self.combine(current, others, matches!(part, Part::And(_))).await;
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
                let found = match part {
                    Part::Css(s) => self.query(root, "css", vec![json!(s)]).await?,
                    Part::Text(m) => self.query(root, "text", vec![m.to_js()]).await?,
                    Part::Label(m) => self.query(root, "label", vec![m.to_js()]).await?,
                    Part::Attribute { name, value } => {
                        self.query(root, "attribute", vec![json!(name), value.to_js()]).await?
                    }
                    Part::Role { role, name } => self.by_role(root, role, name.as_ref()).await?,
                    Part::EnterFrame
                    | Part::And(_)
                    | Part::Or(_)
                    | Part::Nth(_)
                    | Part::HasText(_)
                    | Part::HasNotText(_)
                    | Part::Has(_)
                    | Part::HasNot(_) => Vec::new(),
                };
                next.extend(found);
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
        let function = if intersect {
            "function(n, ...els) { const theirs = els.slice(n); return els.slice(0, n).flatMap((e, i) => theirs.includes(e) ? [i] : []); }"
        } else {
            "function(n, ...els) { const picked = []; els.forEach((e, i) => { if (!picked.some((j) => els[j] === e)) picked.push(i); }); \
             return picked.sort((a, b) => els[a].compareDocumentPosition(els[b]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1); }"
        };
        let all: Vec<Element> = ours.iter().chain(theirs.iter()).cloned().collect();
        let mut arguments = vec![json!({ "value": ours.len() })];
        arguments.extend(all.iter().map(|e| json!({ "objectId": e.object_id })));
        let result = self.call_function_on(&all[0].object_id, function, arguments, true).await?;
        let indices: Vec<usize> = result
            .get("value")
            .and_then(Value::as_array)
            .map(|list| list.iter().filter_map(Value::as_u64).map(|i| i as usize).collect())
            .unwrap_or_default();
        Ok(indices.into_iter().filter_map(|i| all.get(i).cloned()).collect())
    }

    /// Drops the remote objects of the last operations.
    pub(crate) async fn release(&self) {
        let _ = self.connection.call_raw("Runtime.releaseObjectGroup", json!({"objectGroup": GROUP}), self.s()).await;
    }
}

/// The strict-mode error of a frame locator that matched several iframes.
fn ambiguous_frames(locator: &str, frames: usize) -> BrowserError {
    BrowserError::Evaluation(format!(
        "strict mode violation: {locator} resolved to {frames} frames\n  hint: pick one with .first(), .last() or .nth(i), or make the selector match one iframe"
    ))
}

fn object_of(remote: &Value, what: &str) -> Result<Element> {
    remote
        .get("objectId")
        .and_then(Value::as_str)
        .map(|id| Element { object_id: id.to_string() })
        .ok_or_else(|| BrowserError::Decode { method: what.to_string(), reason: "no object id".into() })
}
