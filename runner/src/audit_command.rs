//! `ferridriver audit`: the last entries of the audit log (ADR 0025), filtered by plugin and
//! decision, as a table or as the JSON lines themselves.

use crate::extension_policy::DEFAULT_AUDIT_LOG;
use ferridriver_js_world::policy::{AuditEntry, AuditLog};
use std::path::PathBuf;

/// `ferridriver audit` arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct AuditArgs {
    /// How many entries (the most recent ones that match).
    #[arg(short = 'n', long, default_value_t = 20)]
    pub count: usize,
    /// Only this plugin's entries (`project` for the project's own tools).
    #[arg(long)]
    pub plugin: Option<String>,
    /// Only `allow` or `deny` decisions.
    #[arg(long, value_parser = ["allow", "deny"])]
    pub decision: Option<String>,
    /// The log to read (default .ferridriver/audit.jsonl).
    #[arg(long, value_name = "PATH")]
    pub log: Option<PathBuf>,
    /// Print the entries as JSON lines.
    #[arg(long)]
    pub json: bool,
}

/// Prints the matching entries; returns the exit code.
pub fn run_audit(args: AuditArgs) -> i32 {
    let path = args.log.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_AUDIT_LOG));
    let entries = match AuditLog::tail(&path, usize::MAX) {
        Ok(entries) => entries,
        Err(e) => {
            eprintln!("error: cannot read the audit log {}: {e}", path.display());
            return 2;
        }
    };
    let matching: Vec<&AuditEntry> = entries.iter().filter(|e| matches(e, &args)).collect();
    let shown = &matching[matching.len().saturating_sub(args.count)..];
    if args.json {
        for entry in shown {
            println!("{}", serde_json::to_string(entry).unwrap_or_default());
        }
        return 0;
    }
    if shown.is_empty() {
        println!("no audit entries{} in {}", if entries.is_empty() { "" } else { " match" }, path.display());
        return 0;
    }
    for e in shown {
        let who = match (&e.plugin, &e.tool) {
            (Some(p), Some(t)) => format!("{p} {t}"),
            (None, Some(t)) => format!("project {t}"),
            _ => "(outside any tool)".to_string(),
        };
        let session = e.session.as_deref().map(|s| format!(" [{s}]")).unwrap_or_default();
        println!(
            "{} {:<5} {}{session} {} {}: {} {}",
            e.time, e.decision, e.host, who, e.capability, e.target, e.reason
        );
    }
    0
}

fn matches(entry: &AuditEntry, args: &AuditArgs) -> bool {
    let plugin_ok = match args.plugin.as_deref() {
        None => true,
        Some("project") => entry.plugin.is_none() && entry.tool.is_some(),
        Some(p) => entry.plugin.as_deref() == Some(p),
    };
    plugin_ok && args.decision.as_deref().is_none_or(|d| entry.decision == d)
}
