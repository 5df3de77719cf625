// InstalledFont.swift — a font installed on the machine, as fontconfig lists it.

/// A font fontconfig knows: its file, face and names.
public struct InstalledFont: Sendable, Hashable {
    /// The font file.
    public var path: String
    /// The face inside the file (non-zero only for collections such as .ttc).
    public var faceIndex: Int
    /// The family names, first the default (usually English) one.
    public var families: [String]
    /// The style name, e.g. "Bold".
    public var style: String
    /// The named instance of a variable font this entry stands for (0-based, in the order of
    /// `FontFace.namedInstances`), or `nil` for the face itself. fontconfig lists each named
    /// instance as a face of its own, numbered in the upper 16 bits of its index.
    public var namedInstance: Int?

    /// A font entry of face `faceIndex` in the file at `path`, with its family names and style
    /// (and its named instance of a variable font, if it stands for one).
    public init(path: String, faceIndex: Int, families: [String], style: String, namedInstance: Int? = nil) {
        self.path = path
        self.faceIndex = faceIndex
        self.namedInstance = namedInstance
        self.families = families
        self.style = style
    }
}
