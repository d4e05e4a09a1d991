/// Escaping for PlantUML text: quotes and markup characters become numeric character
/// references (which PlantUML's Creole renders), newlines become `\n`.
internal enum PlantUMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "&#34;"
      case "\\": result += "&#92;"
      case "<": result += "&#60;"
      case ">": result += "&#62;"
      case "&": result += "&#38;"
      case "\n": result += "\\n"
      case "\r": break
      default: result.append(character)
      }
    }
    return result
  }
}
