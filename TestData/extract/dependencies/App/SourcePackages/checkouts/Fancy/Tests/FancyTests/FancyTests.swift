import Fancy

// A test of the dependency declares a type the app's code would otherwise take as its own.
struct LoudButton {
  init(_ title: String) {}
}
