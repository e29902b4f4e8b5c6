/// The xterm colour palette and nearest-colour mapping, for terminals with fewer colours.
enum ColorPalette {
    /// The RGB value of xterm palette entry `index` (0-15 as xterm's defaults, 16-231 the
    /// 6×6×6 cube, 232-255 the grey ramp).
    static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        let value = Int(index)
        if value < 16 {
            return ansiRGB[value]
        }
        if value < 232 {
            let cube = value - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        }
        let grey = UInt8(8 + (value - 232) * 10)
        return (grey, grey, grey)
    }

    /// The palette entry 16-255 closest to an RGB colour (0-15 are skipped: terminals redefine them).
    static func nearestIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let cube = [red, green, blue].map(nearestCubeLevel)
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let greyIndex = 232 + greyStep
        let target = (red, green, blue)
        let useGrey = distance(rgb(ofIndex: UInt8(greyIndex)), target) < distance(rgb(ofIndex: UInt8(cubeIndex)), target)
        return UInt8(useGrey ? greyIndex : cubeIndex)
    }

    /// The ANSI colour 0-15 closest to an RGB colour.
    static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        var best = 0
        for index in 1..<16 where distance(ansiRGB[index], (red, green, blue)) < distance(ansiRGB[best], (red, green, blue)) {
            best = index
        }
        return UInt8(best)
    }

    // MARK: - Private

    /// xterm's default RGB values for the 16 ANSI colours.
    private static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six channel levels of the colour cube.
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The cube level index 0-5 nearest to a channel value.
    private static func nearestCubeLevel(_ value: UInt8) -> Int {
        var best = 0
        for index in 1..<6 where abs(Int(cubeLevels[index]) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) {
            best = index
        }
        return best
    }

    /// Squared Euclidean distance between two RGB colours.
    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let red = Int(a.0) - Int(b.0), green = Int(a.1) - Int(b.1), blue = Int(a.2) - Int(b.2)
        return red * red + green * green + blue * blue
    }
}
