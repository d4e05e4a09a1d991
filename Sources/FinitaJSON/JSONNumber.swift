/// The conversions of JSON number literals that Foundation's decoder accepts.
package enum JSONNumber {
  /// An integer, also from an integral literal with a fraction or exponent (`2.0`, `1e2`); `nil`
  /// when the value is not integral or out of range.
  package static func integer<T: FixedWidthInteger>(_ literal: String, as type: T.Type) -> T? {
    if let exact = T(literal) { return exact }
    guard let double = Double(literal), double.isFinite, double.rounded() == double else {
      return nil
    }
    return T(exactly: double)
  }

  /// A floating-point value; `nil` when the literal overflows to infinity or a non-zero literal
  /// underflows to zero.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ literal: String, as type: T.Type
  ) -> T? {
    guard let result = T(literal), result.isFinite else { return nil }
    if result == 0 {
      let mantissa = literal.prefix { $0 != "e" && $0 != "E" }
      if mantissa.contains(where: { ("1"..."9").contains($0) }) { return nil }
    }
    return result
  }
}
