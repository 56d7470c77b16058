//! Keys for `press`: Playwright key names to DevTools key events.

/// What `Input.dispatchKeyEvent` needs for one key.
pub(crate) struct KeyInfo {
    pub key: String,
    pub code: String,
    pub key_code: i64,
    /// The text a keypress inserts, if any.
    pub text: Option<String>,
    /// The key (and text) with Shift held, for keys named by their code (`KeyA` gives `A`,
    /// `Digit1` gives `!`, on a US layout as Playwright's); a character stays itself.
    pub shifted: Option<String>,
}

/// Keys named by their code besides letters and digits: code, key, key with Shift, key code.
const PUNCTUATION: &[(&str, char, char, i64)] = &[
    ("Minus", '-', '_', 189),
    ("Equal", '=', '+', 187),
    ("BracketLeft", '[', '{', 219),
    ("BracketRight", ']', '}', 221),
    ("Backslash", '\\', '|', 220),
    ("Semicolon", ';', ':', 186),
    ("Quote", '\'', '"', 222),
    ("Backquote", '`', '~', 192),
    ("Comma", ',', '<', 188),
    ("Period", '.', '>', 190),
    ("Slash", '/', '?', 191),
];

/// The keypad's digit keys with Num Lock off: key and key code.
const NUMPAD: [(&str, i64); 10] = [
    ("Insert", 45),
    ("End", 35),
    ("ArrowDown", 40),
    ("PageDown", 34),
    ("ArrowLeft", 37),
    ("Clear", 12),
    ("ArrowRight", 39),
    ("Home", 36),
    ("ArrowUp", 38),
    ("PageUp", 33),
];

/// The keypad's operator keys: code, key, key code.
const NUMPAD_SIGNS: [(&str, char, i64); 4] =
    [("NumpadMultiply", '*', 106), ("NumpadAdd", '+', 107), ("NumpadSubtract", '-', 109), ("NumpadDivide", '/', 111)];

/// What the digits give with Shift on a US layout.
const SHIFTED_DIGITS: [char; 10] = [')', '!', '@', '#', '$', '%', '^', '&', '*', '('];

/// A key named by its code (`KeyA`, `Digit1`, `Minus`…), as Playwright's US layout has it.
fn by_code(name: &str) -> Option<KeyInfo> {
    let key = |key: char, shifted: char, key_code: i64| KeyInfo {
        key: key.to_string(),
        code: name.to_string(),
        key_code,
        text: Some(key.to_string()),
        shifted: Some(shifted.to_string()),
    };
    if let Some(letter) = name.strip_prefix("Key").filter(|l| l.len() == 1 && l.chars().all(|c| c.is_ascii_uppercase()))
    {
        let upper = letter.chars().next()?;
        return Some(key(upper.to_ascii_lowercase(), upper, upper as i64));
    }
    if let Some(digit) = name.strip_prefix("Digit").and_then(|d| d.parse::<usize>().ok()).filter(|d| *d < 10) {
        let c = char::from_digit(digit as u32, 10)?;
        return Some(key(c, SHIFTED_DIGITS[digit], 48 + digit as i64));
    }
    if name == "NumpadEnter" {
        return Some(KeyInfo {
            key: "Enter".into(),
            code: name.into(),
            key_code: 13,
            text: Some("\r".into()),
            shifted: None,
        });
    }
    // The numeric keypad with Num Lock off: navigation keys, their digit with Shift.
    if let Some(digit) = name.strip_prefix("Numpad").and_then(|d| d.parse::<usize>().ok()).filter(|d| *d < 10) {
        let (key, key_code) = NUMPAD[digit];
        let shifted = char::from_digit(digit as u32, 10).map(String::from);
        return Some(KeyInfo { key: key.into(), code: name.into(), key_code, text: None, shifted });
    }
    if let Some((_, key, key_code)) = NUMPAD_SIGNS.iter().find(|(code, ..)| *code == name) {
        let text = Some(key.to_string());
        return Some(KeyInfo { key: key.to_string(), code: name.into(), key_code: *key_code, text, shifted: None });
    }
    PUNCTUATION
        .iter()
        .find(|(code, ..)| *code == name)
        .map(|(_, plain, shifted, key_code)| key(*plain, *shifted, *key_code))
}

/// Modifier keys and their bit in DevTools' `modifiers` (Alt=1, Control=2, Meta=4, Shift=8).
const MODIFIERS: &[(&str, i64, i64, &str)] = &[
    ("Alt", 1, 18, "AltLeft"),
    ("Control", 2, 17, "ControlLeft"),
    ("Meta", 4, 91, "MetaLeft"),
    ("Shift", 8, 16, "ShiftLeft"),
];

/// The modifier bit of a key name (`ControlOrMeta` is Control here: Linux).
pub(crate) fn modifier_bit(name: &str) -> Option<i64> {
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
        shifted: None,
    };
    if let Some(info) = by_code(name) {
        return Some(info);
    }
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
            KeyInfo { key: c.to_string(), code, key_code: upper as i64, text: Some(c.to_string()), shifted: None }
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
        let mut info = key_info(name).ok_or_else(|| unknown_key(name))?;
        if let Some(bit) = modifier_bit(name) {
            self.modifiers.fetch_or(bit, std::sync::atomic::Ordering::Relaxed);
        }
        let modifiers = self.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        if let Some(shifted) = info.shifted.take().filter(|_| modifiers & 8 != 0) {
            info.text = Some(shifted.clone());
            info.key = shifted;
        }
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
        let mut info = key_info(name).ok_or_else(|| unknown_key(name))?;
        if let Some(bit) = modifier_bit(name) {
            self.modifiers.fetch_and(!bit, std::sync::atomic::Ordering::Relaxed);
        }
        let modifiers = self.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        if let Some(shifted) = info.shifted.take().filter(|_| modifiers & 8 != 0) {
            info.key = shifted;
        }
        let up = serde_json::json!({"type": "keyUp", "key": info.key, "code": info.code,
            "windowsVirtualKeyCode": info.key_code, "modifiers": modifiers});
        self.connection.call_raw("Input.dispatchKeyEvent", up, Some(self.session.as_str())).await.map(|_| ())
    }

    /// A mouse event at page coordinates, with the left button.
    pub(crate) async fn mouse_event(&self, kind: &str, x: f64, y: f64, clicks: i64) -> crate::error::Result<()> {
        self.mouse_event_with(kind, x, y, clicks, "left").await
    }

    /// A mouse event at page coordinates with `button` (`left`, `right` or `middle`).
    pub(crate) async fn mouse_event_with(
        &self,
        kind: &str,
        x: f64,
        y: f64,
        clicks: i64,
        button: &str,
    ) -> crate::error::Result<()> {
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
            params["button"] = serde_json::json!(button);
            params["clickCount"] = serde_json::json!(clicks);
        } else if held {
            // A move with the button held is a drag.
            params["button"] = serde_json::json!(button);
        }
        let bit = match button {
            "right" => 2,
            "middle" => 4,
            _ => 1,
        };
        params["buttons"] = serde_json::json!(if held { bit } else { 0 });
        self.connection.call_raw("Input.dispatchMouseEvent", params, Some(&self.session)).await.map(|_| ())
    }

    /// Sends mouse events at one point without waiting for each answer before the next
    /// (a click: move, press, release). Chromium answers a move only on its next frame, and
    /// input events are handled in the order they were sent anyway, so waiting in between
    /// costs a frame (~16 ms) per click and changes nothing the page sees: each event is still
    /// dispatched, and hit-tested against the layout its predecessors left, in order.
    pub(crate) async fn mouse_sequence(&self, events: &[(&str, i64)], x: f64, y: f64) -> crate::error::Result<()> {
        self.mouse_sequence_with(events, x, y, "left").await
    }

    /// [`PageInner::mouse_sequence`] with `button`.
    pub(crate) async fn mouse_sequence_with(
        &self,
        events: &[(&str, i64)],
        x: f64,
        y: f64,
        button: &str,
    ) -> crate::error::Result<()> {
        // `try_join_all` polls the futures in order on its first poll, and each sends its
        // message on its first poll, so the events leave in this order.
        futures::future::try_join_all(
            events.iter().map(|(kind, clicks)| self.mouse_event_with(kind, x, y, *clicks, button)),
        )
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

    #[test]
    fn keys_named_by_their_code_resolve_on_a_us_layout() {
        let k = key_info("KeyA").unwrap();
        assert_eq!((k.key.as_str(), k.code.as_str(), k.key_code, k.shifted.as_deref()), ("a", "KeyA", 65, Some("A")));
        assert_eq!(key_info("Digit2").unwrap().shifted.as_deref(), Some("@"));
        assert_eq!(key_info("Slash").unwrap().key_code, 191);
        assert_eq!(key_info("a").unwrap().shifted, None, "a character stays itself with Shift");
        assert!(key_info("Keya").is_none() && key_info("Digit10").is_none());
    }
}
