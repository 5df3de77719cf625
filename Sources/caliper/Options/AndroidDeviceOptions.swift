// AndroidDeviceOptions.swift — the flags that give a command an Android device's files: its hyphenation patterns and its fonts with fonts.xml.
import ArgumentParser
import Caliper
import Foundation

/// A device's files, for the commands that measure for Android (`measure`, `batch`, `layout`).
struct AndroidDeviceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Android: a folder of a device's hyphenation patterns (its /system/usr/hyphen-data: hyph-en-us.hyb, …), registered as Android 14 registers them. Without it, hyphenation breaks words only at hyphens, with a warning.",
        valueName: "folder"))
    var androidHyphenation: String?

    @Option(name: .long, help: ArgumentHelp(
        "Android: a folder of a device's fonts (its /system/fonts) with its fonts.xml (or --android-fonts-xml): texts fall back through the device's families, as on the device.",
        valueName: "folder"))
    var androidFonts: String?

    @Option(name: .long, help: ArgumentHelp("Android: the device's fonts.xml, when it is not in the --android-fonts folder.", valueName: "file"))
    var androidFontsXml: String?

    func validate() throws {
        if androidFontsXml != nil, androidFonts == nil {
            throw ValidationError("--android-fonts-xml goes with --android-fonts FOLDER, the folder its fonts are in")
        }
    }

    /// The flags given, by name.
    var givenFlags: [String] {
        [("--android-hyphenation", androidHyphenation), ("--android-fonts", androidFonts), ("--android-fonts-xml", androidFontsXml)]
            .filter { $0.1 != nil }.map(\.0)
    }

    /// The device's hyphenation patterns, as Android registers them; none without the flag.
    func hyphenationPatterns() throws(CaliperError) -> [AndroidHyphenationPatterns] {
        try androidHyphenation.map(AndroidHyphenationPatterns.device(directory:)) ?? []
    }

    /// The device's fonts; `nil` without the flag.
    func systemFonts() throws(CaliperError) -> AndroidFonts? {
        try androidFonts.map { folder throws(CaliperError) in try AndroidFonts(directory: folder, configuration: androidFontsXml) }
    }
}
