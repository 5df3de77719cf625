// UTF16Units.swift — a string's UTF-16 code units, transcoded from its UTF-8 in one pass.

extension String {
    /// The string's UTF-16 code units, equal to `Array(utf16)`: transcoded from the string's
    /// UTF-8 in one pass over its bytes, each ASCII byte copied as it is. `Array(utf16)` walks the
    /// UTF-16 view a unit at a time, about 25 instructions a character for text that is not all
    /// ASCII; every measurement starts with this conversion. `UTF16UnitsTests` compares the two.
    var utf16Units: [UInt16] {
        // No buffer for no text: initializing an empty array in place writes the count into the
        // shared empty-array storage, a write other threads reading it race with (ThreadSanitizer).
        guard !isEmpty else { return [] }
        var string = self
        return string.withUTF8 { bytes in
            // A UTF-8 sequence of n bytes is at most n UTF-16 units (four bytes make two).
            [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                var index = 0
                var written = 0
                let end = bytes.count
                while index < end {
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        units[written] = UInt16(truncatingIfNeeded: lead)
                        written += 1
                        index += 1
                        continue
                    }
                    // A String's bytes are valid UTF-8: the continuation bytes are there.
                    let scalar: UInt32
                    if lead < 0xE0 {
                        scalar = (lead & 0x1F) << 6 | (UInt32(bytes[index + 1]) & 0x3F)
                        index += 2
                    } else if lead < 0xF0 {
                        scalar = (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6 | (UInt32(bytes[index + 2]) & 0x3F)
                        index += 3
                    } else {
                        scalar = (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
                            | (UInt32(bytes[index + 2]) & 0x3F) << 6 | (UInt32(bytes[index + 3]) & 0x3F)
                        index += 4
                    }
                    if scalar < 0x10000 {
                        units[written] = UInt16(truncatingIfNeeded: scalar)
                        written += 1
                    } else {
                        let value = scalar - 0x10000
                        units[written] = UInt16(truncatingIfNeeded: 0xD800 + (value >> 10))
                        units[written + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF))
                        written += 2
                    }
                }
                count = written
            }
        }
    }
}
