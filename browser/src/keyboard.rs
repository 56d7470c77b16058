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
