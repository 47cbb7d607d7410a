//! Every `test/Dialect/*/ops.mlir` input prints in a form that parses back to the same text,
//! in both the custom and the generic form (the property the lit round-trip tests check with
//! FileCheck).

mod common;

use std::path::PathBuf;

use common::{context, parse, print, print_generic};

fn ops_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test/Dialect");
    let mut files: Vec<PathBuf> = ["Builtin", "Func", "Arith", "Math", "SCF", "MemRef"]
        .iter()
        .map(|d| root.join(d).join("ops.mlir"))
        .filter(|p| p.exists())
        .collect();
    files.sort();
    files
}

#[test]
fn ops_files_round_trip() {
    let files = ops_files();
    assert!(!files.is_empty(), "no ops.mlir files found");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut ctx = context();
        let m = parse(&mut ctx, &text);
        let first = print(&ctx, m);
        let generic = print_generic(&ctx, m);

        let mut ctx2 = context();
        let m2 = parse(&mut ctx2, &first);
        assert_eq!(
            print(&ctx2, m2),
            first,
            "custom form of {} does not round-trip",
            f.display()
        );

        let mut ctx3 = context();
        let m3 = parse(&mut ctx3, &generic);
        assert_eq!(
            print(&ctx3, m3),
            first,
            "generic form of {} does not round-trip",
            f.display()
        );
    }
}
