/// Escaping for Mermaid text: characters that end or confuse a statement become Mermaid's
/// `#name;` / `#code;` entities, newlines become spaces.
internal enum MermaidText {
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result += "#35;"
      case "\"": result += "#quot;"
      case ";": result += "#59;"
      case ":": result += "#58;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "{": result += "#123;"
      case "}": result += "#125;"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
