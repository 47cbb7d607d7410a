//! `tail-lit`: a small, LLVM-lit-compatible test runner for the tail test suite.
//!
//! Test files (`.mlir`, `.apl`, `.fcl`, `.tail`, `.ll`) carry their own
//! instructions in comment lines:
//!
//! ```text
//! // RUN: tail-opt %s | FileCheck %s
//! // REQUIRES: mlir-opt
//! // UNSUPPORTED: cuda
//! // XFAIL: *
//! // ALLOW_RETRIES: 2
//! ```
//!
//! The library is split into three steps that the `lit` integration test
//! (`test/tests/lit.rs`) strings together:
//!
//! 1. [`discover`] walks a directory tree and returns one [`LitTest`] per file
//!    that contains at least one `RUN:` line;
//! 2. [`parse_directives`] extracts the directives of one file;
//! 3. [`run`] executes a test's RUN lines under a [`Config`] and returns an
//!    [`Outcome`].
//!
//! See `docs/TESTING.md` for the user-facing documentation.

#![deny(missing_docs)]

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// File extensions (without the dot) that are considered test files.
pub const TEST_EXTENSIONS: &[&str] = &["mlir", "apl", "fcl", "tail", "ll"];

/// Directory names that [`discover`] never descends into.
pub const SKIPPED_DIRS: &[&str] = &["bench", "Inputs", "lit-selftest", "target"];

/// A directory containing a file with this name is skipped (with all of its
/// subdirectories) by [`discover`].
pub const SKIP_MARKER: &str = "lit.local.skip";

/// Where the LLVM tools (`FileCheck`, `not`, `split-file`, `count`,
/// `mlir-opt`) are expected to be installed.
pub const LLVM_BIN_DIR: &str = "/usr/lib/llvm-22/bin";

/// Tools built by this workspace. A RUN line that mentions one of them fails
/// with a helpful message when the binary has not been built.
pub const WORKSPACE_TOOLS: &[&str] = &["tail-opt", "tail-translate", "tailc"];

/// Feature names understood by `REQUIRES:`, `UNSUPPORTED:` and `XFAIL:`.
pub const KNOWN_FEATURES: &[&str] = &["mlir-opt", "ptxas", "cuda", "filecheck"];

/// Default per-RUN-line timeout in seconds (override with `LIT_TIMEOUT`).
pub const DEFAULT_TIMEOUT_SECS: u64 = 120;

/// Maximum number of bytes of stdout / stderr reproduced in a failure report
/// (per stream).
pub const MAX_OUTPUT_BYTES: usize = 16 * 1024;

// ---------------------------------------------------------------------------
// Directives
// ---------------------------------------------------------------------------

/// One (possibly continued) `RUN:` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLine {
    /// 1-based line number of the first `RUN:` line of this command.
    pub line: usize,
    /// The command text, before substitution, with continuations joined.
    pub command: String,
}

/// The directives found in a test file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Directives {
    /// The commands to execute, in order.
    pub run: Vec<RunLine>,
    /// Feature expressions that must all hold (`REQUIRES:`). Each entry is a
    /// feature name, optionally negated with a leading `!`.
    pub requires: Vec<String>,
    /// Feature expressions of which none may hold (`UNSUPPORTED:`).
    pub unsupported: Vec<String>,
    /// `XFAIL:` entries: `*` or feature expressions; the test is expected to
    /// fail when any of them holds.
    pub xfail: Vec<String>,
    /// `ALLOW_RETRIES: N`: the script is re-run up to `N` extra times when it
    /// fails.
    pub allow_retries: u32,
}

const KEYWORDS: &[&str] = &[
    "RUN:",
    "REQUIRES:",
    "UNSUPPORTED:",
    "XFAIL:",
    "ALLOW_RETRIES:",
];

/// Finds the first directive keyword in `line` that is not glued to a
/// preceding identifier character (so `CHECK-RUN:` or `MYRUN:` do not count).
/// Returns the keyword and the text following it.
fn find_keyword(line: &str) -> Option<(&'static str, &str)> {
    let mut best: Option<(usize, &'static str)> = None;
    for &kw in KEYWORDS {
        let mut from = 0;
        while let Some(off) = line[from..].find(kw) {
            let pos = from + off;
            let glued = line[..pos]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
            if !glued {
                if best.is_none_or(|(p, _)| pos < p) {
                    best = Some((pos, kw));
                }
                break;
            }
            from = pos + kw.len();
        }
    }
    best.map(|(pos, kw)| (kw, &line[pos + kw.len()..]))
}

/// Strips comment terminators (`*)` of TAIL comments, `*/` of C comments) and
/// surrounding whitespace from a directive's text.
fn clean_directive_text(rest: &str) -> &str {
    let mut s = rest.trim();
    for term in ["*)", "*/"] {
        if let Some(stripped) = s.strip_suffix(term) {
            s = stripped.trim_end();
        }
    }
    s
}

fn split_features(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Parses the lit directives of one test file.
///
/// `path` is only used for error messages. Directives are recognised anywhere
/// in a line, whatever the comment syntax of the language (`//`, `⍝`, `;`,
/// `--`, `(* ... *)`). A `RUN:` line whose text ends in `\` is continued by
/// the next `RUN:` line.
///
/// # Errors
///
/// Returns an error for an unterminated `RUN:` continuation, a different
/// directive in the middle of a continuation, or a malformed
/// `ALLOW_RETRIES:` value.
pub fn parse_directives(path: &Path, text: &str) -> Result<Directives, String> {
    let mut d = Directives::default();
    // (first line number, accumulated text) of a RUN command being continued.
    let mut pending: Option<(usize, String)> = None;
    for (idx, line) in text.lines().enumerate() {
        let lineno = idx + 1;
        let Some((kw, rest)) = find_keyword(line) else {
            continue;
        };
        let body = clean_directive_text(rest);
        if kw != "RUN:" {
            if let Some((start, _)) = &pending {
                return Err(format!(
                    "{}:{lineno}: `{kw}` directive inside the RUN line continuation started at \
                     line {start}",
                    path.display()
                ));
            }
        }
        match kw {
            "RUN:" => {
                let (continued, body) = match body.strip_suffix('\\') {
                    Some(b) => (true, b.trim_end()),
                    None => (false, body),
                };
                let (start, mut acc) = pending.take().unwrap_or((lineno, String::new()));
                if !acc.is_empty() && !body.is_empty() {
                    acc.push(' ');
                }
                acc.push_str(body);
                if continued {
                    pending = Some((start, acc));
                } else if !acc.is_empty() {
                    d.run.push(RunLine {
                        line: start,
                        command: acc,
                    });
                }
            }
            "REQUIRES:" => d.requires.extend(split_features(body)),
            "UNSUPPORTED:" => d.unsupported.extend(split_features(body)),
            "XFAIL:" => d.xfail.extend(split_features(body)),
            "ALLOW_RETRIES:" => {
                d.allow_retries = body.parse().map_err(|_| {
                    format!(
                        "{}:{lineno}: ALLOW_RETRIES expects a non-negative integer, got `{body}`",
                        path.display()
                    )
                })?;
            }
            _ => unreachable!("unknown keyword {kw}"),
        }
    }
    if let Some((start, _)) = pending {
        return Err(format!(
            "{}:{start}: RUN line ends with `\\` but is not continued by another RUN line",
            path.display()
        ));
    }
    Ok(d)
}

// ---------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------

/// A discovered test file.
#[derive(Debug, Clone)]
pub struct LitTest {
    /// Absolute path of the test file.
    pub path: PathBuf,
    /// Path relative to the discovery root, with `/` separators; used as the
    /// test name (and by the `-- <filter>` substring match).
    pub name: String,
    /// The parsed directives, or the parse error (which makes the test fail).
    pub directives: Result<Directives, String>,
}

impl LitTest {
    /// Loads and parses a single test file. `name` is the display name.
    /// Returns `None` if the file has no `RUN:` line (it is an input, not a
    /// test) or cannot be read as UTF-8 text.
    pub fn load(path: &Path, name: impl Into<String>) -> Option<LitTest> {
        let text = std::fs::read_to_string(path).ok()?;
        if !text
            .lines()
            .any(|l| find_keyword(l).is_some_and(|(k, _)| k == "RUN:"))
        {
            return None;
        }
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let directives = parse_directives(&path, &text);
        Some(LitTest {
            path,
            name: name.into(),
            directives,
        })
    }
}

fn is_test_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TEST_EXTENSIONS.contains(&e))
}

/// Recursively discovers test files under `root`, sorted by name.
///
/// Files with one of [`TEST_EXTENSIONS`] that contain at least one `RUN:`
/// line are tests. Directories named in [`SKIPPED_DIRS`], hidden directories,
/// and directories containing a [`SKIP_MARKER`] file are not entered (the
/// root itself is always entered).
pub fn discover(root: &Path) -> Vec<LitTest> {
    let root_abs = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
    let walker = walkdir::WalkDir::new(&root_abs)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            if e.depth() == 0 || !e.file_type().is_dir() {
                return true;
            }
            let name = e.file_name().to_string_lossy();
            !(SKIPPED_DIRS.contains(&name.as_ref())
                || name.starts_with('.')
                || e.path().join(SKIP_MARKER).exists())
        });
    let mut tests: Vec<LitTest> = walker
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && is_test_file(e.path()))
        .filter_map(|e| {
            let rel = e.path().strip_prefix(&root_abs).unwrap_or(e.path());
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            LitTest::load(e.path(), name)
        })
        .collect();
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    tests
}

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

/// Everything [`run`] needs to know about the environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Directory holding the workspace tool binaries (`tail-opt`, ...).
    pub tools_dir: PathBuf,
    /// Directories prepended to `PATH` for RUN lines, in order.
    pub path_prefix: Vec<PathBuf>,
    /// Timeout for each RUN line.
    pub timeout: Duration,
    /// Per-run temporary directory; `%t` of each test lives below it.
    pub tmp_root: PathBuf,
    /// Available features (see [`KNOWN_FEATURES`]).
    pub features: BTreeSet<String>,
}

impl Config {
    /// Builds the configuration from the environment:
    ///
    /// * tools directory: `TAIL_TOOLS_DIR`, else [`default_tools_dir`];
    /// * `PATH` prefix: tools dir, [`LLVM_BIN_DIR`], then the directory of
    ///   `$PTXAS` if that names an existing file;
    /// * timeout: `LIT_TIMEOUT` seconds, default [`DEFAULT_TIMEOUT_SECS`];
    /// * temp dir: a fresh directory under the system temp dir (`LIT_TMPDIR`
    ///   overrides the parent);
    /// * features: detected with [`detect_features`].
    pub fn from_env() -> Config {
        let tools_dir = std::env::var_os("TAIL_TOOLS_DIR")
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .or_else(default_tools_dir)
            .unwrap_or_else(|| PathBuf::from("target/debug"));
        let tools_dir = std::path::absolute(&tools_dir).unwrap_or(tools_dir);
        let mut path_prefix = vec![tools_dir.clone(), PathBuf::from(LLVM_BIN_DIR)];
        if let Some(ptxas) = std::env::var_os("PTXAS").map(PathBuf::from) {
            if ptxas.is_file() {
                if let Some(dir) = ptxas.parent().filter(|d| !d.as_os_str().is_empty()) {
                    path_prefix.push(dir.to_path_buf());
                }
            }
        }
        let timeout = std::env::var("LIT_TIMEOUT")
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map(Duration::from_secs_f64)
            .unwrap_or(Duration::from_secs(DEFAULT_TIMEOUT_SECS));
        let tmp_parent = std::env::var_os("LIT_TMPDIR")
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(std::env::temp_dir);
        let tmp_root = unique_tmp_root(&tmp_parent);
        let mut cfg = Config {
            tools_dir,
            path_prefix,
            timeout,
            tmp_root,
            features: BTreeSet::new(),
        };
        cfg.features = detect_features(&cfg.search_path());
        cfg
    }

    /// The `PATH` value used for RUN lines: [`Config::path_prefix`] followed
    /// by the inherited `PATH`.
    pub fn search_path(&self) -> OsString {
        let inherited = std::env::var_os("PATH").unwrap_or_default();
        let dirs = self
            .path_prefix
            .iter()
            .cloned()
            .chain(std::env::split_paths(&inherited));
        std::env::join_paths(dirs).unwrap_or(inherited)
    }

    /// Whether `feature` (optionally negated with `!`) holds.
    pub fn has_feature(&self, feature: &str) -> bool {
        match feature.strip_prefix('!') {
            Some(f) => !self.features.contains(f.trim()),
            None => self.features.contains(feature),
        }
    }

    /// If `d` cannot run under this configuration (unmet `REQUIRES:` or a
    /// matching `UNSUPPORTED:`), the reason why.
    pub fn unsupported_reason(&self, d: &Directives) -> Option<String> {
        let missing: Vec<&str> = d
            .requires
            .iter()
            .filter(|f| !self.has_feature(f))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            return Some(format!(
                "missing required feature(s): {}",
                missing.join(", ")
            ));
        }
        let present: Vec<&str> = d
            .unsupported
            .iter()
            .filter(|f| f.as_str() == "*" || self.has_feature(f))
            .map(String::as_str)
            .collect();
        if !present.is_empty() {
            return Some(format!(
                "unsupported with feature(s): {}",
                present.join(", ")
            ));
        }
        None
    }

    /// Whether a test with directives `d` is expected to fail.
    pub fn is_xfail(&self, d: &Directives) -> bool {
        d.xfail.iter().any(|f| f == "*" || self.has_feature(f))
    }

    /// The `%t` path of `test` (without creating anything).
    pub fn temp_path(&self, test: &LitTest) -> PathBuf {
        let mut p = self.tmp_root.clone();
        for comp in test.name.split('/').filter(|c| !c.is_empty() && *c != "..") {
            p.push(comp);
        }
        let mut s = p.into_os_string();
        s.push(".tmp");
        PathBuf::from(s)
    }
}

fn unique_tmp_root(parent: &Path) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    parent.join(format!("tail-lit.{}.{nanos:09}.{n}", std::process::id()))
}

/// The cargo profile directory (`<target>/<profile>`) that contains the
/// currently running executable, which cargo places at
/// `<target>/<profile>/deps/<name>-<hash>`. Workspace binaries such as
/// `tail-opt` are built into that directory.
pub fn default_tools_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    if dir.file_name().is_some_and(|n| n == "deps") {
        dir.parent().map(Path::to_path_buf)
    } else {
        Some(dir.to_path_buf())
    }
}

/// Looks up an executable named `name` in the directories of `path`.
pub fn find_in_path(name: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Detects the available features given the `PATH` used for RUN lines:
///
/// * `filecheck`: `FileCheck` is on the path;
/// * `mlir-opt`: `mlir-opt` is on the path;
/// * `ptxas`: `ptxas` is on the path (which includes `$PTXAS`'s directory);
/// * `cuda`: `/dev/nvidia0` exists or `nvidia-smi -L` succeeds.
pub fn detect_features(path: &std::ffi::OsStr) -> BTreeSet<String> {
    let mut f = BTreeSet::new();
    for (feature, tool) in [
        ("filecheck", "FileCheck"),
        ("mlir-opt", "mlir-opt"),
        ("ptxas", "ptxas"),
    ] {
        if find_in_path(tool, path).is_some() {
            f.insert(feature.to_owned());
        }
    }
    if cuda_available(path) {
        f.insert("cuda".to_owned());
    }
    f
}

fn cuda_available(path: &std::ffi::OsStr) -> bool {
    if Path::new("/dev/nvidia0").exists() {
        return true;
    }
    let Some(smi) = find_in_path("nvidia-smi", path) else {
        return false;
    };
    Command::new(smi)
        .arg("-L")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

// ---------------------------------------------------------------------------
// Substitution
// ---------------------------------------------------------------------------

/// Values for the `%` substitutions of one test.
#[derive(Debug, Clone)]
pub struct Substitutions {
    /// `%s`: absolute path of the test file.
    pub source: String,
    /// `%S` (and `%p`): directory of the test file.
    pub source_dir: String,
    /// `%t`: unique temporary path of the test.
    pub temp: String,
    /// `%T`: directory containing `%t`.
    pub temp_dir: String,
}

impl Substitutions {
    /// Substitutions for `test` under `cfg`.
    pub fn for_test(test: &LitTest, cfg: &Config) -> Substitutions {
        let temp = cfg.temp_path(test);
        Substitutions {
            source: test.path.display().to_string(),
            source_dir: test
                .path
                .parent()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            temp_dir: temp
                .parent()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            temp: temp.display().to_string(),
        }
    }

    /// Applies the substitutions to `cmd` in a single left-to-right pass:
    /// `%%` becomes a literal `%` that is never re-expanded (`%%s` → `%s`),
    /// `%basename_t` is the file name of `%t`, and unknown `%x` sequences are
    /// left alone (so `printf "%d"` keeps working).
    pub fn apply(&self, cmd: &str) -> String {
        let basename_t = Path::new(&self.temp)
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Longest patterns first.
        let table: [(&str, &str); 7] = [
            ("%basename_t", &basename_t),
            ("%%", "%"),
            ("%s", &self.source),
            ("%S", &self.source_dir),
            ("%p", &self.source_dir),
            ("%t", &self.temp),
            ("%T", &self.temp_dir),
        ];
        let mut out = String::with_capacity(cmd.len() + 64);
        let mut rest = cmd;
        while let Some(pos) = rest.find('%') {
            out.push_str(&rest[..pos]);
            rest = &rest[pos..];
            match table.iter().find(|(pat, _)| rest.starts_with(pat)) {
                Some((pat, val)) => {
                    out.push_str(val);
                    rest = &rest[pat.len()..];
                }
                None => {
                    out.push('%');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        out
    }
}

// ---------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------

/// The result of running one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// All RUN lines succeeded.
    Pass,
    /// A RUN line failed (or the test could not be run); the message is a
    /// human-readable report.
    Fail(String),
    /// The test was not run because of `REQUIRES:` / `UNSUPPORTED:`.
    Unsupported(String),
    /// The test is marked `XFAIL` and failed, as expected.
    XFail,
    /// The test is marked `XFAIL` but passed; this counts as a failure.
    XPass,
}

impl Outcome {
    /// Whether this outcome should make the test suite fail.
    pub fn is_failure(&self) -> bool {
        matches!(self, Outcome::Fail(_) | Outcome::XPass)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Pass => f.write_str("PASS"),
            Outcome::Fail(m) => write!(f, "FAIL\n{m}"),
            Outcome::Unsupported(m) => write!(f, "UNSUPPORTED: {m}"),
            Outcome::XFail => f.write_str("XFAIL"),
            Outcome::XPass => f.write_str("XPASS: test is marked XFAIL but unexpectedly passed"),
        }
    }
}

/// Returns the first workspace tool mentioned as a command word in `cmd`
/// that does not exist in `tools_dir`.
fn missing_workspace_tool(cmd: &str, tools_dir: &Path) -> Option<&'static str> {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        let alts = WORKSPACE_TOOLS
            .iter()
            .map(|t| regex::escape(t))
            .collect::<Vec<_>>()
            .join("|");
        regex::Regex::new(&format!(r#"(?:^|[\s|;&(`'"])({alts})(?:$|[\s|;&)`'"])"#))
            .expect("valid regex")
    });
    re.captures_iter(cmd).find_map(|c| {
        let name = c.get(1)?.as_str();
        let tool = WORKSPACE_TOOLS.iter().find(|t| **t == name)?;
        (!is_executable(&tools_dir.join(tool))).then_some(*tool)
    })
}

/// Runs `test` under `cfg`.
///
/// Each RUN line is substituted and executed with `bash -o pipefail -c` in the
/// test file's directory, with `PATH` set to [`Config::search_path`] and a
/// per-line timeout (the whole process group is killed on timeout). Lines run
/// sequentially and the test stops at the first failing line. `XFAIL`
/// inverts the result; `ALLOW_RETRIES` re-runs a failing script.
pub fn run(test: &LitTest, cfg: &Config) -> Outcome {
    let d = match &test.directives {
        Ok(d) => d,
        Err(e) => return Outcome::Fail(format!("invalid lit directives: {e}")),
    };
    if let Some(reason) = cfg.unsupported_reason(d) {
        return Outcome::Unsupported(reason);
    }
    if d.run.is_empty() {
        return Outcome::Fail(format!("{}: no RUN lines", test.path.display()));
    }
    let xfail = cfg.is_xfail(d);
    let mut result = run_script(test, d, cfg);
    for _ in 0..d.allow_retries {
        if result.is_ok() {
            break;
        }
        result = run_script(test, d, cfg);
    }
    match (result, xfail) {
        (Ok(()), false) => Outcome::Pass,
        (Ok(()), true) => Outcome::XPass,
        (Err(_), true) => Outcome::XFail,
        (Err(msg), false) => Outcome::Fail(msg),
    }
}

fn run_script(test: &LitTest, d: &Directives, cfg: &Config) -> Result<(), String> {
    let subst = Substitutions::for_test(test, cfg);
    if let Err(e) = std::fs::create_dir_all(&subst.temp_dir) {
        return Err(format!(
            "cannot create temporary directory {}: {e}",
            subst.temp_dir
        ));
    }
    let cwd = test.path.parent().unwrap_or(Path::new("."));
    let path = cfg.search_path();
    for rl in &d.run {
        if let Some(tool) = missing_workspace_tool(&rl.command, &cfg.tools_dir) {
            return Err(format!(
                "{}:{}: RUN line needs `{tool}`, which was not found in {}\n\
                 hint: run `cargo build --workspace --bins` first \
                 (or point TAIL_TOOLS_DIR at the directory holding the binaries)",
                test.path.display(),
                rl.line,
                cfg.tools_dir.display()
            ));
        }
        let cmd = subst.apply(&rl.command);
        let res = exec_line(&cmd, cwd, &path, cfg.timeout);
        let failed = match &res {
            Ok(r) => !r.status.success() || r.timed_out,
            Err(_) => true,
        };
        if failed {
            return Err(failure_report(test, rl, &cmd, &res, cfg));
        }
    }
    Ok(())
}

fn failure_report(
    test: &LitTest,
    rl: &RunLine,
    cmd: &str,
    res: &Result<ExecResult, String>,
    cfg: &Config,
) -> String {
    let mut msg = format!(
        "{}:{}: RUN line failed\n  command: {cmd}\n",
        test.path.display(),
        rl.line
    );
    match res {
        Err(e) => msg.push_str(&format!("  error: could not execute bash: {e}\n")),
        Ok(r) => {
            if r.timed_out {
                msg.push_str(&format!(
                    "  result: timed out after {:.1}s (set LIT_TIMEOUT to change)\n",
                    cfg.timeout.as_secs_f64()
                ));
            } else {
                msg.push_str(&format!("  result: {}\n", describe_status(r.status)));
            }
            if r.status.code() == Some(127) {
                let llvm = Path::new(LLVM_BIN_DIR);
                msg.push_str(&format!(
                    "  hint: exit code 127 means a command was not found; LLVM tools \
                     (FileCheck, not, ...) are expected in {}{}\n",
                    llvm.display(),
                    if llvm.join("FileCheck").exists() {
                        ""
                    } else {
                        " (FileCheck is NOT installed there)"
                    }
                ));
            }
            msg.push_str(&format!("--- stdout ---\n{}", truncate(&r.stdout)));
            msg.push_str(&format!("--- stderr ---\n{}", truncate(&r.stderr)));
        }
    }
    msg.push_str(&format!(
        "--- temporaries: {} ---\n",
        cfg.temp_path(test).display()
    ));
    msg
}

fn describe_status(s: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit code {c}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => format!("{s}"),
    }
}

fn truncate(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = if text.len() <= MAX_OUTPUT_BYTES {
        text.into_owned()
    } else {
        let half = MAX_OUTPUT_BYTES / 2;
        let mut head_end = half;
        while !text.is_char_boundary(head_end) {
            head_end -= 1;
        }
        let mut tail_start = text.len() - half;
        while !text.is_char_boundary(tail_start) {
            tail_start += 1;
        }
        format!(
            "{}\n[... {} bytes elided ...]\n{}",
            &text[..head_end],
            tail_start - head_end,
            &text[tail_start..]
        )
    };
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

struct ExecResult {
    status: ExitStatus,
    timed_out: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn kill_group(pgid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        // SAFETY: kill(2) has no memory-safety preconditions; a negative pid
        // addresses the process group we created for this RUN line.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

fn exec_line(
    cmd: &str,
    cwd: &Path,
    path: &std::ffi::OsStr,
    timeout: Duration,
) -> Result<ExecResult, String> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new("bash")
        .arg("-o")
        .arg("pipefail")
        .arg("-c")
        .arg(cmd)
        .current_dir(cwd)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| e.to_string())?;
    let pgid = child.id();
    let spawn_reader = |mut r: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out_t = spawn_reader(Box::new(child.stdout.take().expect("piped stdout")));
    let err_t = spawn_reader(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let mut sleep = Duration::from_millis(1);
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) => {}
            Err(e) => {
                kill_group(pgid);
                let _ = child.wait();
                return Err(e.to_string());
            }
        }
        if start.elapsed() >= timeout {
            timed_out = true;
            kill_group(pgid);
            break child.wait().map_err(|e| e.to_string())?;
        }
        thread::sleep(sleep);
        sleep = (sleep * 2).min(Duration::from_millis(20));
    };
    // Reap stragglers (background jobs) that would keep the pipes open.
    kill_group(pgid);
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    Ok(ExecResult {
        status,
        timed_out,
        stdout,
        stderr,
    })
}

#[cfg(test)]
mod tests;

/// The APL programs of the test suite's corpus (`test/Frontend/APL`, its `programs/`
/// included, sorted by path): every `.apl` file outside the `Inputs/` folders (data read by
/// the programs), outside `driver/` unless `with_driver` (tool tests whose runs depend on the
/// command line), and, unless `with_negative`, without the negative tests (`err-*.apl`, which
/// must fail to compile or run). The Rust harnesses that run the corpus at each level (the
/// `tail-to-soac` check, the kernel levels, the CPU form, PTX) share this list.
pub fn apl_programs(with_driver: bool, with_negative: bool) -> Vec<PathBuf> {
    let root = apl_root();
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let e = e.expect("readable test directory");
        let p = e.path();
        let rel = p.strip_prefix(&root).expect("under the root");
        if rel
            .components()
            .any(|c| c.as_os_str() == "Inputs" || (!with_driver && c.as_os_str() == "driver"))
        {
            continue;
        }
        let negative = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("err-"));
        if p.extension().is_some_and(|x| x == "apl") && (with_negative || !negative) {
            out.push(p.to_path_buf());
        }
    }
    out
}

/// The APL corpus folder, `test/Frontend/APL`.
pub fn apl_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("Frontend/APL")
}
