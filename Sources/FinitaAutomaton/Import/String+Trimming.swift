extension String {
  /// The string without leading and trailing whitespace (the module does not import
  /// Foundation).
  internal var trimmedWhitespace: String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true {
      slice = slice.dropFirst()
    }
    while slice.last?.isWhitespace == true {
      slice = slice.dropLast()
    }
    return String(slice)
  }
}
