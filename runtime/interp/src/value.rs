//! Runtime values of the interpreter: scalars, arrays (shape + flat row-major data, shared
//! store locations so that `tail.idxassign` updates in place) and tuples.

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
        debug_assert_eq!(shape.iter().product::<usize>(), data.len());
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

/// A runtime value.
#[derive(Clone, Debug)]
pub enum Value {
    /// A scalar (also the value of a rank-0 array).
    Scalar(Scalar),
    /// An array of rank ≥ 1: a store location, shared by every alias (§3.1.5).
    Array(Rc<RefCell<Array>>),
    /// A tuple.
    Tuple(Vec<Value>),
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
            Value::Tuple(_) => None,
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
            Value::Tuple(_) => None,
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Scalar(a), Value::Scalar(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => *a.borrow() == *b.borrow(),
            (Value::Tuple(a), Value::Tuple(b)) => a == b,
            _ => false,
        }
    }
}
