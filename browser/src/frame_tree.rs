//! A page's frames as Playwright's `page.frames()` lists them: the main frame first, then each
//! frame after its parent, with its name and URL, kept up to date from the page's events
//! (attached, navigated, detached) so that they can be read at once.

use serde::Serialize;
use serde_json::{json, Value};

/// One frame of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameInfo {
    /// The browser's frame id (the main frame's is the page's target id).
    pub id: String,
    /// The frame it is in (`None`: the main frame).
    pub parent_id: Option<String>,
    /// The `name` of its `<iframe>` (empty when it has none).
    pub name: String,
    /// Its document's URL (empty until it navigated).
    pub url: String,
}

/// A page's frames, in Playwright's order, and the ids of those that went away (a frame tree
/// read before they did must not bring them back).
#[derive(Debug, Default)]
pub(crate) struct FrameTree(Vec<FrameInfo>, std::collections::HashSet<String>);

impl FrameTree {
    /// The frames now.
    pub(crate) fn list(&self) -> Vec<FrameInfo> {
        self.0.clone()
    }

    /// Takes in a page event about frames (others are ignored).
    pub(crate) fn apply(&mut self, method: &str, params: &Value) {
        let text = |v: &Value| v.as_str().unwrap_or("").to_string();
        match method {
            "Page.frameAttached" => {
                let parent = text(&params["parentFrameId"]);
                self.attach(text(&params["frameId"]), (!parent.is_empty()).then_some(parent));
            }
            "Page.frameNavigated" => {
                let frame = &params["frame"];
                let id = text(&frame["id"]);
                let parent = frame["parentId"].as_str().map(str::to_string);
                self.attach(id.clone(), parent);
                if let Some(entry) = self.0.iter_mut().find(|f| f.id == id) {
                    entry.name = text(&frame["name"]);
                    entry.url = format!("{}{}", text(&frame["url"]), text(&frame["urlFragment"]));
                }
            }
            "Page.navigatedWithinDocument" => {
                let id = text(&params["frameId"]);
                if let Some(entry) = self.0.iter_mut().find(|f| f.id == id) {
                    entry.url = text(&params["url"]);
                }
            }
            // A frame that moves to another process is still there.
            "Page.frameDetached" if params["reason"].as_str() != Some("swap") => self.detach(&text(&params["frameId"])),
            _ => {}
        }
    }

    /// Takes in a `Page.getFrameTree` answer: the frames the events have not named yet, but
    /// none they saw go (the answer may be older than the events).
    pub(crate) fn take_tree(&mut self, tree: &Value) {
        let frame = &tree["frame"];
        let id = frame["id"].as_str().unwrap_or("").to_string();
        if self.1.contains(&id) {
            return;
        }
        if !self.0.iter().any(|f| f.id == id) {
            self.apply("Page.frameNavigated", &json!({ "frame": frame }));
        }
        for child in tree["childFrames"].as_array().into_iter().flatten() {
            self.take_tree(child);
        }
    }

    fn attach(&mut self, id: String, parent_id: Option<String>) {
        if id.is_empty() || self.0.iter().any(|f| f.id == id) {
            return;
        }
        let info = FrameInfo { id, parent_id, name: String::new(), url: String::new() };
        // After its parent's last descendant, so that the list reads as the tree does.
        let at = match &info.parent_id {
            None => 0,
            Some(parent) => match self.0.iter().position(|f| &f.id == parent) {
                Some(p) => p + 1 + self.0[p + 1..].iter().take_while(|f| self.descends(f, parent)).count(),
                None => self.0.len(),
            },
        };
        self.0.insert(at, info);
    }

    fn descends(&self, frame: &FrameInfo, ancestor: &str) -> bool {
        let mut parent = frame.parent_id.as_deref();
        while let Some(p) = parent {
            if p == ancestor {
                return true;
            }
            parent = self.0.iter().find(|f| f.id == p).and_then(|f| f.parent_id.as_deref());
        }
        false
    }

    fn detach(&mut self, id: &str) {
        let gone: Vec<String> =
            self.0.iter().filter(|f| f.id == id || self.descends(f, id)).map(|f| f.id.clone()).collect();
        self.0.retain(|f| !gone.contains(&f.id));
        self.1.extend(gone);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn navigated(id: &str, parent: Option<&str>, name: &str) -> Value {
        json!({ "frame": { "id": id, "parentId": parent, "name": name, "url": format!("http://x/{name}") } })
    }

    #[test]
    fn frames_read_as_the_tree_and_leave_with_their_children() {
        let mut tree = FrameTree::default();
        tree.apply("Page.frameNavigated", &navigated("main", None, ""));
        tree.apply("Page.frameAttached", &json!({ "frameId": "a", "parentFrameId": "main" }));
        tree.apply("Page.frameAttached", &json!({ "frameId": "b", "parentFrameId": "main" }));
        tree.apply("Page.frameNavigated", &navigated("a1", Some("a"), "deep"));
        tree.apply("Page.frameNavigated", &navigated("a", Some("main"), "child"));
        let ids: Vec<&str> = tree.0.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["main", "a", "a1", "b"]);
        assert_eq!(tree.0[1].name, "child");
        tree.apply("Page.frameDetached", &json!({ "frameId": "a", "reason": "swap" }));
        assert_eq!(tree.0.len(), 4, "a frame moving to another process stays");
        tree.apply("Page.frameDetached", &json!({ "frameId": "a", "reason": "remove" }));
        let ids: Vec<&str> = tree.0.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["main", "b"]);
        // A frame tree read before the detach does not bring the frame back.
        tree.take_tree(
            &json!({ "frame": { "id": "main" }, "childFrames": [{ "frame": { "id": "a", "parentId": "main" } }] }),
        );
        assert_eq!(tree.0.len(), 2);
    }
}
