// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "Loud", targets: [.target(name: "Loud")])
