/// The lhc command line: arguments in, exit status out.
public enum LHC {
  public static func main(arguments: [String]) -> Int32 { 0 }
}
