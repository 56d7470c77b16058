//! With bundlers kept (the MCP server and watch mode), a rebuild after a save parses only the
//! modules whose files changed, and the new bundle has the change.

use ferridriver_js_world::bundle;
use std::path::PathBuf;

#[tokio::test]
async fn a_rebuild_parses_only_the_changed_module() {
    let root = std::env::temp_dir().join(format!("ferridriver-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("steps")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(root.join(name), text).unwrap();
    write("steps/helper.ts", "export const greet = (n: string): string => 'hi ' + n;\n");
    write("steps/a.ts", "import { greet } from './helper';\ndefineTool({ name: 'a.greet', handler: async ({ args }: any) => greet(args.n) });\n");
    write("steps/b.ts", "Given('b', async function () { await Promise.resolve(); });\n");
    write("steps/c.ts", "Given('c', () => {});\n");
    let files: Vec<PathBuf> = ["a", "b", "c"].iter().map(|f| root.join(format!("steps/{f}.ts"))).collect();

    let (first, errors) = bundle(&root, &files, true).await;
    assert!(errors.is_empty(), "{errors:?}");
    let first = first.expect("a bundle");
    assert_eq!(first.rebuilt, 4, "the first build parses every module");

    write("steps/c.ts", "Given('c changed', () => {});\n");
    let (second, _) = bundle(&root, &files, true).await;
    let second = second.expect("a bundle");
    assert_eq!(second.rebuilt, 1, "only c.ts is parsed again");
    assert!(second.code.contains("c changed") && second.code.contains("hi "), "{}", second.code);

    write("steps/helper.ts", "export const greet = (n: string): string => 'hello ' + n;\n");
    let (third, _) = bundle(&root, &files, true).await;
    let third = third.expect("a bundle");
    assert_eq!(third.rebuilt, 1, "an imported helper alone");
    assert!(third.code.contains("hello ") && !third.code.contains("'hi '") && third.code.contains("c changed"));
    assert!(third.code.contains("_asyncToGenerator"), "a bundle with tools stays lowered");

    let (fourth, _) = bundle(&root, &files, true).await;
    assert_eq!(fourth.expect("a bundle").rebuilt, 0, "nothing changed");
    let _ = std::fs::remove_dir_all(&root);
}
