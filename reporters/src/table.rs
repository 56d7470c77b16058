//! A box-drawn text table in the style of the `cli-table3` package cucumber-js uses for its
//! usage report: a header row, a rule between every row, multi-line cells.

use crate::line::width;

/// Renders rows of cells (each cell may hold several lines) under a header.
pub fn render(header: &[&str], rows: &[Vec<String>]) -> String {
    let columns = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            for l in cell.split('\n') {
                widths[i] = widths[i].max(width(l));
            }
        }
    }
    let rule = |left: &str, mid: &str, right: &str| {
        let parts: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
        format!("{left}{}{right}\n", parts.join(mid))
    };
    let mut out = rule("┌", "┬", "┐");
    let header_row: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    out.push_str(&row_text(&header_row, &widths));
    for row in rows {
        out.push_str(&rule("├", "┼", "┤"));
        out.push_str(&row_text(row, &widths));
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

fn row_text(row: &[String], widths: &[usize]) -> String {
    let cells: Vec<Vec<&str>> =
        widths.iter().enumerate().map(|(i, _)| row.get(i).map_or(vec![""], |c| c.split('\n').collect())).collect();
    let height = cells.iter().map(Vec::len).max().unwrap_or(1);
    let mut out = String::new();
    for line in 0..height {
        out.push('│');
        for (cell, w) in cells.iter().zip(widths) {
            let text = cell.get(line).copied().unwrap_or("");
            out.push(' ');
            out.push_str(text);
            out.push_str(&" ".repeat(w - width(text).min(*w)));
            out.push_str(" │");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn draws_boxes() {
        let text = super::render(&["A", "B"], &[vec!["x\ny".into(), "long".into()]]);
        assert_eq!(text, "┌───┬──────┐\n│ A │ B    │\n├───┼──────┤\n│ x │ long │\n│ y │      │\n└───┴──────┘\n");
    }
}
