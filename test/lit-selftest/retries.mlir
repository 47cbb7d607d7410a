// Fails on the first attempt and passes on the second.
// ALLOW_RETRIES: 1
// RUN: if test -f %t.first; then true; else touch %t.first; false; fi
