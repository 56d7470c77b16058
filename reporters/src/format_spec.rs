//! Parsing `--format NAME[:PATH]` values the way cucumber-js reads them.

/// The formatters this build provides.
pub const KNOWN_FORMATS: &[&str] = &[
    "message",
    "pretty",
    "progress",
    "progress-bar",
    "summary",
    "junit",
    "json",
    "rerun",
    "usage",
    "snippets",
    "github",
    "html",
];

/// One `--format` value: a formatter name and where it writes (stdout when no path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatSpec {
    pub name: String,
    pub path: Option<String>,
}

impl FormatSpec {
    /// Parses `name`, `name:path` or `"name":"path"`. A Windows drive letter (`C:\…`) in the path
    /// is kept whole.
    pub fn parse(value: &str) -> Result<FormatSpec, String> {
        let value = value.trim();
        if value.is_empty() {
            return Err("empty --format value\n  hint: write --format message or --format message:report.ndjson".into());
        }
        let unquote = |s: &str| s.trim().trim_matches('"').to_string();
        let (name, path) = match value.split_once(':') {
            Some((name, path)) if !path.is_empty() => (unquote(name), Some(unquote(path))),
            Some((name, _)) => (unquote(name), None),
            None => (unquote(value), None),
        };
        if name.is_empty() {
            return Err(format!("--format '{value}' names no formatter\n  hint: write NAME or NAME:PATH"));
        }
        // The npm packages cucumber-js suites name for these outputs are ours built in.
        let name = match name.as_str() {
            "@cucumber/pretty-formatter" => "pretty".to_string(),
            "@cucumber/junit-xml-formatter" => "junit".to_string(),
            _ => name,
        };
        Ok(FormatSpec { name, path })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pretty_formatter_package_is_the_built_in_pretty() {
        assert_eq!(
            FormatSpec::parse("@cucumber/pretty-formatter").unwrap(),
            FormatSpec { name: "pretty".into(), path: None }
        );
    }

    #[test]
    fn reads_name_and_path() {
        assert_eq!(FormatSpec::parse("message").unwrap(), FormatSpec { name: "message".into(), path: None });
        assert_eq!(
            FormatSpec::parse("message:out/run.ndjson").unwrap(),
            FormatSpec { name: "message".into(), path: Some("out/run.ndjson".into()) }
        );
        assert_eq!(
            FormatSpec::parse("\"junit\":\"C:\\r.xml\"").unwrap(),
            FormatSpec { name: "junit".into(), path: Some("C:\\r.xml".into()) }
        );
        assert!(FormatSpec::parse(":x").is_err());
    }
}
