//! The three profiles and the capabilities they decide.

use std::fmt;

/// How much extension tools may use of what they declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// No commands, no environment, network only to declared hosts.
    Safe,
    /// Declared hosts and env names; commands for the project's own tools only (the default).
    #[default]
    Standard,
    /// Everything declared, for every tool.
    Permissive,
}

impl Profile {
    /// Parses a profile name; an unknown one is `safe` (fail closed) with the warning to print.
    pub fn parse(name: &str) -> (Profile, Option<String>) {
        match name.trim().to_ascii_lowercase().as_str() {
            "safe" => (Profile::Safe, None),
            "standard" => (Profile::Standard, None),
            "permissive" => (Profile::Permissive, None),
            _ => (
                Profile::Safe,
                Some(format!("unknown extension policy `{name}`: using `safe` (known: safe, standard, permissive)")),
            ),
        }
    }

    /// The profile's name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Safe => "safe",
            Profile::Standard => "standard",
            Profile::Permissive => "permissive",
        }
    }

    /// Whether the profile grants `capability` to a tool of a plugin (`plugin`) or of the
    /// project (`!plugin`), before overrides.
    pub(crate) fn grants(self, capability: Capability, plugin: bool) -> bool {
        match (self, capability) {
            (Profile::Permissive, _) => true,
            (Profile::Safe, Capability::Net) => true,
            (Profile::Safe, _) => false,
            (Profile::Standard, Capability::Commands) => !plugin,
            (Profile::Standard, _) => true,
        }
    }
}

/// Something a tool declares and a profile grants or denies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    /// HTTP from the handler (`fetch`, `request`), to the hosts of `allow.net`.
    Net,
    /// Environment variables (a command's `env` pass-through).
    Env,
    /// The commands of `allow.commands`.
    Commands,
}

impl Capability {
    /// Every capability, in the order messages list them.
    pub const ALL: [Capability; 3] = [Capability::Net, Capability::Env, Capability::Commands];

    /// Parses a capability name as the config writes it.
    pub fn parse(name: &str) -> Option<Capability> {
        Capability::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The name the config and the audit log use.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Net => "net",
            Capability::Env => "env",
            Capability::Commands => "commands",
        }
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
