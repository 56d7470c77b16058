//! Keys for `press`: Playwright key names to DevTools key events.

/// What `Input.dispatchKeyEvent` needs for one key.
pub(crate) struct KeyInfo {
    pub key: String,
    pub code: String,
    pub key_code: i64,
    /// The text a keypress inserts, if any.
    pub text: Option<String>,
}

/// Resolves a key name (`Enter`, `Tab`, `ArrowDown`, `a`, `A`, `1`…).
pub(crate) fn key_info(name: &str) -> Option<KeyInfo> {
    let named = |key: &str, code: &str, key_code: i64, text: Option<&str>| KeyInfo {
        key: key.into(),
        code: code.into(),
        key_code,
        text: text.map(str::to_string),
    };
    Some(match name {
        "Enter" => named("Enter", "Enter", 13, Some("\r")),
        "Tab" => named("Tab", "Tab", 9, None),
        "Escape" => named("Escape", "Escape", 27, None),
        "Backspace" => named("Backspace", "Backspace", 8, None),
        "Delete" => named("Delete", "Delete", 46, None),
        "Space" | " " => named(" ", "Space", 32, Some(" ")),
        "ArrowUp" => named("ArrowUp", "ArrowUp", 38, None),
        "ArrowDown" => named("ArrowDown", "ArrowDown", 40, None),
        "ArrowLeft" => named("ArrowLeft", "ArrowLeft", 37, None),
        "ArrowRight" => named("ArrowRight", "ArrowRight", 39, None),
        "Home" => named("Home", "Home", 36, None),
        "End" => named("End", "End", 35, None),
        "PageUp" => named("PageUp", "PageUp", 33, None),
        "PageDown" => named("PageDown", "PageDown", 34, None),
        other => {
            let mut chars = other.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            let upper = c.to_ascii_uppercase();
            let code = if c.is_ascii_alphabetic() {
                format!("Key{upper}")
            } else if c.is_ascii_digit() {
                format!("Digit{c}")
            } else {
                String::new()
            };
            KeyInfo { key: c.to_string(), code, key_code: upper as i64, text: Some(c.to_string()) }
        }
    })
}

impl crate::page::PageInner {
    /// Presses and releases one key on whatever has the focus.
    pub(crate) async fn press_key(&self, name: &str) -> crate::Result<()> {
        let info = key_info(name).ok_or_else(|| crate::BrowserError::Evaluation(format!("unknown key '{name}'")))?;
        let session = Some(self.session.as_str());
        let kind = if info.text.is_some() { "keyDown" } else { "rawKeyDown" };
        let mut down = serde_json::json!({"type": kind, "key": info.key, "code": info.code, "windowsVirtualKeyCode": info.key_code});
        if let Some(t) = &info.text {
            down["text"] = serde_json::json!(t);
        }
        self.connection.call_raw("Input.dispatchKeyEvent", down, session).await?;
        let up = serde_json::json!({"type": "keyUp", "key": info.key, "code": info.code, "windowsVirtualKeyCode": info.key_code});
        self.connection.call_raw("Input.dispatchKeyEvent", up, session).await.map(|_| ())
    }

    /// A mouse event at page coordinates.
    pub(crate) async fn mouse_event(&self, kind: &str, x: f64, y: f64, clicks: i64) -> crate::Result<()> {
        let mut params = serde_json::json!({"type": kind, "x": x, "y": y});
        if kind != "mouseMoved" {
            params["button"] = serde_json::json!("left");
            params["clickCount"] = serde_json::json!(clicks);
        }
        self.connection.call_raw("Input.dispatchMouseEvent", params, Some(&self.session)).await.map(|_| ())
    }
}
