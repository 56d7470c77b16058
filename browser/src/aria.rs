//! Accessibility snapshots in Playwright's YAML form (`locator.ariaSnapshot()`):
//!
//! ```yaml
//! - heading "Sign in" [level=1]
//! - textbox "User name"
//! - button "Sign in"
//! - list:
//!   - listitem: one
//! ```
//!
//! Built from Chromium's own accessibility tree (`Accessibility.getFullAXTree`), so roles and
//! names are the ones assistive technology sees. Nodes without meaning of their own (generic
//! containers, ignored nodes, labels) give their place to their children.

use serde_json::Value;
use std::collections::HashMap;

/// Chromium roles that only wrap their children.
const TRANSPARENT: &[&str] = &[
    "generic",
    "none",
    "presentation",
    "LabelText",
    "InlineTextBox",
    "LineBreak",
    "ListMarker",
    "RootWebArea",
    "WebArea",
];

/// Properties shown as `[name]` or `[name=value]`, in Playwright's order.
const SHOWN: &[&str] = &["checked", "disabled", "expanded", "level", "pressed", "selected"];

/// The snapshot of the subtree of AX node `root` among `nodes` (the reply's `nodes` array).
pub(crate) fn snapshot(nodes: &[Value], root: &str) -> String {
    let by_id: HashMap<&str, &Value> = nodes.iter().filter_map(|n| Some((n["nodeId"].as_str()?, n))).collect();
    let mut lines = Vec::new();
    if let Some(node) = by_id.get(root) {
        // The root itself is shown (it is what the locator found), unless it is transparent.
        render(node, &by_id, 0, &mut lines);
    }
    lines.join("\n")
}

/// The AX node id of the node for DOM node `backend`, if any.
pub(crate) fn node_for_backend(nodes: &[Value], backend: i64) -> Option<String> {
    nodes
        .iter()
        .find(|n| n["backendDOMNodeId"].as_i64() == Some(backend))
        .and_then(|n| Some(n["nodeId"].as_str()?.to_string()))
}

/// The id of the tree's root (the document).
pub(crate) fn document_node(nodes: &[Value]) -> Option<String> {
    nodes.iter().find(|n| n.get("parentId").is_none()).and_then(|n| Some(n["nodeId"].as_str()?.to_string()))
}

fn role_of(node: &Value) -> &str {
    let role = node.pointer("/role/value").and_then(Value::as_str).unwrap_or("none");
    match role {
        "image" => "img",
        "Iframe" => "iframe",
        "StaticText" => "text",
        other => other,
    }
}

fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// Text as a YAML plain scalar when it is safe to, else quoted.
fn plain(text: &str) -> String {
    let risky = text.is_empty()
        || text.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@`".contains(c) || c.is_whitespace())
        || text.ends_with(char::is_whitespace)
        || text.contains(": ")
        || text.contains(" #");
    if risky {
        quoted(text)
    } else {
        text.to_string()
    }
}

fn children<'a>(node: &Value, by_id: &HashMap<&str, &'a Value>) -> Vec<&'a Value> {
    node["childIds"].as_array().into_iter().flatten().filter_map(|id| by_id.get(id.as_str()?).copied()).collect()
}

fn render(node: &Value, by_id: &HashMap<&str, &Value>, depth: usize, out: &mut Vec<String>) {
    let role = role_of(node);
    let ignored = node["ignored"].as_bool() == Some(true);
    if ignored || TRANSPARENT.contains(&role) {
        for child in children(node, by_id) {
            render(child, by_id, depth, out);
        }
        return;
    }
    let indent = "  ".repeat(depth);
    let name = node.pointer("/name/value").and_then(Value::as_str).unwrap_or("").trim().to_string();
    if role == "text" {
        if !name.is_empty() {
            // Adjacent text runs read as one.
            let prefix = format!("{indent}- text: ");
            match out.last_mut() {
                Some(last) if last.starts_with(&prefix) => {
                    let joined = format!("{} {name}", unquote(&last[prefix.len()..]));
                    *last = format!("{prefix}{}", plain(&joined));
                }
                _ => out.push(format!("{prefix}{}", plain(&name))),
            }
        }
        return;
    }
    let mut line = format!("{indent}- {role}");
    if !name.is_empty() {
        line.push(' ');
        line.push_str(&quoted(&name));
    }
    for wanted in SHOWN {
        let Some(property) =
            node["properties"].as_array().into_iter().flatten().find(|p| p["name"].as_str() == Some(*wanted))
        else {
            continue;
        };
        match property.pointer("/value/value") {
            Some(Value::Bool(true)) => line.push_str(&format!(" [{wanted}]")),
            Some(Value::String(s)) if s == "true" => line.push_str(&format!(" [{wanted}]")),
            Some(Value::String(s)) if s == "mixed" => line.push_str(&format!(" [{wanted}=mixed]")),
            Some(Value::Number(n)) => line.push_str(&format!(" [{wanted}={n}]")),
            _ => {}
        }
    }
    let mut inner = Vec::new();
    for child in children(node, by_id) {
        render(child, by_id, depth + 1, &mut inner);
    }
    let child_prefix = format!("{}- text: ", "  ".repeat(depth + 1));
    // A node whose only content is its own name, or one text, is written on one line.
    if inner.len() == 1 && inner[0].starts_with(&child_prefix) {
        let text = unquote(&inner[0][child_prefix.len()..]);
        if text == name {
            out.push(line);
        } else if name.is_empty() {
            out.push(format!("{line}: {}", plain(&text)));
        } else {
            out.push(format!("{line}:"));
            out.extend(inner);
        }
        return;
    }
    if inner.is_empty() {
        out.push(line);
    } else {
        out.push(format!("{line}:"));
        out.extend(inner);
    }
}

fn unquote(text: &str) -> String {
    serde_json::from_str::<String>(text).unwrap_or_else(|_| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renders_roles_names_properties_and_flattens_wrappers() {
        let nodes = vec![
            json!({"nodeId": "1", "role": {"value": "RootWebArea"}, "childIds": ["2", "5", "7"]}),
            json!({"nodeId": "2", "parentId": "1", "role": {"value": "heading"}, "name": {"value": "Sign in"},
                   "properties": [{"name": "level", "value": {"type": "integer", "value": 1}}], "childIds": ["3"]}),
            json!({"nodeId": "3", "parentId": "2", "role": {"value": "StaticText"}, "name": {"value": "Sign in"}}),
            json!({"nodeId": "5", "parentId": "1", "role": {"value": "generic"}, "childIds": ["6"]}),
            json!({"nodeId": "6", "parentId": "5", "role": {"value": "checkbox"}, "name": {"value": "Remember me"},
                   "properties": [{"name": "checked", "value": {"type": "tristate", "value": "true"}}]}),
            json!({"nodeId": "7", "parentId": "1", "role": {"value": "list"}, "childIds": ["8"]}),
            json!({"nodeId": "8", "parentId": "7", "role": {"value": "listitem"}, "childIds": ["9"]}),
            json!({"nodeId": "9", "parentId": "8", "role": {"value": "StaticText"}, "name": {"value": "one: two"}}),
        ];
        assert_eq!(
            snapshot(&nodes, "1"),
            "- heading \"Sign in\" [level=1]\n- checkbox \"Remember me\" [checked]\n- list:\n  - listitem: \"one: two\""
        );
        assert_eq!(document_node(&nodes).as_deref(), Some("1"));
    }
}
