//! Which scenarios a change touches. A pickle's fingerprint combines what it is (its content
//! key) with what would run it: the text of each step definition it matches (or that it
//! matches none, or several) and everything in the step files that is not a step definition
//! (imports, helpers, hooks, parameter types), which may affect any scenario. After a save,
//! the pickles whose fingerprint is new are the ones to re-run.

use crate::filters::pickle_key;
use ferridriver_js_world::{file_shape, FileShape, JsProgram};
use ferridriver_messages::Pickle;
use ferridriver_steps::registry::{MatchTable, Registry, StepMatch};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::Path;

/// The step files cut into definitions and the rest.
#[derive(Debug, Default)]
pub struct Shapes {
    /// By the uri definitions report as their source (relative to the project root).
    files: HashMap<String, FileShape>,
    /// The rest of every step file, combined.
    rest: u64,
}

impl Shapes {
    /// Reads the program's step files. Fails with the files that do not parse.
    pub fn read(program: Option<&JsProgram>, root: &Path) -> Result<Shapes, Vec<String>> {
        let mut shapes = Shapes::default();
        let mut broken = Vec::new();
        let mut rest = std::collections::hash_map::DefaultHasher::new();
        for file in program.map(|p| p.files()).unwrap_or_default() {
            let uri = file.strip_prefix(root).unwrap_or(file).to_string_lossy().replace('\\', "/");
            match std::fs::read_to_string(file).ok().and_then(|text| file_shape(file, &text)) {
                Some(shape) => {
                    (&uri, shape.rest).hash(&mut rest);
                    shapes.files.insert(uri, shape);
                }
                None => broken.push(uri),
            }
        }
        shapes.rest = rest.finish();
        if broken.is_empty() {
            Ok(shapes)
        } else {
            Err(broken)
        }
    }
}

/// The fingerprint of `pickle` against these definitions.
pub fn fingerprint(pickle: &Pickle, registry: &Registry, table: &MatchTable, shapes: &Shapes) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (pickle_key(pickle), shapes.rest).hash(&mut h);
    let definition = |i: usize, h: &mut std::collections::hash_map::DefaultHasher| {
        let d = &registry.steps[i];
        let body = shapes.files.get(&d.source.uri).and_then(|f| f.definition_at(d.source.line));
        (&d.pattern, &d.source.uri, body.unwrap_or(d.source.line as u64)).hash(h);
    };
    for step in &pickle.steps {
        match table.find(&registry.steps, &step.text) {
            StepMatch::Undefined => "undefined".hash(&mut h),
            StepMatch::Matched(i, _) => definition(i, &mut h),
            StepMatch::Ambiguous(all) => {
                "ambiguous".hash(&mut h);
                for (i, _) in all {
                    definition(i, &mut h);
                }
            }
        }
    }
    h.finish()
}
