//! Pieces of console output shared by the pretty and summary reporters: step text with its
//! arguments highlighted, data tables, doc strings, ambiguous matches, errors and attachments.

use crate::line::{split_lines, width, Line};
use crate::query::{format_source_reference, AttachmentNote};
use crate::theme::Element;
use ferridriver_messages::{
    Exception, PickleDocString, PickleTable, StepDefinition, TestStep, TestStepResult, TestStepResultStatus as Status,
};

/// Appends a step's text, with each matched argument in the argument style.
pub fn step_text(line: &mut Line<'_>, text: &str, test_step: Option<&TestStep>) {
    let mut current = 0usize; // a byte offset into `text`
    let lists = test_step.and_then(|s| s.step_match_arguments_lists.as_deref()).unwrap_or(&[]);
    // Arguments are only highlighted when exactly one definition matched.
    if let [list] = lists {
        for argument in &list.step_match_arguments {
            let (Some(value), Some(start)) = (&argument.group.value, argument.group.start) else { continue };
            let Some(at) = locate(text, current, start as usize, value) else { continue };
            line.styled(Element::StepText, &text[current..at]).styled(Element::StepArgument, value);
            current = at + value.len();
        }
    }
    if current < text.len() {
        line.styled(Element::StepText, &text[current..]);
    }
}

/// Finds where an argument value starts in `text`, at or after byte `from`. `start` comes from
/// the producer: a UTF-16 offset (the reference implementations), or a char or byte offset; the
/// first reading where the value actually appears wins, then a plain search.
fn locate(text: &str, from: usize, start: usize, value: &str) -> Option<usize> {
    let utf16 = byte_at_utf16(text, start);
    let chars =
        text.char_indices().nth(start).map(|(i, _)| i).or((start == text.chars().count()).then_some(text.len()));
    for candidate in [utf16, chars, Some(start)].into_iter().flatten() {
        if candidate >= from && text.get(candidate..).is_some_and(|rest| rest.starts_with(value)) {
            return Some(candidate);
        }
    }
    text.get(from..).and_then(|rest| rest.find(value)).map(|i| from + i)
}

fn byte_at_utf16(text: &str, units: usize) -> Option<usize> {
    let mut count = 0;
    for (i, c) in text.char_indices() {
        if count == units {
            return Some(i);
        }
        count += c.len_utf16();
    }
    (count == units).then_some(text.len())
}

/// Writes a data table, one line per row, columns padded to the widest cell.
pub fn data_table(line: &mut Line<'_>, table: &PickleTable, indent: usize) {
    let columns = table.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in &table.rows {
        for (i, cell) in row.cells.iter().enumerate() {
            widths[i] = widths[i].max(width(&cell.value));
        }
    }
    for row in &table.rows {
        line.pad_to(indent).begin(Element::DataTable).styled(Element::DataTableBorder, "|");
        for (i, w) in widths.iter().enumerate() {
            let value = row.cells.get(i).map_or("", |c| c.value.as_str());
            let padding = " ".repeat(w.saturating_sub(width(value)));
            line.styled(Element::DataTableContent, &format!(" {value}{padding} "))
                .styled(Element::DataTableBorder, "|");
        }
        line.end(Element::DataTable).newline();
    }
}

/// Writes a doc string between `"""` delimiters.
pub fn doc_string(line: &mut Line<'_>, doc: &PickleDocString, indent: usize) {
    const DELIMITER: &str = "\"\"\"";
    line.pad_to(indent).begin(Element::DocString).styled(Element::DocStringDelimiter, DELIMITER);
    if let Some(media_type) = &doc.media_type {
        line.styled(Element::DocStringMediaType, media_type);
    }
    line.end(Element::DocString).newline();
    // Split on \n and drop trailing empty lines, as the reference implementation does.
    let mut lines: Vec<&str> = doc.content.split('\n').collect();
    if lines.len() > 1 {
        while lines.last() == Some(&"") {
            lines.pop();
        }
    }
    for text in lines {
        line.pad_to(indent).begin(Element::DocString).styled(Element::DocStringContent, text);
        line.end(Element::DocString).newline();
    }
    line.pad_to(indent).begin(Element::DocString).styled(Element::DocStringDelimiter, DELIMITER);
    line.end(Element::DocString).newline();
}

/// Lists the definitions an ambiguous step matched.
pub fn ambiguous(line: &mut Line<'_>, definitions: &[&StepDefinition], indent: usize) {
    let bullet = line.theme().bullet();
    line.pad_to(indent).push("Multiple matching step definitions found:").newline();
    for definition in definitions {
        line.pad_to(indent).push("  ").push(bullet).push(" ").push(&definition.pattern.source);
        if let Some(location) = format_source_reference(&definition.source_reference) {
            line.push(" ").styled(Element::Location, &format!("# {location}"));
        }
        line.newline();
    }
}

/// The text to show for a step or hook result: the stack trace of a failure (else its message),
/// the message of a pending or skipped step, the result's own message otherwise.
pub fn error_text(result: &TestStepResult) -> Option<&str> {
    let from_exception = result.exception.as_ref().and_then(|e| exception_text(e, result.status));
    from_exception.or(result.message.as_deref())
}

/// The part of an exception worth showing for a status.
pub fn exception_text(exception: &Exception, status: Status) -> Option<&str> {
    match status {
        Status::Failed => exception.stack_trace.as_deref().or(exception.message.as_deref()),
        Status::Pending | Status::Skipped => exception.message.as_deref(),
        _ => None,
    }
}

/// Writes an error text, each line indented and coloured by status.
pub fn error_lines(line: &mut Line<'_>, text: &str, status: Status, indent: usize) {
    for l in split_lines(text) {
        line.pad_to(indent).styled_status(Element::Step, status, l).newline();
    }
}

/// Writes an attachment: its text lines, or a one-line note for binary content.
pub fn attachment(line: &mut Line<'_>, note: &AttachmentNote, indent: usize) {
    if let Some(url) = &note.url {
        let text = match note.media_type.as_str() {
            "application/zip" => format!("Trace: {url}  (open it: npx playwright show-trace {url})"),
            "video/webm" => format!("Video: {url}"),
            media_type => format!("Attached {media_type}: {url}"),
        };
        line.pad_to(indent).styled(Element::Attachment, &text).newline();
        return;
    }
    match &note.text {
        Some(text) => {
            for l in split_lines(text) {
                line.pad_to(indent).styled(Element::Attachment, l).newline();
            }
        }
        None => {
            let summary = match &note.file_name {
                Some(name) => format!("Embedding {name} [{} {} bytes]", note.media_type, note.base64_bytes),
                None => format!("Embedding [{} {} bytes]", note.media_type, note.base64_bytes),
            };
            line.pad_to(indent).styled(Element::Attachment, &summary).newline();
        }
    }
}
