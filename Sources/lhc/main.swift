import LHCCommandLine

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

exit(LHC.main(arguments: Array(CommandLine.arguments.dropFirst())))
