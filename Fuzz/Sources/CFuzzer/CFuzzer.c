// Intentionally empty: the declarations in include/CFuzzer.h are defined by libFuzzer.
