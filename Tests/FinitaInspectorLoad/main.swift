// The inspector's load scenario, run by hand (not a test: it measures wall-clock time):
//
//   swift run -c release FinitaInspectorLoad
//
// 10 features each send 100,000 wishes (10 s at 10,000 stages/s would be 10 x 100,000 wishes,
// each making several stages), first without an inspector, then with a client streaming to an
// inspector in the same process. Prints the wish cost of each run, the events the client dropped,
// the stages the inspector keeps, and the process's resident memory.
import Finita
import FinitaInspector
import FinitaInspectorClient
import Foundation

struct Count: Codable, Sendable { var value = 0 }
enum Add: Codable, Sendable { case add(Int) }
typealias Counter = ReducerDefinition<Count, Add>

func makeCounters() -> [Feature<Counter>] {
  (0..<10).map { index in
    Feature(
      initialState: Count(),
      definition: Counter { state, wish in
        if case .add(let amount) = wish { state.value += amount }
      },
      configuration: .init(name: "counter\(index)"))
  }
}

func run(_ label: String, wishes: Int) async -> Double {
  let counters = makeCounters()
  let start = ContinuousClock.now
  await withTaskGroup(of: Void.self) { group in
    for counter in counters {
      group.addTask {
        for _ in 0..<wishes { counter.accept(.add(1)) }
      }
    }
  }
  let elapsed = start.duration(to: .now)
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  let perWish = seconds * 1e9 / Double(wishes * counters.count)
  print(
    "\(label): \(wishes * counters.count) wishes in \(String(format: "%.3f", seconds)) s,"
      + " \(String(format: "%.0f", perWish)) ns per wish (wall clock, 10 tasks on this machine)")
  for counter in counters { counter.dispose() }
  return perWish
}

func residentMemory() -> String {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return "unknown"
  }
  return status.split(separator: "\n").first { $0.hasPrefix("VmRSS") }.map(String.init)
    ?? "unknown"
}

let wishes = 100_000
let without = await run("without inspector", wishes: wishes)
let server = InspectorServer()
let urls = try await server.start()
let client = InspectorClient.start(url: urls.app.absoluteString)
for await event in client.connectionEvents where event == .connected { break }
let with = await run("with client + inspector", wishes: wishes)
print(String(format: "ratio: %.2fx", with / without))
print(
  "client dropped \(client.droppedEvents) stages (buffer of 10,000); pending \(client.pendingEvents)"
)
print("inspector keeps \(server.keptEvents) stages; \(residentMemory())")
await client.stop()
await server.shutdown()
