// XFAIL: *
// RUN: false
