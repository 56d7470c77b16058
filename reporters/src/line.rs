//! Building console text while tracking the visible column, so that comments line up whatever
//! escape sequences the theme inserts.

use crate::theme::{Element, Theme};
use ferridriver_messages::TestStepResultStatus as Status;

/// The visible width of `text` as the reference implementation counts it (UTF-16 code units),
/// so alignment matches upstream's expectations exactly.
pub fn width(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Styled text being assembled, possibly over several lines.
pub struct Line<'t> {
    theme: &'t Theme,
    text: String,
    column: usize,
}

impl<'t> Line<'t> {
    /// An empty text styled with `theme`.
    pub fn new(theme: &'t Theme) -> Self {
        Line { theme, text: String::with_capacity(80), column: 0 }
    }

    /// Pads with spaces up to `column` (nothing when already past it).
    pub fn pad_to(&mut self, column: usize) -> &mut Self {
        while self.column < column {
            self.text.push(' ');
            self.column += 1;
        }
        self
    }

    /// Appends unstyled text.
    pub fn push(&mut self, text: &str) -> &mut Self {
        self.column += width(text);
        self.text.push_str(text);
        self
    }

    /// Appends text in the element's style.
    pub fn styled(&mut self, element: Element, text: &str) -> &mut Self {
        self.column += width(text);
        self.text.push_str(&self.theme.style(element, text));
        self
    }

    /// Appends text in the element's style for a status.
    pub fn styled_status(&mut self, element: Element, status: Status, text: &str) -> &mut Self {
        self.column += width(text);
        self.text.push_str(&self.theme.style_status(element, status, text));
        self
    }

    /// Appends a one-column icon (icons may be wider in UTF-16 but display as one column).
    pub fn icon(&mut self, icon: &str) -> &mut Self {
        self.column += 1;
        self.text.push_str(icon);
        self
    }

    /// `keyword: name`, each part in its own style.
    pub fn title(&mut self, keyword_el: Element, keyword: &str, name_el: Element, name: &str) -> &mut Self {
        self.styled(keyword_el, &format!("{keyword}:")).push(" ").styled(name_el, name)
    }

    /// Opens an element's style.
    pub fn begin(&mut self, element: Element) -> &mut Self {
        self.text.push_str(self.theme.begin(element));
        self
    }

    /// Closes an element's style.
    pub fn end(&mut self, element: Element) -> &mut Self {
        self.text.push_str(self.theme.end(element));
        self
    }

    /// Opens an element's style for a status.
    pub fn begin_status(&mut self, element: Element, status: Status) -> &mut Self {
        self.text.push_str(self.theme.begin_status(element, status));
        self
    }

    /// Closes an element's style for a status.
    pub fn end_status(&mut self, element: Element, status: Status) -> &mut Self {
        self.text.push_str(self.theme.end_status(element, status));
        self
    }

    /// Ends the current line; the column starts again at 0.
    pub fn newline(&mut self) -> &mut Self {
        self.text.push('\n');
        self.column = 0;
        self
    }

    /// The theme this text is styled with.
    pub fn theme(&self) -> &'t Theme {
        self.theme
    }

    /// The text built so far.
    pub fn build(self) -> String {
        self.text
    }
}

/// Splits text into lines the way Java's `BufferedReader.readLine` does: `\n`, `\r\n` and `\r`
/// end a line, and a final terminator does not add an empty line.
pub fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                i += 1;
                start = i;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                i += if bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_line_reader() {
        assert_eq!(split_lines("a\nb\r\nc\rd\n"), vec!["a", "b", "c", "d"]);
        assert_eq!(split_lines(""), Vec::<&str>::new());
        assert_eq!(split_lines("\n\nx"), vec!["", "", "x"]);
    }
}
