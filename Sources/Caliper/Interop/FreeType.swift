// FreeType.swift — the only file that calls FreeType: glyph advances and font metrics as Android's Skia makes them with it.
internal import CFreeType
import Foundation

/// A font as Android's Skia scales it with FreeType (`external/skia`, `src/ports/SkFontHost_FreeType.cpp`,
/// `SkScalerContext_FreeType`, Android 14): the glyph advances Minikin shapes with
/// (`MinikinFontSkia::GetHorizontalAdvances` → `SkFont::getWidths`) and the font metrics a paint
/// reports (`generateFontMetrics`). The Android profile's only use of FreeType; every table is read
/// through HarfBuzz (``FontTables``).
///
/// - A hinted paint (Skia's default, `kNormal`) loads with `FT_LOAD_TARGET_NORMAL |
///   FT_LOAD_NO_AUTOHINT` (`SK_BUILD_FOR_ANDROID_FRAMEWORK`) and takes FreeType's hinted advance,
///   whole pixels even for a font without bytecode; hinting off loads with `FT_LOAD_NO_HINTING`
///   and takes the linear advance.
/// - The size is set with `FT_Set_Char_Size(size × 64, truncated)` at 72 dpi; a bitmap font (an
///   emoji font) takes the strike `chooseBitmapStrike` picks, scaled by a transform; above 256 px
///   glyphs are measured as paths at 64 px, unhinted, and scaled back (`SkStrikeSpec`).
/// - Android's FreeType runs TrueType bytecode in the v35 interpreter (its `ftoption.h` leaves
///   `TT_CONFIG_OPTION_SUBPIXEL_HINTING` out), set here as Debian's defaults to v40.
///
/// FreeType's objects are not thread-safe: each face has a library of its own, used under a lock.
final class SkiaFreeTypeFace: @unchecked Sendable {
    private let data: FontData  // the face points into these bytes
    private let lock = NSLock()
    private let library: FT_Library
    private let face: FT_Face
    /// The strike the face's size and transform are set for now.
    private var strikeKey: StrikeKey?
    /// Advances already loaded, by strike and glyph (Skia keeps a strike cache of glyphs too):
    /// loading a hinted glyph runs its bytecode, the cost of most of a measurement. At most
    /// ``advanceCacheLimit`` entries; past it the cache starts again.
    private var advanceCache: [StrikeKey: [UInt32: Float]] = [:]
    private var advanceCacheCount = 0
    static let advanceCacheLimit = 1 << 16

    /// The face `faceIndex` of `data`, at `designCoordinates` on its variation axes (in `fvar`'s
    /// order; none: the default instance).
    init(data: FontData, faceIndex: Int, designCoordinates: [Double] = []) throws(CaliperError) {
        self.data = data
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "FreeType could not start")
        }
        var interpreter = FT_UInt(TT_INTERPRETER_VERSION_35)
        _ = FT_Property_Set(library, "truetype", "interpreter-version", &interpreter)
        var face: FT_Face?
        let status = FT_New_Memory_Face(
            library, data.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.byteCount), FT_Long(faceIndex),
            &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)
            let reason = String(cString: caliper_ft_error_description(status))
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "FreeType: \(reason)")
        }
        if !designCoordinates.isEmpty {
            var fixed = designCoordinates.map { FT_Fixed(($0 * 65536).rounded()) }
            _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// What sets a face's size: the paint's size and hinting.
    private struct StrikeKey: Hashable {
        var size: Float
        var hinting: Bool
    }

    /// How glyphs are loaded and their values scaled at a paint's size
    /// (`SkStrikeSpec::MakeCanonicalized`, the `SkScalerContext_FreeType` constructor).
    private struct Strike {
        /// The size the scaler runs at (64 above 256 px).
        var textSize: Float
        /// Back to the paint's size from ``textSize``.
        var strikeToSourceScale: Float = 1
        /// A bitmap strike's x scale to the size (`fMatrix22Scalar`).
        var matrixScale: Float = 1
        var loadFlags: FT_Int32 = 0
        var linearMetrics = false
        /// No strike fits: a bitmap font asked for a size under 1/64 px, for which
        /// `chooseBitmapStrike` finds none and Skia's scaler context is empty, every advance and
        /// metric 0.
        var isEmpty = false
    }

    /// Sets the face up for `size` px and `hinting`, as Skia's scaler does, and says how to read it.
    private func strike(size: Float, hinting paintHinting: Bool) -> Strike {
        var strike = Strike(textSize: size)
        var hinting = paintHinting
        // ShouldDrawAsPath: over 256 px glyphs are paths at 64 px, unhinted (setupForAsPaths).
        if size > 256 {
            strike.textSize = 64
            strike.strikeToSourceScale = size / 64
            hinting = false
        }
        var linear = false
        var loadFlags: FT_Int32
        if hinting {
            loadFlags = FT_Int32(caliper_ft_load_target_normal)
        } else {
            loadFlags = FT_Int32(FT_LOAD_NO_HINTING)
            linear = true
        }
        // SK_BUILD_FOR_ANDROID_FRAMEWORK; a TextView's paint embeds bitmaps (no FT_LOAD_NO_BITMAP).
        loadFlags |= FT_Int32(FT_LOAD_NO_AUTOHINT) | FT_Int32(FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH)
        let scale = FT_F26Dot6(strike.textSize * 64)  // SkScalarToFDot6: truncated
        let key = StrikeKey(size: size, hinting: paintHinting)
        let isScalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        if isScalable {
            if strikeKey != key {
                FT_Set_Transform(face, nil, nil)
                FT_Set_Char_Size(face, scale, scale, 72, 72)
            }
        } else if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0 {
            let index = bitmapStrike(for: scale)
            guard index >= 0 else {
                strike.isEmpty = true
                return strike  // the face is left as it is, at ``strikeKey``
            }
            if strikeKey != key { FT_Select_Size(face, index) }
            let xPPEM = Float(face.pointee.size.pointee.metrics.x_ppem)
            let yPPEM = Float(face.pointee.size.pointee.metrics.y_ppem)
            strike.matrixScale = strike.textSize / xPPEM
            if strikeKey != key {
                var matrix = FT_Matrix(
                    xx: FT_Fixed(strike.matrixScale * 65536), xy: 0, yx: 0, yy: FT_Fixed(strike.textSize / yPPEM * 65536))
                FT_Set_Transform(face, &matrix, nil)
            }
            linear = false  // FreeType has no linear metrics for bitmap fonts
            loadFlags = (loadFlags & ~FT_Int32(FT_LOAD_NO_BITMAP)) | FT_Int32(FT_LOAD_COLOR)
        }
        strikeKey = key
        strike.loadFlags = loadFlags
        strike.linearMetrics = linear
        return strike
    }

    /// `chooseBitmapStrike`: the strike of exactly the size asked for, else the smallest larger
    /// one, else the largest; -1 (none) for a size of 0 (under 1/64 px once truncated).
    private func bitmapStrike(for requested: FT_F26Dot6) -> FT_Int {
        var chosen: FT_Int = -1
        var chosenPPEM: FT_Pos = 0
        for index in 0..<Int(face.pointee.num_fixed_sizes) {
            let ppem = face.pointee.available_sizes[index].y_ppem
            if ppem == requested { return FT_Int(index) }
            if chosenPPEM < requested ? chosenPPEM < ppem : requested < ppem && ppem < chosenPPEM {
                chosenPPEM = ppem
                chosen = FT_Int(index)
            }
        }
        return chosen
    }

    /// The advances of `glyphs` in px at `size` px, hinted or not, in single precision as Skia
    /// computes them (`SkScalerContext_FreeType::generateMetrics`, `SkFont::getWidthsBounds`); 0 for
    /// a glyph FreeType cannot load.
    func advances(of glyphs: UnsafeBufferPointer<UInt32>, size: Float, hinting: Bool, into advances: UnsafeMutableBufferPointer<Float>) {
        lock.lock()
        defer { lock.unlock() }
        let key = StrikeKey(size: size, hinting: hinting)
        var cached = advanceCache.removeValue(forKey: key) ?? [:]
        defer { advanceCache[key] = cached }
        for (index, glyph) in glyphs.enumerated() {
            if let advance = cached[glyph] {
                advances[index] = advance
                continue
            }
            let advance = loadedAdvance(of: glyph, size: size, hinting: hinting)
            advances[index] = advance
            if advanceCacheCount >= Self.advanceCacheLimit {
                advanceCache.removeAll()
                cached.removeAll()
                advanceCacheCount = 0
            }
            cached[glyph] = advance
            advanceCacheCount += 1
        }
    }

    /// The advance of `glyph` loaded by FreeType (under the lock): the uncached path of
    /// ``advances(of:size:hinting:into:)``.
    private func loadedAdvance(of glyph: UInt32, size: Float, hinting: Bool) -> Float {
        let strike = strike(size: size, hinting: hinting)
        guard !strike.isEmpty, FT_Load_Glyph(face, glyph, strike.loadFlags | FT_Int32(FT_LOAD_BITMAP_METRICS_ONLY)) == 0, let slot = face.pointee.glyph
        else { return 0 }
        let advance =
            strike.linearMetrics
            ? strike.matrixScale * (Float(slot.pointee.linearHoriAdvance) / 65536)
            : Float(slot.pointee.advance.x) * 0.015625  // SkFDot6ToFloat
        return advance * strike.strikeToSourceScale
    }

    /// The advance of `glyph` at `size` px, loaded by FreeType whatever the cache holds: what the
    /// cache must agree with (tests).
    func uncachedAdvance(of glyph: UInt32, size: Float, hinting: Bool) -> Float {
        lock.lock()
        defer { lock.unlock() }
        return loadedAdvance(of: glyph, size: size, hinting: hinting)
    }

    /// The font's metrics at `size` px as `Paint.getFontMetrics` reports them (y down: ascent
    /// negative): `SkScalerContext_FreeType::generateFontMetrics`, unhinted values in single precision
    /// (`hhea`, or `OS/2`'s typographic values when `fsSelection` bit 7 says to use them; the head
    /// bounding box for top and bottom; a bitmap font's strike metrics), scaled back above 256 px.
    func metrics(size: Float, hinting: Bool) -> SkiaFontMetrics {
        lock.lock()
        defer { lock.unlock() }
        let strike = strike(size: size, hinting: hinting)
        guard !strike.isEmpty else { return SkiaFontMetrics(top: 0, ascent: 0, descent: 0, bottom: 0, leading: 0) }
        var ascent: Float, descent: Float, leading: Float, yMin: Float, yMax: Float
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            let upem = Float(face.pointee.units_per_EM)
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
                os2.pointee.version != 0xFFFF, os2.pointee.fsSelection & (1 << 7) != 0
            {
                ascent = -Float(os2.pointee.sTypoAscender) / upem
                descent = -Float(os2.pointee.sTypoDescender) / upem
                leading = Float(os2.pointee.sTypoLineGap) / upem
            } else {
                ascent = -Float(face.pointee.ascender) / upem
                descent = -Float(face.pointee.descender) / upem
                leading = Float(Int(face.pointee.height) + (Int(face.pointee.descender) - Int(face.pointee.ascender))) / upem
            }
            yMin = -Float(face.pointee.bbox.yMin) / upem
            yMax = -Float(face.pointee.bbox.yMax) / upem
        } else {
            let metrics = face.pointee.size.pointee.metrics
            let yPPEM = Float(metrics.y_ppem)
            ascent = -Float(metrics.ascender) / (yPPEM * 64)
            descent = -Float(metrics.descender) / (yPPEM * 64)
            leading = Float(metrics.height) / (yPPEM * 64) + ascent - descent
            yMin = descent
            yMax = ascent
        }
        if leading < 0 { leading = 0 }
        let scaleY = strike.textSize
        let back = strike.strikeToSourceScale
        return SkiaFontMetrics(
            top: yMax * scaleY * back, ascent: ascent * scaleY * back, descent: descent * scaleY * back,
            bottom: yMin * scaleY * back, leading: leading * scaleY * back)
    }
}

/// A font's metrics at a size as `Paint.getFontMetrics` reports them, in px, y down (top and
/// ascent negative).
struct SkiaFontMetrics: Sendable, Equatable {
    var top: Float
    var ascent: Float
    var descent: Float
    var bottom: Float
    var leading: Float
}
