//! Lowering to `hpar`: the thesis programs lower to verified modules with the expected ops and
//! levels; errors are located.

const THESIS: &str = include_str!("data/thesis.fcl");
const ENTRIES: &str = include_str!("data/entries.fcl");

fn lower(entry: &str) -> Result<String, String> {
    let src = format!("{THESIS}\n{ENTRIES}");
    let mut ctx = tail_ir::Context::new();
    match tail_fcl::lower(&mut ctx, "t.fcl", &src, entry) {
        Ok(m) => Ok(ctx.print_op_to_string(m, tail_ir::printer::PrintOptions::default())),
        Err(d) => Err(ctx.render_diagnostic(&d)),
    }
}

fn count(s: &str, pat: &str) -> usize {
    s.matches(pat).count()
}

#[test]
fn reverse_is_one_grid_program_of_block_programs() {
    let m = lower("mainRev").unwrap();
    assert_eq!(count(&m, "hpar.program<grid>"), 1, "{m}");
    assert_eq!(count(&m, "hpar.concat<block>"), 1, "{m}");
    assert_eq!(count(&m, "hpar.push<block>"), 1, "{m}");
    assert_eq!(count(&m, "hpar.force<grid>"), 1, "{m}");
    assert!(
        m.contains("func.func @mainRev(%arg0: memref<?xi32>) -> memref<?xi32>"),
        "{m}"
    );
}

#[test]
fn transpose_forces_one_tile_to_shared_memory() {
    let m = lower("mainTranspose").unwrap();
    assert_eq!(count(&m, "hpar.force<block>"), 1, "{m}");
    assert_eq!(count(&m, "hpar.force<grid>"), 1, "{m}");
    assert_eq!(count(&m, "hpar.interleave<block>"), 1, "{m}");
}

#[test]
fn reductions_loop_at_block_and_grid() {
    let m = lower("mainReducePart").unwrap();
    assert_eq!(count(&m, "hpar.while<block>"), 1, "{m}");
    // the first step (zipWith of the two halves) reads global memory: the add during the load
    let pre = &m[..m.find("hpar.while<block>").unwrap()];
    assert_eq!(count(pre, "memref.load"), 2, "{m}");
    assert!(pre.contains("arith.addi"), "{m}");
    let m = lower("mainReduceFull").unwrap();
    assert_eq!(count(&m, "hpar.while<grid>"), 1, "{m}");
    assert!(m.contains("-> i32"), "{m}");
}

#[test]
fn matmul_scan_and_warps_lower() {
    let m = lower("mainMatmul").unwrap();
    assert!(
        m.contains("hpar.power<block>") && m.contains("hpar.seqfor"),
        "{m}"
    );
    assert_eq!(count(&m, "hpar.force<block>"), 3, "{m}");
    let m = lower("mainScan").unwrap();
    assert_eq!(count(&m, "hpar.force<grid>"), 3, "{m}");
    assert_eq!(count(&m, "hpar.power<block>"), 2, "{m}");
    let m = lower("mainWarps").unwrap();
    assert!(
        m.contains("hpar.concat<warp>") && m.contains("hpar.while<warp>"),
        "{m}"
    );
    let m = lower("mainRevBlock").unwrap();
    assert_eq!(count(&m, "hpar.concat<block>"), 1, "{m}");
}

#[test]
fn errors_are_located() {
    let e = lower("nosuch").unwrap_err();
    assert!(e.contains("no entry point `nosuch`"), "{e}");
    let e = lower("revBlock").unwrap_err();
    assert!(e.contains("polymorphic") && e.contains("t.fcl:"), "{e}");
    let src = "sig main : [int] -> Program<block> [int]<block>\nfun main a = return<block> (push<block> a)\n";
    let mut ctx = tail_ir::Context::new();
    let d = tail_fcl::lower(&mut ctx, "b.fcl", src, "main").unwrap_err();
    let r = ctx.render_diagnostic(&d);
    assert!(
        r.contains("b.fcl:2:5") && r.contains("Program<grid>"),
        "{r}"
    );
}
