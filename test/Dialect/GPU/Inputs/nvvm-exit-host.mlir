// nvvm.exit outside device code.
func.func @host() {
  nvvm.exit
  return
}
