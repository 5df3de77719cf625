// ArrayFilling.swift — an array of one value repeated, made through code specialized for its element.

extension Array {
    /// `count` copies of `value`: the same array as `Array(repeating: value, count: count)`.
    ///
    /// The standard library's initializer allocates through a path that is not specialized for
    /// the element type, so every call looks the array's storage class up in the runtime's
    /// generic metadata cache, paid by every measurement for its dozen working arrays. Reserving and then
    /// appending the repeated value runs specialized code, and fills a long array as fast.
    /// `ArrayFillingTests` compares the two.
    @inlinable package init(filling value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
