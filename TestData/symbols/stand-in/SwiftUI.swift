// Stand-in for Apple's SwiftUI module, built with `swiftc -emit-module -module-name SwiftUI` by
// GenSymbolsSwiftcTests: its presence makes a generated file's `#if canImport(SwiftUI)` part
// compile on Linux. The generated code imports only Foundation; the Foundation API that part
// uses is in LocalizedStringResource.swift, compiled with the generated files.
