# Homebrew formula for lhc, built from the tagged source (the release's source archive asset;
# `bundle.py formula` fills in the version, the repository and the archive's SHA-256 into
# dist/lhc.rb). Not tested in lhc's CI: there is no Mac there.
class Lhc < Formula
  desc "Build-time localization toolchain for Apple-platform apps (String Catalogs)"
  homepage "https://github.com/{repository}"
  url "https://github.com/{repository}/releases/download/v{version}/lhc-{version}-source.tar.gz"
  sha256 "{sha256}"

  depends_on xcode: ["16.0", :build]
  depends_on "libarchive"
  depends_on "libdeflate"
  depends_on "nettle"
  uses_from_macos "libxml2"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "lhc"
    bin.install ".build/release/lhc"
    man1.install Dir["man/*.1"]
    generate_completions_from_executable(bin/"lhc", "completions")
  end

  test do
    (testpath/"Localizable.xcstrings").write <<~JSON
      {"sourceLanguage": "en", "strings": {"Hello": {}}, "version": "1.0"}
    JSON
    system bin/"lhc", "compile", "Localizable.xcstrings", "-o", testpath/"out"
    assert_path_exists testpath/"out/en.lproj/Localizable.strings"
  end
end
