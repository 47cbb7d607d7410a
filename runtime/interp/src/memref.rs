//! Evaluation of the `memref` dialect and of the host side of the `gpu` dialect's memory ops.
//!
//! A memref is a mutable buffer: the interpreter's [`Array`] behind a shared store location
//! (`Value::Array`), so every alias (a kernel argument, a `memref.cast`) sees every write. A
//! rank-0 memref keeps its rank-0 array (it is not turned into a scalar).
//!
//! * `memref.alloc`/`alloca` and `gpu.alloc` create a buffer of the type's extents (the dynamic
//!   ones from the operands; negative sizes are errors) filled with zeros: upstream leaves
//!   fresh memory undefined, the interpreter gives it a fixed value so runs are repeatable;
//! * `memref.load`/`store`/`atomic_rmw` check every index against its extent (an error names
//!   the op, the indices and the shape); `atomic_rmw` returns the previous element;
//! * `memref.copy` and `gpu.memcpy` copy elements between buffers of the same shape (else an
//!   error); `memref.dim` is an extent (an axis out of range is an error); `memref.cast` is an
//!   alias checked against the static extents of its result type;
//! * `memref.get_global` of a constant global with dense elements (a host literal) is a
//!   buffer holding them;
//! * `memref.dealloc`/`gpu.dealloc` end nothing observable (values are reference counted).

use std::cell::RefCell;
use std::rc::Rc;

use tail_ir::{AttrKind, DenseValues, OpId, Type, TypeKind, DYNAMIC};

use super::{int_width, kind_of, make_int, shape_str, Interp, R};
use crate::value::{Array, Scalar, Value};

/// A new memref value holding `a` (rank 0 included).
pub(super) fn memref_value(a: Array) -> Value {
    Value::Array(Rc::new(RefCell::new(a)))
}

impl Interp<'_> {
    /// Checks `shape` against the static extents of memref (or tensor) type `ty`.
    pub(super) fn check_memref_shape(&self, op: OpId, shape: &[usize], ty: Type) -> R<()> {
        let ctx = self.ctx;
        let dims = match ctx.type_kind(ty) {
            TypeKind::MemRef { shape, .. } | TypeKind::RankedTensor { shape, .. } => shape,
            _ => return Ok(()),
        };
        let ok = dims.len() == shape.len()
            && dims
                .iter()
                .zip(shape)
                .all(|(&d, &s)| d == DYNAMIC || d as usize == s);
        if ok {
            Ok(())
        } else {
            Err(self.err(
                op,
                format!(
                    "has a buffer of shape {}, which contradicts its type '{}'",
                    shape_str(shape),
                    ctx.type_to_string(ty)
                ),
            ))
        }
    }

    /// Operand `i` as a buffer.
    pub(super) fn buffer(&self, op: OpId, i: usize) -> R<Rc<RefCell<Array>>> {
        match self.arg(op, i)? {
            Value::Array(a) => Ok(a),
            _ => Err(self.err(op, format!("expects operand #{i} to be a memref"))),
        }
    }

    /// The flat position of the indices in operands `first..` of `op` into `a`.
    fn flat_index(&self, op: OpId, a: &Array, first: usize) -> R<usize> {
        let ctx = self.ctx;
        let idx = (first..ctx.num_operands(op))
            .map(|i| self.int(op, i))
            .collect::<R<Vec<i64>>>()?;
        let bad = || {
            let is: Vec<String> = idx.iter().map(|i| i.to_string()).collect();
            self.err(
                op,
                format!(
                    "index [{}] out of bounds for a memref of shape {}",
                    is.join(", "),
                    shape_str(&a.shape)
                ),
            )
        };
        if idx.len() != a.shape.len() {
            return Err(bad());
        }
        let mut flat = 0usize;
        for (&i, &d) in idx.iter().zip(&a.shape) {
            match usize::try_from(i) {
                Ok(i) if i < d => flat = flat * d + i,
                _ => return Err(bad()),
            }
        }
        Ok(flat)
    }

    /// Allocates a zero-filled buffer of `op`'s result type, the dynamic extents taken from
    /// operands `first..first + #dynamic`.
    fn alloc(&self, op: OpId, first: usize) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let ty = ctx.value_type(ctx.result(op, 0));
        let TypeKind::MemRef { shape, elem, .. } = ctx.type_kind(ty) else {
            return Err(self.err(op, "expects a ranked memref result"));
        };
        let mut dyn_i = first;
        let mut dims = Vec::with_capacity(shape.len());
        for &d in shape {
            if d == DYNAMIC {
                let n = self.int(op, dyn_i)?;
                dyn_i += 1;
                dims.push(
                    usize::try_from(n).map_err(|_| self.err(op, format!("negative size {n}")))?,
                );
            } else {
                dims.push(d as usize);
            }
        }
        let k = kind_of(ctx, *elem);
        let n = self.new_count(op, &dims)?;
        let data = self.new_filled(op, n, k.default_scalar())?;
        Ok(vec![memref_value(Array::new(k, dims, data))])
    }

    /// Copies buffer `src` into `dst` (same shape).
    fn copy_buffer(&self, op: OpId, src: usize, dst: usize) -> R<Vec<Value>> {
        let (s, d) = (self.buffer(op, src)?, self.buffer(op, dst)?);
        if Rc::ptr_eq(&s, &d) {
            return Ok(vec![]);
        }
        let s = s.borrow();
        let mut d = d.borrow_mut();
        if s.shape != d.shape {
            return Err(self.err(
                op,
                format!(
                    "copies a buffer of shape {} into one of shape {}",
                    shape_str(&s.shape),
                    shape_str(&d.shape)
                ),
            ));
        }
        d.data.clone_from(&s.data);
        Ok(vec![])
    }

    /// `memref.get_global` of a constant global with a dense initial value (the host's
    /// literals): a buffer holding its elements. Writes into a constant are undefined, so a
    /// buffer of its own serves every read.
    fn get_global(&self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let global = ctx
            .attr(op, "name")
            .and_then(|a| tail_builtin::util::lookup_symbol_ref(ctx, op, a))
            .filter(|&g| ctx.op_is(g, "memref.global"))
            .ok_or_else(|| self.err(op, "names no memref.global"))?;
        let init = ctx
            .attr(global, "initial_value")
            .filter(|_| ctx.attr(global, "constant").is_some());
        let Some(AttrKind::DenseElements { values, .. }) = init.map(|a| ctx.attr_kind(a)) else {
            return Err(self.err(
                op,
                "reads a global that is not a constant with dense elements, which the interpreter does not support",
            ));
        };
        let ty = ctx.value_type(ctx.result(op, 0));
        let TypeKind::MemRef { shape, elem, .. } = ctx.type_kind(ty) else {
            return Err(self.err(op, "expects a ranked memref result"));
        };
        let dims: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
        let n = self.new_count(op, &dims)?;
        let w = int_width(ctx, *elem);
        let one = |i: usize| match values {
            DenseValues::Ints(v) => make_int(w, v[i]),
            DenseValues::Floats(v) => Scalar::Double(v[i]),
        };
        let data: Vec<Scalar> = match values.len() {
            1 => vec![one(0); n],
            m if m == n => (0..n).map(one).collect(),
            m => {
                return Err(self.err(
                    op,
                    format!("reads a global of {m} elements into a buffer of {n}"),
                ))
            }
        };
        Ok(vec![memref_value(Array::new(
            kind_of(ctx, *elem),
            dims,
            data,
        ))])
    }

    /// Executes `memref.<n>`.
    pub(super) fn exec_memref(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        let ctx = self.ctx;
        match n {
            "alloc" | "alloca" => self.alloc(op, 0),
            "dealloc" => {
                self.buffer(op, 0)?;
                Ok(vec![])
            }
            "load" => {
                let b = self.buffer(op, 0)?;
                let a = b.borrow();
                let i = self.flat_index(op, &a, 1)?;
                Ok(vec![Value::Scalar(a.data[i])])
            }
            "store" => {
                let v = self.scalar(op, 0)?;
                let b = self.buffer(op, 1)?;
                let i = self.flat_index(op, &b.borrow(), 2)?;
                b.borrow_mut().data[i] = v;
                Ok(vec![])
            }
            "atomic_rmw" => {
                let v = self.scalar(op, 0)?;
                let b = self.buffer(op, 1)?;
                let i = self.flat_index(op, &b.borrow(), 2)?;
                let old = b.borrow().data[i];
                let kind = ctx
                    .attr(op, "kind")
                    .and_then(|a| ctx.attr_as_int(a))
                    .and_then(|k| tail_builtin::memref::ATOMIC_RMW_KINDS.get(k as usize))
                    .copied()
                    .unwrap_or("");
                let w = int_width(ctx, ctx.value_type(ctx.operand(op, 0)));
                let new = atomic(kind, old, v, w).ok_or_else(|| {
                    self.err(
                        op,
                        format!("cannot combine {old:?} and {v:?} with '{kind}'"),
                    )
                })?;
                b.borrow_mut().data[i] = new;
                Ok(vec![Value::Scalar(old)])
            }
            "dim" => {
                let b = self.buffer(op, 0)?;
                let d = self.int(op, 1)?;
                let a = b.borrow();
                match usize::try_from(d).ok().and_then(|d| a.shape.get(d)) {
                    Some(&e) => Ok(vec![Value::Scalar(Scalar::Index(e as i64))]),
                    None => Err(self.err(
                        op,
                        format!("axis {d} out of range for a memref of rank {}", a.rank()),
                    )),
                }
            }
            "copy" => self.copy_buffer(op, 0, 1),
            "get_global" => self.get_global(op),
            "cast" => {
                let b = self.buffer(op, 0)?;
                let shape = b.borrow().shape.clone();
                self.check_memref_shape(op, &shape, ctx.value_type(ctx.result(op, 0)))?;
                Ok(vec![Value::Array(b)])
            }
            _ => Err(self.err(op, "is not supported by the interpreter")),
        }
    }

    /// Executes the host-side memory ops of `gpu`: `alloc`, `dealloc`, `memcpy`.
    pub(super) fn exec_gpu_memory(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        let ctx = self.ctx;
        // Operand segments: async dependencies, dynamic sizes, symbols (alloc); async
        // dependencies, dst, src (memcpy); async dependencies, memref (dealloc). No async
        // token is ever produced, so async dependencies are empty.
        let deps = |ctx: &tail_ir::Context| {
            ctx.operands(op)
                .take_while(|&v| {
                    !matches!(
                        ctx.type_kind(ctx.value_type(v)),
                        TypeKind::MemRef { .. } | TypeKind::Index
                    )
                })
                .count()
        };
        match n {
            "alloc" => self.alloc(op, deps(ctx)),
            "dealloc" => {
                self.buffer(op, deps(ctx))?;
                Ok(vec![])
            }
            "memcpy" => {
                let d = deps(ctx);
                self.copy_buffer(op, d + 1, d)
            }
            _ => Err(self.err(op, "is not supported by the interpreter")),
        }
    }
}

/// `memref.atomic_rmw`'s combination of the old element and the value.
fn atomic(kind: &str, old: Scalar, v: Scalar, w: u32) -> Option<Scalar> {
    use Scalar::Double;
    if kind == "assign" {
        return Some(v);
    }
    if let (Double(x), Double(y)) = (old, v) {
        return Some(Double(match kind {
            "addf" => x + y,
            "mulf" => x * y,
            "maximumf" => tail_builtin::arith::fold::maximum(x, y),
            "minimumf" => tail_builtin::arith::fold::minimum(x, y),
            "maxnumf" => x.max(y),
            "minnumf" => x.min(y),
            _ => return None,
        }));
    }
    let (x, y) = (old.as_i64()?, v.as_i64()?);
    let m = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let (ux, uy) = ((x as u64) & m, (y as u64) & m);
    Some(make_int(
        w,
        match kind {
            "addi" => x.wrapping_add(y),
            "muli" => x.wrapping_mul(y),
            "andi" => x & y,
            "ori" => x | y,
            "xori" => x ^ y,
            "maxs" => x.max(y),
            "mins" => x.min(y),
            "maxu" => ux.max(uy) as i64,
            "minu" => ux.min(uy) as i64,
            _ => return None,
        },
    ))
}
