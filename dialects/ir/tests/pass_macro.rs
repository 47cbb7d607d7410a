//! The `#[pass]` macro: options of every supported type with defaults, parsing and printing,
//! statistics, generated info and registration.

use tail_ir::pass::{
    lookup_pass, pass, AnalysisManager, Pass, PassInfo, PassManager, PassResult, PassRun,
    PassStatistic, Statistic,
};
use tail_ir::{Context, OpId, OperationState};

/// Exercises every option type.
///
/// Second paragraph of the description.
#[pass(
    argument = "test-all-options",
    summary = "Options of every type",
    anchor = "func.func",
    name = "AllOptions"
)]
#[derive(Debug, Default, Clone)]
pub struct AllOptions {
    #[option(name = "flag", default = true, description = "A boolean")]
    flag: bool,
    #[option(name = "off")]
    off: bool,
    #[option(name = "count", default = 10, description = "An unsigned count")]
    count: usize,
    #[option(name = "small", default = 7)]
    small: u8,
    #[option(name = "delta", default = -3)]
    delta: i64,
    #[option(name = "offset", default = 2)]
    offset: i32,
    #[option(name = "ratio", default = 0.5)]
    ratio: f64,
    #[option(name = "scale", default = 2)]
    scale: f32,
    #[option(name = "label", default = "hello world")]
    label: String,
    #[option(name = "names", default = ["a", "b"], description = "A list")]
    names: Vec<String>,
    #[option(name = "more-names", default = "x, y")]
    more_names: Vec<String>,
    #[option(name = "sizes", default = [1, 2, 3])]
    sizes: Vec<i64>,
    #[option(name = "empty")]
    empty: Vec<String>,
    #[statistic(description = "Times run")]
    runs: Statistic,
    #[statistic(name = "num-things", description = "Things seen")]
    things: Statistic,
    /// A plain field: initialized with `Default`.
    scratch: Vec<u32>,
}

impl PassRun for AllOptions {
    fn run_on_operation(
        &mut self,
        _ctx: &mut Context,
        _op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        self.runs.inc();
        self.things.add(self.count as u64);
        self.scratch.push(1);
        am.mark_all_preserved();
        Ok(())
    }
}

/// A pass without fields.
#[pass(argument = "test-unit-pass")]
pub struct UnitPass;

impl PassRun for UnitPass {
    fn run_on_operation(
        &mut self,
        _: &mut Context,
        _: OpId,
        _: &mut AnalysisManager,
    ) -> PassResult {
        Ok(())
    }
}

#[test]
fn defaults() {
    let p = AllOptions::default();
    assert!(p.flag);
    assert!(!p.off);
    assert_eq!(p.count, 10);
    assert_eq!(p.small, 7);
    assert_eq!(p.delta, -3);
    assert_eq!(p.offset, 2);
    assert_eq!(p.ratio, 0.5);
    assert_eq!(p.scale, 2.0);
    assert_eq!(p.label, "hello world");
    assert_eq!(p.names, ["a", "b"]);
    assert_eq!(p.more_names, ["x", "y"]);
    assert_eq!(p.sizes, [1, 2, 3]);
    assert!(p.empty.is_empty());
    assert_eq!(p.runs.get(), 0);
    assert!(p.scratch.is_empty());
    // Other derives are kept.
    let q = p.clone();
    assert!(format!("{q:?}").contains("AllOptions"));
}

#[test]
fn options_string_is_sorted_and_complete() {
    let p = AllOptions::default();
    assert_eq!(
        p.options_string(),
        "{count=10 delta=-3 flag=true label=\"hello world\" more-names=x,y names=a,b off=false offset=2 \
         ratio=0.5 scale=2.0 sizes=1,2,3 small=7}"
    );
    assert_eq!(UnitPass.options_string(), "");
}

#[test]
fn set_option_parses_each_type() {
    let mut p = AllOptions::default();
    p.set_option("flag", "false").unwrap();
    p.set_option("count", "4").unwrap();
    p.set_option("small", "255").unwrap();
    p.set_option("delta", "-12").unwrap();
    p.set_option("ratio", "1e-3").unwrap();
    p.set_option("scale", "0.25").unwrap();
    p.set_option("label", "x").unwrap();
    p.set_option("names", "p,q,r").unwrap();
    p.set_option("sizes", "").unwrap();
    p.set_option("empty", "z").unwrap();
    assert!(!p.flag);
    assert_eq!((p.count, p.small, p.delta), (4, 255, -12));
    assert_eq!((p.ratio, p.scale), (1e-3, 0.25));
    assert_eq!(p.label, "x");
    assert_eq!(p.names, ["p", "q", "r"]);
    assert!(p.sizes.is_empty());
    assert_eq!(p.empty, ["z"]);

    assert_eq!(
        p.set_option("count", "-1").unwrap_err(),
        "invalid argument '-1' to option 'count': expected an unsigned integer"
    );
    assert_eq!(
        p.set_option("small", "256").unwrap_err(),
        "invalid argument '256' to option 'small': value out of range for 'u8'"
    );
    assert_eq!(
        p.set_option("ratio", "half").unwrap_err(),
        "invalid argument 'half' to option 'ratio': expected a floating-point number"
    );
    assert_eq!(
        p.set_option("sizes", "1,x").unwrap_err(),
        "invalid argument '1,x' to option 'sizes': expected an integer"
    );
    assert_eq!(
        p.set_option("nope", "1").unwrap_err(),
        "no such option 'nope' for pass 'test-all-options'"
    );
    assert_eq!(
        UnitPass.set_option("x", "").unwrap_err(),
        "no such option 'x' for pass 'test-unit-pass'"
    );
}

#[test]
fn info_is_generated() {
    let info: &PassInfo = AllOptions::PASS_INFO;
    assert_eq!(info.argument, "test-all-options");
    assert_eq!(info.name, "AllOptions");
    assert_eq!(info.summary, "Options of every type");
    assert_eq!(
        info.description,
        "Exercises every option type.\n\nSecond paragraph of the description."
    );
    assert_eq!(info.anchor, Some("func.func"));
    let opts: Vec<_> = info
        .options
        .iter()
        .map(|o| (o.name, o.type_name, o.default))
        .collect();
    assert_eq!(
        opts,
        [
            ("count", "usize", "10"),
            ("delta", "i64", "-3"),
            ("empty", "Vec<String>", ""),
            ("flag", "bool", "true"),
            ("label", "String", "hello world"),
            ("more-names", "Vec<String>", "x,y"),
            ("names", "Vec<String>", "a,b"),
            ("off", "bool", "false"),
            ("offset", "i32", "2"),
            ("ratio", "f64", "0.5"),
            ("scale", "f32", "2.0"),
            ("sizes", "Vec<i64>", "1,2,3"),
            ("small", "u8", "7"),
        ]
    );
    assert_eq!(
        info.option("count").unwrap().description,
        "An unsigned count"
    );
    let stats: Vec<_> = info
        .statistics
        .iter()
        .map(|s| (s.name, s.description))
        .collect();
    assert_eq!(
        stats,
        [("num-things", "Things seen"), ("runs", "Times run")]
    );

    let unit = UnitPass::PASS_INFO;
    assert_eq!(
        (unit.name, unit.summary, unit.description, unit.anchor),
        ("UnitPass", "", "A pass without fields.", None)
    );
}

#[test]
fn registered_and_usable_from_pipelines() {
    let reg = lookup_pass("test-all-options").expect("registered");
    let p = (reg.create)();
    assert_eq!(p.info().argument, "test-all-options");
    assert!(lookup_pass("test-unit-pass").is_some());

    let mut pm = PassManager::parse(
        "builtin.module(func.func(test-all-options{count=3 names=\"u v\",w label='a b' flag=false}),test-unit-pass)",
    )
    .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(test-all-options{count=3 delta=-3 flag=false label=\"a b\" more-names=x,y \
         names=\"u v\",w off=false offset=2 ratio=0.5 scale=2.0 sizes=1,2,3 small=7}),test-unit-pass)"
    );
    let reparsed = PassManager::parse(&pm.to_string()).unwrap();
    assert_eq!(reparsed.to_string(), pm.to_string());

    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let loc = ctx.unknown_loc();
    let r = ctx.create_region();
    let b = ctx.append_new_block(r, &[]);
    let mut st = OperationState::new(&mut ctx, "builtin.module", loc);
    st.regions.push(r);
    let m = ctx.create_op(st);
    for _ in 0..2 {
        let fr = ctx.create_region();
        ctx.append_new_block(fr, &[]);
        let mut st = OperationState::new(&mut ctx, "func.func", loc);
        st.regions.push(fr);
        let f = ctx.create_op(st);
        ctx.insert_op(f, tail_ir::InsertPoint::BlockEnd(b));
    }
    pm.run(&mut ctx, m).unwrap();
    let stats = pm.passes()[0].statistics();
    assert_eq!(
        stats,
        [
            PassStatistic {
                name: "num-things",
                description: "Things seen",
                value: 6
            },
            PassStatistic {
                name: "runs",
                description: "Times run",
                value: 2
            },
        ]
    );
    assert!(pm.statistics_report().ends_with(
        "'func.func' Pipeline\n  AllOptions\n    (S) 6 num-things - Things seen\n    (S) 2 runs       - Times run\nUnitPass\n"
    ));
}

#[test]
fn statistic_counter() {
    let s = Statistic::new();
    s.inc();
    s.add(4);
    assert_eq!(s.get(), 5);
    s.set(1);
    assert_eq!(s.clone().get(), 1);
}
