// Uses FileCheck, so it only runs where LLVM's FileCheck is installed.
// REQUIRES: filecheck
// RUN: echo "hi there" | FileCheck %s
// CHECK: hi {{t.*}}
