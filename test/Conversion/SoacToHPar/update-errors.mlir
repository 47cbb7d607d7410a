// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-soac-to-hpar)'

// An update of a whole row (fewer indices than the rank) has no lowering yet.
func.func @row(%m: tensor<?x?xi32>, %r: tensor<?xi32>, %i: index) -> tensor<?x?xi32> {
  // expected-error@+1 {{'soac.update' op cannot be lowered by convert-soac-to-hpar: an update of a row (here 1 of 2 indices; only elements, one index per axis, are supported)}}
  %u = soac.update %r into %m[%i] : tensor<?xi32> -> tensor<?x?xi32>
  return %u : tensor<?x?xi32>
}
