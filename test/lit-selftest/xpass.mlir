// XFAIL: *
// RUN: true
