// Two sets of string tables → differences and runtime-safety findings.
