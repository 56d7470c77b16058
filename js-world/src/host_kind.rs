//! Which host a VM serves: `ferridriver.host` in JS.

/// The host a VM runs for; scripts read it as `ferridriver.host`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HostKind {
    /// `ferridriver bdd`: step definitions and hooks.
    #[default]
    Bdd,
    /// `ferridriver mcp`: `run_script`, extension tools and steps called by agents.
    Mcp,
    /// `ferridriver run`: one script from the command line.
    Script,
}

impl HostKind {
    /// The value of `ferridriver.host`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::Bdd => "bdd",
            HostKind::Mcp => "mcp",
            HostKind::Script => "script",
        }
    }

    /// The `ferridriver` command that runs this host (`bdd`, `mcp`, `run`), as the audit log
    /// names it.
    pub fn command(self) -> &'static str {
        match self {
            HostKind::Bdd => "bdd",
            HostKind::Mcp => "mcp",
            HostKind::Script => "run",
        }
    }
}
