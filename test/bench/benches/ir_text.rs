//! Parse + verify + print of a generated 1,000,000-op module, timed against upstream
//! `mlir-opt --mlir-print-op-generic` on the same text in the same run.
//!
//! `cargo bench -p tail-bench` runs both; `test/bench/ir-text-report.sh` turns criterion's
//! estimates into `test/bench/RESULTS.md`. Set `TAIL_BENCH_OPS` for another size.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

fn num_ops() -> usize {
    std::env::var("TAIL_BENCH_OPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000)
}

fn mlir_opt() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt");
    p.exists().then_some(p)
}

fn bench(c: &mut Criterion) {
    let n = num_ops();
    let text = tail_bench::generic_module(n);
    let path = std::env::temp_dir().join(format!("tail-bench-{n}.mlir"));
    std::fs::write(&path, &text).expect("write benchmark input");
    let mut group = c.benchmark_group("ir_text_1m");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    group.bench_function("tail", |b| {
        b.iter(|| tail_bench::parse_verify_print(&text).expect("tail parses"))
    });
    if let Some(mlir_opt) = mlir_opt() {
        group.bench_function("mlir-opt", |b| {
            b.iter(|| {
                let st = Command::new(&mlir_opt)
                    .arg("--mlir-print-op-generic")
                    .arg(&path)
                    .arg("-o")
                    .arg("/dev/null")
                    .status()
                    .expect("run mlir-opt");
                assert!(st.success(), "mlir-opt failed");
            })
        });
    } else {
        eprintln!("mlir-opt not found: only tail is measured");
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
