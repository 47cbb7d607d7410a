//! Runtime values of the interpreter: scalars, arrays (shape + flat row-major data, shared
//! store locations so that `tail.idxassign` updates in place), tuples, and the arrays of the
//! `hpar` level: pull arrays (delayed index functions or arrays materialised by `force`) and
//! push arrays (the elements a program writes, in position order).

use std::cell::RefCell;
use std::rc::Rc;

/// A scalar (a base value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// `int` (`i32`).
    Int(i32),
    /// `double` (`f64`).
    Double(f64),
    /// `bool` (`i1`).
    Bool(bool),
    /// `char` (`!tail.char`).
    Char(char),
    /// `complex` (`complex<f64>`): real and imaginary parts.
    Complex(f64, f64),
    /// Any other integer (`index`, `i64`, …) met in builtin ops.
    Index(i64),
}

/// The element kind of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `i32`.
    Int,
    /// `f64`.
    Double,
    /// `i1`.
    Bool,
    /// `!tail.char`.
    Char,
    /// `complex<f64>`.
    Complex,
    /// Other integers.
    Index,
}

impl Kind {
    /// The default (fill) element of the kind: `0`, `0.0`, `false`, `' '`, `0j0`.
    pub fn default_scalar(self) -> Scalar {
        match self {
            Kind::Int => Scalar::Int(0),
            Kind::Double => Scalar::Double(0.0),
            Kind::Bool => Scalar::Bool(false),
            Kind::Char => Scalar::Char(' '),
            Kind::Complex => Scalar::Complex(0.0, 0.0),
            Kind::Index => Scalar::Index(0),
        }
    }
}

impl Scalar {
    /// The kind of the scalar.
    pub fn kind(self) -> Kind {
        match self {
            Scalar::Int(_) => Kind::Int,
            Scalar::Double(_) => Kind::Double,
            Scalar::Bool(_) => Kind::Bool,
            Scalar::Char(_) => Kind::Char,
            Scalar::Complex(..) => Kind::Complex,
            Scalar::Index(_) => Kind::Index,
        }
    }
    /// The scalar as an integer (ints, bools as 0/1, chars as code points, other integers).
    pub fn as_i64(self) -> Option<i64> {
        match self {
            Scalar::Int(i) => Some(i as i64),
            Scalar::Bool(b) => Some(b as i64),
            Scalar::Index(i) => Some(i),
            Scalar::Char(c) => Some(c as i64),
            _ => None,
        }
    }
}

/// An array: element kind, shape and row-major data (`data.len()` is the product of `shape`).
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    /// The element kind (kept for empty arrays).
    pub kind: Kind,
    /// The extents.
    pub shape: Vec<usize>,
    /// The elements, row-major.
    pub data: Vec<Scalar>,
}

impl Array {
    /// A new array; `data.len()` must be the product of `shape`.
    pub fn new(kind: Kind, shape: Vec<usize>, data: Vec<Scalar>) -> Self {
        debug_assert_eq!(element_count(&shape), Some(data.len()));
        Array { kind, shape, data }
    }
    /// A vector.
    pub fn vector(kind: Kind, data: Vec<Scalar>) -> Self {
        Array {
            kind,
            shape: vec![data.len()],
            data,
        }
    }
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

/// The number of elements of an array of extents `shape`, `None` when it exceeds `usize`. An
/// extent of 0 makes it 0 however large the others are.
pub fn element_count(shape: &[usize]) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The number of elements of a part (a row, a cell, the leading axes) of an array that
/// exists: exact when the array holds any element, `usize::MAX` instead of an overflow for an
/// empty array with huge extents (whose parts are never visited).
pub fn part_count(shape: &[usize]) -> usize {
    element_count(shape).unwrap_or(usize::MAX)
}

/// The number of elements of a new array of extents `shape`, or the `out of memory: …`
/// message when it exceeds `usize`.
pub fn checked_count(shape: &[usize]) -> Result<usize, String> {
    element_count(shape).ok_or_else(|| {
        match shape
            .iter()
            .try_fold(1u128, |n, &d| n.checked_mul(d as u128))
        {
            Some(n) => too_large(n),
            None => {
                let ds: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
                format!(
                    "out of memory: an array of shape [{}] is too large",
                    ds.join(",")
                )
            }
        }
    })
}

/// The `out of memory: …` message for an array of `n` elements.
pub(crate) fn too_large(n: impl std::fmt::Display) -> String {
    format!("out of memory: an array of {n} elements is too large")
}

/// An empty vector with room for exactly `n` elements, reserved at once, or the
/// `out of memory: …` message when the memory cannot be had (more than `isize::MAX` bytes,
/// or the allocator refuses).
pub fn try_vec<T>(n: usize) -> Result<Vec<T>, String> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| too_large(n))?;
    Ok(v)
}

/// `n` copies of `x`, allocated like [`try_vec`].
pub fn try_filled<T: Clone>(n: usize, x: T) -> Result<Vec<T>, String> {
    let mut v = try_vec(n)?;
    v.resize(n, x);
    Ok(v)
}

/// A runtime value.
#[derive(Clone, Debug)]
pub enum Value {
    /// A scalar (also the value of a rank-0 array).
    Scalar(Scalar),
    /// An array of rank ≥ 1: a store location, shared by every alias (§3.1.5).
    Array(Rc<RefCell<Array>>),
    /// A tuple.
    Tuple(Vec<Value>),
    /// An `hpar` pull array.
    Pull(Rc<Pull>),
    /// An `hpar` push array: a one-dimensional array of base elements, in position order.
    Push(Rc<Array>),
}

/// The environment captured by a delayed index function: the values it uses from outside.
pub(crate) type Captured = Rc<Vec<(tail_ir::Value, Value)>>;

/// An `hpar` pull array: a length and a way to compute element `i` (Dybdal 2017, §5.2.1).
#[derive(Debug)]
pub enum Pull {
    /// `generate n f`: element `i` is the index function (a region) applied to `i`.
    #[doc(hidden)]
    Generate {
        /// The length.
        len: usize,
        /// The index function `(index) -> τ`.
        func: tail_ir::RegionId,
        /// The values it uses from outside.
        captured: Captured,
        /// Which of the values the index function yields (one per result of the op).
        out: usize,
    },
    /// `map f a`: element `i` is `f` of element `i` of `input`.
    #[doc(hidden)]
    Map {
        /// The array mapped over.
        input: Rc<Pull>,
        /// The function `(τ) -> τ'`.
        func: tail_ir::RegionId,
        /// The values it uses from outside.
        captured: Captured,
    },
    /// Elements `[start, start + len)` of `input` (`split_at`).
    #[doc(hidden)]
    Slice {
        /// The array.
        input: Rc<Pull>,
        /// The first element.
        start: usize,
        /// The length.
        len: usize,
    },
    /// An array materialised by `force` (or a memref viewed as a pull array), flat.
    #[doc(hidden)]
    Manifest(Rc<RefCell<Array>>),
}

impl Pull {
    /// The length.
    pub fn len(&self) -> usize {
        match self {
            Pull::Generate { len, .. } | Pull::Slice { len, .. } => *len,
            Pull::Map { input, .. } => input.len(),
            Pull::Manifest(a) => a.borrow().data.len(),
        }
    }
    /// Whether the array is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Value {
    /// Wraps an array; a rank-0 array becomes a scalar.
    pub fn from_array(a: Array) -> Value {
        if a.shape.is_empty() {
            Value::Scalar(a.data[0])
        } else {
            Value::Array(Rc::new(RefCell::new(a)))
        }
    }
    /// An int scalar.
    pub fn int(i: i32) -> Value {
        Value::Scalar(Scalar::Int(i))
    }
    /// A double scalar.
    pub fn double(d: f64) -> Value {
        Value::Scalar(Scalar::Double(d))
    }
    /// The value as an array (a copy; a scalar is the rank-0 array), `None` for tuples.
    pub fn to_array(&self) -> Option<Array> {
        match self {
            Value::Scalar(s) => Some(Array::new(s.kind(), vec![], vec![*s])),
            Value::Array(a) => Some(a.borrow().clone()),
            Value::Tuple(_) | Value::Pull(_) | Value::Push(_) => None,
        }
    }
    /// The value as a scalar, if it is one (or a one-element array).
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Value::Scalar(s) => Some(*s),
            Value::Array(a) => {
                let a = a.borrow();
                (a.data.len() == 1).then(|| a.data[0])
            }
            Value::Tuple(_) | Value::Pull(_) | Value::Push(_) => None,
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Scalar(a), Value::Scalar(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => *a.borrow() == *b.borrow(),
            (Value::Tuple(a), Value::Tuple(b)) => a == b,
            (Value::Push(a), Value::Push(b)) => a == b,
            (Value::Pull(a), Value::Pull(b)) => match (&**a, &**b) {
                (Pull::Manifest(x), Pull::Manifest(y)) => *x.borrow() == *y.borrow(),
                _ => Rc::ptr_eq(a, b),
            },
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_counts() {
        assert_eq!(element_count(&[]), Some(1));
        assert_eq!(element_count(&[2, 3]), Some(6));
        assert_eq!(element_count(&[usize::MAX, usize::MAX, 0]), Some(0));
        assert_eq!(element_count(&[1 << 32, 1 << 32]), None);
        assert_eq!(part_count(&[1 << 32, 1 << 32]), usize::MAX);
        assert_eq!(checked_count(&[2, 3]), Ok(6));
        assert_eq!(
            checked_count(&[1 << 32, 1 << 32]),
            Err("out of memory: an array of 18446744073709551616 elements is too large".into())
        );
        let d = 1usize << 63;
        assert_eq!(
            checked_count(&[d, d, d]),
            Err(format!(
                "out of memory: an array of shape [{d},{d},{d}] is too large"
            ))
        );
    }

    #[test]
    fn allocations() {
        assert_eq!(
            try_vec::<Scalar>(usize::MAX / 2),
            Err(format!(
                "out of memory: an array of {} elements is too large",
                usize::MAX / 2
            ))
        );
        assert_eq!(try_filled(3, 7), Ok(vec![7, 7, 7]));
        assert!(try_vec::<Scalar>(5).is_ok_and(|v| v.is_empty() && v.capacity() >= 5));
    }
}
