//! The interpreter on hand-written `hpar` IR: delayed pull arrays, push arrays and `force`,
//! programs at each level, `concat`/`interleave`, `seqfor`, `power`, `while`, plain and
//! segmented `reduce`/`scan`, the cast of a grid array to a memref, and the located errors of
//! the checks (bounds, chunk sizes, placements that are not permutations).

mod common;

/// Parses, verifies and runs a module; the printed output and `@main`'s value, or the
/// runtime error message (which must be located).
fn run(src: &str) -> Result<String, String> {
    common::run_located(src)
}

fn ok(src: &str) -> String {
    run(src).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

fn fails(src: &str) -> String {
    match run(src) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e,
    }
}

/// `@iota(n)`: a memref holding `0 … n-1` (as i32).
const IOTA: &str = r#"
func.func @iota(%n: index) -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.index_cast %i : index to i32
    memref.store %x, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}
"#;

/// A grid program reversing `m` block by block (Dybdal 2017's reverse): block `b` writes the
/// reversed chunk `nb - 1 - b`.
#[test]
fn reverse_by_blocks() {
    let src = format!(
        r#"{IOTA}
func.func @main() -> memref<?xi32> {{
  %n = arith.constant 12 : index
  %chunk = arith.constant 4 : index
  %m = func.call @iota(%n) : (index) -> memref<?xi32>
  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {{
    %c1 = arith.constant 1 : index
    %nb = arith.divui %n, %chunk : index
    %p = hpar.concat<block> %nb, %chunk : !hpar.push<i32, grid> {{
    ^bb0(%b: index):
      %a = hpar.generate %chunk : !hpar.pull<i32> {{
      ^bb0(%i: index):
        %rb0 = arith.subi %nb, %b : index
        %rb = arith.subi %rb0, %c1 : index
        %base = arith.muli %rb, %chunk : index
        %ri0 = arith.subi %chunk, %i : index
        %ri = arith.subi %ri0, %c1 : index
        %k = arith.addi %base, %ri : index
        %x = memref.load %m[%k] : memref<?xi32>
        hpar.yield %x : i32
      }}
      %q = hpar.push<block> %a : !hpar.pull<i32> -> !hpar.push<i32, block>
      hpar.return %q : !hpar.push<i32, block>
    }}
    %f = hpar.force<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }}
  %out = builtin.unrealized_conversion_cast %r, %n : !hpar.pull<i32, grid>, index to memref<?xi32>
  return %out : memref<?xi32>
}}
"#
    );
    assert_eq!(ok(&src), "[12](11,10,9,8,7,6,5,4,3,2,1,0)");
}

/// `generate`, `map`, `split_at`, `length` and `index` on delayed arrays; an index function
/// using values computed after its array (`%h1`, `%l3` from the split halves); `map` over a
/// push array.
#[test]
fn pull_ops_map_split_length_index() {
    let src = format!(
        r#"{IOTA}
func.func @main() -> memref<?xi32> {{
  %n = arith.constant 6 : index
  %k = arith.constant 4 : index
  %m = func.call @iota(%n) : (index) -> memref<?xi32>
  %a = hpar.generate %n : !hpar.pull<i32> {{
  ^bb0(%i: index):
    %x = memref.load %m[%i] : memref<?xi32>
    hpar.yield %x : i32
  }}
  %sq = hpar.map %a : !hpar.pull<i32> -> !hpar.pull<i32> {{
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    hpar.yield %y : i32
  }}
  %lo, %hi = hpar.split_at %sq, %k : !hpar.pull<i32>
  %nlo = hpar.length %lo : !hpar.pull<i32>
  %nhi = hpar.length %hi : !hpar.pull<i32>
  %c1 = arith.constant 1 : index
  %h1 = hpar.index %hi[%c1] : !hpar.pull<i32>
  %l3 = hpar.index %lo[%nhi] : !hpar.pull<i32>
  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {{
    %c0 = arith.constant 0 : index
    %v = hpar.generate %k : !hpar.pull<i32> {{
    ^bb0(%i: index):
      %e = arith.cmpi eq, %i, %c0 : index
      %x = arith.select %e, %h1, %l3 : i32
      %f = hpar.index %lo[%i] : !hpar.pull<i32>
      %s = arith.addi %x, %f : i32
      hpar.yield %s : i32
    }}
    %p = hpar.push<grid> %v : !hpar.pull<i32> -> !hpar.push<i32, grid>
    %pm = hpar.map %p : !hpar.push<i32, grid> -> !hpar.push<i32, grid> {{
    ^bb0(%x: i32):
      %c100 = arith.constant 100 : i32
      %y = arith.addi %x, %c100 : i32
      hpar.yield %y : i32
    }}
    %f = hpar.force<grid> %pm : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }}
  %out = builtin.unrealized_conversion_cast %r, %nlo : !hpar.pull<i32, grid>, index to memref<?xi32>
  return %out : memref<?xi32>
}}
"#
    );
    // lo = 0 1 4 9, hi = 16 25; h1 = 25, l3 = lo[2] = 4; v = 25+0, 4+1, 4+4, 4+9.
    assert_eq!(ok(&src), "[4](125,105,108,113)");
}

/// A block-level `while` halving and adding until one element is left (Dybdal 2017 §5.2.3),
/// one block per chunk.
#[test]
fn while_tree_reduction() {
    let src = format!(
        r#"{IOTA}
func.func @main() -> memref<?xi32> {{
  %n = arith.constant 16 : index
  %chunk = arith.constant 8 : index
  %nb = arith.constant 2 : index
  %m = func.call @iota(%n) : (index) -> memref<?xi32>
  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {{
    %c1 = arith.constant 1 : index
    %p = hpar.concat<block> %nb, %c1 : !hpar.push<i32, grid> {{
    ^bb0(%b: index):
      %a = hpar.generate %chunk : !hpar.pull<i32> {{
      ^bb0(%i: index):
        %base = arith.muli %b, %chunk : index
        %k = arith.addi %base, %i : index
        %x = memref.load %m[%k] : memref<?xi32>
        hpar.yield %x : i32
      }}
      %init = hpar.push<block> %a : !hpar.pull<i32> -> !hpar.push<i32, block>
      %w = hpar.while<block> %init : !hpar.push<i32, block> -> !hpar.pull<i32, block> cond {{
      ^bb0(%cur: !hpar.pull<i32, block>):
        %len = hpar.length %cur : !hpar.pull<i32, block>
        %more = arith.cmpi ugt, %len, %c1 : index
        hpar.yield %more : i1
      }} do {{
      ^bb0(%cur: !hpar.pull<i32, block>):
        %len = hpar.length %cur : !hpar.pull<i32, block>
        %c2 = arith.constant 2 : index
        %half = arith.divui %len, %c2 : index
        %l, %h = hpar.split_at %cur, %half : !hpar.pull<i32, block>
        %z = hpar.generate %half : !hpar.pull<i32> {{
        ^bb0(%i: index):
          %x = hpar.index %l[%i] : !hpar.pull<i32, block>
          %y = hpar.index %h[%i] : !hpar.pull<i32, block>
          %s = arith.addi %x, %y : i32
          hpar.yield %s : i32
        }}
        %next = hpar.push<block> %z : !hpar.pull<i32> -> !hpar.push<i32, block>
        hpar.return %next : !hpar.push<i32, block>
      }}
      %one = hpar.push<block> %w : !hpar.pull<i32, block> -> !hpar.push<i32, block>
      hpar.return %one : !hpar.push<i32, block>
    }}
    %f = hpar.force<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }}
  %out = builtin.unrealized_conversion_cast %r, %nb : !hpar.pull<i32, grid>, index to memref<?xi32>
  return %out : memref<?xi32>
}}
"#
    );
    assert_eq!(ok(&src), "[2](28,92)");
}

/// Plain and segmented reductions and scans, and `reduce<thread>` inside `concat<thread>`.
#[test]
fn reduce_and_scan_plain_and_segmented() {
    let body = |what: &str, ty: &str| {
        format!(
            r#"{IOTA}
func.func @main() -> {ty} {{
  %n = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %m = func.call @iota(%n) : (index) -> memref<?xi32>
  %a = hpar.generate %n : !hpar.pull<i32> {{
  ^bb0(%i: index):
    %x = memref.load %m[%i] : memref<?xi32>
    hpar.yield %x : i32
  }}
  %segs = hpar.generate %c2 : !hpar.pull<!hpar.pull<i32>> {{
  ^bb0(%s: index):
    %seg = hpar.generate %c3 : !hpar.pull<i32> {{
    ^bb0(%i: index):
      %b = arith.muli %s, %c3 : index
      %k = arith.addi %b, %i : index
      %x = hpar.index %a[%k] : !hpar.pull<i32>
      hpar.yield %x : i32
    }}
    hpar.yield %seg : !hpar.pull<i32>
  }}
  %zero = arith.constant 0 : i32
  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {{
    %c1 = arith.constant 1 : index
    %p = hpar.concat<block> %c1, %n : !hpar.push<i32, grid> {{
    ^bb0(%b: index):
{what}
    }}
    %f = hpar.force<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }}
  %len = hpar.length %r : !hpar.pull<i32, grid>
  %out = builtin.unrealized_conversion_cast %r, %len : !hpar.pull<i32, grid>, index to memref<?xi32>
  return %out : memref<?xi32>
}}
"#
        )
    };
    let scan = r#"
      %s = hpar.scan<block> %a init(%zero : i32) : !hpar.pull<i32> -> !hpar.push<i32, block> {
      ^bb0(%x: i32, %y: i32):
        %z = arith.addi %x, %y : i32
        hpar.yield %z : i32
      }
      hpar.return %s : !hpar.push<i32, block>"#;
    assert_eq!(ok(&body(scan, "memref<?xi32>")), "[6](0,1,3,6,10,15)");
    let seg_scan = r#"
      %s = hpar.scan<block> %segs init(%zero : i32) : !hpar.pull<!hpar.pull<i32>> -> !hpar.push<i32, block> {
      ^bb0(%x: i32, %y: i32):
        %z = arith.addi %x, %y : i32
        hpar.yield %z : i32
      }
      hpar.return %s : !hpar.push<i32, block>"#;
    assert_eq!(ok(&body(seg_scan, "memref<?xi32>")), "[6](0,1,3,3,7,12)");
    // Segmented reduce (2 values) and a plain one broadcast by every thread (4 values):
    // concatenated through interleave at the block level.
    let seg_reduce = r#"
      %r2 = hpar.reduce<block> %segs init(%zero : i32) : !hpar.pull<!hpar.pull<i32>> -> !hpar.push<i32, block> {
      ^bb0(%x: i32, %y: i32):
        %z = arith.addi %x, %y : i32
        hpar.yield %z : i32
      }
      %tot = hpar.reduce<block> %a init(%zero : i32) : !hpar.pull<i32> -> i32 {
      ^bb0(%x: i32, %y: i32):
        %z = arith.maxsi %x, %y : i32
        hpar.yield %z : i32
      }
      %c4 = arith.constant 4 : index
      %t = hpar.interleave<thread> %c4, %c1 : !hpar.push<i32, block> {
      ^bb0(%ti: index):
        %one = hpar.generate %c1 : !hpar.pull<i32> {
        ^bb0(%i: index):
          %tv = arith.index_cast %ti : index to i32
          %v = arith.addi %tot, %tv : i32
          hpar.yield %v : i32
        }
        %part = hpar.reduce<thread> %one init(%zero : i32) : !hpar.pull<i32> -> i32 {
        ^bb0(%x: i32, %y: i32):
          %z = arith.addi %x, %y : i32
          hpar.yield %z : i32
        }
        %pp = hpar.generate %c1 : !hpar.pull<i32> {
        ^bb0(%i: index):
          hpar.yield %part : i32
        }
        %tp = hpar.push<thread> %pp : !hpar.pull<i32> -> !hpar.push<i32, thread>
        hpar.return %tp : !hpar.push<i32, thread>
      } place {
      ^bb0(%i: index, %j: index):
        %c3i = arith.constant 3 : index
        %rev = arith.subi %c3i, %i : index
        hpar.yield %rev : index
      }
      %f2 = hpar.force<block> %r2 : !hpar.push<i32, block> -> !hpar.pull<i32, block>
      %f4 = hpar.force<block> %t : !hpar.push<i32, block> -> !hpar.pull<i32, block>
      %both = hpar.concat<thread> %c1, %n : !hpar.push<i32, block> {
      ^bb0(%ti: index):
        %g = hpar.generate %n : !hpar.pull<i32> {
        ^bb0(%i: index):
          %lt = arith.cmpi ult, %i, %c2 : index
          %i4 = arith.subi %i, %c2 : index
          %j = arith.select %lt, %i, %i4 : index
          %x = scf.if %lt -> (i32) {
            %e = hpar.index %f2[%j] : !hpar.pull<i32, block>
            scf.yield %e : i32
          } else {
            %e = hpar.index %f4[%j] : !hpar.pull<i32, block>
            scf.yield %e : i32
          }
          hpar.yield %x : i32
        }
        %gp = hpar.push<thread> %g : !hpar.pull<i32> -> !hpar.push<i32, thread>
        hpar.return %gp : !hpar.push<i32, thread>
      }
      hpar.return %both : !hpar.push<i32, block>"#;
    assert_eq!(ok(&body(seg_reduce, "memref<?xi32>")), "[6](3,12,8,7,6,5)");
}

/// `power` over a block array, with a thread-level `seqfor` fold per element (Dybdal 2017
/// §5.4.2's shape): every step adds the sum of the current array to each element.
#[test]
fn power_with_seqfor() {
    let src = r#"
func.func @main() -> memref<?xf64> {
  %n = arith.constant 3 : index
  %steps = arith.constant 2 : index
  %r = hpar.program<grid> -> !hpar.pull<f64, grid> {
    %c1 = arith.constant 1 : index
    %p = hpar.concat<block> %c1, %n : !hpar.push<f64, grid> {
    ^bb0(%b: index):
      %a = hpar.generate %n : !hpar.pull<f64> {
      ^bb0(%i: index):
        %x = arith.index_cast %i : index to i64
        %d = arith.sitofp %x : i64 to f64
        hpar.yield %d : f64
      }
      %init = hpar.push<block> %a : !hpar.pull<f64> -> !hpar.push<f64, block>
      %acc = hpar.power<block> %steps, %init : !hpar.push<f64, block> -> !hpar.pull<f64, block> {
      ^bb0(%it: index, %cur: !hpar.pull<f64, block>):
        %res = hpar.interleave<thread> %n, %c1 : !hpar.push<f64, block> {
        ^bb0(%t: index):
          %one = hpar.generate %c1 : !hpar.pull<f64> {
          ^bb0(%i: index):
            %x = hpar.index %cur[%t] : !hpar.pull<f64, block>
            hpar.yield %x : f64
          }
          %seed = hpar.push<thread> %one : !hpar.pull<f64> -> !hpar.push<f64, thread>
          %len = hpar.length %cur : !hpar.pull<f64, block>
          %fold = hpar.seqfor %seed, %len : !hpar.push<f64, thread> {
          ^bb0(%i: index, %st: !hpar.pull<f64, thread>):
            %c0 = arith.constant 0 : index
            %x = hpar.index %st[%c0] : !hpar.pull<f64, thread>
            %y = hpar.index %cur[%i] : !hpar.pull<f64, block>
            %s = arith.addf %x, %y : f64
            hpar.yield %c0, %s : index, f64
          }
          hpar.return %fold : !hpar.push<f64, thread>
        } place {
        ^bb0(%i: index, %j: index):
          hpar.yield %i : index
        }
        hpar.return %res : !hpar.push<f64, block>
      }
      %res = hpar.push<block> %acc : !hpar.pull<f64, block> -> !hpar.push<f64, block>
      hpar.return %res : !hpar.push<f64, block>
    }
    %f = hpar.force<grid> %p : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
    hpar.return %f : !hpar.pull<f64, grid>
  }
  %out = builtin.unrealized_conversion_cast %r, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
  return %out : memref<?xf64>
}
"#;
    // 0 1 2 (sum 3) → 3 4 5 (sum 12) → 15 16 17.
    assert_eq!(ok(src), "[3](15.0,16.0,17.0)");
}

/// The checks: reading past the end of a pull array, a sub-program writing the wrong number
/// of elements, a placement that is not a permutation, a `seqfor` step writing outside.
#[test]
fn located_errors() {
    let prog = |inner: &str| {
        format!(
            r#"
func.func @main() -> i32 {{
  %n = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = hpar.generate %n : !hpar.pull<i32> {{
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    hpar.yield %x : i32
  }}
{inner}
}}
"#
        )
    };
    let e = fails(&prog(
        "  %x = hpar.index %a[%n] : !hpar.pull<i32>\n  return %x : i32",
    ));
    assert_eq!(
        e,
        "'hpar.index' op index 4 out of bounds for a pull array of 4 elements"
    );
    let e = fails(&prog(
        "  %c5 = arith.constant 5 : index\n  %lo, %hi = hpar.split_at %a, %c5 : !hpar.pull<i32>\n  %x = hpar.index %lo[%c1] : !hpar.pull<i32>\n  return %x : i32",
    ));
    assert_eq!(e, "'hpar.split_at' op splits an array of 4 elements at 5");
    let concat = |chunk: &str, place: &str| {
        prog(&format!(
            r#"  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {{
    %p = hpar.interleave<block> %c2, {chunk} : !hpar.push<i32, grid> {{
    ^bb0(%b: index):
      %q = hpar.push<block> %a : !hpar.pull<i32> -> !hpar.push<i32, block>
      hpar.return %q : !hpar.push<i32, block>
    }} place {{
    ^bb0(%i: index, %j: index):
{place}
    }}
    %f = hpar.force<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }}
  %x = hpar.index %r[%c1] : !hpar.pull<i32, grid>
  return %x : i32"#
        ))
    };
    let e = fails(&concat("%c2", "      hpar.yield %j : index"));
    assert_eq!(
        e,
        "'hpar.interleave' op sub-program 0 wrote 4 elements, but each must write 2"
    );
    let e = fails(&concat("%n", "      hpar.yield %j : index"));
    assert_eq!(
        e,
        "'hpar.interleave' op writes position 0 twice (element 0 of sub-program 1)"
    );
    let e = fails(&concat(
        "%n",
        "      %c8 = arith.constant 8 : index\n      %k = arith.addi %j, %c8 : index\n      hpar.yield %k : index",
    ));
    assert_eq!(
        e,
        "'hpar.interleave' op places element 0 of sub-program 0 at 8, outside [0, 8)"
    );
    // A correct placement: sub-program i's element j goes to 2j + i.
    let good = concat(
        "%n",
        "      %j2 = arith.muli %j, %c2 : index\n      %k = arith.addi %j2, %i : index\n      hpar.yield %k : index",
    );
    assert_eq!(ok(&good), "[](0)");
    let e = fails(&prog(
        r#"  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {
    %g = hpar.concat<block> %c1, %c1 : !hpar.push<i32, grid> {
    ^bb0(%b: index):
      %t = hpar.concat<thread> %c1, %c1 : !hpar.push<i32, block> {
      ^bb0(%ti: index):
        %s = hpar.push<thread> %a : !hpar.pull<i32> -> !hpar.push<i32, thread>
        %f = hpar.seqfor %s, %c2 : !hpar.push<i32, thread> {
        ^bb0(%i: index, %st: !hpar.pull<i32, thread>):
          %x = hpar.index %st[%i] : !hpar.pull<i32, thread>
          %p = arith.addi %i, %n : index
          hpar.yield %p, %x : index, i32
        }
        %m = hpar.force<thread> %f : !hpar.push<i32, thread> -> !hpar.pull<i32, thread>
        %one = hpar.generate %c1 : !hpar.pull<i32> {
        ^bb0(%i: index):
          %x = hpar.index %m[%c1] : !hpar.pull<i32, thread>
          hpar.yield %x : i32
        }
        %q = hpar.push<thread> %one : !hpar.pull<i32> -> !hpar.push<i32, thread>
        hpar.return %q : !hpar.push<i32, thread>
      }
      hpar.return %t : !hpar.push<i32, block>
    }
    %f = hpar.force<grid> %g : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }
  %c0 = arith.constant 0 : index
  %x = hpar.index %r[%c0] : !hpar.pull<i32, grid>
  return %x : i32"#,
    ));
    assert_eq!(
        e,
        "'hpar.seqfor' op step 0 writes position 4 of an array of 4 elements"
    );
}
