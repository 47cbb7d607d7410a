//! Arrays as `convert-soac-to-hpar` sees them: memory (a host memref or a grid program's
//! result) or an *index function* over other arrays. The views of `soac` (`slice`, `rotate`,
//! `transpose`, `reshape`, `index` with fewer indices than the rank, `concat`) and the
//! generated arrays (`replicate`, `iota`, a selection between two arrays by `scf.if`) are
//! never copied: reading element `idx` of one composes its index function with its source's
//! (the hybrid pull arrays of Dybdal's thesis, §3.4), and the index arithmetic ends up inside
//! the kernel that reads it.

use tail_ir::{Builder, Context, InsertPoint, Type, Value};

use crate::util::*;

/// An array with its extents (host `index` values, one per axis).
#[derive(Clone)]
pub enum Arr {
    /// A host memref (function argument or host table), indexed by its own axes.
    Host { mem: Value, ext: Vec<Value> },
    /// The result of a grid program: a flat, row-major `!hpar.pull<τ, grid>`.
    Grid { pull: Value, ext: Vec<Value> },
    /// Every element is the scalar `v` (`replicate` of a scalar, of any rank).
    Scalar { v: Value, ext: Vec<Value> },
    /// `start + step · i` of integer type `elem` (rank 1): `soac.iota`, or a concatenation of
    /// constants in arithmetic progression.
    Iota {
        start: i64,
        step: i64,
        elem: Type,
        ext: Vec<Value>,
    },
    /// `r[i, rest…] = row[rest…]` (`replicate` of an array).
    Repl { row: Box<Arr>, ext: Vec<Value> },
    /// Row-major reinterpretation; `cyclic` repeats the source (`flat(src)[i mod |src|]`).
    Reshape {
        src: Box<Arr>,
        ext: Vec<Value>,
        cyclic: bool,
    },
    /// `r[i…] = src[off_a + i_a · stride_a …]`.
    Slice {
        src: Box<Arr>,
        off: Vec<Value>,
        stride: Vec<Value>,
        ext: Vec<Value>,
    },
    /// `r[i…] = src[(i_a + o_a) mod n_a …]`.
    Rotate {
        src: Box<Arr>,
        off: Vec<Value>,
        ext: Vec<Value>,
    },
    /// `r[i_0…] = src[j…]` with `j_{perm[a]} = i_a`.
    Transpose {
        src: Box<Arr>,
        perm: Vec<usize>,
        ext: Vec<Value>,
    },
    /// `r[i…] = src[prefix…, i…]` (`soac.index` with fewer indices than the rank).
    Fix {
        src: Box<Arr>,
        prefix: Vec<Value>,
        ext: Vec<Value>,
    },
    /// The parts joined along `axis`; `starts[k]` is where part `k` begins.
    Concat {
        parts: Vec<Arr>,
        starts: Vec<Value>,
        axis: usize,
        ext: Vec<Value>,
    },
    /// `cond ? a : b` (an `scf.if` choosing between two arrays).
    Select {
        cond: Value,
        a: Box<Arr>,
        b: Box<Arr>,
        ext: Vec<Value>,
    },
    /// An index function given as code (`f(builder, idx)` builds element `idx` where it is
    /// read): the adjusting step of a scan, the mapped-out values of a `scanomap` (module
    /// `scan`); inside a thread, the result of an inner `soac.map`, fused into its consumer
    /// (module `seq`).
    Code { f: CodeFn, ext: Vec<Value> },
    /// Inside a thread (module `seq`): a small array held in registers, its elements in
    /// row-major order (a loop-carried array, a concatenation of scalars).
    Elems { vals: Vec<Value>, ext: Vec<Value> },
}

/// The element builder of [`Arr::Code`]: emits the code of element `idx` and returns it.
pub type CodeFn = std::rc::Rc<dyn Fn(&mut Builder<'_>, &[Value]) -> Value>;

impl Arr {
    /// Whether reading an element reads memory (a host memref, a grid array, or code that may
    /// read either); iotas, scalars, register arrays and views of them do not.
    pub fn reads_memory(&self) -> bool {
        match self {
            Arr::Iota { .. } | Arr::Scalar { .. } | Arr::Elems { .. } => false,
            Arr::Repl { row: src, .. }
            | Arr::Reshape { src, .. }
            | Arr::Slice { src, .. }
            | Arr::Rotate { src, .. }
            | Arr::Transpose { src, .. }
            | Arr::Fix { src, .. } => src.reads_memory(),
            Arr::Concat { parts, .. } => parts.iter().any(Arr::reads_memory),
            Arr::Select { a, b, .. } => a.reads_memory() || b.reads_memory(),
            Arr::Host { .. } | Arr::Grid { .. } | Arr::Code { .. } => true,
        }
    }

    /// The extents.
    pub fn ext(&self) -> &[Value] {
        match self {
            Arr::Host { ext, .. }
            | Arr::Grid { ext, .. }
            | Arr::Scalar { ext, .. }
            | Arr::Iota { ext, .. }
            | Arr::Repl { ext, .. }
            | Arr::Reshape { ext, .. }
            | Arr::Slice { ext, .. }
            | Arr::Rotate { ext, .. }
            | Arr::Transpose { ext, .. }
            | Arr::Fix { ext, .. }
            | Arr::Concat { ext, .. }
            | Arr::Select { ext, .. }
            | Arr::Code { ext, .. }
            | Arr::Elems { ext, .. } => ext,
        }
    }
}

/// The `soac` ops that build arrays as index functions (views and creators) or read shapes:
/// an `scf.if` whose branches hold only these and scalar code chooses between index functions
/// (top level: `Cx::select`; in a thread: module `seq`).
pub const VIEW_OPS: [&str; 9] = [
    "soac.replicate",
    "soac.reshape",
    "soac.slice",
    "soac.rotate",
    "soac.transpose",
    "soac.index",
    "soac.concat",
    "soac.iota",
    "soac.dim",
];

/// `((i_0 · n_1 + i_1) · n_2 + …)`.
pub fn linearize(b: &mut Builder<'_>, idx: &[Value], ext: &[Value]) -> Value {
    let mut flat = idx[0];
    for (a, &i) in idx.iter().enumerate().skip(1) {
        let m = bin(b, "arith.muli", flat, ext[a]);
        flat = bin(b, "arith.addi", m, i);
    }
    flat
}

/// The row-major indices of flat position `flat` in an array of extents `ext`.
pub fn delinearize(b: &mut Builder<'_>, flat: Value, ext: &[Value]) -> Vec<Value> {
    let mut idx = vec![flat; ext.len()];
    let mut rest = flat;
    for a in (1..ext.len()).rev() {
        idx[a] = bin(b, "arith.remui", rest, ext[a]);
        rest = bin(b, "arith.divui", rest, ext[a]);
    }
    if !ext.is_empty() {
        idx[0] = rest;
    }
    idx
}

/// The product of the extents.
pub fn count(b: &mut Builder<'_>, ext: &[Value]) -> Value {
    let Some((&first, rest)) = ext.split_first() else {
        return cidx(b, 1);
    };
    let mut n = first;
    for &e in rest {
        n = bin(b, "arith.muli", n, e);
    }
    n
}

/// `(i + o) mod n` for a position `i` in `[0, n)` of a rotation by `o` (any integer): with
/// `r = o rem n` in `(-n, n)` (the same for every element), `i + r` lies in `(-n, 2n)` and
/// one `n` added or subtracted brings it into range. No division per element; none of it
/// along an axis rotated by a constant 0 (a composed rotation's other axis).
fn rotated_position(b: &mut Builder<'_>, i: Value, o: Value, n: Value) -> Value {
    use tail_builtin::arith::{build_cmpi, build_select, CmpIPredicate};
    if tail_builtin::util::constant_int(b.ctx, o) == Some(0) {
        return i;
    }
    // The divisor is at least 1 (an empty array has no position to read): the remainder does
    // not depend on a position, and the CPU backend's loop cut (`split_guard`) computes it
    // before the first thread only when it provably cannot trap.
    let one = cidx(b, 1);
    let n1 = bin(b, "arith.maxsi", n, one);
    let r = bin(b, "arith.remsi", o, n1);
    let s = bin(b, "arith.addi", i, r);
    let zero = cidx(b, 0);
    let below = build_cmpi(b, CmpIPredicate::Slt, s, zero);
    let up = bin(b, "arith.addi", s, n);
    let s = build_select(b, below, up, s);
    let above = build_cmpi(b, CmpIPredicate::Sge, s, n);
    let down = bin(b, "arith.subi", s, n);
    build_select(b, above, down, s)
}

/// Whether two lists of extents are equal: the same values or equal constants.
pub fn same_extents(ctx: &Context, a: &[Value], b: &[Value]) -> bool {
    let c = |v| tail_builtin::util::constant_int(ctx, v);
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(&x, &y)| x == y || c(x).is_some_and(|k| c(y) == Some(k)))
}

/// Whether two lists of extents have the same product, as far as can be seen from their
/// factors (`arith.muli` operands, constants multiplied out): a cyclic reshape between them
/// repeats nothing.
pub fn same_count(ctx: &Context, a: &[Value], b: &[Value]) -> bool {
    fn factors(ctx: &Context, v: Value, konst: &mut i64, vals: &mut Vec<Value>) {
        if let Some(c) = tail_builtin::util::constant_int(ctx, v) {
            *konst = konst.saturating_mul(c);
        } else if let Some(d) = ctx.defining_op(v).filter(|&d| ctx.op_is(d, "arith.muli")) {
            factors(ctx, ctx.operand(d, 0), konst, vals);
            factors(ctx, ctx.operand(d, 1), konst, vals);
        } else {
            vals.push(v);
        }
    }
    let product = |ext: &[Value]| {
        let (mut k, mut vs) = (1i64, Vec::new());
        for &e in ext {
            factors(ctx, e, &mut k, &mut vs);
        }
        vs.sort();
        (k, vs)
    };
    product(a) == product(b)
}

/// `flat mod n` for a position of a cyclic reshape of a source of `n` elements: `flat` itself
/// below `n` (every position when the reshape repeats nothing, which is often the case when
/// the counts are equal but not known to be), the remainder only past it, so the division
/// runs only where the source repeats. With a constant `n` the remainder is taken directly
/// (a multiplication, no branch).
fn cyclic_position(b: &mut Builder<'_>, flat: Value, n: Value) -> Value {
    let c = |b: &Builder<'_>, v| tail_builtin::util::constant_int(b.ctx, v);
    match (c(b, flat), c(b, n)) {
        (Some(f), Some(m)) if m > 0 && f >= 0 => return cidx(b, f % m),
        // A remainder by a constant is a multiplication: no branch needed.
        (_, Some(m)) if m > 0 => return bin(b, "arith.remui", flat, n),
        _ => {}
    }
    let inside = ult(b, flat, n);
    let ty = b.value_type(flat);
    if_value(b, inside, ty, |_| flat, |b| bin(b, "arith.remui", flat, n))
}

/// Element `idx` (one index per axis) of `a`, of type `elem`.
pub fn read(b: &mut Builder<'_>, a: &Arr, idx: &[Value], elem: Type) -> Value {
    match a {
        Arr::Host { mem, .. } => {
            let mut ops = vec![*mem];
            ops.extend_from_slice(idx);
            mk1(b, "memref.load", &ops, elem, &[])
        }
        Arr::Grid { pull, ext } => {
            let flat = linearize(b, idx, ext);
            mk1(b, "hpar.index", &[*pull, flat], elem, &[])
        }
        Arr::Scalar { v, .. } => *v,
        Arr::Iota {
            start, step, elem, ..
        } => {
            let i = mk1(b, "arith.index_cast", &[idx[0]], *elem, &[]);
            let et = *elem;
            let s = tail_builtin::arith::build_constant_int(b, et, *step);
            let m = bin(b, "arith.muli", i, s);
            let c = tail_builtin::arith::build_constant_int(b, et, *start);
            bin(b, "arith.addi", m, c)
        }
        Arr::Repl { row, .. } => read(b, row, &idx[1..], elem),
        Arr::Reshape { src, ext, cyclic } => {
            if *cyclic {
                // Trailing axes whose extents multiply to the source's count (an inner
                // product's repeated operand: `(m×n×k)⍴A` of an `n×k` A): their row-major
                // position is the source's, the leading axes only repeat it.
                if let Some(p) = (1..ext.len()).find(|&p| same_count(b.ctx, src.ext(), &ext[p..])) {
                    if same_extents(b.ctx, src.ext(), &ext[p..]) {
                        return read(b, src, &idx[p..], elem);
                    }
                    let flat = linearize(b, &idx[p..], &ext[p..]);
                    return read_flat(b, src, flat, elem);
                }
            }
            let mut flat = linearize(b, idx, ext);
            if *cyclic {
                let n = count(b, src.ext());
                flat = cyclic_position(b, flat, n);
            }
            read_flat(b, src, flat, elem)
        }
        Arr::Slice {
            src, off, stride, ..
        } => {
            let j: Vec<Value> = idx
                .iter()
                .zip(off.iter().zip(stride))
                .map(|(&i, (&o, &s))| {
                    let m = bin(b, "arith.muli", i, s);
                    bin(b, "arith.addi", o, m)
                })
                .collect();
            read(b, src, &j, elem)
        }
        Arr::Rotate { src, off, ext } => {
            let j: Vec<Value> = idx
                .iter()
                .zip(off.iter().zip(ext))
                .map(|(&i, (&o, &n))| rotated_position(b, i, o, n))
                .collect();
            read(b, src, &j, elem)
        }
        Arr::Transpose { src, perm, .. } => {
            let mut j = idx.to_vec();
            for (a, &p) in perm.iter().enumerate() {
                j[p] = idx[a];
            }
            read(b, src, &j, elem)
        }
        Arr::Fix { src, prefix, .. } => {
            let mut j = prefix.clone();
            j.extend_from_slice(idx);
            read(b, src, &j, elem)
        }
        Arr::Concat {
            parts,
            starts,
            axis,
            ..
        } => read_concat(b, parts, starts, *axis, idx, elem),
        Arr::Select { cond, a, b: e, .. } => {
            let (a, e) = (a.clone(), e.clone());
            if_value(
                b,
                *cond,
                elem,
                |b| read(b, &a, idx, elem),
                |b| read(b, &e, idx, elem),
            )
        }
        Arr::Code { f, .. } => f(b, idx),
        // A register array of no elements: no read of it runs (a zero stands for the value).
        Arr::Elems { vals, .. } if vals.is_empty() => zero(b, elem),
        Arr::Elems { vals, ext } => {
            let c = |v: &Value| tail_builtin::util::constant_int(b.ctx, *v);
            let consts: Option<Vec<(i64, i64)>> = idx
                .iter()
                .zip(ext)
                .map(|(i, e)| Some((c(i)?, c(e)?)))
                .collect();
            if let Some(ce) = consts {
                let flat = ce.iter().fold(0i64, |f, &(i, e)| f * e + i);
                return vals[(flat.max(0) as usize).min(vals.len() - 1)];
            }
            let flat = linearize(b, idx, ext);
            read_elems(b, vals, flat)
        }
    }
}

/// Element `flat` of a register array: the value itself for a constant position, else a
/// chain of `arith.select`s.
fn read_elems(b: &mut Builder<'_>, vals: &[Value], flat: Value) -> Value {
    if let Some(c) = tail_builtin::util::constant_int(b.ctx, flat) {
        return vals[(c.max(0) as usize).min(vals.len() - 1)];
    }
    let mut r = vals[vals.len() - 1];
    for j in (0..vals.len() - 1).rev() {
        let c = cidx(b, j as i64);
        let is = eq(b, flat, c);
        r = tail_builtin::arith::build_select(b, is, vals[j], r);
    }
    r
}

/// Element `flat` (row-major) of `a`: avoids delinearising where the source is flat itself.
pub fn read_flat(b: &mut Builder<'_>, a: &Arr, flat: Value, elem: Type) -> Value {
    match a {
        Arr::Grid { pull, .. } => mk1(b, "hpar.index", &[*pull, flat], elem, &[]),
        Arr::Scalar { v, .. } => *v,
        Arr::Reshape { src, cyclic, .. } => {
            let f = if *cyclic {
                let n = count(b, src.ext());
                cyclic_position(b, flat, n)
            } else {
                flat
            };
            read_flat(b, src, f, elem)
        }
        Arr::Elems { vals, .. } if vals.is_empty() => zero(b, elem),
        Arr::Elems { vals, .. } => read_elems(b, vals, flat),
        _ => {
            let idx = delinearize(b, flat, a.ext());
            read(b, a, &idx, elem)
        }
    }
}

fn read_concat(
    b: &mut Builder<'_>,
    parts: &[Arr],
    starts: &[Value],
    axis: usize,
    idx: &[Value],
    elem: Type,
) -> Value {
    let at = |b: &mut Builder<'_>, k: usize| {
        let mut j = idx.to_vec();
        j[axis] = bin(b, "arith.subi", idx[axis], starts[k]);
        read(b, &parts[k], &j, elem)
    };
    if parts.len() == 1 {
        return at(b, 0);
    }
    let c = ult(b, idx[axis], starts[1]);
    if_value(
        b,
        c,
        elem,
        |b| at(b, 0),
        |b| read_concat_from(b, parts, starts, axis, idx, elem, 1),
    )
}

fn read_concat_from(
    b: &mut Builder<'_>,
    parts: &[Arr],
    starts: &[Value],
    axis: usize,
    idx: &[Value],
    elem: Type,
    k: usize,
) -> Value {
    let at = |b: &mut Builder<'_>, k: usize| {
        let mut j = idx.to_vec();
        j[axis] = bin(b, "arith.subi", idx[axis], starts[k]);
        read(b, &parts[k], &j, elem)
    };
    if k + 1 == parts.len() {
        return at(b, k);
    }
    let c = ult(b, idx[axis], starts[k + 1]);
    if_value(
        b,
        c,
        elem,
        |b| at(b, k),
        |b| read_concat_from(b, parts, starts, axis, idx, elem, k + 1),
    )
}

/// `scf.if cond -> (elem) { yield t() } else { yield e() }`.
pub fn if_value(
    b: &mut Builder<'_>,
    cond: Value,
    elem: Type,
    t: impl FnOnce(&mut Builder<'_>) -> Value,
    e: impl FnOnce(&mut Builder<'_>) -> Value,
) -> Value {
    let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(b, cond, &[elem], true);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(tb));
    let v = t(b);
    mk(b, "scf.yield", &[v], &[], &[], Vec::new());
    b.set_insertion_point(InsertPoint::BlockEnd(eb.expect("else")));
    let v = e(b);
    mk(b, "scf.yield", &[v], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    b.result(ifop.op(), 0)
}
