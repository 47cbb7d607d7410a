#!/usr/bin/env bash
# SOAC counts per function of the nine benchmark programs (test/Frontend/APL/programs/), after
# the `tail-to-soac` pipeline and, when tail-opt has the pass, after `soac-fuse` and after
# `soac-opt` (simplify, CSE, fuse: the pipeline kernel extraction runs) as well.
# Prints the Markdown tables of docs/SOAC.md (paste them over the tables there to refresh it).
#
# Needs tail-translate (APL → tail) and tail-opt, from $TAIL_TOOLS_DIR (default: the
# workspace's target/debug). Every op is counted, lambdas included (a map nest of depth 2
# counts 2 maps).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tools=${TAIL_TOOLS_DIR:-$root/target/debug}
programs=(blackscholes easter hotspot integral life mandelbrot1 mandelbrot2 signal sobol_pi)
kinds=(map reduce scan redomap scanomap filter loop)
lower='builtin.module(tail-to-soac)'
fuse='builtin.module(tail-to-soac,func.func(soac-fuse))'
opt='builtin.module(tail-to-soac,func.func(soac-opt))'

for t in tail-translate tail-opt; do
  if [[ ! -x $tools/$t ]]; then
    echo "soac-counts.sh: error: $tools/$t not found (build it, or set TAIL_TOOLS_DIR)" >&2
    exit 1
  fi
done
have_fuse=0
if "$tools/tail-opt" --list-passes | grep -q '^ *soac-fuse '; then
  have_fuse=1
fi

# counts FILE: one line per function, "name k1 k2 … k7" in the order of ${kinds[@]}.
counts() {
  awk -v kinds="${kinds[*]}" '
    BEGIN { n = split(kinds, K, " ") }
    function flush() { if (fn != "") { line = fn; for (i = 1; i <= n; i++) line = line " " (C[K[i]] + 0); print line } }
    /^ *func\.func / {
      flush(); delete C
      match($0, /@[A-Za-z0-9_$.-]+/); fn = substr($0, RSTART + 1, RLENGTH - 1)
    }
    {
      if (match($0, /(^ *|= )soac\.[a-z]+ /)) {
        op = substr($0, RSTART, RLENGTH); sub(/^.*soac\./, "", op); sub(/ $/, "", op)
        C[op]++
      }
    }
    END { flush() }' "$1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "### After \`tail-to-soac\`"
echo
printf '| program | function |'; printf ' %s |' "${kinds[@]}"; printf ' total |'
((have_fuse)) && printf ' after soac-fuse (total) |'
echo
printf '|---|---|'; printf -- '---:|%.0s' "${kinds[@]}"; printf -- '---:|'; ((have_fuse)) && printf -- '---:|'
echo
for p in "${programs[@]}"; do
  src=$root/test/Frontend/APL/programs/$p.apl
  "$tools/tail-translate" --apl-to-tail "$src" > "$tmp/$p.tail.mlir"
  "$tools/tail-opt" "$tmp/$p.tail.mlir" --pass-pipeline="$lower" > "$tmp/$p.soac.mlir"
  counts "$tmp/$p.soac.mlir" > "$tmp/$p.lower"
  if ((have_fuse)); then
    "$tools/tail-opt" "$tmp/$p.tail.mlir" --pass-pipeline="$fuse" > "$tmp/$p.fused.mlir"
    counts "$tmp/$p.fused.mlir" > "$tmp/$p.fuse"
    "$tools/tail-opt" "$tmp/$p.tail.mlir" --pass-pipeline="$opt" > "$tmp/$p.opt.mlir"
    counts "$tmp/$p.opt.mlir" > "$tmp/$p.opt"
  fi
  while read -r fn c1 c2 c3 c4 c5 c6 c7; do
    total=$((c1 + c2 + c3 + c4 + c5 + c6 + c7))
    printf '| %s | @%s | %s | %s | %s | %s | %s | %s | %s | %s |' "$p" "$fn" "$c1" "$c2" "$c3" "$c4" "$c5" "$c6" "$c7" "$total"
    if ((have_fuse)); then
      ft=$(awk -v f="$fn" '$1 == f { print $2 + $3 + $4 + $5 + $6 + $7 + $8 }' "$tmp/$p.fuse")
      printf ' %s |' "${ft:-?}"
    fi
    echo
  done < "$tmp/$p.lower"
done
if ((have_fuse)); then
  echo
  for stage in fuse opt; do
    pass=soac-fuse
    [[ $stage == opt ]] && pass=soac-opt
    echo
    echo "### After \`tail-to-soac\` then \`$pass\`"
    echo
    printf '| program | function |'; printf ' %s |' "${kinds[@]}"; echo ' total |'
    printf '|---|---|'; printf -- '---:|%.0s' "${kinds[@]}"; echo '---:|'
    for p in "${programs[@]}"; do
      while read -r fn c1 c2 c3 c4 c5 c6 c7; do
        total=$((c1 + c2 + c3 + c4 + c5 + c6 + c7))
        echo "| $p | @$fn | $c1 | $c2 | $c3 | $c4 | $c5 | $c6 | $c7 | $total |"
      done < "$tmp/$p.$stage"
    done
  done
fi
