extension CrashPoints.Key: Codable, Comparable {
    /// A key as text: the site in sixteen hexadecimal digits, `+` after it for a later occurrence
    /// (JSON numbers above 2⁵³ do not survive every reader).
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let isRepeat = text.hasSuffix("+")
        guard let site = UInt64(isRepeat ? String(text.dropLast()) : text, radix: 16) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a crash-point site: '\(text)'"))
        }
        self.init(site: site, isRepeat: isRepeat)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(FNV1a64Hex.hex(site) + (isRepeat ? "+" : ""))
    }

    /// The order of keys in files: by site, first occurrence before later.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.site, lhs.isRepeat ? 1 : 0) < (rhs.site, rhs.isRepeat ? 1 : 0)
    }
}

extension CrashPoints: Codable {
    /// The sites crashed, as a sorted list of keys.
    package init(from decoder: any Decoder) throws {
        self.init(tried: Set(try decoder.singleValueContainer().decode([Key].self)))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(tried.sorted())
    }
}
