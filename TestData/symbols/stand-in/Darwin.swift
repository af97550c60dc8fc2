// Stand-in for Apple's Darwin module, built with `swiftc -emit-module -module-name Darwin` by
// GenSymbolsSwiftcTests: its presence makes a generated file's `#if canImport(Darwin)` lookup
// (Foundation's `Bundle` API, which Linux has too) compile on Linux.
