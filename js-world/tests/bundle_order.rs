//! When the bundle of all files fails, each file is bundled alone (concurrently); the broken
//! ones are reported in file order and the rest is still bundled.

use ferridriver_js_world::bundle;
use std::path::PathBuf;

#[test]
fn broken_files_are_reported_in_file_order() {
    let dir = std::env::temp_dir().join(format!("fd-js-bundle-order-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = Vec::new();
    for i in 0..24 {
        let path = dir.join(format!("s{i:02}.ts"));
        // Every third file is broken, in two different ways.
        let text = match i % 6 {
            0 => format!("import {{ Given }} from '@cucumber/cucumber'\nGiven('step {i}', () => {{\n"),
            3 => format!("import x from 'missing-package-{i}'\nx()\n"),
            _ => format!("import {{ Given }} from '@cucumber/cucumber'\nGiven('step {i}', () => {{}})\n"),
        };
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (bundled, errors) = rt.block_on(bundle(&dir, &files, false));
    let broken: Vec<PathBuf> = errors.iter().map(|e| e.file.clone().expect("a file")).collect();
    let expected: Vec<PathBuf> = files.iter().enumerate().filter(|(i, _)| i % 3 == 0).map(|(_, f)| f.clone()).collect();
    assert_eq!(broken, expected);
    assert!(errors[1].message.contains("missing-package-3"), "{}", errors[1].message);
    let bundled = bundled.expect("the good files bundle");
    assert_eq!(bundled.files.len(), 16);
    assert!(bundled.code.contains("step 23"));
    let _ = std::fs::remove_dir_all(&dir);
}
