// Errors in `--pass-pipeline` are reported before the input is read, as
// `<pass-pipeline>:1:COL: error: ...` with the pipeline text and a caret; exit status 1, no
// output.

// RUN: not tail-opt %s --pass-pipeline='builtin.module(foo)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --strict-whitespace
// UNKNOWN:      {{^}}<pass-pipeline>:1:16: error: 'foo' does not refer to a registered pass or pass pipeline{{$}}
// UNKNOWN-NEXT: {{^}}builtin.module(foo){{$}}
// UNKNOWN-NEXT: {{^}}               ^{{$}}
// UNKNOWN-NOT:  module

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{bogus=1})' 2>&1 | FileCheck %s --check-prefix=OPTNAME --strict-whitespace
// OPTNAME:      {{^}}<pass-pipeline>:1:29: error: no such option 'bogus' for pass 'canonicalize'{{$}}
// OPTNAME-NEXT: {{^}}builtin.module(canonicalize{bogus=1}){{$}}
// OPTNAME-NEXT: {{^}}                            ^{{$}}

// RUN: not tail-opt %s --pass-pipeline='builtin.module(cse{x=1})' 2>&1 | FileCheck %s --check-prefix=NOOPTS
// NOOPTS: <pass-pipeline>:1:20: error: no such option 'x' for pass 'cse'

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=abc})' 2>&1 | FileCheck %s --check-prefix=OPTVAL --strict-whitespace
// OPTVAL:      {{^}}<pass-pipeline>:1:44: error: invalid argument 'abc' to option 'max-iterations': expected an unsigned integer{{$}}
// OPTVAL-NEXT: {{^}}builtin.module(canonicalize{max-iterations=abc}){{$}}
// OPTVAL-NEXT: {{^}}                                           ^{{$}}

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: <pass-pipeline>:1:38: error: invalid argument 'maybe' to option 'top-down': expected 'true' or 'false'

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=-1})' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: <pass-pipeline>:1:44: error: invalid argument '-1' to option 'max-iterations': expected an unsigned integer

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations})' 2>&1 | FileCheck %s --check-prefix=NOVAL
// NOVAL: <pass-pipeline>:1:29: error: missing value for option 'max-iterations'

// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=UNBALANCED --strict-whitespace
// UNBALANCED:      {{^}}<pass-pipeline>:1:30: error: encountered unbalanced parentheses while parsing pipeline{{$}}
// UNBALANCED-NEXT: {{^}}builtin.module(func.func(cse){{$}}
// UNBALANCED-NEXT: {{^}}                             ^{{$}}

// RUN: not tail-opt %s --pass-pipeline='builtin.module(cse))' 2>&1 | FileCheck %s --check-prefix=EXTRA --strict-whitespace
// EXTRA:      {{^}}<pass-pipeline>:1:20: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline{{$}}
// EXTRA-NEXT: {{^}}builtin.module(cse)){{$}}
// EXTRA-NEXT: {{^}}                   ^{{$}}

// RUN: not tail-opt %s --pass-pipeline='builtin.module(,cse)' 2>&1 | FileCheck %s --check-prefix=EMPTYELT
// EMPTYELT: <pass-pipeline>:1:16: error: expected pass, pass pipeline or operation name

// RUN: not tail-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1}{top-down=false})' 2>&1 | FileCheck %s --check-prefix=COMMA
// COMMA: <pass-pipeline>:1:46: error: expected ',' after parsing pipeline

// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func{x}(cse))' 2>&1 | FileCheck %s --check-prefix=ANCHOROPTS
// ANCHOROPTS: <pass-pipeline>:1:25: error: unexpected options on pass pipeline anchor 'func.func'

// RUN: not tail-opt %s --pass-pipeline='builtin.module(simplify{max-iterations=1})' 2>&1 | FileCheck %s --check-prefix=PIPEOPTS
// PIPEOPTS: <pass-pipeline>:1:24: error: pass pipeline 'simplify' does not take options

// The pipeline must be anchored on an op name.
// RUN: not tail-opt %s --pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <pass-pipeline>:1:1: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// Errors that depend on the IR are reported when the pipeline runs, located at the op.
// RUN: not tail-opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: error: can't run 'func.func' pass manager on 'builtin.module' op
// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOTABLE
// NOTABLE: pipeline-errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
func.func @f() {
  return
}

// The pipeline is checked before the input is read: a missing input file is not reported.
// RUN: not tail-opt %t.does-not-exist --pass-pipeline='builtin.module(foo)' 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: error: 'foo' does not refer to a registered pass or pass pipeline
// FIRST-NOT: could not open input file

// Exit status 1 exactly, and nothing on stdout.
// RUN: tail-opt %s --pass-pipeline='builtin.module(foo)' > %t.out 2>/dev/null; test $? -eq 1
// RUN: count 0 < %t.out
