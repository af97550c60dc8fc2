import LHCFetch

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// `lhc fetch`, run by `lhc` (see `HelperExecutable`): the only executable that links the network
// stack. Past a file-size limit, `write` fails with EFBIG instead of the signal killing it.
signal(SIGXFSZ, SIG_IGN)
exit(LHCFetch.main(arguments: Array(CommandLine.arguments.dropFirst())))
