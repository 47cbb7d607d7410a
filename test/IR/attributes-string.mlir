// String attributes, quoted op names, quoted attribute names and quoted symbol names: escapes
// are decoded when parsing and every byte outside printable ASCII (and `"`, `\`) is printed as
// `\XX`, like MLIR.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// The output starts with the module (anchored, so these CHECK lines cannot match themselves).
// CHECK-LABEL: {{^}}module {

// CHECK: "test.plain"() {a = "plain", b = "", c = "with space and 'single'"} : () -> ()
"test.plain"() {a = "plain", b = "", c = "with space and 'single'"} : () -> ()

// Named escapes are printed as hexadecimal escapes, except `\\`.
// CHECK: "test.escapes"() {a = "tab\09here", b = "nl\0A", c = "quote\22q", d = "back\\slash"} : () -> ()
"test.escapes"() {a = "tab\there", b = "nl\n", c = "quote\"q", d = "back\\slash"} : () -> ()

// Hexadecimal escapes of printable characters are printed as the characters.
// CHECK: "test.hex"() {a = "AB", b = "\7F\01", c = "\00"} : () -> ()
"test.hex"() {a = "\41\42", b = "\7F\01", c = "\00"} : () -> ()

// UTF-8 text is printed byte by byte.
// CHECK: "test.utf8"() {a = "caf\C3\A9", b = "caf\C3\A9", c = "\E2\82\AC"} : () -> ()
"test.utf8"() {a = "café", b = "caf\C3\A9", c = "€"} : () -> ()

// Quoted op names and attribute names; names that are not identifiers keep their quotes.
// CHECK: "test.name with spaces"() {"0start" = 4 : i32, _x = 3 : i32, a.b = 2 : i32, "quoted key" = 1 : i32, "with\22quote" = 5 : i32} : () -> ()
"test.name with spaces"() {"quoted key" = 1 : i32, "a.b" = 2 : i32, _x = 3 : i32, "0start" = 4 : i32, "with\"quote" = 5 : i32} : () -> ()

// Symbol names are quoted only when needed.
// CHECK: "test.symbols"() {flat = @_under.dot$, nested = @a::@"b c"::@d, quoted = @"with space", unquoted = @plain} : () -> ()
"test.symbols"() {quoted = @"with space", nested = @a::@"b c"::@d, flat = @_under.dot$, unquoted = @"plain"} : () -> ()
