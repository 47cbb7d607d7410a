// UNSUPPORTED: !no-such-feature
// RUN: false
