// The benchmark program easter.apl does not reach gpu IR yet (a tensor cast to !tail.array for printing); the pass fails at the op.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/easter.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK: error: 'builtin.unrealized_conversion_cast' op cannot be lowered by convert-soac-to-hpar
