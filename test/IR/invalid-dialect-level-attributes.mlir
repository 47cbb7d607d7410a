// RUN: tail-opt %s --split-input-file --verify-diagnostics

// Diagnostics of a dialect's `parse_attribute` hook (upstream's wording for the gpu enums).

// expected-error@+1 {{expected ::mlir::gpu::Dimension to be one of: x, y, z}}
func.func @f() attributes {d = #gpu<dim w>}

// -----

// expected-error@+1 {{expected ::mlir::gpu::ShuffleMode to be one of: xor, up, down, idx}}
func.func @f() attributes {d = #gpu<shuffle_mode left>}

// -----

// expected-error@+1 {{unknown attribute `foo` in dialect `gpu`}}
func.func @f() attributes {d = #gpu<foo x>}
