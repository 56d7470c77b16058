//! The files a `require` of a computed name can load, when the code names the folder it looks
//! in (`require(path.join(__dirname, 'lib', name))`: istanbul-reports' reporters, moment's
//! locales, a suite's page objects). Code is bundled before it runs, so each file of that
//! folder — and each subfolder with an entry — is bundled too, behind a table the run-time
//! loader (js/node_require.js) looks names up in: a file loads only when required, and is the
//! same module a literal `require` of it gives (the bundler keeps one copy per path).

use std::path::{Path, PathBuf};

/// A folder with more candidates than this is not taken (the bundle would carry all of them).
const MAX_CANDIDATES: usize = 300;

/// Extensions of the files a computed name may load (`.ts` as a TypeScript runner resolves).
const LOADABLE: &[&str] = &["js", "cjs", "mjs", "json", "ts", "cts", "mts"];

/// Extensions Node (or a TypeScript runner) adds to a name that has none.
const IMPLIED: &[&str] = &["js", "json", "ts", "cjs"];

/// The table for the folder `relative` of `importer`'s own folder, as JavaScript: each name
/// Node would resolve to a file (`lib/text`, `lib/text/index`, `lib/text/index.js`) as an
/// absolute path, with the file and (`loaders`) a function that `require`s it — a
/// `require.resolve` needs only the file, and its folder's files are not bundled for it.
/// `None` when the folder does not exist or holds too many files.
pub(crate) fn context_table(importer: &str, relative: &str, loaders: bool) -> Option<String> {
    let importer_dir = Path::new(importer).parent()?;
    let folder = normalize(&importer_dir.join(relative));
    // Only inside the importer's own package (or project): a folder named `node_modules`, or one
    // above the package, would bundle every package installed there.
    let package = importer_dir.ancestors().find(|a| a.join("package.json").is_file()).unwrap_or(importer_dir);
    if !folder.starts_with(package) || folder.file_name().is_some_and(|n| n == "node_modules") {
        return None;
    }
    let mut entries: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut listing: Vec<PathBuf> = std::fs::read_dir(&folder)
        .ok()?
        .filter_map(|e| Some(e.ok()?.path()))
        // A name that is not UTF-8 cannot be written as a `require` of it.
        .filter(|p| p.to_str().is_some())
        .collect();
    listing.sort();
    let mut files = 0;
    for path in listing {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "node_modules") {
                continue;
            }
            if let Some(entry) = folder_entry(&path) {
                entries.push((path.clone(), entry.clone()));
                entries.extend(file_names(&entry));
                files += 1;
            }
        } else if loadable(&path) {
            entries.extend(file_names(&path));
            files += 1;
        }
        if files > MAX_CANDIDATES {
            return None;
        }
    }
    let quote = |p: &Path| serde_json::Value::String(p.to_string_lossy().into_owned()).to_string();
    let rows: Vec<String> = entries
        .iter()
        .map(|(name, file)| match loaders {
            true => format!("{}: [{}, () => require({})]", quote(name), quote(file), quote(file)),
            false => format!("{}: [{}]", quote(name), quote(file)),
        })
        .collect();
    Some(format!("{{ {} }}", rows.join(", ")))
}

/// The names by which a file is required: as it is, and without an extension Node adds.
fn file_names(file: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut names = vec![(file.to_path_buf(), file.to_path_buf())];
    if file.extension().and_then(|e| e.to_str()).is_some_and(|e| IMPLIED.contains(&e)) {
        names.push((file.with_extension(""), file.to_path_buf()));
    }
    names
}

/// A file a computed name may load: code or JSON, not type declarations or tests (a test file
/// beside the modules is not one of them, and may not even bundle).
fn loadable(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let stem = name.strip_suffix(&format!(".{ext}")).unwrap_or(name);
    LOADABLE.contains(&ext) && ![".d", ".test", ".spec"].iter().any(|s| stem.ends_with(s)) && path.to_str().is_some()
}

/// What `require(folder)` loads: its package.json's `main`, else its `index` file.
fn folder_entry(folder: &Path) -> Option<PathBuf> {
    let main = std::fs::read_to_string(folder.join("package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json["main"].as_str().map(|m| normalize(&folder.join(m))));
    let candidates = main
        .into_iter()
        .flat_map(|m| {
            let with: Vec<PathBuf> = IMPLIED.iter().map(|e| m.with_extension(e)).collect();
            std::iter::once(m.clone()).chain(with).chain(IMPLIED.iter().map(move |e| m.join(format!("index.{e}"))))
        })
        .chain(IMPLIED.iter().map(|e| folder.join(format!("index.{e}"))));
    candidates.into_iter().find(|c| c.is_file() && loadable(c))
}

/// `a/./b/../c` as `a/c`, without touching the disk (a symlinked folder keeps its name, as
/// the names the code computes do).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::context_table;

    #[test]
    fn a_folder_s_files_and_entries_are_listed_by_every_name_node_takes() {
        let root = std::env::temp_dir().join(format!("fd-require-context-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (file, text) in [
            ("pkg/index.js", ""),
            ("pkg/lib/text/index.js", ""),
            ("pkg/lib/main/package.json", r#"{"main":"./src/entry"}"#),
            ("pkg/lib/main/src/entry.js", ""),
            ("pkg/lib/plain.json", "{}"),
            ("pkg/lib/types.d.ts", ""),
            ("pkg/lib/empty/readme.md", ""),
            ("pkg/lib/style.css", ""),
            ("pkg/lib/x.test.js", ""),
            ("pkg/lib/x.spec.ts", ""),
            ("pkg/package.json", "{}"),
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let importer = root.join("pkg/index.js");
        let table = context_table(importer.to_str().unwrap(), "lib", true).unwrap();
        let lib = root.join("pkg/lib");
        let key = |p: &str| format!("{:?}: [", lib.join(p).to_string_lossy());
        for name in ["text", "text/index", "text/index.js", "main", "main/src/entry.js", "plain.json", "plain"] {
            assert!(table.contains(&key(name)), "{name} in {table}");
        }
        for absent in ["types.d.ts", "empty", "style.css"] {
            assert!(!table.contains(&key(absent)), "{absent} not in {table}");
        }
        assert!(table.contains(&format!("() => require({:?})", lib.join("main/src/entry.js").to_string_lossy())));
        assert_eq!(context_table(importer.to_str().unwrap(), "missing", true), None);
        assert_eq!(context_table(importer.to_str().unwrap(), "..", true), None, "above the package");
        assert!(!table.contains("x.test.js") && !table.contains("x.spec.ts"), "{table}");
        let paths_only = context_table(importer.to_str().unwrap(), "lib", false).unwrap();
        assert!(paths_only.contains(&key("text")) && !paths_only.contains("require("), "{paths_only}");
        let _ = std::fs::remove_dir_all(&root);
    }
}
