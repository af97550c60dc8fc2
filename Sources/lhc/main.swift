import LHCCommandLine

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// Past a file-size limit (`ulimit -f`), `write` then fails with EFBIG, reported as an error,
// instead of the signal killing lhc.
signal(SIGXFSZ, SIG_IGN)
exit(LHC.main(arguments: Array(CommandLine.arguments.dropFirst())))
