//! The C ABI as compiled programs use it: `tests/c/abi.c` is compiled with the system C
//! compiler and linked with the static library `libtail_rt.a`; each test runs it in one mode
//! and checks its standard output, standard error and exit status. Printed values are
//! compared with the reference interpreter's formatting of the same values.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use tail_interp::{format_value, Array, Kind, Scalar, Value};

/// The static library cargo built for this test: the newest `libtail_rt*.a` in the deps
/// directory or the profile directory (`cargo test` does not refresh the latter).
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    let deps = exe.parent().expect("deps directory");
    let profile = deps.parent().expect("profile directory");
    [deps, profile]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("libtail_rt") && n.ends_with(".a"))
        })
        .max_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok())
        .unwrap_or_else(|| panic!("libtail_rt.a not found next to {}", exe.display()))
}

/// The C test program, compiled once.
fn program() -> &'static Path {
    static PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let dir =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("c-abi-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let out = dir.join("abi");
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/abi.c");
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let status = Command::new(&cc)
            .arg("-std=c11")
            .arg("-O1")
            .arg("-o")
            .arg(&out)
            .arg(&src)
            .arg(staticlib())
            .args(["-lpthread", "-ldl", "-lm"])
            .status()
            .unwrap_or_else(|e| panic!("cannot run the C compiler '{cc}': {e}"));
        assert!(status.success(), "compiling {} failed", src.display());
        out
    })
}

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(program());
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run the C test program")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 output")
}

fn ok(args: &[&str]) -> String {
    let o = run(args, &[]);
    assert!(
        o.status.success(),
        "{args:?} failed: {}\n{}",
        o.status,
        stderr(&o)
    );
    stdout(&o)
}

/// Runs a mode that must fail: exit status 1, the message on standard error.
fn fails(args: &[&str], env: &[(&str, &str)]) -> (String, String) {
    let o = run(args, env);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{args:?}: expected exit status 1; stdout {:?} stderr {:?}",
        stdout(&o),
        stderr(&o)
    );
    (stdout(&o), stderr(&o))
}

fn arr(kind: Kind, shape: &[usize], data: Vec<Scalar>) -> String {
    format_value(&Value::from_array(Array::new(kind, shape.to_vec(), data))) + "\n"
}

#[test]
fn printing_matches_the_interpreter() {
    let i = |v: &[i32]| v.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>();
    let d = |v: &[f64]| v.iter().map(|&x| Scalar::Double(x)).collect::<Vec<_>>();
    let c = |s: &str| s.chars().map(Scalar::Char).collect::<Vec<_>>();
    let iv = [1, -20, 300, 4];
    let dv = [1.5, -20.0, 1e15, 1.0 / 3.0];
    let expected = [
        arr(Kind::Int, &[3], i(&iv[..3])),
        arr(Kind::Int, &[2, 2], i(&iv)),
        arr(Kind::Int, &[2, 1, 2], i(&iv)),
        arr(Kind::Int, &[0], vec![]),
        arr(Kind::Int, &[0, 5], vec![]),
        arr(Kind::Int, &[], i(&iv[..1])),
        arr(
            Kind::Index,
            &[3],
            [7, -8, 9000000000].map(Scalar::Index).to_vec(),
        ),
        arr(Kind::Double, &[3], d(&dv[..3])),
        arr(Kind::Double, &[2, 2], d(&dv)),
        arr(
            Kind::Bool,
            &[2, 2],
            [true, false, false, true].map(Scalar::Bool).to_vec(),
        ),
        arr(Kind::Char, &[3], c("a⍝c")),
        arr(Kind::Char, &[2, 2], c("a⍝cd")),
        arr(Kind::Char, &[2, 1, 2], c("a⍝cd")),
        arr(
            Kind::Complex,
            &[2],
            vec![Scalar::Complex(1.0, 2.0), Scalar::Complex(3.0, -4.5)],
        ),
        format_value(&Value::int(-5)) + "\n",
        format_value(&Value::Scalar(Scalar::Index(1234567890123))) + "\n",
        format_value(&Value::double(615.0)) + "\n",
        format_value(&Value::double(-0.0)) + "\n",
        format_value(&Value::Scalar(Scalar::Bool(true))) + "\n",
        format_value(&Value::Scalar(Scalar::Char('X'))) + "\n",
        format_value(&Value::Scalar(Scalar::Complex(3.0, 6.4))) + "\n",
    ]
    .concat();
    assert_eq!(ok(&["print"]), expected);
}

#[test]
fn format_int_and_double() {
    let lines: Vec<String> = [0i64, -42, 2147483647, -9000000000]
        .iter()
        .map(|x| x.to_string())
        .chain(
            [615.0, -2.5, 1.5e-7, f64::INFINITY, 0.1]
                .iter()
                .map(|&x| tail_format::fmt_double(x)),
        )
        .map(|s| s + "\n")
        .collect();
    assert_eq!(ok(&["format"]), lines.concat());
    assert_eq!(lines[4..].concat(), "615.0\n-2.5\n1.5E~07\nHUGE_VAL\n0.1\n");
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("tail-rt-{}-{name}", std::process::id()));
    std::fs::write(&p, text).expect("write temp file");
    p
}

#[test]
fn file_input() {
    let ints = temp_file("ints.txt", "3 ¯1\n 4\n-7 ");
    let dbls = temp_file("dbls.txt", "0.5 2 ¯1e3");
    let text = temp_file("text.txt", "hi ⍝\n");
    let bad = temp_file("bad.txt", "1 2 x3");
    let p = |p: &Path| p.to_str().unwrap().to_string();
    assert_eq!(ok(&["read", "int", &p(&ints)]), "[4](3,-1,4,-7)\n");
    assert_eq!(ok(&["read", "double", &p(&dbls)]), "[3](0.5,2.0,-1000.0)\n");
    assert_eq!(ok(&["read", "text", &p(&text)]), "hi ⍝\n\n");
    // Malformed and missing files: the interpreter's messages (tail_format::input), the
    // file named, exit status 1.
    let (_, e) = fails(&["read", "int", &p(&bad)], &[]);
    assert_eq!(
        e,
        format!(
            "error: bad integer 'x3' in '{}' (line 1, column 5): invalid digit found in string\n",
            p(&bad)
        )
    );
    let (_, e) = fails(&["read", "double", &p(&bad)], &[]);
    assert_eq!(
        e,
        format!(
            "error: bad double 'x3' in '{}' (line 1, column 5): invalid float literal\n",
            p(&bad)
        )
    );
    let missing = std::env::temp_dir().join("tail-rt-no-such-file.txt");
    let (_, e) = fails(&["read", "text", &p(&missing)], &[]);
    assert_eq!(
        e,
        format!(
            "error: {}\n",
            tail_format::input::read_text(&p(&missing)).unwrap_err()
        )
    );
    assert!(e.starts_with(&format!("error: cannot read file '{}': ", p(&missing))));
    for f in [ints, dbls, text, bad] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn thread_pool_runs_every_index_once() {
    let out = ok(&["parfor"]);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(out, format!("threads {threads}, nested sum 499500\n"));
    let o = run(&["parfor"], &[("TAIL_NUM_THREADS", "3")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "threads 3, nested sum 499500\n");
    let o = run(&["parfor"], &[("TAIL_NUM_THREADS", "1")]);
    assert_eq!(stdout(&o), "threads 1, nested sum 499500\n");
    let (_, e) = fails(&["parfor"], &[("TAIL_NUM_THREADS", "many")]);
    assert_eq!(
        e,
        "error: TAIL_NUM_THREADS must be a positive integer, got 'many'\n"
    );
}

#[test]
fn errors_exit_with_a_message() {
    let (out, e) = fails(&["fail"], &[]);
    assert_eq!(out, "before\n");
    assert_eq!(e, "error: the program stopped\n");
    let (_, e) = fails(&["badshape"], &[]);
    assert_eq!(
        e,
        "error: tail_rt_print_array_i32: negative extent -1 in shape [-1]\n"
    );
}

#[test]
fn failed_checks_name_their_position() {
    // Without a registered source: the line and column only.
    let (out, e) = fails(&["check", "-", "index"], &[]);
    assert_eq!(out, "passed\n");
    assert_eq!(
        e,
        "error: 2:8: index 4 is out of bounds for axis 1 of extent 3\n"
    );
    // With one: the file, the line and a caret under the column (counted in characters, the
    // tab kept), as compile-time diagnostics show them.
    let (_, e) = fails(&["check", "source", "index"], &[]);
    assert_eq!(
        e,
        "prog.apl:2:8: error: index 4 is out of bounds for axis 1 of extent 3\n\
         \t⎕ ← v[k]\n\t      ^\n"
    );
    // A line the source does not have: no excerpt.
    let (_, e) = fails(&["check", "source", "extents"], &[]);
    assert_eq!(
        e,
        "prog.apl:9:1: error: extent mismatch: input #0 has 3 rows but input #1 has 4\n"
    );
    // No position (line 0), origin 0: the soac level's own counting.
    let (_, e) = fails(&["check", "source", "negative"], &[]);
    assert_eq!(
        e,
        "error: index -1 is out of bounds for axis 1 of extent 3\n"
    );
}

#[test]
fn command_line() {
    assert_eq!(ok(&["init"]), "runs 1, time 0\n");
    let o = run(&["init", "--runs", "4", "--time"], &[]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "runs 4, time 1\n");
    // No kernel ran: the report has the total only.
    assert_eq!(stderr(&o), "time: total 1.500 ms\n");
    let (_, e) = fails(&["init", "--fast"], &[]);
    assert_eq!(
        e,
        "error: unknown argument '--fast' (usage: <program> [--time] [--runs N] [--input VALUE]...)\n"
    );
}

/// Without a CUDA driver (this machine, CI): the probe says so, no kernel time is reported,
/// and the first GPU call ends the program with the missing-driver message. With a driver
/// but no device, the first GPU call reports that; with a GPU, the tiny PTX module loads and
/// an impossible allocation is reported as out of device memory.
#[test]
fn gpu_calls_without_a_driver() {
    if !tail_rt::cuda::driver_present() {
        let (out, e) = fails(&["gpu"], &[]);
        assert_eq!(out, "cuda available 0, kernel time 0.0\n");
        assert_eq!(
            e,
            format!("error: {}\n", tail_rt::cuda::missing_driver_message())
        );
        assert!(e.starts_with(
            "error: CUDA driver not found: cannot load the driver library (tried libcuda.so, "
        ));
        let (_, e) = fails(&["gpu-oom"], &[]);
        assert!(e.starts_with("error: CUDA driver not found"), "{e}");
    } else if tail_rt::cuda::tail_rt_cuda_available() == 0 {
        let (_, e) = fails(&["gpu"], &[]);
        assert!(
            e.starts_with("error: CUDA initialisation failed")
                || e == "error: no CUDA device found\n",
            "{e}"
        );
    } else {
        let out = ok(&["gpu"]);
        assert_eq!(out, "cuda available 1, kernel time 0.0\nmodule loaded\n");
        let (_, e) = fails(&["gpu-oom"], &[]);
        assert!(
            e.starts_with("error: out of device memory: mgpuMemAlloc could not allocate"),
            "{e}"
        );
    }
}
