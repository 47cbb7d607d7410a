module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<?xf32>) kernel {
      %x = arith.constant 1.0 : f32
      %s = arith.addf %x : f32
      gpu.return
    }
  }
}
