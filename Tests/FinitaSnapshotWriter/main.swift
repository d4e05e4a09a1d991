// Saves states in a loop and prints `saved N` after each, until it is killed.
// Usage: FinitaSnapshotWriter <directory>
import FinitaRecording
import FinitaRedux
import Foundation

/// A state large enough that a save takes a while, so that a kill lands in the middle of one.
struct Payload: Codable, Sendable {
  var counter: Int
  var text: String
}

let directory = URL(fileURLWithPath: CommandLine.arguments[1])
let store = FileSnapshotStore(directory: directory)
let persistence = StatePersistence<Payload>(version: 1)
var counter = 0
while true {
  counter += 1
  let state = Payload(counter: counter, text: String(repeating: "\(counter % 10)", count: 200_000))
  do {
    try persistence.save(state, to: store, key: "payload")
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  FileHandle.standardOutput.write(Data("saved \(counter)\n".utf8))
}
