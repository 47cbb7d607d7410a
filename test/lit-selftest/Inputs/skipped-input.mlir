// RUN: false
