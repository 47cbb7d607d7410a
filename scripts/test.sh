#!/usr/bin/env bash
# The whole tail test suite: environment setup, formatting, lints, build,
# unit tests and the lit/FileCheck suite (run by `cargo test`).
#
# Usage: bash scripts/test.sh
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

step() {
    local start=$SECONDS
    printf '\n==> %s\n' "$*"
    "$@"
    printf '==> ok (%ss): %s\n' "$((SECONDS - start))" "$*"
}

step cargo fmt --all --check
step cargo clippy --workspace --all-targets -- -D warnings
step cargo build --workspace --bins
step cargo test --workspace

printf '\nAll tests passed.\n'
