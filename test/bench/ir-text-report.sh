#!/usr/bin/env bash
# Runs the IR text benchmark (tail vs. upstream mlir-opt on the same generated
# 1,000,000-op module, in one criterion run) and records the medians and their
# ratio in test/bench/RESULTS.md, with the machine they ran on.
#
# Usage: bash test/bench/ir-text-report.sh
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO"
TARGET="${CARGO_TARGET_DIR:-$REPO/target}"
cargo bench -p tail-bench --bench ir_text
python3 - "$TARGET/criterion/ir_text_1m" "$REPO/test/bench/RESULTS.md" <<'PY'
import json, os, platform, subprocess, sys, datetime
root, results = sys.argv[1], sys.argv[2]
def median(name):
    with open(os.path.join(root, name, "new", "estimates.json")) as f:
        return json.load(f)["median"]["point_estimate"] / 1e9
tail = median("tail")
try:
    mlir = median("mlir-opt")
except FileNotFoundError:
    mlir = None
cpu = "unknown CPU"
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
except OSError:
    pass
mlir_version = subprocess.run(["/usr/lib/llvm-22/bin/mlir-opt", "--version"], capture_output=True, text=True).stdout
mlir_version = next((l.strip() for l in mlir_version.splitlines() if "version" in l.lower()), "mlir-opt (version unknown)")
section = [
    "## IR text: parse + verify + print of a 1,000,000-op module",
    "",
    f"- Date: {datetime.date.today().isoformat()}",
    f"- Machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
    f"- Peer: upstream `mlir-opt --mlir-print-op-generic` ({mlir_version}) on the same generic-form text, in the same criterion run",
    "- Input: 1,000 `func.func`s of 999 chained `arith` ops each (`test/bench/src/lib.rs`), 57 MB of text",
    "- tail: in-process `parse_source` + `verify` + generic print (release build); mlir-opt: a process per iteration reading the file and writing to /dev/null",
    "",
    "| tool | median time (s) |",
    "| --- | --- |",
    f"| tail | {tail:.3f} |",
]
if mlir is not None:
    section.append(f"| mlir-opt | {mlir:.3f} |")
    section += ["", f"Ratio tail / mlir-opt: **{tail / mlir:.2f}** (below 1 means tail is faster).", ""]
else:
    section += ["", "mlir-opt was not available; no ratio.", ""]
text = open(results).read() if os.path.exists(results) else "# Benchmark results\n\n"
marker = "## IR text: parse + verify + print"
if marker in text:
    head, rest = text.split(marker, 1)
    nxt = rest.find("\n## ")
    tail_text = rest[nxt + 1:] if nxt >= 0 else ""
    text = head + "\n".join(section) + ("\n" + tail_text if tail_text else "")
else:
    text = text.rstrip("\n") + "\n\n" + "\n".join(section)
open(results, "w").write(text)
print("\n".join(section))
PY
