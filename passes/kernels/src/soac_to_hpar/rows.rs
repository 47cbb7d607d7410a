//! A `thread-seq` map whose lambda yields an array (a row of the result), e.g. APL's
//! replicate along the first axis of a matrix: each row is a row of the argument or a row of
//! default items, chosen by an `scf.if` (module of `convert-soac-to-hpar`).
//!
//! The result has `n·r` elements for `n` positions of the map nest and rows of `r` elements;
//! one program gives one thread to each element: thread `q` runs the lambda (module `seq`)
//! for position `q / r`, which builds the row as an index function, and reads its element
//! `q mod r` (consecutive threads write consecutive elements). The row extents must be known
//! on the host: static in the result type, or values the lambda takes from outside (found by
//! lowering the lambda once into a scratch block that is then discarded).

use tail_hpar::types::Level;
use tail_ir::{BlockId, Builder, Context, InsertPoint, OpId, Type, Value};

use super::{err, generate, push, Cx};
use crate::arr::{self, Arr};
use crate::util::*;

/// Whether `v` is defined in `blk` or in a region nested in it.
fn defined_in(ctx: &Context, v: Value, blk: BlockId) -> bool {
    let mut cur = ctx.value_parent_block(v);
    while let Some(c) = cur {
        if c == blk {
            return true;
        }
        cur = ctx.block_parent_op(c).and_then(|o| ctx.op_parent_block(o));
    }
    false
}

/// The lambda's scalar and row arguments at position `idx` of the map nest.
fn env_at(
    b: &mut Builder<'_>,
    arrs: &[Arr],
    idx: &[Value],
    binds: &[(Value, usize, usize)],
    row_binds: &[(Value, usize, usize)],
) -> crate::seq::Env {
    let mut vals = VMap::default();
    for &(a, s, d) in binds {
        let et = b.value_type(a);
        let v = arr::read(b, &arrs[s], &idx[..d], et);
        vals.insert(a, v);
    }
    let mut env = crate::seq::Env {
        vals,
        ..Default::default()
    };
    for &(a, s, d) in row_binds {
        let row = Arr::Fix {
            src: Box::new(arrs[s].clone()),
            prefix: idx[..d].to_vec(),
            ext: arrs[s].ext()[d..].to_vec(),
        };
        env.arrs.insert(a, row);
    }
    env
}

impl Cx {
    /// Result `res` of map `op`, whose lambda yields an array at position `out`: one
    /// `thread-seq` program over the elements of all rows.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn row_map_program(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        arrs: &[Arr],
        ext: &[Value],
        lambda: BlockId,
        binds: &[(Value, usize, usize)],
        row_binds: &[(Value, usize, usize)],
        out: usize,
        res: Value,
        elem: Type,
    ) -> CResult {
        let seq = self.seq_for(b.ctx, Some(lambda));
        let (shape, _) = super::tensor_parts(b.ctx, b.value_type(res)).expect("tensor result");
        let depth = ext.len();
        // The row extents, from a scratch lowering of the lambda at position 0.
        let it = b.index_type();
        let (_, scratch) = region(b.ctx, &[it]);
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(scratch));
        let z = b.block_arg(scratch, 0);
        let idx = vec![z; depth];
        let mut env = env_at(b, arrs, &idx, binds, row_binds);
        let row = seq.lambda_array(b, lambda, &mut env, out);
        b.set_insertion_point(saved);
        let row_ext: Option<Vec<Value>> = row.as_ref().ok().map(|r| r.ext().to_vec());
        let mut ok = row.is_ok();
        let mut rext = Vec::new();
        if let Some(re) = &row_ext {
            ok &= re.len() + depth == shape.len();
            for (k, &e) in re.iter().enumerate() {
                match shape.get(depth + k) {
                    Some(&s) if s != tail_ir::DYNAMIC => rext.push(cidx(b, s)),
                    _ if !defined_in(b.ctx, e, scratch) => rext.push(e),
                    _ => ok = false,
                }
            }
        }
        for o in b.block_op_vec(scratch).into_iter().rev() {
            b.erase_op(o);
        }
        row?;
        if !ok {
            return Err(err(
                b.ctx,
                op,
                "cannot be lowered by convert-soac-to-hpar: a map lambda yielding arrays whose extents are computed in the thread",
            ));
        }
        let outer = arr::count(b, ext);
        let r = arr::count(b, &rext);
        let all = bin(b, "arith.muli", outer, r);
        let ext_v = ext.to_vec();
        let pull = self.program(b, elem, "thread-seq", |b| {
            let g = generate(b, all, elem, |b, q| {
                let o = bin(b, "arith.divui", q, r);
                let c = bin(b, "arith.remui", q, r);
                let idx = if depth == 1 {
                    vec![o]
                } else {
                    arr::delinearize(b, o, &ext_v)
                };
                let mut env = env_at(b, arrs, &idx, binds, row_binds);
                let row = seq.lambda_array(b, lambda, &mut env, out)?;
                Ok(arr::read_flat(b, &row, c, elem))
            })?;
            Ok(push(b, g, elem, Level::Grid))
        })?;
        let mut full = ext.to_vec();
        full.extend(rext);
        self.arrs.insert(res, Arr::Grid { pull, ext: full });
        Ok(())
    }
}
