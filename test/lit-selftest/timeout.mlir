// Run with a short timeout by the self-test; must be killed, sleep included.
// RUN: sleep 30 | cat
