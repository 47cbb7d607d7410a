//! The types the `soac` dialect works on, and the type algebra of its verifiers.
//!
//! Arrays are builtin ranked tensors of rank ≥ 1 (`tensor<?x4xf64>`) whose element type is a
//! TAIL base type: `i32`, `f64`, `i1`, `complex<f64>` or `!tail.char`
//! ([`tail_dialect::types::is_base`]). Scalars are the base types themselves; there are no
//! rank-0 tensors, so the *row* of a rank-1 array is a scalar ([`row_of`]). Extents are static
//! (`4`) or dynamic (`?`, [`DYNAMIC`]).
//!
//! Verifiers only hold a `&Context` and cannot intern new tensor types, so expected types are
//! described structurally by [`Shaped`] (extents plus element type; no extents means the scalar
//! element) and compared against the types found in the IR.

use tail_ir::{Context, Type, TypeKind, DYNAMIC};

tail_ir::type_constraint! {
    /// A TAIL base type used as an array element or scalar.
    pub SoacElem: "TAIL element type (i32, f64, i1, complex<f64> or !tail.char)" =
        |ctx, ty| tail_dialect::types::is_base(ctx, ty);
    /// A ranked tensor of rank ≥ 1 with a TAIL element type.
    pub SoacArray: "ranked tensor of rank >= 1 with a TAIL element type" =
        |ctx, ty| array_parts(ctx, ty).is_some();
    /// A value a SOAC lambda can take or yield: a TAIL scalar or a `soac` array.
    pub SoacValue: "TAIL scalar or ranked tensor of rank >= 1 with a TAIL element type" =
        |ctx, ty| Shaped::of(ctx, ty).is_some();
}

/// The extents and element type of a `soac` array type, `None` for anything else.
pub fn array_parts(ctx: &Context, ty: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem }
            if !shape.is_empty() && tail_dialect::types::is_base(ctx, *elem) =>
        {
            Some((shape, *elem))
        }
        _ => None,
    }
}

/// The outer (first) extent of an array type: `Some(Some(n))` when static, `Some(None)` when
/// dynamic, `None` when `ty` is not an array.
pub fn outer_extent(ctx: &Context, ty: Type) -> Option<Option<i64>> {
    array_parts(ctx, ty).map(|(s, _)| static_extent(s[0]))
}

/// `Some(n)` for a static extent, `None` for `?`.
pub fn static_extent(e: i64) -> Option<i64> {
    (e != DYNAMIC).then_some(e)
}

/// A type described structurally: extents (empty for a scalar) and element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shaped {
    /// The extents; [`DYNAMIC`] for `?`. Empty for a scalar.
    pub shape: Vec<i64>,
    /// The element type.
    pub elem: Type,
}

impl Shaped {
    /// Describes a `soac` array or a TAIL scalar; `None` for other types.
    pub fn of(ctx: &Context, ty: Type) -> Option<Shaped> {
        if tail_dialect::types::is_base(ctx, ty) {
            return Some(Shaped {
                shape: vec![],
                elem: ty,
            });
        }
        array_parts(ctx, ty).map(|(s, e)| Shaped {
            shape: s.to_vec(),
            elem: e,
        })
    }

    /// The rank (0 for a scalar).
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The type of one row: the extents without the first (a scalar for rank 1).
    pub fn row(&self) -> Shaped {
        Shaped {
            shape: self.shape.get(1..).unwrap_or(&[]).to_vec(),
            elem: self.elem,
        }
    }

    /// The array of `n` (an extent, possibly [`DYNAMIC`]) values of this type.
    pub fn array_of(&self, n: i64) -> Shaped {
        let mut shape = vec![n];
        shape.extend_from_slice(&self.shape);
        Shaped {
            shape,
            elem: self.elem,
        }
    }

    /// Whether `ty` is exactly this type.
    pub fn matches(&self, ctx: &Context, ty: Type) -> bool {
        if self.shape.is_empty() {
            return ty == self.elem;
        }
        matches!(ctx.type_kind(ty), TypeKind::RankedTensor { shape, elem }
            if *shape == self.shape && *elem == self.elem)
    }

    /// Whether `ty` has this element type and rank, with equal extents where both are static.
    pub fn compatible(&self, ctx: &Context, ty: Type) -> bool {
        match Shaped::of(ctx, ty) {
            Some(o) => {
                o.elem == self.elem
                    && o.shape.len() == self.shape.len()
                    && o.shape
                        .iter()
                        .zip(&self.shape)
                        .all(|(&a, &b)| a == b || a == DYNAMIC || b == DYNAMIC)
            }
            None => false,
        }
    }

    /// The type as MLIR prints it (`tensor<?x4xf64>`, `f64`).
    pub fn to_string(&self, ctx: &Context) -> String {
        let elem = ctx.type_to_string(self.elem);
        if self.shape.is_empty() {
            return elem;
        }
        let dims: Vec<String> = self
            .shape
            .iter()
            .map(|&d| {
                if d == DYNAMIC {
                    "?".to_string()
                } else {
                    d.to_string()
                }
            })
            .collect();
        format!("tensor<{}x{elem}>", dims.join("x"))
    }

    /// The type, interned (needs a mutable context: builders, parsers, rewrites).
    pub fn to_type(&self, ctx: &mut Context) -> Type {
        if self.shape.is_empty() {
            self.elem
        } else {
            ctx.tensor_type(self.shape.clone(), self.elem)
        }
    }
}

/// The row type of array type `ty` (see [`Shaped::row`]), `None` if `ty` is not an array.
pub fn row_of(ctx: &Context, ty: Type) -> Option<Shaped> {
    array_parts(ctx, ty).map(|_| Shaped::of(ctx, ty).expect("array").row())
}

/// Whether two extents may be equal (equal, or one is dynamic).
pub fn extents_agree(a: i64, b: i64) -> bool {
    a == b || a == DYNAMIC || b == DYNAMIC
}

/// An extent as it prints in a type: `4` or `?`.
pub fn extent_str(e: i64) -> String {
    if e == DYNAMIC {
        "?".to_string()
    } else {
        e.to_string()
    }
}
