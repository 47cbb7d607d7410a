//! Parse → print (generic form) → parse → print must reach a fixed point.

use tail_ir::parser::{parse_attr_str, parse_source, parse_type_str};
use tail_ir::printer::PrintOptions;
use tail_ir::{AttrKind, Context, LocKind, TypeKind, ValueDef};

fn ctx() -> Context {
    let mut c = Context::new();
    c.allow_unregistered = true;
    c
}

fn parse(ctx: &mut Context, src: &str) -> tail_ir::OpId {
    match parse_source(ctx, "t.mlir", src) {
        Ok(m) => m,
        Err(d) => panic!(
            "parse failed:\n{}\ninput:\n{src}",
            ctx.render_diagnostic(&d)
        ),
    }
}

/// Round-trips `src` with the given options and returns the first printed form.
fn roundtrip_with(src: &str, opts: PrintOptions) -> String {
    let mut c1 = ctx();
    let m1 = parse(&mut c1, src);
    let p1 = c1.print_op_to_string(m1, opts);
    let mut c2 = ctx();
    let m2 = parse(&mut c2, &p1);
    let p2 = c2.print_op_to_string(m2, opts);
    assert_eq!(p1, p2, "not a fixed point; first print:\n{p1}");
    // And once more from the same context (uniquing must not change anything).
    let m3 = parse(&mut c2, &p2);
    assert_eq!(c2.print_op_to_string(m3, opts), p2);
    p1
}

fn roundtrip(src: &str) -> String {
    roundtrip_with(
        src,
        PrintOptions {
            generic: true,
            debug_info: false,
        },
    )
}

#[test]
fn implicit_module_and_simple_ops() {
    let out = roundtrip(
        r#"
        %0 = "test.op"() : () -> i32
        %1 = "test.op"(%0, %0) : (i32, i32) -> f32
        "test.sink"(%1) : (f32) -> ()
        "#,
    );
    assert!(out.starts_with("\"builtin.module\"() ({"), "{out}");
    assert!(
        out.contains("%1 = \"test.op\"(%0, %0) : (i32, i32) -> f32"),
        "{out}"
    );
}

#[test]
fn explicit_module_is_returned_itself() {
    let mut c = ctx();
    let m = parse(
        &mut c,
        r#""builtin.module"() ({ "test.op"() : () -> () }) {sym_name = "m"} : () -> ()"#,
    );
    assert_eq!(c.op_name_str(m), "builtin.module");
    assert!(c.attr(m, "sym_name").is_some());
    assert!(c.op_parent_block(m).is_none());
}

#[test]
fn nested_regions_and_blocks() {
    let out = roundtrip(
        r#"
        "test.func"() ({
        ^bb0(%a: i32, %b: f32):
          %c = "test.cmp"(%a) : (i32) -> i1
          "test.cond_br"(%c, %a, %b)[^bb1, ^bb2] : (i1, i32, f32) -> ()
        ^bb1:
          "test.br"(%a)[^bb3] : (i32) -> ()
        ^bb2:
          %x = "test.op"() ({
            "test.inner"(%a, %b) : (i32, f32) -> ()
            "test.yield"() : () -> ()
          }, {
          }) : () -> i32
          "test.br"(%x)[^bb3] : (i32) -> ()
        ^bb3(%r: i32):
          "test.return"(%r) : (i32) -> ()
        }) {sym_name = "f"} : () -> ()
        "#,
    );
    assert!(out.contains("^bb3(%"), "{out}");
    assert!(out.contains("[^bb1, ^bb2]"), "{out}");
}

#[test]
fn successors_and_block_forward_refs_link_blocks() {
    let mut c = ctx();
    let m = parse(
        &mut c,
        r#"
        "test.f"() ({
          "test.br"()[^exit] : () -> ()
        ^exit:
          "test.ret"() : () -> ()
        }) : () -> ()
        "#,
    );
    let f = c.first_op(c.entry_block(c.region(m, 0)).unwrap()).unwrap();
    let r = c.region(f, 0);
    let blocks = c.region_blocks(r).to_vec();
    assert_eq!(blocks.len(), 2);
    let br = c.first_op(blocks[0]).unwrap();
    assert_eq!(c.successors(br), &[blocks[1]]);
}

#[test]
fn result_groups_and_numbered_uses() {
    let out = roundtrip(
        r#"
        %r:3 = "test.three"() : () -> (i32, f32, index)
        %a, %b:2 = "test.three"() : () -> (i1, i8, i16)
        "test.use"(%r#2, %r#0, %b#1, %a) : (index, i32, i16, i1) -> ()
        "#,
    );
    assert!(out.contains("%0:3 = \"test.three\"()"), "{out}");
    assert!(
        out.contains("\"test.use\"(%0#2, %0#0, %1#2, %1#0)"),
        "{out}"
    );
}

#[test]
fn forward_references_in_graph_like_regions() {
    let mut c = ctx();
    let m = parse(
        &mut c,
        r#"
        "test.graph"() ({
          %a = "test.add"(%b, %c) : (i32, i32) -> i32
          %b = "test.op"(%a) : (i32) -> i32
          %c = "test.op"() : () -> i32
        }) : () -> ()
        "#,
    );
    let g = c.first_op(c.entry_block(c.region(m, 0)).unwrap()).unwrap();
    let ops = c.block_op_vec(c.entry_block(c.region(g, 0)).unwrap());
    assert_eq!(c.operand(ops[0], 0), c.result(ops[1], 0));
    assert_eq!(c.operand(ops[0], 1), c.result(ops[2], 0));
    assert_eq!(c.operand(ops[1], 0), c.result(ops[0], 0));
    for o in &ops {
        for v in c.operand_vec(*o) {
            assert!(!matches!(c.value_def(v), ValueDef::Placeholder));
        }
    }
    roundtrip(
        r#"
        "test.graph"() ({
          %a = "test.add"(%b, %c) : (i32, i32) -> i32
          %b = "test.op"(%a) : (i32) -> i32
          %c = "test.op"() : () -> i32
        }) : () -> ()
        "#,
    );
}

#[test]
fn forward_reference_to_value_in_later_block() {
    roundtrip(
        r#"
        "test.f"() ({
          "test.br"()[^bb2] : () -> ()
        ^bb1:
          "test.use"(%v) : (i64) -> ()
          "test.ret"() : () -> ()
        ^bb2:
          %v = "test.def"() : () -> i64
          "test.br"()[^bb1] : () -> ()
        }) : () -> ()
        "#,
    );
}

#[test]
fn all_builtin_types() {
    let types = [
        "i1",
        "i32",
        "si8",
        "ui64",
        "i128",
        "index",
        "f16",
        "bf16",
        "f32",
        "f64",
        "none",
        "() -> ()",
        "(i32, f32) -> i1",
        "(i32) -> (i1, i8)",
        "() -> ((i32) -> i32)",
        "tuple<>",
        "tuple<i32, tuple<f32>>",
        "complex<f32>",
        "complex<i8>",
        "tensor<4x?xf32>",
        "tensor<f32>",
        "tensor<*xf32>",
        "tensor<0x4xi8>",
        "tensor<4xvector<2xf32>>",
        "tensor<2xcomplex<f64>>",
        "vector<4x8xf32>",
        "vector<f32>",
        "vector<3xindex>",
        "memref<4x?xf32>",
        "memref<4xf32, 3>",
        "memref<?xi8, \"shared\">",
        "memref<4xf32, strided<[1], offset: ?>>",
        "memref<4x4xf32, strided<[4, 1]>, 3>",
        "memref<4xf32, affine_map<(d0) -> (d0 + 1)>>",
        "memref<*xf32>",
        "memref<*xf32, 1>",
        "memref<2xmemref<4xf32>>",
        "!foo.bar",
        "!foo.bar<1, \"x>\", [2], (i32) -> i32>",
        "!foo<\"verbose\">",
        "tensor<2x!foo.elem<3>>",
    ];
    let mut src = String::new();
    for (i, t) in types.iter().enumerate() {
        src.push_str(&format!(
            "%v{i} = \"test.op\"() {{ty = {t}}} : () -> ({t})\n"
        ));
    }
    let out = roundtrip(&src);
    for t in types {
        assert!(out.contains(t), "missing type {t} in:\n{out}");
    }
}

#[test]
fn type_strings_parse_and_print_exactly() {
    let mut c = ctx();
    for t in [
        "i32",
        "tensor<4x?xf32>",
        "memref<4xf32, 3>",
        "(i32, f32) -> (i1, i1)",
        "!d.t<x>",
        "tuple<i1>",
    ] {
        let ty = parse_type_str(&mut c, t).unwrap_or_else(|d| panic!("{t}: {}", d.message));
        assert_eq!(c.type_to_string(ty), t);
    }
    let a = parse_type_str(&mut c, "tensor<4x8xf32>").unwrap();
    match c.type_kind(a) {
        TypeKind::RankedTensor { shape, .. } => assert_eq!(shape, &vec![4, 8]),
        k => panic!("{k:?}"),
    }
    // `0xf32` in a dimension list is `0`, `x`, `f32`.
    let z = parse_type_str(&mut c, "tensor<0xf32>").unwrap();
    assert_eq!(c.type_to_string(z), "tensor<0xf32>");
}

#[test]
fn all_builtin_attributes() {
    let attrs = [
        "unit",
        "true",
        "false",
        "42 : i64",
        "-7 : i32",
        "255 : ui8",
        "1 : index",
        "1.500000e+00 : f64",
        "1.000000e-01 : f32",
        "-2.000000e+00 : f16",
        "\"hello\"",
        "i32",
        "tensor<4xf32>",
        "(i32) -> i1",
        "[]",
        "[1 : i64, \"a\", [unit]]",
        "{}",
        "{a = 1 : i64, b, c = \"x\"}",
        "@sym",
        "@a::@b::@c",
        "@\"quoted name\"",
        "array<i64: 1, 2, 3>",
        "array<i32>",
        "array<f64: 1.000000e+00, -2.500000e+00>",
        "array<i1: true, false>",
        "array<i8: -1, 127>",
        "dense<1> : tensor<4xi32>",
        "dense<[1, 2, 3]> : tensor<3xi32>",
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>",
        "dense<[true, false]> : tensor<2xi1>",
        "dense<1.000000e+00> : tensor<2x3xf32>",
        "dense<[1.000000e+00, 2.500000e+00]> : vector<2xf64>",
        "dense<5> : tensor<i32>",
        "#foo.bar",
        "#foo.bar<\"x\", [1, 2]>",
        "#foo<\"verbose\">",
        "strided<[4, 1], offset: ?>",
        "affine_map<(d0, d1) -> (d1, d0)>",
    ];
    let mut src = String::from("\"test.op\"() {\n");
    for (i, a) in attrs.iter().enumerate() {
        src.push_str(&format!("  a{i:02} = {a},\n"));
    }
    src.push_str("  zz = 0 : i8} : () -> ()\n");
    let out = roundtrip(&src);
    for (i, a) in attrs.iter().enumerate() {
        let want = if *a == "unit" {
            format!("a{i:02}")
        } else {
            format!("a{i:02} = {a}")
        };
        assert!(out.contains(&want), "missing {want} in:\n{out}");
    }
}

#[test]
fn attribute_details() {
    let mut c = ctx();
    let a = parse_attr_str(&mut c, "7").unwrap();
    match c.attr_kind(a) {
        AttrKind::Integer { value: 7, ty } => assert_eq!(c.type_to_string(*ty), "i64"),
        k => panic!("{k:?}"),
    }
    let f = parse_attr_str(&mut c, "2.5").unwrap();
    assert_eq!(c.attr_to_string(f), "2.500000e+00 : f64");
    let t = parse_attr_str(&mut c, "true").unwrap();
    assert_eq!(t, c.bool_attr(true));
    let one = parse_attr_str(&mut c, "1 : i1").unwrap();
    assert_eq!(one, c.bool_attr(true));
    let d = parse_attr_str(&mut c, "dense<[3, 3, 3]> : tensor<3xi8>").unwrap();
    assert_eq!(c.attr_to_string(d), "dense<3> : tensor<3xi8>");
    let w = parse_attr_str(&mut c, "255 : i8").unwrap();
    assert_eq!(c.attr_as_int(w), Some(-1));
    let big = parse_attr_str(&mut c, "0xFFFFFFFFFFFFFFFF : i64").unwrap();
    assert_eq!(c.attr_as_int(big), Some(-1));
    let u = parse_attr_str(&mut c, "18446744073709551615 : ui64").unwrap();
    assert_eq!(c.attr_to_string(u), "18446744073709551615 : ui64");
    let dict = parse_attr_str(&mut c, "{b = 1, a}").unwrap();
    assert_eq!(c.attr_to_string(dict), "{a, b = 1 : i64}");
    let hexf = parse_attr_str(&mut c, "0x3FF0000000000000 : f64").unwrap();
    assert_eq!(c.attr_as_float(hexf), Some(1.0));
    let hexd = parse_attr_str(&mut c, "dense<\"0x0100000002000000\"> : tensor<2xi32>").unwrap();
    assert_eq!(c.attr_to_string(hexd), "dense<[1, 2]> : tensor<2xi32>");
    let empty = parse_attr_str(&mut c, "dense<> : tensor<0xi32>").unwrap();
    let printed = c.attr_to_string(empty);
    let again = parse_attr_str(&mut c, &printed).unwrap();
    assert_eq!(empty, again);
}

#[test]
fn float_printing_edge_cases() {
    let cases = [
        ("0.1", "f64"),
        ("0.1", "f32"),
        ("1e300", "f64"),
        ("1.0e300", "f64"),
        ("-0.0", "f64"),
        ("-0.0", "f32"),
        ("3.4028234663852886e38", "f32"),
        ("5e-324", "f64"),
        ("1.7976931348623157e308", "f64"),
        ("0x7FF0000000000000", "f64"),
        ("0xFFF0000000000000", "f64"),
        ("0x7FF8000000000000", "f64"),
        ("0x7F800000", "f32"),
        ("0x7FC00000", "f32"),
        ("0x7C00", "f16"),
        ("0x7E00", "f16"),
        ("0x7F80", "bf16"),
        ("0.1", "f16"),
        ("0.1", "bf16"),
        ("65504.0", "f16"),
        ("6.0e-8", "f16"),
        ("123456.789", "f64"),
    ];
    let mut src = String::from("\"test.op\"() {");
    for (i, (v, t)) in cases.iter().enumerate() {
        // `1e300` is not a float literal in MLIR; write it with a dot.
        let v = if v.contains('e') && !v.contains('.') {
            v.replace('e', ".0e")
        } else {
            v.to_string()
        };
        if i > 0 {
            src.push_str(", ");
        }
        src.push_str(&format!("f{i:02} = {v} : {t}"));
    }
    src.push_str("} : () -> ()");
    let out = roundtrip(&src);
    assert!(out.contains("f04 = -0.000000e+00 : f64"), "{out}");
    assert!(out.contains("f00 = 1.000000e-01 : f64"), "{out}");
    assert!(out.contains("f09 = 0x7FF0000000000000 : f64"), "{out}");
    assert!(out.contains("f12 = 0x7F800000 : f32"), "{out}");
    // Values are exact after the round trip.
    let mut c = ctx();
    let m = parse(&mut c, &out);
    let op = c.first_op(c.entry_block(c.region(m, 0)).unwrap()).unwrap();
    let get = |c: &Context, n: &str| c.attr_as_float(c.attr(op, n).unwrap()).unwrap();
    assert_eq!(get(&c, "f02"), 1e300);
    assert_eq!(
        get(&c, "f08").to_bits(),
        1.7976931348623157e308f64.to_bits()
    );
    assert!(get(&c, "f04").is_sign_negative());
    assert!(get(&c, "f11").is_nan());
    assert_eq!(get(&c, "f14"), f64::INFINITY);
    assert_eq!(get(&c, "f19"), 65504.0);
}

#[test]
fn strings_with_escapes() {
    let out = roundtrip(
        r#""test.op"() {s = "a\"b\\c\n\td\00\FF\E2\82\AC€", t = "", "quoted key" = 1 : i32} : () -> ()"#,
    );
    assert!(out.contains("\"quoted key\" = 1 : i32"), "{out}");
    let mut c = ctx();
    let a = parse_attr_str(&mut c, r#""a\"b\\c\n\t\41""#).unwrap();
    assert_eq!(c.attr_as_str(a), Some("a\"b\\c\n\tA"));
    let e = parse_attr_str(&mut c, r#""\E2\82\AC""#).unwrap();
    assert_eq!(c.attr_as_str(e), Some("€"));
}

#[test]
fn aliases() {
    let out = roundtrip(
        r#"
        !vec = vector<4xf32>
        !fn = (i32) -> i32
        #one = 1 : i32
        #map = affine_map<(d0) -> (d0)>
        #dict = {a = #one}
        %0 = "test.op"() {x = #one, y = #dict, t = !vec, m = memref<4xf32, #map>} : () -> !vec
        "test.call"() {f = !fn} : () -> ()
        "#,
    );
    assert!(out.contains("x = 1 : i32"), "{out}");
    assert!(out.contains("y = {a = 1 : i32}"), "{out}");
    assert!(out.contains("-> vector<4xf32>"), "{out}");
    assert!(
        out.contains("memref<4xf32, affine_map<(d0) -> (d0)>>"),
        "{out}"
    );
}

#[test]
fn locations_with_debug_info() {
    let opts = PrintOptions {
        generic: true,
        debug_info: true,
    };
    let out = roundtrip_with(
        r#"
        #loc_a = loc("alias.mlir":9:9)
        "test.a"() : () -> () loc(unknown)
        "test.b"() : () -> () loc("f.mlir":1:2)
        "test.c"() : () -> () loc("name")
        "test.d"() : () -> () loc("name"("g.mlir":3:4))
        "test.e"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
        "test.f"() : () -> () loc(fused["a":1:1, "b":2:2, unknown])
        "test.g"() : () -> () loc(#loc_a)
        "test.h"() : () -> () loc(#later)
        "test.i"() : () -> ()
        #later = loc("later.mlir":5:6)
        "#,
        opts,
    );
    assert!(
        out.contains("\"test.a\"() : () -> () loc(unknown)"),
        "{out}"
    );
    assert!(out.contains("loc(\"f.mlir\":1:2)"), "{out}");
    assert!(out.contains("loc(\"name\")"), "{out}");
    assert!(out.contains("loc(\"name\"(\"g.mlir\":3:4))"), "{out}");
    assert!(
        out.contains("loc(callsite(\"callee.mlir\":1:1 at \"caller.mlir\":2:2))"),
        "{out}"
    );
    assert!(
        out.contains("loc(fused[\"a\":1:1, \"b\":2:2, unknown])"),
        "{out}"
    );
    assert!(
        out.contains("\"test.g\"() : () -> () loc(\"alias.mlir\":9:9)"),
        "{out}"
    );
    assert!(
        out.contains("\"test.h\"() : () -> () loc(\"later.mlir\":5:6)"),
        "{out}"
    );
    // Ops without a trailing location get the position of their first token.
    assert!(
        out.contains("\"test.i\"() : () -> () loc(\"t.mlir\":11:9)"),
        "{out}"
    );
}

#[test]
fn op_locations_point_at_first_token() {
    let mut c = ctx();
    let m = parse(
        &mut c,
        "\n  %a, %b = \"test.op\"() : () -> (i1, i1)\n    \"test.x\"(%a) : (i1) -> ()",
    );
    let ops = c.block_op_vec(c.entry_block(c.region(m, 0)).unwrap());
    assert_eq!(c.file_line_col(c.op_loc(ops[0])), Some(("t.mlir", 2, 3)));
    assert_eq!(c.file_line_col(c.op_loc(ops[1])), Some(("t.mlir", 3, 5)));
    match c.loc_kind(c.op_loc(m)) {
        LocKind::FileLineCol {
            line: 2, col: 3, ..
        } => {}
        k => panic!("{k:?}"),
    }
}

#[test]
fn properties_are_merged_into_attributes() {
    let out = roundtrip(r#""test.op"() <{p = 1 : i32, q}> {a = 2 : i32} : () -> ()"#);
    assert!(out.contains("{a = 2 : i32, p = 1 : i32, q}"), "{out}");
}

#[test]
fn block_args_with_locations_and_empty_blocks() {
    roundtrip(
        r#"
        "test.r"() ({
        ^bb0(%x: i32 loc("a":1:1), %y: i32):
          "test.br"()[^bb1] : () -> ()
        ^bb1:
          "test.br"()[^bb2] : () -> ()
        ^bb2():
          "test.end"() : () -> ()
        }, {
        ^entry:
        }) : () -> ()
        "#,
    );
}

#[test]
fn names_are_scoped_to_regions() {
    // The same name may be reused after the region that defined it is closed, and outer
    // values are visible inside non-isolated regions.
    roundtrip(
        r#"
        %outer = "test.op"() : () -> i32
        "test.r"() ({
          %x = "test.op"(%outer) : (i32) -> i32
        }) : () -> ()
        "test.r"() ({
          %x = "test.op"(%outer) : (i32) -> i32
        }) : () -> ()
        %x = "test.op"() : () -> i32
        "#,
    );
}

#[test]
fn comments_and_split_markers_are_ignored() {
    roundtrip(
        "// leading comment\n\"test.op\"() : () -> () // trailing\n// -----\n\"test.op2\"() : () -> ()\n",
    );
}

#[test]
fn file_metadata_is_skipped() {
    roundtrip("\"test.op\"() : () -> ()\n{-#\n  dialect_resources: { builtin: { blob: \"0x01\" } }\n#-}\n");
}

#[test]
fn empty_blocks_survive_the_generic_form() {
    let mut c = ctx();
    let src = r#""test.r"() ({
    ^bb0:
    }, {
    }) : () -> ()"#;
    let m = parse(&mut c, src);
    let r = c.first_op(c.entry_block(c.region(m, 0)).unwrap()).unwrap();
    assert_eq!(c.region_blocks(c.region(r, 0)).len(), 1);
    assert_eq!(c.region_blocks(c.region(r, 1)).len(), 0);
    let out = roundtrip(src);
    let mut c2 = ctx();
    let m2 = parse(&mut c2, &out);
    let r2 = c2
        .first_op(c2.entry_block(c2.region(m2, 0)).unwrap())
        .unwrap();
    assert_eq!(c2.region_blocks(c2.region(r2, 0)).len(), 1);
    assert_eq!(c2.region_blocks(c2.region(r2, 1)).len(), 0);
}

#[test]
fn mlir_style_trailing_location_aliases() {
    // `mlir-opt --mlir-print-debuginfo` prints location aliases at the end of the file.
    let mut c = ctx();
    let m = parse(
        &mut c,
        r#"
        "test.f"() ({
        ^bb0(%arg0: i32 loc(#loc1)):
          "test.op"(%arg0) : (i32) -> () loc(#loc2)
        }) : () -> () loc(#loc)
        #loc = loc("in.mlir":1:1)
        #loc1 = loc("in.mlir":2:3)
        #loc2 = loc(callsite(#loc1 at #loc))
        "#,
    );
    let f = c.first_op(c.entry_block(c.region(m, 0)).unwrap()).unwrap();
    assert_eq!(c.file_line_col(c.op_loc(f)), Some(("in.mlir", 1, 1)));
    let inner = c.first_op(c.entry_block(c.region(f, 0)).unwrap()).unwrap();
    assert!(matches!(
        c.loc_kind(c.op_loc(inner)),
        LocKind::CallSite { .. }
    ));
    let mut c2 = ctx();
    let e = parse_source(
        &mut c2,
        "t.mlir",
        "\"test.f\"() ({\n^bb0(%a: i32 loc(#nope)):\n}) : () -> ()",
    )
    .unwrap_err();
    assert_eq!(e.message, "operation location alias was never defined");
}
