//! Parsing half of the declarative assembly format runtime (see `format.rs`).

use super::*;
use crate::context::{BlockId, RegionId};
use crate::parser::UnresolvedOperand;

pub fn parsed_type<T: crate::types::DialectType>(p: &mut Parser<'_>, t: T) -> ParseResult<Type> {
    Ok(p.ctx.dialect_type(t))
}
pub fn parsed_attr<T: crate::attrs::DialectAttr>(
    p: &mut Parser<'_>,
    a: T,
) -> ParseResult<Attribute> {
    Ok(p.ctx.intern_attr(AttrKind::Dialect(Box::new(a))))
}
pub fn parse_type(p: &mut Parser<'_>) -> ParseResult<Type> {
    p.parse_type()
}
pub fn parse_attribute(p: &mut Parser<'_>) -> ParseResult<Attribute> {
    p.parse_attribute()
}
pub fn parse_integer(p: &mut Parser<'_>) -> ParseResult<i64> {
    p.parse_integer()
}
pub fn parse_u32(p: &mut Parser<'_>) -> ParseResult<u32> {
    let loc = p.loc();
    let v = p.parse_integer()?;
    u32::try_from(v)
        .map_err(|_| Diagnostic::error(loc, format!("integer {v} out of range for u32")))
}
pub fn parse_bool(p: &mut Parser<'_>) -> ParseResult<bool> {
    if p.parse_optional_keyword("true") {
        Ok(true)
    } else if p.parse_optional_keyword("false") {
        Ok(false)
    } else {
        Err(p.error_here("expected 'true' or 'false'"))
    }
}
pub fn parse_string(p: &mut Parser<'_>) -> ParseResult<String> {
    p.parse_string()
}
/// A possibly empty comma-separated type list.
pub fn parse_type_list_opt(p: &mut Parser<'_>) -> ParseResult<Vec<Type>> {
    let mut out = Vec::new();
    if let Some(t) = p.parse_optional_type()? {
        out.push(t);
        while p.parse_optional_punct(",") {
            out.push(p.parse_type()?);
        }
    }
    Ok(out)
}
/// A possibly empty comma-separated integer list.
pub fn parse_int_list_opt(p: &mut Parser<'_>) -> ParseResult<Vec<i64>> {
    let mut out = Vec::new();
    if let Some(v) = p.parse_optional_integer()? {
        out.push(v);
        while p.parse_optional_punct(",") {
            out.push(p.parse_integer()?);
        }
    }
    Ok(out)
}

fn is_keyword(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

pub fn parse_literal(p: &mut Parser<'_>, text: &str) -> ParseResult<()> {
    if is_keyword(text) {
        p.parse_keyword(text)
    } else {
        p.parse_punct(text)
    }
}

fn parse_optional_literal(p: &mut Parser<'_>, text: &str) -> bool {
    if is_keyword(text) {
        p.parse_optional_keyword(text)
    } else {
        p.parse_optional_punct(text)
    }
}

/// What has been parsed so far, per group.
struct State {
    operands: Vec<Vec<UnresolvedOperand>>,
    operand_types: Vec<Option<Vec<Type>>>,
    result_types: Vec<Option<Vec<Type>>>,
    all_operand_types: Option<Vec<Type>>,
    all_result_types: Option<Vec<Type>>,
    regions: Vec<Vec<RegionId>>,
    successors: Vec<Vec<BlockId>>,
}

fn set_types(s: &mut State, t: TypeRef, tys: Vec<Type>) {
    match t {
        TypeRef::Operand(g) => s.operand_types[g as usize] = Some(tys),
        TypeRef::Result(g) => s.result_types[g as usize] = Some(tys),
        TypeRef::Operands => s.all_operand_types = Some(tys),
        TypeRef::Results => s.all_result_types = Some(tys),
    }
}

fn type_ref_arity(spec: &OpSpec, t: TypeRef) -> Arity {
    match t {
        TypeRef::Operand(g) => spec.operands[g as usize].arity,
        TypeRef::Result(g) => spec.results[g as usize].arity,
        TypeRef::Operands | TypeRef::Results => Arity::Variadic,
    }
}

fn parse_types_for(spec: &OpSpec, p: &mut Parser<'_>, t: TypeRef) -> ParseResult<Vec<Type>> {
    match type_ref_arity(spec, t) {
        Arity::Single => Ok(vec![p.parse_type()?]),
        Arity::Optional => Ok(p.parse_optional_type()?.into_iter().collect()),
        Arity::Variadic => parse_type_list_opt(p),
    }
}

fn parse_region_group(
    spec: &OpSpec,
    p: &mut Parser<'_>,
    s: &mut State,
    g: usize,
    first_optional: bool,
) -> ParseResult<bool> {
    let rs = &spec.regions[g];
    let loc = p.loc();
    let r = p.ctx.create_region();
    let present = if first_optional || rs.variadic {
        p.parse_optional_region(r, &[])?
    } else {
        p.parse_region(r, &[])?;
        true
    };
    if !present {
        return Ok(false);
    }
    let mut regions = vec![r];
    if rs.variadic {
        while p.parse_optional_punct(",") {
            let r = p.ctx.create_region();
            p.parse_region(r, &[])?;
            regions.push(r);
        }
    }
    if !rs.implicit_terminator.is_empty() {
        for &r in &regions {
            p.ensure_terminator(r, rs.implicit_terminator, loc);
        }
    }
    s.regions[g].extend(regions);
    Ok(true)
}

fn parse_successor_group(
    spec: &OpSpec,
    p: &mut Parser<'_>,
    s: &mut State,
    g: usize,
) -> ParseResult<()> {
    s.successors[g].push(p.parse_successor()?);
    if spec.successors[g].variadic {
        while p.parse_optional_punct(",") {
            s.successors[g].push(p.parse_successor()?);
        }
    }
    Ok(())
}

fn parse_operand_group(
    spec: &OpSpec,
    p: &mut Parser<'_>,
    s: &mut State,
    g: usize,
) -> ParseResult<()> {
    let us = match spec.operands[g].arity {
        Arity::Single => vec![p.parse_operand()?],
        Arity::Optional => p.parse_optional_operand()?.into_iter().collect(),
        Arity::Variadic => p.parse_operand_list()?,
    };
    s.operands[g] = us;
    Ok(())
}

fn add_attr(p: &mut Parser<'_>, st: &mut OperationState, name: &str, a: Attribute) {
    st.add_attr(p.ctx, name, a);
}

fn parse_elems(
    spec: &OpSpec,
    elems: &[FormatElem],
    p: &mut Parser<'_>,
    st: &mut OperationState,
    s: &mut State,
) -> ParseResult<()> {
    for e in elems {
        match *e {
            FormatElem::Literal { text, .. } => parse_literal(p, text)?,
            FormatElem::Whitespace(_) => {}
            FormatElem::Operand { group, .. } => parse_operand_group(spec, p, s, group as usize)?,
            FormatElem::Attr { index, .. } => {
                let a = &spec.attrs[index as usize];
                let v = (a.parse)(p)?;
                add_attr(p, st, a.name, v);
            }
            FormatElem::Region { group, .. } => {
                parse_region_group(spec, p, s, group as usize, false)?;
            }
            FormatElem::Successor { group, .. } => {
                parse_successor_group(spec, p, s, group as usize)?
            }
            FormatElem::Type { of, .. } => {
                let tys = parse_types_for(spec, p, of)?;
                set_types(s, of, tys);
            }
            FormatElem::FunctionalType {
                inputs, results, ..
            } => {
                let (ins, outs) = p.parse_function_type()?;
                set_types(s, inputs, ins);
                set_types(s, results, outs);
            }
            FormatElem::AttrDict { with_keyword } => {
                if with_keyword {
                    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
                } else {
                    p.parse_optional_attr_dict(&mut st.attrs)?;
                }
            }
            FormatElem::Optional {
                anchor,
                elems,
                elide_unit_anchor,
            } => {
                let elided = match (elide_unit_anchor, anchor) {
                    (true, Anchor::Attr(i)) => Some(i),
                    _ => None,
                };
                let is_elided = |e: &FormatElem| {
                    matches!(e, FormatElem::Whitespace(_))
                        || matches!((e, elided), (FormatElem::Attr { index, .. }, Some(i)) if *index == i)
                };
                let Some(first_pos) = elems.iter().position(|e| !is_elided(e)) else {
                    continue;
                };
                if !parse_optional_first(spec, &elems[first_pos], p, st, s)? {
                    // An absent group anchored on an optional/variadic result's types means
                    // that group has no results (`(`->` type($results)^)?`).
                    if let Anchor::Result(g) = anchor {
                        let g = g as usize;
                        if s.result_types[g].is_none() && spec.results[g].arity != Arity::Single {
                            s.result_types[g] = Some(Vec::new());
                        }
                    }
                    continue;
                }
                let rest: Vec<FormatElem> = elems[first_pos + 1..]
                    .iter()
                    .copied()
                    .filter(|e| !is_elided(e))
                    .collect();
                parse_elems(spec, &rest, p, st, s)?;
                if let Some(i) = elided {
                    let u = p.ctx.unit_attr();
                    add_attr(p, st, spec.attrs[i as usize].name, u);
                }
            }
        }
    }
    Ok(())
}

/// Parses the first element of an optional group if present; returns whether it was.
fn parse_optional_first(
    spec: &OpSpec,
    e: &FormatElem,
    p: &mut Parser<'_>,
    st: &mut OperationState,
    s: &mut State,
) -> ParseResult<bool> {
    match *e {
        FormatElem::Literal { text, .. } => Ok(parse_optional_literal(p, text)),
        FormatElem::Operand { group, .. } => {
            let g = group as usize;
            let Some(first) = p.parse_optional_operand()? else {
                return Ok(false);
            };
            let mut us = vec![first];
            if spec.operands[g].arity == Arity::Variadic {
                while p.parse_optional_punct(",") {
                    us.push(p.parse_operand()?);
                }
            }
            s.operands[g] = us;
            Ok(true)
        }
        FormatElem::Attr { index, .. } => {
            let a = &spec.attrs[index as usize];
            match (a.parse_optional)(p)? {
                Some(v) => {
                    add_attr(p, st, a.name, v);
                    Ok(true)
                }
                None => Ok(false),
            }
        }
        FormatElem::Region { group, .. } => parse_region_group(spec, p, s, group as usize, true),
        FormatElem::Type { of, .. } => {
            let Some(t) = p.parse_optional_type()? else {
                return Ok(false);
            };
            let mut tys = vec![t];
            if type_ref_arity(spec, of) == Arity::Variadic {
                while p.parse_optional_punct(",") {
                    tys.push(p.parse_type()?);
                }
            }
            set_types(s, of, tys);
            Ok(true)
        }
        FormatElem::FunctionalType { .. }
        | FormatElem::Successor { .. }
        | FormatElem::AttrDict { .. } => {
            Err(p.error_here("unsupported first element of an optional group"))
        }
        FormatElem::Whitespace(_) | FormatElem::Optional { .. } => Ok(true),
    }
}

/// Splits `all` into per-group lists, given each group's count (`None` for the one variadic
/// group whose count is whatever remains).
fn split_types(all: &[Type], counts: &[Option<usize>]) -> Option<Vec<Vec<Type>>> {
    let known: usize = counts.iter().flatten().sum();
    let unknown = counts.iter().filter(|c| c.is_none()).count();
    if unknown > 1 || all.len() < known || (unknown == 0 && all.len() != known) {
        return None;
    }
    let rest = all.len() - known;
    let mut out = Vec::with_capacity(counts.len());
    let mut i = 0;
    for c in counts {
        let n = c.unwrap_or(rest);
        out.push(all[i..i + n].to_vec());
        i += n;
    }
    Some(out)
}

pub fn parse_op(spec: &OpSpec, p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let fmt = spec.format.as_ref().expect("op has no declarative format");
    let loc = p.loc();
    let mut s = State {
        operands: vec![Vec::new(); spec.operands.len()],
        operand_types: vec![None; spec.operands.len()],
        result_types: vec![None; spec.results.len()],
        all_operand_types: None,
        all_result_types: None,
        regions: vec![Vec::new(); spec.regions.len()],
        successors: vec![Vec::new(); spec.successors.len()],
    };
    parse_elems(spec, fmt.elems, p, st, &mut s)?;
    let err = |msg: String| Diagnostic::error(loc, format!("'{}' op {}", spec.name, msg));

    // Operand types given for all operands at once.
    if let Some(all) = s.all_operand_types.take() {
        let counts: Vec<Option<usize>> = s.operands.iter().map(|u| Some(u.len())).collect();
        let n: usize = s.operands.iter().map(|u| u.len()).sum();
        let split = split_types(&all, &counts).ok_or_else(|| {
            Diagnostic::error(
                loc,
                format!("{n} operands present, but expected {}", all.len()),
            )
        })?;
        for (g, tys) in split.into_iter().enumerate() {
            s.operand_types[g] = Some(tys);
        }
    }
    // Result types given for all results at once.
    if let Some(all) = s.all_result_types.take() {
        let counts: Vec<Option<usize>> = spec
            .results
            .iter()
            .map(|r| {
                if r.arity == Arity::Single {
                    Some(1)
                } else {
                    None
                }
            })
            .collect();
        let split = split_types(&all, &counts).ok_or_else(|| {
            err(format!(
                "cannot assign {} result types to the result groups",
                all.len()
            ))
        })?;
        for (g, tys) in split.into_iter().enumerate() {
            s.result_types[g] = Some(tys);
        }
    }
    // Types fixed by their constraint.
    for (g, v) in spec.operands.iter().enumerate() {
        if s.operand_types[g].is_none() {
            if let Some(t) = (v.build)(p.ctx) {
                s.operand_types[g] = Some(vec![t; s.operands[g].len()]);
            }
        }
    }
    for (g, v) in spec.results.iter().enumerate() {
        if s.result_types[g].is_none() && v.arity == Arity::Single {
            if let Some(t) = (v.build)(p.ctx) {
                s.result_types[g] = Some(vec![t]);
            }
        }
    }
    // Types derived from other groups (`type_from`) and shared through
    // SameOperandsAndResultType / SameTypeOperands, to a fixpoint.
    let same_all = spec
        .traits
        .contains(OpTraits::SAME_OPERANDS_AND_RESULT_TYPE);
    let same_operands = same_all || spec.traits.contains(OpTraits::SAME_TYPE_OPERANDS);
    loop {
        let mut changed = false;
        for (is_operand, groups) in [(true, spec.operands), (false, spec.results)] {
            for (g, v) in groups.iter().enumerate() {
                let Some(tf) = &v.type_from else { continue };
                let known = if is_operand {
                    &s.operand_types[g]
                } else {
                    &s.result_types[g]
                };
                if known.is_some() {
                    continue;
                }
                let src = if tf.operand {
                    &s.operand_types
                } else {
                    &s.result_types
                };
                let Some(src) = src[tf.group as usize]
                    .as_ref()
                    .and_then(|t| t.first().copied())
                else {
                    continue;
                };
                let t = tf.apply(p.ctx, src);
                if is_operand {
                    s.operand_types[g] = Some(vec![t; s.operands[g].len()]);
                } else {
                    s.result_types[g] = Some(vec![t]);
                }
                changed = true;
            }
        }
        if same_operands {
            let mut reference = s
                .operand_types
                .iter()
                .flatten()
                .find_map(|t| t.first().copied());
            if reference.is_none() && same_all {
                reference = s
                    .result_types
                    .iter()
                    .flatten()
                    .find_map(|t| t.first().copied());
            }
            if let Some(r) = reference {
                for g in 0..spec.operands.len() {
                    if s.operand_types[g].is_none() {
                        s.operand_types[g] = Some(vec![r; s.operands[g].len()]);
                        changed = true;
                    }
                }
                if same_all {
                    for (g, v) in spec.results.iter().enumerate() {
                        if s.result_types[g].is_none() && v.arity == Arity::Single {
                            s.result_types[g] = Some(vec![r]);
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Resolve operands.
    let mut operand_counts = Vec::with_capacity(spec.operands.len());
    for (g, v) in spec.operands.iter().enumerate() {
        let us = std::mem::take(&mut s.operands[g]);
        operand_counts.push(us.len() as i64);
        // An optional or variadic group that is absent needs no types.
        let tys = match s.operand_types[g].take() {
            Some(tys) => tys,
            None if us.is_empty() && v.arity != Arity::Single => Vec::new(),
            None => {
                return Err(err(format!(
                    "cannot infer the type of operand '{}'",
                    v.name
                )))
            }
        };
        let vals = p.resolve_operands(&us, &tys, loc)?;
        st.operands.extend(vals);
    }
    if spec.operand_segments {
        let a = p.ctx.dense_i32_array_attr(operand_counts);
        add_attr(p, st, OPERAND_SEGMENTS, a);
    }
    // Result types.
    if s.result_types.iter().any(|t| t.is_none()) {
        let Some(infer) = spec.infer_result_types else {
            let g = s.result_types.iter().position(|t| t.is_none()).unwrap_or(0);
            return Err(err(format!(
                "cannot infer the type of result '{}'",
                spec.results[g].name
            )));
        };
        let tys = infer(p.ctx, &st.operands, &st.attrs).map_err(|m| Diagnostic::error(loc, m))?;
        let counts: Vec<Option<usize>> = spec
            .results
            .iter()
            .map(|r| {
                if r.arity == Arity::Single {
                    Some(1)
                } else {
                    None
                }
            })
            .collect();
        let split = split_types(&tys, &counts).ok_or_else(|| {
            err(format!(
                "inferred {} result types that do not fit the result groups",
                tys.len()
            ))
        })?;
        for (g, t) in split.into_iter().enumerate() {
            s.result_types[g] = Some(t);
        }
    }
    let mut result_counts = Vec::with_capacity(spec.results.len());
    for t in s.result_types.into_iter() {
        let t = t.unwrap_or_default();
        result_counts.push(t.len() as i64);
        st.result_types.extend(t);
    }
    if spec.result_segments {
        let a = p.ctx.dense_i32_array_attr(result_counts);
        add_attr(p, st, RESULT_SEGMENTS, a);
    }
    for (g, rs) in spec.regions.iter().enumerate() {
        if !rs.variadic && s.regions[g].is_empty() {
            // A region in an absent optional group is still there, empty.
            let r = p.ctx.create_region();
            s.regions[g].push(r);
        }
    }
    st.regions.extend(s.regions.into_iter().flatten());
    st.successors.extend(s.successors.into_iter().flatten());
    Ok(())
}
