#!/usr/bin/env bash
# Installs everything tail needs on a Debian 12 (bookworm) machine:
#   * LLVM/MLIR 22 development packages (static libraries, FileCheck, mlir-opt)
#     under /usr/lib/llvm-22,
#   * a C++ compiler and Python venv support,
#   * a Rust toolchain (via rustup) if no `cargo` is found,
#   * a Python virtual environment at <repo>/.venv holding NVIDIA's `ptxas`
#     (pip package nvidia-cuda-nvcc-cu12), used to check generated PTX.
#
# Idempotent: when everything is present it does no network access and
# finishes in well under a second. Run as root, or as a user with sudo.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_VERSION=22
LLVM_PREFIX="/usr/lib/llvm-${LLVM_VERSION}"

# Everything goes to stderr except the final ptxas path, which is printed on
# the original stdout (fd 3) so that callers can capture it.
exec 3>&1 1>&2

log() { printf '[setup] %s\n' "$*"; }

if [[ "$(id -u)" -eq 0 ]]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    SUDO=()
fi

# --- System packages -------------------------------------------------------

PACKAGES=(
    "llvm-${LLVM_VERSION}-dev"
    "llvm-${LLVM_VERSION}-tools"
    "libmlir-${LLVM_VERSION}-dev"
    "mlir-${LLVM_VERSION}-tools"
    "libpolly-${LLVM_VERSION}-dev"
    "libclang-${LLVM_VERSION}-dev"
    zlib1g-dev
    libzstd-dev
    # Needed by the mlir-sys/tblgen build scripts and to create .venv.
    g++
    python3
    python3-venv
    ca-certificates
)

# Prints the packages of PACKAGES that dpkg does not report as installed.
missing_packages() {
    local pkg
    for pkg in "${PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then
            printf '%s\n' "$pkg"
        fi
    done
}

# Debian 12 ships LLVM 22 in bookworm-security. Should the configured
# sources not provide it, fall back to the upstream apt.llvm.org repository.
ensure_llvm_source() {
    if [[ -n "$(apt-cache policy "llvm-${LLVM_VERSION}-dev" 2>/dev/null |
        awk '/Candidate:/ && $2 != "(none)" {print $2}')" ]]; then
        return
    fi
    log "llvm-${LLVM_VERSION}-dev not available from configured sources; adding apt.llvm.org"
    "${SUDO[@]}" apt-get install -y --no-install-recommends ca-certificates curl
    "${SUDO[@]}" install -d -m 0755 /etc/apt/keyrings
    curl -fsSL https://apt.llvm.org/llvm-snapshot.gpg.key |
        "${SUDO[@]}" tee /etc/apt/keyrings/apt.llvm.org.asc >/dev/null
    echo "deb [signed-by=/etc/apt/keyrings/apt.llvm.org.asc] http://apt.llvm.org/bookworm/ llvm-toolchain-bookworm-${LLVM_VERSION} main" |
        "${SUDO[@]}" tee "/etc/apt/sources.list.d/llvm-${LLVM_VERSION}.list" >/dev/null
    "${SUDO[@]}" apt-get update
}

mapfile -t MISSING < <(missing_packages)
if [[ ${#MISSING[@]} -eq 0 ]]; then
    log "system packages already installed"
else
    if ! command -v apt-get >/dev/null 2>&1; then
        log "missing packages (${MISSING[*]}) and no apt-get: this script targets Debian 12"
        exit 1
    fi
    if [[ "$(id -u)" -ne 0 && ${#SUDO[@]} -eq 0 ]]; then
        log "missing packages (${MISSING[*]}); rerun as root or install sudo"
        exit 1
    fi
    log "installing: ${MISSING[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update
    ensure_llvm_source
    "${SUDO[@]}" apt-get install -y --no-install-recommends "${PACKAGES[@]}"
fi

for tool in llvm-config FileCheck mlir-opt; do
    if [[ ! -x "${LLVM_PREFIX}/bin/${tool}" ]]; then
        log "${LLVM_PREFIX}/bin/${tool} not found after installation"
        exit 1
    fi
done

# --- Rust toolchain --------------------------------------------------------

if ! command -v cargo >/dev/null 2>&1 && [[ -f "${HOME}/.cargo/env" ]]; then
    # shellcheck source=/dev/null
    . "${HOME}/.cargo/env"
fi
if ! command -v cargo >/dev/null 2>&1; then
    log "cargo not found; installing the stable Rust toolchain with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
        sh -s -- -y --profile minimal --component rustfmt,clippy
    # shellcheck source=/dev/null
    . "${HOME}/.cargo/env"
fi

# --- ptxas in .venv --------------------------------------------------------

find_ptxas() {
    local candidate
    for candidate in "${REPO}"/.venv/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
        if [[ -x "$candidate" ]]; then
            printf '%s\n' "$candidate"
            return 0
        fi
    done
    return 1
}

if ! PTXAS="$(find_ptxas)"; then
    if [[ ! -x "${REPO}/.venv/bin/pip" ]]; then
        log "creating ${REPO}/.venv"
        python3 -m venv "${REPO}/.venv"
    fi
    log "installing nvidia-cuda-nvcc-cu12 (ptxas) into .venv"
    "${REPO}/.venv/bin/pip" install --quiet --disable-pip-version-check nvidia-cuda-nvcc-cu12
    if ! PTXAS="$(find_ptxas)"; then
        log "ptxas not found in .venv after installing nvidia-cuda-nvcc-cu12"
        exit 1
    fi
fi

log "LLVM/MLIR: ${LLVM_PREFIX} ($("${LLVM_PREFIX}/bin/llvm-config" --version))"
log "cargo: $(cargo --version)"
printf '%s\n' "$PTXAS" >&3
