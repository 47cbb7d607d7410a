module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: tensor<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = tensor.extract %a[%c0] : tensor<4xf32>
      gpu.return
    }
  }
}
