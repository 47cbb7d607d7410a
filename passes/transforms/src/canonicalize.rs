//! `canonicalize`: folding and canonicalization patterns applied greedily, a port of MLIR's
//! `Canonicalizer` pass (`mlir/lib/Transforms/Canonicalizer.cpp`) with the options of
//! `GreedyRewriteConfig`.
//!
//! # Algorithm
//! 1. The pattern set is collected from every registered op's
//!    [`OpInfo::canonicalize`](tail_ir::OpInfo) hook (MLIR's `getCanonicalizationPatterns`),
//!    plus one generic pattern, [`MoveConstantsRight`], which moves constant operands of
//!    `Commutative` ops behind the non-constant ones (MLIR does this in
//!    `OperationFolder::tryToFold` and in the `Commutative` trait's folder). Patterns named in
//!    `disable-patterns` are dropped; when `enable-patterns` is non-empty only the patterns
//!    named there are kept. A pattern's name is its [`RewritePattern::name`]; both the full
//!    name and its last `::` segment match.
//! 2. The set runs through the greedy driver
//!    ([`tail_ir::greedy::apply_patterns_greedily`]) on the ops nested in the anchor op, with
//!    folding on and constants uniqued and hoisted per isolated region (MLIR's
//!    `OperationFolder`): the driver erases trivially dead ops, folds ops whose operands are
//!    constant, and applies the best matching pattern, until a fixpoint or
//!    `max-iterations` walks of the IR. Unless `region-simplify=disabled`, the driver erases
//!    the blocks unreachable from their region's entry after each walk
//!    ([`tail_ir::greedy::erase_unreachable_blocks`]), like MLIR's `simplifyRegions`.
//!
//! Non-convergence is not an error unless `test-convergence` is set (as in MLIR).
//! `max-num-rewrites` bounds the pattern applications of the greedy driver (folds and the
//! erasure of dead ops do not count); `-1` means no limit. `region-simplify=aggressive` is
//! accepted and behaves like `normal`. MLIR's region simplification also drops dead arguments
//! of non-entry blocks (with the matching successor operands of every predecessor) and, when
//! aggressive, merges identical blocks; both need to know which terminator operands are
//! forwarded to which successor (MLIR's `BranchOpInterface`), which `tail-ir` does not describe
//! yet, so block arguments are never removed.

use tail_ir::greedy::{apply_patterns_greedily, collect_canonicalization_patterns, GreedyConfig};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Context, Diagnostic, OpId, OpTraits, PatternRewriter, RewritePattern};
use tail_ir::{FrozenRewritePatternSet, RewritePatternSet};

/// Canonicalize operations: fold them, apply every registered op's canonicalization patterns
/// greedily until a fixpoint, and erase dead ops and unreachable blocks.
#[pass(
    argument = "canonicalize",
    summary = "Canonicalize operations",
    name = "Canonicalizer"
)]
pub struct Canonicalize {
    #[option(
        name = "max-iterations",
        default = 10,
        description = "Max. iterations between applying patterns / simplifying regions"
    )]
    max_iterations: usize,
    #[option(name = "max-num-rewrites", default = -1, description = "Max. number of pattern rewrites (-1: no limit)")]
    max_num_rewrites: i64,
    #[option(
        name = "top-down",
        default = true,
        description = "Seed the worklist in general top-down order"
    )]
    top_down: bool,
    #[option(
        name = "region-simplify",
        default = "normal",
        description = "Perform control flow optimizations to the region tree (disabled, normal, aggressive)"
    )]
    region_simplify: String,
    #[option(
        name = "test-convergence",
        default = false,
        description = "Test only: Fail pass on non-convergence to detect cyclic pattern"
    )]
    test_convergence: bool,
    #[option(
        name = "disable-patterns",
        description = "Labels of patterns that should be filtered out during application"
    )]
    disable_patterns: Vec<String>,
    #[option(
        name = "enable-patterns",
        description = "Labels of patterns that should be used during application, all other patterns are filtered out"
    )]
    enable_patterns: Vec<String>,
    #[statistic(
        name = "num-ops-removed",
        description = "Net number of operations removed (erased minus created)"
    )]
    num_ops_removed: Statistic,
    /// The frozen patterns and the pattern filters they were built with.
    cache: Option<(Vec<String>, Vec<String>, FrozenRewritePatternSet)>,
}

/// How much region simplification `region-simplify` asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionSimplifyLevel {
    /// No region simplification.
    Disabled,
    /// Erase unreachable blocks (and dead block arguments where known).
    Normal,
    /// Like `Normal` (MLIR also merges identical blocks).
    Aggressive,
}

impl RegionSimplifyLevel {
    /// Parses the option value (`true`/`false` are accepted as `normal`/`disabled`).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "disabled" | "false" => Some(Self::Disabled),
            "normal" | "true" => Some(Self::Normal),
            "aggressive" => Some(Self::Aggressive),
            _ => None,
        }
    }
}

/// Whether the pattern name `name` is matched by the label `label` (the full name, or its last
/// `::` segment).
fn pattern_matches(name: &str, label: &str) -> bool {
    if name == label {
        return true;
    }
    let short = name.rsplit("::").next().unwrap_or(name);
    short == label
}

/// Builds the canonicalization pattern set of every registered op (plus
/// [`MoveConstantsRight`]), filtered by `disabled` and `enabled` labels.
pub fn canonicalization_patterns(
    ctx: &Context,
    disabled: &[String],
    enabled: &[String],
) -> FrozenRewritePatternSet {
    let mut set: RewritePatternSet = collect_canonicalization_patterns(ctx);
    set.add(MoveConstantsRight);
    let patterns = set
        .into_sorted()
        .into_iter()
        .filter(|p| {
            let name = p.name();
            !disabled.iter().any(|l| pattern_matches(name, l))
                && (enabled.is_empty() || enabled.iter().any(|l| pattern_matches(name, l)))
        })
        .collect::<Vec<_>>();
    FrozenRewritePatternSet::from_boxed(patterns)
}

/// The generic canonicalization of `Commutative` ops: constant operands (defined by
/// `ConstantLike` ops) move behind the other operands, keeping the relative order of each
/// group, so `addi %c1, %x` becomes `addi %x, %c1`.
#[derive(Copy, Clone, Debug, Default)]
pub struct MoveConstantsRight;

impl RewritePattern for MoveConstantsRight {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "MoveConstantsRight"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &Context = rewriter;
        if !ctx.op_has_traits(op, OpTraits::COMMUTATIVE) || ctx.num_operands(op) < 2 {
            return false;
        }
        let operands = ctx.operand_vec(op);
        let is_const: Vec<bool> = operands
            .iter()
            .map(|&v| {
                ctx.defining_op(v)
                    .is_some_and(|d| ctx.op_has_traits(d, OpTraits::CONSTANT_LIKE))
            })
            .collect();
        let mut order: Vec<usize> = (0..operands.len()).filter(|&i| !is_const[i]).collect();
        order.extend((0..operands.len()).filter(|&i| is_const[i]));
        if order.iter().enumerate().all(|(k, &i)| k == i) {
            return false;
        }
        let new_operands: Vec<_> = order.iter().map(|&i| operands[i]).collect();
        rewriter.modify_op_in_place(op, |ctx| ctx.set_operands(op, &new_operands));
        true
    }
}

impl Canonicalize {
    fn greedy_config(&self) -> GreedyConfig {
        GreedyConfig {
            max_iterations: self.max_iterations,
            top_down: self.top_down,
            fold: true,
            cse_constants: true,
            max_rewrites: usize::try_from(self.max_num_rewrites).ok(),
            region_simplification: true,
        }
    }

    fn patterns(&mut self, ctx: &Context) -> &FrozenRewritePatternSet {
        let stale = match &self.cache {
            Some((d, e, _)) => *d != self.disable_patterns || *e != self.enable_patterns,
            None => true,
        };
        if stale {
            let frozen =
                canonicalization_patterns(ctx, &self.disable_patterns, &self.enable_patterns);
            self.cache = Some((
                self.disable_patterns.clone(),
                self.enable_patterns.clone(),
                frozen,
            ));
        }
        &self.cache.as_ref().expect("just built").2
    }
}

impl PassRun for Canonicalize {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let Some(level) = RegionSimplifyLevel::parse(&self.region_simplify) else {
            let msg = format!(
                "invalid value '{}' for option 'region-simplify' of pass 'canonicalize' \
                 (expected 'disabled', 'normal' or 'aggressive')",
                self.region_simplify
            );
            return Err(Diagnostic::error(ctx.op_loc(op), msg).into());
        };
        let mut config = self.greedy_config();
        config.region_simplification = level != RegionSimplifyLevel::Disabled;
        let start = ctx.change_count();
        let ops_before = ctx.walk_preorder(op).len();
        let patterns = self.patterns(ctx);
        let result = apply_patterns_greedily(ctx, op, patterns, config);
        let ops_after = ctx.walk_preorder(op).len();
        self.num_ops_removed
            .add(ops_before.saturating_sub(ops_after) as u64);
        if ctx.change_count() == start {
            am.mark_all_preserved();
        }
        match result {
            Err(d) if self.test_convergence => Err(d.into()),
            _ => Ok(()),
        }
    }
}
