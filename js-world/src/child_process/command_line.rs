//! A command line split into words as a POSIX shell splits it, for `exec`/`execSync` and
//! `shell: true`, which ferridriver runs without a shell (ADR 0036). What only a shell can do
//! (run several programs, redirect, expand) is refused: the allow-list names one program, and
//! the words are what it gets.

/// The words of `line`, or why it needs a shell.
pub(crate) fn split(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Whether a word has started (`''` is an empty word, not nothing).
    let mut started = false;
    let mut chars = line.char_indices().peekable();
    let refuse = |at: usize, what: &str| {
        Err(format!(
            "{what} at column {} of `{line}` needs a shell, and ferridriver runs commands without one (ADR 0036): \
             make one call per program, or pass the program and its arguments to execFileSync/spawn",
            at + 1
        ))
    };
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            '\\' => match chars.next() {
                // A backslash before a newline joins the lines.
                Some((_, '\n')) => {}
                Some((_, escaped)) => {
                    word.push(escaped);
                    started = true;
                }
                None => return refuse(at, "a trailing backslash"),
            },
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, inner)) => word.push(inner),
                        None => return refuse(at, "an unclosed '"),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, e @ ('$' | '`' | '"' | '\\'))) => word.push(e),
                            Some((_, '\n')) => {}
                            Some((_, other)) => {
                                word.push('\\');
                                word.push(other);
                            }
                            None => return refuse(at, "an unclosed \""),
                        },
                        Some((inner_at, '$')) => return refuse(inner_at, "an expansion ($)"),
                        Some((inner_at, '`')) => return refuse(inner_at, "a command substitution (`)"),
                        Some((_, inner)) => word.push(inner),
                        None => return refuse(at, "an unclosed \""),
                    }
                }
            }
            ';' | '&' | '|' | '\n' => return refuse(at, &format!("the operator `{}`", c.escape_default())),
            '<' | '>' => return refuse(at, &format!("a redirection (`{c}`)")),
            '(' | ')' => return refuse(at, &format!("a subshell (`{c}`)")),
            '$' => return refuse(at, "an expansion ($)"),
            '`' => return refuse(at, "a command substitution (`)"),
            '*' | '?' | '[' => return refuse(at, &format!("a pattern (`{c}`)")),
            '~' if !started => return refuse(at, "a home directory (~)"),
            '#' if !started => return refuse(at, "a comment (#)"),
            '=' if words.is_empty() && !word.is_empty() && !word.contains('/') => {
                return refuse(at, "a variable assignment (pass it in options.env)")
            }
            other => {
                word.push(other);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the command is empty".into());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn words_are_split_as_a_shell_splits_them() {
        let cases: &[(&str, &[&str])] = &[
            ("cucumber-js --version", &["cucumber-js", "--version"]),
            ("  git   log  -1 ", &["git", "log", "-1"]),
            ("echo 'a  b' \"c d\" e\\ f", &["echo", "a  b", "c d", "e f"]),
            ("echo '' x", &["echo", "", "x"]),
            ("echo \"a\\\"b\\$c\\n\"", &["echo", "a\"b$c\\n"]),
            ("printf 'x;y|z' \"a&b\"", &["printf", "x;y|z", "a&b"]),
            ("node --opt=1 a=b", &["node", "--opt=1", "a=b"]),
            ("echo a#b", &["echo", "a#b"]),
            ("one \\\ntwo", &["one", "two"]),
        ];
        for (line, words) in cases {
            assert_eq!(split(line).unwrap(), *words, "{line}");
        }
    }

    #[test]
    fn what_needs_a_shell_is_refused_with_where() {
        for (line, what) in [
            ("a; b", "the operator `;`"),
            ("a && b", "the operator `&`"),
            ("a | b", "the operator `|`"),
            ("a > out", "a redirection (`>`)"),
            ("echo $HOME", "an expansion ($)"),
            ("echo \"$(id)\"", "an expansion ($)"),
            ("echo `id`", "a command substitution (`)"),
            ("ls *.txt", "a pattern (`*`)"),
            ("cat ~/x", "a home directory (~)"),
            ("FOO=1 cmd", "a variable assignment"),
            ("echo 'open", "an unclosed '"),
            ("a\nb", "the operator `\\n`"),
        ] {
            let error = split(line).unwrap_err();
            assert!(error.contains(what) && error.contains("needs a shell"), "{line}: {error}");
        }
        assert_eq!(split("   ").unwrap_err(), "the command is empty");
    }
}
