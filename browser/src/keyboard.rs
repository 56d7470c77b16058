//! Keys for `press`: Playwright key names to DevTools key events.

/// What `Input.dispatchKeyEvent` needs for one key.
pub(crate) struct KeyInfo {
    pub key: String,
    pub code: String,
    pub key_code: i64,
    /// The text a keypress inserts, if any.
    pub text: Option<String>,
}

/// Modifier keys and their bit in DevTools' `modifiers` (Alt=1, Control=2, Meta=4, Shift=8).
const MODIFIERS: &[(&str, i64, i64, &str)] = &[
    ("Alt", 1, 18, "AltLeft"),
    ("Control", 2, 17, "ControlLeft"),
    ("Meta", 4, 91, "MetaLeft"),
    ("Shift", 8, 16, "ShiftLeft"),
];

/// The modifier bit of a key name (`ControlOrMeta` is Control here: Linux).
fn modifier_bit(name: &str) -> Option<i64> {
    let name = if name == "ControlOrMeta" { "Control" } else { name };
    MODIFIERS.iter().find(|(n, ..)| *n == name).map(|(_, bit, ..)| *bit)
}

/// A click as mouse events: move there, press, release (with their click counts).
pub(crate) const CLICK: &[(&str, i64)] = &[("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 1)];

/// A double click: move there, then two press/release pairs counting 1 and 2.
pub(crate) const DOUBLE_CLICK: &[(&str, i64)] =
    &[("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 1), ("mousePressed", 2), ("mouseReleased", 2)];

/// A click where the mouse already is (a locator's actions move it there first).
pub(crate) const PRESS_RELEASE: &[(&str, i64)] = &[("mousePressed", 1), ("mouseReleased", 1)];

/// A double click where the mouse already is.
pub(crate) const PRESS_RELEASE_TWICE: &[(&str, i64)] =
    &[("mousePressed", 1), ("mouseReleased", 1), ("mousePressed", 2), ("mouseReleased", 2)];

/// Resolves a key name (`Enter`, `Tab`, `ArrowDown`, `F5`, `Shift`, `a`, `A`, `1`…).
pub(crate) fn key_info(name: &str) -> Option<KeyInfo> {
    let named = |key: &str, code: &str, key_code: i64, text: Option<&str>| KeyInfo {
        key: key.into(),
        code: code.into(),
        key_code,
        text: text.map(str::to_string),
    };
    let name = if name == "ControlOrMeta" { "Control" } else { name };
    if let Some((key, _, key_code, code)) = MODIFIERS.iter().find(|(n, ..)| *n == name) {
        return Some(named(key, code, *key_code, None));
    }
    if let Some(n) = name.strip_prefix('F').and_then(|n| n.parse::<i64>().ok()).filter(|n| (1..=12).contains(n)) {
        return Some(named(name, name, 111 + n, None));
    }
    Some(match name {
        "Enter" => named("Enter", "Enter", 13, Some("\r")),
        "Tab" => named("Tab", "Tab", 9, None),
        "Escape" => named("Escape", "Escape", 27, None),
        "Backspace" => named("Backspace", "Backspace", 8, None),
        "Delete" => named("Delete", "Delete", 46, None),
        "Insert" => named("Insert", "Insert", 45, None),
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

/// The keys of a Playwright combination (`Control+A`, `Shift+Tab`, `+`, `Control++`), split
/// the way Playwright splits them: a `+` separates keys unless it starts a key. `Shift+` has an
/// empty last key, which `press` rejects.
fn combination(keys: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut building = String::new();
    for c in keys.chars() {
        if c == '+' && !building.is_empty() {
            parts.push(std::mem::take(&mut building));
        } else {
            building.push(c);
        }
    }
    parts.push(building);
    parts
}

fn unknown_key(name: &str) -> crate::error::BrowserError {
    crate::error::BrowserError::Evaluation(format!(
        "unknown key '{name}'\n  hint: use a character or a key name such as Enter, Tab, ArrowDown, F5, Shift, Control, Alt, Meta, or a combination like Control+A"
    ))
}

impl crate::page::PageInner {
    /// Presses a key or a combination (`Control+A`): every key down in order, then up in
    /// reverse, as Playwright does.
    pub(crate) async fn press_key(&self, keys: &str) -> crate::error::Result<()> {
        let keys = combination(keys);
        for k in &keys {
            key_info(k).ok_or_else(|| unknown_key(k))?;
        }
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        for k in &keys {
            self.key_down(k).await?;
        }
        for k in keys.iter().rev() {
            self.key_up(k).await?;
        }
        Ok(())
    }

    /// Holds a key down (a modifier stays held for later keys and clicks until `key_up`).
    /// While a modifier other than Shift is held, keys insert no text (they are shortcuts).
    pub(crate) async fn key_down(&self, name: &str) -> crate::error::Result<()> {
        let info = key_info(name).ok_or_else(|| unknown_key(name))?;
        if let Some(bit) = modifier_bit(name) {
            self.modifiers.fetch_or(bit, std::sync::atomic::Ordering::Relaxed);
        }
        let modifiers = self.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        let text = info.text.filter(|_| modifiers & !8 == 0);
        let kind = if text.is_some() { "keyDown" } else { "rawKeyDown" };
        let mut down = serde_json::json!({"type": kind, "key": info.key, "code": info.code,
            "windowsVirtualKeyCode": info.key_code, "modifiers": modifiers});
        if let Some(t) = &text {
            down["text"] = serde_json::json!(t);
        }
        self.connection.call_raw("Input.dispatchKeyEvent", down, Some(self.session.as_str())).await.map(|_| ())
    }

    /// Releases a key held by `key_down`.
    pub(crate) async fn key_up(&self, name: &str) -> crate::error::Result<()> {
        let info = key_info(name).ok_or_else(|| unknown_key(name))?;
        if let Some(bit) = modifier_bit(name) {
            self.modifiers.fetch_and(!bit, std::sync::atomic::Ordering::Relaxed);
        }
        let modifiers = self.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        let up = serde_json::json!({"type": "keyUp", "key": info.key, "code": info.code,
            "windowsVirtualKeyCode": info.key_code, "modifiers": modifiers});
        self.connection.call_raw("Input.dispatchKeyEvent", up, Some(self.session.as_str())).await.map(|_| ())
    }

    /// A mouse event at page coordinates.
    pub(crate) async fn mouse_event(&self, kind: &str, x: f64, y: f64, clicks: i64) -> crate::error::Result<()> {
        if let Ok(mut at) = self.mouse_at.lock() {
            *at = (x, y);
        }
        let modifiers = self.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        let mut params = serde_json::json!({"type": kind, "x": x, "y": y, "modifiers": modifiers});
        let held = match kind {
            "mousePressed" => true,
            "mouseReleased" => false,
            _ => self.mouse_down.load(std::sync::atomic::Ordering::Relaxed),
        };
        self.mouse_down.store(held, std::sync::atomic::Ordering::Relaxed);
        if kind != "mouseMoved" {
            params["button"] = serde_json::json!("left");
            params["clickCount"] = serde_json::json!(clicks);
        } else if held {
            // A move with the button held is a drag.
            params["button"] = serde_json::json!("left");
        }
        params["buttons"] = serde_json::json!(if held { 1 } else { 0 });
        self.connection.call_raw("Input.dispatchMouseEvent", params, Some(&self.session)).await.map(|_| ())
    }

    /// Sends mouse events at one point without waiting for each answer before the next
    /// (a click: move, press, release). Chromium answers a move only on its next frame, and
    /// input events are handled in the order they were sent anyway, so waiting in between
    /// costs a frame (~16 ms) per click and changes nothing the page sees: each event is still
    /// dispatched, and hit-tested against the layout its predecessors left, in order.
    pub(crate) async fn mouse_sequence(&self, events: &[(&str, i64)], x: f64, y: f64) -> crate::error::Result<()> {
        // `try_join_all` polls the futures in order on its first poll, and each sends its
        // message on its first poll, so the events leave in this order.
        futures::future::try_join_all(events.iter().map(|(kind, clicks)| self.mouse_event(kind, x, y, *clicks)))
            .await
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_split_like_playwright() {
        assert_eq!(combination("Control+A"), vec!["Control", "A"]);
        assert_eq!(combination("Shift+Alt+Tab"), vec!["Shift", "Alt", "Tab"]);
        assert_eq!(combination("+"), vec!["+"]);
        assert_eq!(combination("Control++"), vec!["Control", "+"]);
        assert_eq!(combination("a"), vec!["a"]);
        // Playwright rejects these: an empty key, and `+a` which is no key name.
        assert_eq!(combination("Shift+"), vec!["Shift", ""]);
        assert!(key_info("").is_none() && key_info("+a").is_none());
    }

    #[test]
    fn modifiers_and_function_keys_resolve() {
        assert_eq!(key_info("Shift").map(|k| k.key_code), Some(16));
        assert_eq!(key_info("ControlOrMeta").map(|k| k.key), Some("Control".to_string()));
        assert_eq!(key_info("F5").map(|k| k.key_code), Some(116));
        assert!(key_info("F13").is_none() && key_info("Hyper").is_none());
        assert_eq!(modifier_bit("Shift"), Some(8));
        assert_eq!(modifier_bit("a"), None);
    }
}
