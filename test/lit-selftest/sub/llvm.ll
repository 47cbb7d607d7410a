; RUN: grep -q 'define void @f' %s
define void @f() {
  ret void
}
