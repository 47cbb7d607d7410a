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

TARGET_DIR="${CARGO_TARGET_DIR:-${REPO}/target}"
PROBE_FAILURE='failed to run `rustc` to learn about target-specific information'

# Runs one step, with standard input from /dev/null (no step reads it).
# Cargo caches the result of its `rustc -` target probe in .rustc_info.json.
# On fresh target directories that probe has been seen (also with standard
# input from /dev/null) to read stray text as its program -- output of build
# scripts' compiler probes such as `cc -?` -- and fail; the failure is then
# cached for every later cargo command. The writer of that text is not known
# yet, so a step failing with exactly that error is retried (up to two times)
# after removing the cached probe results; any other failure stops.
step() {
    local start=$SECONDS attempt log status
    log="$(mktemp)"
    for attempt in 1 2 3; do
        printf '\n==> %s\n' "$*"
        set +e
        "$@" </dev/null 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        set -e
        if [[ $status -eq 0 ]]; then
            rm -f "$log"
            printf '==> ok (%ss): %s\n' "$((SECONDS - start))" "$*"
            return 0
        fi
        if [[ $attempt -lt 3 ]] && grep -qF "$PROBE_FAILURE" "$log"; then
            printf '==> cargo target probe failed; clearing cached probe results and retrying (attempt %d)\n' "$((attempt + 1))"
            find "$TARGET_DIR" -name .rustc_info.json -delete 2>/dev/null || true
            continue
        fi
        break
    done
    rm -f "$log"
    printf '==> FAILED (%ss): %s\n' "$((SECONDS - start))" "$*"
    return "$status"
}

step cargo fmt --all --check
step cargo clippy --workspace --all-targets -- -D warnings
# Builds the tools and the runtime library (target/debug/libtail_rt.a) that `tailc build` links.
step cargo build --workspace
step cargo test --workspace

printf '\nAll tests passed.\n'
