// BigEndianReader.swift — the one reader of a font table's big-endian integers, bounds-checked.

/// Reads the big-endian integers of a font table's bytes (or a file's header): every offset comes
/// from the font, so each read past the end answers `nil` rather than trapping.
struct BigEndianReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16? {
        uint16(at: offset).map { Int16(bitPattern: $0) }
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func int32(at offset: Int) -> Int32? {
        uint32(at: offset).map { Int32(bitPattern: $0) }
    }
}
