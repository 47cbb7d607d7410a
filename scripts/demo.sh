#!/usr/bin/env bash
# The tail demo: sets up the machine, builds the tools in release mode and
# runs the `tail-opt` pass pipeline on test/examples/demo.mlir.
#
# Usage: bash scripts/demo.sh
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

PTXAS="$(bash scripts/setup.sh)"
export PTXAS
export PATH="/usr/lib/llvm-22/bin:${PATH}"
if ! command -v cargo >/dev/null 2>&1 && [[ -f "${HOME}/.cargo/env" ]]; then
    # shellcheck source=/dev/null
    . "${HOME}/.cargo/env"
fi

cargo build --release -p tail-opt -p tail-translate

TARGET_DIR="${CARGO_TARGET_DIR:-${REPO}/target}"
BIN="${TARGET_DIR}/release"
INPUT="test/examples/demo.mlir"
PIPELINE='builtin.module(func.func(canonicalize,cse))'

printf '\n==> tail-translate --version\n'
"${BIN}/tail-translate" --version

printf '\n==> input: %s\n' "$INPUT"
cat "$INPUT"

printf "\n==> tail-opt %s --pass-pipeline='%s'\n" "$INPUT" "$PIPELINE"
"${BIN}/tail-opt" "$INPUT" --pass-pipeline="$PIPELINE"
