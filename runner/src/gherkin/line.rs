//! One line of a Gherkin source and the ways to read it: indentation, tags, table cells.
//!
//! Columns count Unicode scalar values and are 1-based, as the reference implementation counts.

/// Whitespace as JavaScript's `\s` sees it, which is what the reference parser trims.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

/// Trims JavaScript whitespace from both ends.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// A piece of a line with the column it starts at (a tag or a table cell).
#[derive(Debug, Clone, PartialEq)]
pub struct LineItem {
    pub column: u32,
    pub text: String,
}

/// A source line with its indentation measured.
#[derive(Debug, Clone, Copy)]
pub struct GherkinLine<'a> {
    /// The whole line without its line ending.
    pub text: &'a str,
    /// The line without leading whitespace.
    pub trimmed: &'a str,
    /// How many characters of leading whitespace the line has.
    pub indent: u32,
    /// 1-based line number.
    pub number: u32,
}

/// A problem found inside one line (a tag with whitespace).
#[derive(Debug, Clone, PartialEq)]
pub struct LineError {
    pub column: u32,
    pub message: String,
}

impl<'a> GherkinLine<'a> {
    /// Measures a line.
    pub fn new(text: &'a str, number: u32) -> Self {
        let trimmed = text.trim_start_matches(is_js_whitespace);
        let indent = (text.chars().count() - trimmed.chars().count()) as u32;
        GherkinLine { text, trimmed, indent, number }
    }

    /// True for a line of only whitespace.
    pub fn is_empty(&self) -> bool {
        self.trimmed.chars().all(is_js_whitespace)
    }

    /// The line with up to `indent_to_remove` leading characters removed; when the line is indented
    /// less than that, all leading whitespace is removed.
    pub fn text_without_indent(&self, indent_to_remove: u32) -> &'a str {
        if indent_to_remove > self.indent {
            self.trimmed
        } else {
            let skip: usize = self.text.chars().take(indent_to_remove as usize).map(char::len_utf8).sum();
            &self.text[skip..]
        }
    }

    /// The text after a keyword of `chars` characters, trimmed.
    pub fn rest_trimmed(&self, chars: usize) -> &'a str {
        let skip: usize = self.trimmed.chars().take(chars).map(char::len_utf8).sum();
        js_trim(&self.trimmed[skip..])
    }

    /// The tags of a tag line. A trailing ` #comment` is ignored; a tag containing whitespace
    /// is an error.
    pub fn tags(&self) -> Result<Vec<LineItem>, LineError> {
        let uncommented = match find_comment_start(self.trimmed) {
            Some(i) => &self.trimmed[..i],
            None => self.trimmed,
        };
        let mut column = self.indent + 1;
        let mut tags = Vec::new();
        for piece in uncommented.split('@') {
            let item = piece.trim_end_matches(is_js_whitespace);
            if !item.is_empty() {
                if item.chars().any(is_js_whitespace) {
                    return Err(LineError { column, message: "A tag may not contain whitespace".into() });
                }
                tags.push(LineItem { column, text: format!("@{item}") });
                column += piece.chars().count() as u32 + 1;
            }
        }
        Ok(tags)
    }

    /// The cells of a table row, unescaped (`\|`, `\\`, `\n`) and trimmed. Text after the last
    /// `|` is not a cell.
    pub fn table_cells(&self) -> Vec<LineItem> {
        let mut cells = Vec::new();
        let mut chars = self.trimmed.chars().enumerate().peekable();
        // Skip the opening pipe.
        chars.next();
        let mut cell = String::new();
        let mut cell_start = 1u32;
        while let Some((i, c)) = chars.next() {
            match c {
                '|' => {
                    cells.push(make_cell(&cell, self.indent + cell_start));
                    cell.clear();
                    cell_start = i as u32 + 1;
                }
                '\\' => match chars.peek().map(|(_, c)| *c) {
                    Some('n') => {
                        chars.next();
                        cell.push('\n');
                    }
                    Some('|') => {
                        chars.next();
                        cell.push('|');
                    }
                    Some('\\') => {
                        chars.next();
                        cell.push('\\');
                    }
                    _ => cell.push('\\'),
                },
                c => cell.push(c),
            }
        }
        cells
    }
}

/// Where a ` #` comment starts in a tag line (whitespace followed by `#`).
fn find_comment_start(s: &str) -> Option<usize> {
    let mut prev_ws = false;
    for (i, c) in s.char_indices() {
        if c == '#' && prev_ws {
            // Cut before the whitespace that precedes the '#'.
            let ws_start = s[..i].char_indices().next_back().map(|(j, _)| j).unwrap_or(i);
            return Some(ws_start);
        }
        prev_ws = is_js_whitespace(c);
    }
    None
}

/// Cells are trimmed of spaces and tabs but keep escaped newlines.
fn is_cell_padding(c: char) -> bool {
    c != '\n' && is_js_whitespace(c)
}

fn make_cell(raw: &str, start_offset: u32) -> LineItem {
    let left = raw.trim_start_matches(is_cell_padding);
    let leading = (raw.chars().count() - left.chars().count()) as u32;
    LineItem { column: start_offset + leading + 1, text: left.trim_end_matches(is_cell_padding).to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_indentation() {
        let l = GherkinLine::new("    Given x", 3);
        assert_eq!((l.indent, l.trimmed), (4, "Given x"));
        assert_eq!(l.text_without_indent(2), "  Given x");
        assert_eq!(l.text_without_indent(9), "Given x");
    }

    #[test]
    fn reads_tags_and_ignores_comments() {
        let l = GherkinLine::new("  @a @b-c #not @d", 1);
        let tags = l.tags().unwrap();
        assert_eq!(tags, vec![LineItem { column: 3, text: "@a".into() }, LineItem { column: 6, text: "@b-c".into() }]);
        assert!(GherkinLine::new("@a tag", 1).tags().is_err());
    }

    #[test]
    fn reads_escaped_cells() {
        let l = GherkinLine::new("  | a\\|b | \\n | c\\\\ | x", 1);
        let cells: Vec<String> = l.table_cells().into_iter().map(|c| c.text).collect();
        assert_eq!(cells, vec!["a|b", "\n", "c\\"]);
        assert_eq!(l.table_cells()[0].column, 5);
    }
}
