// An input that is not UTF-8 is rejected with a located error (line and column of the first
// invalid byte, in characters), the source line and a caret; exit status 1, no output, no panic.
// RUN: printf 'func.func @f() {\n  return\n}\n"\377\376"\n' > %t
// RUN: not tail-opt %t 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not tail-opt - < %t 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: tail-opt %t > %t.stdout 2>/dev/null; test $? -eq 1
// RUN: count 0 < %t.stdout

// FILE:      {{^.*}}invalid-utf8.mlir.tmp:4:2: error: invalid UTF-8 in input{{$}}
// FILE-NEXT: {{^".+"$}}
// FILE-NEXT: {{^ \^$}}
// FILE-NOT:  {{.}}

// STDIN: <stdin>:4:2: error: invalid UTF-8 in input
// STDIN-NOT: panicked

// In a comment, after multi-byte characters: the column counts characters.
// RUN: printf '// \303\251\303\251 \300\n' > %t.2
// RUN: not tail-opt %t.2 2>&1 | FileCheck %s --check-prefix=COMMENT
// COMMENT: {{.*}}.tmp.2:1:7: error: invalid UTF-8 in input
// COMMENT-NEXT: // {{.*}}
// COMMENT-NEXT: {{^      \^$}}

// A truncated multi-byte sequence at the end of the file.
// RUN: printf '"test.a"() : () -> ()\n\342\202' > %t.3
// RUN: not tail-opt %t.3 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: {{.*}}.tmp.3:2:1: error: invalid UTF-8 in input
// TRUNC-NOT: panicked
