//! Naming the callee of QuickJS's bare "not a function": Node says `page.foo is not a function`,
//! and a suite moving from cucumber-js needs to know which call it was. The call is read from
//! the source at the error's position (the first user frame of its stack, after source maps).

/// The text of `file` (as a stack names it) when it is a source file inside `root`: a stack is
/// the script's to write, so it never leads a read elsewhere (or into a device, or a huge file).
pub(crate) fn project_source(root: &std::path::Path, file: &str) -> Option<String> {
    const MOST: u64 = 4 << 20;
    let root = root.canonicalize().ok()?;
    let path = root.join(file).canonicalize().ok()?;
    let meta = std::fs::metadata(&path).ok()?;
    (path.starts_with(&root) && meta.is_file() && meta.len() <= MOST).then(|| std::fs::read_to_string(&path).ok())?
}

/// Whether the error was thrown in user code rather than inside a native function that was
/// handed something that is not a function (`[1].forEach(undefined)`): only then does the
/// call at the user's frame name what was not a function.
pub(crate) fn thrown_by_the_call(raw_stack: &str) -> bool {
    raw_stack.lines().map(str::trim).find(|l| l.starts_with("at ")).is_none_or(|l| !l.ends_with("(native)"))
}

/// The message with the callee named, when it is QuickJS's bare `not a function` and the
/// source `line` shows a call at or after `column` (1-based); `None` otherwise.
pub(crate) fn named(message: &str, line: &str, column: u32) -> Option<String> {
    let prefix = message.trim().strip_suffix("not a function")?;
    if !prefix.is_empty() && prefix != "TypeError: " {
        return None;
    }
    callee_at(line, column).map(|callee| format!("{prefix}{callee} is not a function"))
}

/// The expression called by the first call at or after `column` (1-based) of `line`:
/// `page.requestz` in `await page.requestz()`, `this.page.foo` in `this.page.foo(1)`.
fn callee_at(line: &str, column: u32) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    let from = (column as usize).saturating_sub(1).min(chars.len());
    // The call's own opening parenthesis: the first one from the position on (QuickJS points at
    // the callee or at the `.` before its last name), or — inside `new W(…)`, where it points at
    // the call's first argument — the one just before the position.
    let open = (from..chars.len())
        .take_while(|&i| chars[i] != ';')
        .find(|&i| chars[i] == '(')
        .or_else(|| from.checked_sub(1).filter(|&i| chars.get(i) == Some(&'(')))?;
    let mut start = open;
    let mut depth = 0usize;
    while start > 0 {
        let c = chars[start - 1];
        match c {
            ')' | ']' => depth += 1,
            '(' | '[' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | '?' | '#') => {}
            _ => break,
        }
        start -= 1;
    }
    let callee: String = chars[start..open].iter().collect::<String>().trim().trim_end_matches(['.', '?']).into();
    let callee = callee.trim_start_matches(['.', '?']).to_string();
    callee.chars().any(|c| c.is_alphabetic() || c == '_' || c == '$').then_some(callee)
}

/// The first stack frame whose file passes `wanted`: `(file, line, column)`.
pub(crate) fn first_frame(stack: &str, wanted: impl Fn(&str) -> bool) -> Option<(String, u32, u32)> {
    for line in stack.lines() {
        let inner = line.trim().trim_start_matches("at ");
        let location = match (inner.rfind('('), inner.ends_with(')')) {
            (Some(open), true) => &inner[open + 1..inner.len() - 1],
            _ => inner,
        };
        // `file:line:col`: the file may itself contain colons, so split from the right.
        let mut parts = location.rsplitn(3, ':');
        let (Some(col), Some(ln), Some(file)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let Some((l, c, _)) = crate::sourcemap::parse_line_col(&format!("{ln}:{col}")) else { continue };
        if wanted(file) {
            return Some((file.to_string(), l, c));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_call_at_the_position_is_named() {
        assert_eq!(
            named("not a function", "await page.requestz();", 11).as_deref(),
            Some("page.requestz is not a function")
        );
        assert_eq!(callee_at("  await this.page.foo(1, 2)", 3).as_deref(), Some("this.page.foo"));
        assert_eq!(callee_at("x = list[0].go()", 5).as_deref(), Some("list[0].go"));
        assert_eq!(callee_at("await expect(page).toPass()", 7).as_deref(), Some("expect"));
        assert_eq!(callee_at("await expect(page).toPass()", 19).as_deref(), Some("expect(page).toPass"));
        assert_eq!(callee_at("a?.b?.()", 1).as_deref(), Some("a?.b"));
        assert!(callee_at("no call here", 1).is_none());
        assert!(named("cannot read property 'x' of undefined", "a.b()", 1).is_none());
        assert_eq!(named("TypeError: not a function", "a.b()", 1).as_deref(), Some("TypeError: a.b is not a function"));
        assert!(named("x is not a function", "a.b()", 1).is_none(), "already named");
        let in_new = "        return new W(fs.openSync(file, 'w'));";
        assert_eq!(named("not a function", in_new, 34).as_deref(), Some("fs.openSync is not a function"));
    }
}
