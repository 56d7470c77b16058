//! Console themes: which ANSI styles and status symbols the pretty, progress and summary
//! reporters use. The themes reproduce cucumber/pretty-formatter's `cucumber`, `plain` and `none`
//! themes (and its test-only `demo` theme), so our output matches its expectations byte for byte.

use ferridriver_messages::TestStepResultStatus as Status;

/// The parts of a console line that a theme can style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    Attachment,
    DataTable,
    DataTableBorder,
    DataTableContent,
    DocString,
    DocStringContent,
    DocStringDelimiter,
    DocStringMediaType,
    Feature,
    FeatureKeyword,
    FeatureName,
    Location,
    ProgressIcon,
    Rule,
    RuleKeyword,
    RuleName,
    Scenario,
    ScenarioKeyword,
    ScenarioName,
    StatusIcon,
    Step,
    StepArgument,
    StepKeyword,
    StepText,
    Tag,
}

/// A pair of escape sequences wrapped around styled text.
type Style = (&'static str, &'static str);

const BOLD: Style = ("\x1b[1m", "\x1b[22m");
const FAINT: Style = ("\x1b[2m", "\x1b[22m");
const ITALIC: Style = ("\x1b[3m", "\x1b[23m");
const GREY: Style = ("\x1b[90m", "\x1b[39m");
const RED: Style = ("\x1b[31m", "\x1b[39m");
const GREEN: Style = ("\x1b[32m", "\x1b[39m");
const YELLOW: Style = ("\x1b[33m", "\x1b[39m");
const BLUE: Style = ("\x1b[34m", "\x1b[39m");
const MAGENTA: Style = ("\x1b[35m", "\x1b[39m");
const CYAN: Style = ("\x1b[36m", "\x1b[39m");
const BLUE_BACKGROUND: Style = ("\x1b[44m", "\x1b[49m");
const YELLOW_BOLD: Style = ("\x1b[33m\x1b[1m", "\x1b[22m\x1b[39m");

/// Which named theme a reporter uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Palette {
    Cucumber,
    Demo,
    Plain,
    None,
}

/// Styles, status icons and bullet of one console theme, with colour switched on or off.
#[derive(Debug, Clone)]
pub struct Theme {
    palette: Palette,
    colour: bool,
}

impl Theme {
    /// The theme called `name` (`cucumber`, `plain`, `none` or `demo`). `colour` false drops every
    /// escape sequence but keeps the theme's symbols.
    pub fn named(name: &str, colour: bool) -> Result<Theme, String> {
        let palette = match name {
            "cucumber" | "default" => Palette::Cucumber,
            "demo" => Palette::Demo,
            "plain" => Palette::Plain,
            "none" => Palette::None,
            other => {
                return Err(format!("unknown theme '{other}'\n  hint: use one of: cucumber, plain, none, demo"));
            }
        };
        Ok(Theme { palette, colour })
    }

    fn has_symbols(&self) -> bool {
        matches!(self.palette, Palette::Cucumber | Palette::Plain)
    }

    /// Whether the theme has status icons (the pretty reporter then reserves room for them).
    pub fn has_status_icons(&self) -> bool {
        self.has_symbols()
    }

    /// The style of an element that does not depend on a status.
    fn style_of(&self, element: Element) -> Option<Style> {
        if !self.colour {
            return None;
        }
        use Element::*;
        match self.palette {
            Palette::Cucumber => match element {
                Attachment => Some(BLUE),
                FeatureKeyword | RuleKeyword | ScenarioKeyword | StepArgument | StepKeyword => Some(BOLD),
                Location => Some(GREY),
                _ => None,
            },
            Palette::Demo => match element {
                Attachment => Some(BLUE),
                DataTable | DocString | Location => Some(GREY),
                DataTableBorder | DocStringDelimiter => Some(FAINT),
                DataTableContent | DocStringContent | FeatureName | RuleName | ScenarioName | StepText => Some(ITALIC),
                DocStringMediaType | FeatureKeyword | RuleKeyword | ScenarioKeyword | StepArgument | StepKeyword => {
                    Some(BOLD)
                }
                Feature | Rule | Scenario => Some(BLUE_BACKGROUND),
                Tag => Some(YELLOW_BOLD),
                _ => None,
            },
            Palette::Plain | Palette::None => None,
        }
    }

    /// The style of an element coloured by a status (steps, icons).
    fn status_style_of(&self, element: Element, status: Status) -> Option<Style> {
        if !self.colour {
            return None;
        }
        let coloured = match self.palette {
            Palette::Cucumber => matches!(element, Element::Step | Element::StatusIcon | Element::ProgressIcon),
            Palette::Demo => element == Element::Step,
            Palette::Plain | Palette::None => false,
        };
        if !coloured {
            return None;
        }
        match status {
            Status::Passed => Some(GREEN),
            Status::Skipped => Some(YELLOW),
            Status::Pending => Some(CYAN),
            Status::Undefined => Some(BLUE),
            Status::Ambiguous => Some(MAGENTA),
            Status::Failed => Some(RED),
            Status::Unknown => None,
        }
    }

    /// `text` wrapped in the element's style.
    pub fn style(&self, element: Element, text: &str) -> String {
        wrap(self.style_of(element), text)
    }

    /// `text` wrapped in the element's style for `status`.
    pub fn style_status(&self, element: Element, status: Status, text: &str) -> String {
        wrap(self.status_style_of(element, status), text)
    }

    /// The opening sequence of the element's style (empty when unstyled).
    pub fn begin(&self, element: Element) -> &'static str {
        self.style_of(element).map_or("", |s| s.0)
    }

    /// The closing sequence of the element's style (empty when unstyled).
    pub fn end(&self, element: Element) -> &'static str {
        self.style_of(element).map_or("", |s| s.1)
    }

    /// The opening sequence of the element's style for `status`.
    pub fn begin_status(&self, element: Element, status: Status) -> &'static str {
        self.status_style_of(element, status).map_or("", |s| s.0)
    }

    /// The closing sequence of the element's style for `status`.
    pub fn end_status(&self, element: Element, status: Status) -> &'static str {
        self.status_style_of(element, status).map_or("", |s| s.1)
    }

    /// The one-column icon in front of a step (a space when the theme has none).
    pub fn status_icon(&self, status: Status) -> &'static str {
        if !self.has_symbols() {
            return " ";
        }
        match status {
            Status::Passed => "✔",
            Status::Skipped => "↷",
            Status::Pending | Status::Undefined => "■",
            Status::Ambiguous | Status::Failed => "✘",
            Status::Unknown => " ",
        }
    }

    /// The one-character progress mark of a status. Themes without symbols still print marks:
    /// a progress line of blanks would be useless.
    pub fn progress_icon(&self, status: Status) -> &'static str {
        match status {
            Status::Passed => ".",
            Status::Skipped => "-",
            Status::Pending => "P",
            Status::Undefined => "U",
            Status::Ambiguous => "A",
            Status::Failed => "F",
            Status::Unknown => " ",
        }
    }

    /// The bullet in front of each candidate of an ambiguous step.
    pub fn bullet(&self) -> &'static str {
        match self.palette {
            Palette::Cucumber | Palette::Demo => "•",
            Palette::Plain => "-",
            Palette::None => " ",
        }
    }
}

fn wrap(style: Option<Style>, text: &str) -> String {
    match style {
        Some((open, close)) => format!("{open}{text}{close}"),
        None => text.to_string(),
    }
}

/// A status's name with a capital first letter ("Failed").
pub fn status_title(status: Status) -> &'static str {
    match status {
        Status::Unknown => "Unknown",
        Status::Passed => "Passed",
        Status::Skipped => "Skipped",
        Status::Pending => "Pending",
        Status::Undefined => "Undefined",
        Status::Ambiguous => "Ambiguous",
        Status::Failed => "Failed",
    }
}

/// A status's name in lower case ("failed").
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Unknown => "unknown",
        Status::Passed => "passed",
        Status::Skipped => "skipped",
        Status::Pending => "pending",
        Status::Undefined => "undefined",
        Status::Ambiguous => "ambiguous",
        Status::Failed => "failed",
    }
}

/// Every status, least severe first (the order counts and sections are listed in).
pub const ALL_STATUSES: [Status; 7] = [
    Status::Unknown,
    Status::Passed,
    Status::Skipped,
    Status::Pending,
    Status::Undefined,
    Status::Ambiguous,
    Status::Failed,
];
