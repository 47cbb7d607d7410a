// A failing test: the second RUN line must fail and stop the script.
// RUN: echo first-line-ran
// RUN: echo about-to-fail >&2 && false
// RUN: echo never-runs > %t.never
