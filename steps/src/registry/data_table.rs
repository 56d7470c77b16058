//! The DataTable argument of a step, with the cucumber-js accessors.

use std::collections::HashMap;

/// A step's data table: rows of cells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataTable {
    rows: Vec<Vec<String>>,
}

impl DataTable {
    /// A table from its rows.
    pub fn new(rows: Vec<Vec<String>>) -> Self {
        DataTable { rows }
    }

    /// All rows, header included.
    pub fn raw(&self) -> &[Vec<String>] {
        &self.rows
    }

    /// All rows but the first.
    pub fn rows(&self) -> &[Vec<String>] {
        self.rows.get(1..).unwrap_or(&[])
    }

    /// One map per row after the first, keyed by the first row.
    pub fn hashes(&self) -> Vec<HashMap<String, String>> {
        let Some(header) = self.rows.first() else { return Vec::new() };
        self.rows().iter().map(|r| header.iter().cloned().zip(r.iter().cloned()).collect()).collect()
    }

    /// A two-column table as a map from the first column to the second.
    pub fn rows_hash(&self) -> Result<HashMap<String, String>, String> {
        self.rows
            .iter()
            .map(|r| match r.as_slice() {
                [k, v] => Ok((k.clone(), v.clone())),
                _ => Err(format!("rows_hash needs exactly 2 columns, a row has {}", r.len())),
            })
            .collect()
    }

    /// Rows become columns.
    pub fn transpose(&self) -> DataTable {
        let width = self.rows.first().map_or(0, Vec::len);
        DataTable { rows: (0..width).map(|c| self.rows.iter().filter_map(|r| r.get(c).cloned()).collect()).collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> DataTable {
        DataTable::new(vec![vec!["a".into(), "b".into()], vec!["1".into(), "2".into()]])
    }

    #[test]
    fn accessors() {
        let t = table();
        assert_eq!(t.rows(), &[vec!["1".to_string(), "2".to_string()]]);
        assert_eq!(t.hashes()[0]["b"], "2");
        assert_eq!(t.rows_hash().unwrap()["a"], "b");
        assert_eq!(t.transpose().raw()[1], vec!["b".to_string(), "2".to_string()]);
    }
}
