// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: not tail-opt %S/Inputs/assert-invalid.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// cf.assert: the one op of upstream's cf dialect that tail's IR holds (an assertion in
// device code of MLIR input); round trip in both forms.

// CHECK-LABEL: func.func @check
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ult, %arg0, %arg1 : index
// CHECK-NEXT:    cf.assert %[[OK]], "index out of bounds"
// CHECK-NEXT:    return
func.func @check(%i: index, %n: index) {
  %ok = arith.cmpi ult, %i, %n : index
  cf.assert %ok, "index out of bounds"
  return
}

// ERR: assert-invalid.mlir:3:13: error: use of value '%x' expects different type than prior uses: 'i1' vs 'i32'
