#if Inspector
  // The inspector's load scenario, run by hand (not a test: it measures wall-clock time):
  //
  //   swift run -c release FinitaInspectorLoad [seconds] [--flood]
  //
  // The issue's load: 10 features each making 10,000 stages per second (a wish here makes 6
  // stages: wish, action, effect, state, news, actionHandled) for 10 seconds, first without an
  // inspector, then with a client that cannot connect (what its interceptor costs by itself), then
  // with a client streaming to an inspector in the same process. Wishes are sent
  // in batches every 10 ms at that rate; the time spent inside `accept` is what the app pays, and
  // is measured per batch (two clock reads per 17 wishes). With `--flood` every feature sends as
  // fast as it can instead (what an app in a tight loop would do), which measures contention.
  // Prints each run's wish cost (the mean; the median and tail of the batches' costs per wish; and
  // the share of the time that batches over ten times the median take), the ratio, the stages the
  // client dropped, the stages the inspector keeps and the process's resident memory at the end of
  // each run. `--only without`, `--only client`
  // or `--only inspector` runs one of the three (to profile it); `--protocol` measures the protocol's
  // reading and writing of one message instead.
  import Finita
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorDemo
  import FinitaInspectorProtocol
  import Foundation

  let stagesPerWish = LoadCounter.stagesPerWish
  let featureCount = 10
  let stagesPerSecond = 10_000
  let tick = Duration.milliseconds(10)
  let wishesPerTick = stagesPerSecond / stagesPerWish / 100

  func makeCounters() -> [Feature<LoadCounter>] {
    (0..<featureCount).map { index in
      Feature(
        initialState: LoadCounter.State(), definition: LoadCounter(),
        configuration: .init(name: "counter\(index)"))
    }
  }

  func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) * 1e-9
  }

  /// Runs the load and returns the nanoseconds spent in `accept` per wish.
  func run(_ label: String, seconds: Int, flood: Bool) async -> Double {
    let counters = makeCounters()
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .seconds(seconds))
    let totals = await withTaskGroup(of: (Duration, Int, [Double]).self) { group in
      for counter in counters {
        group.addTask {
          var spent = Duration.zero
          var sent = 0
          var batches: [Double] = []
          var next = clock.now
          while clock.now < end {
            let batch = flood ? 1_000 : wishesPerTick
            let start = clock.now
            for _ in 0..<batch { counter.accept(.add(1)) }
            let took = start.duration(to: clock.now)
            spent += took
            batches.append(nanoseconds(took) / Double(batch))
            sent += batch
            if !flood {
              next = next.advanced(by: tick)
              try? await clock.sleep(until: next)
            }
          }
          return (spent, sent, batches)
        }
      }
      var spent = Duration.zero
      var sent = 0
      var batches: [Double] = []
      for await (time, count, perWish) in group {
        spent += time
        sent += count
        batches += perWish
      }
      return (spent, sent, batches)
    }
    let sorted = totals.2.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
    print(
      String(
        format: "  per wish in a batch: median %.0f, p90 %.0f, p99 %.0f, p99.9 %.0f, max %.0f ns",
        percentile(0.5), percentile(0.9), percentile(0.99), percentile(0.999), sorted.last ?? 0))
    let slow = sorted.filter { $0 > 10 * percentile(0.5) }
    print(
      String(
        format: "  batches over 10x the median: %d of %d, holding %.0f%% of the time", slow.count,
        sorted.count, 100 * slow.reduce(0, +) / sorted.reduce(0, +)))
    let perWish = nanoseconds(totals.0) / Double(totals.1)
    print(
      "\(label): \(totals.1) wishes (\(totals.1 * stagesPerWish) stages) in \(seconds) s,"
        + " \(String(format: "%.0f", perWish)) ns per wish inside accept; \(residentMemory())")
    for counter in counters { counter.dispose() }
    return perWish
  }

  func residentMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return "resident memory unknown"
    }
    return status.split(separator: "\n").first { $0.hasPrefix("VmRSS") }.map(String.init)
      ?? "resident memory unknown"
  }

  let arguments = CommandLine.arguments.dropFirst()
  let flood = arguments.contains("--flood")

  /// `--protocol`: the time to write and read one events message of 100 stages, through the
  /// protocol's own JSON parser and writer, and through `JSONEncoder` and `JSONDecoder` in the
  /// same run (medians of 200 of each).
  func measureProtocol() throws {
    let events = (0..<100).map { index in
      StageEvent(
        feature: 3, sequence: UInt64(index), stage: "state", time: Double(index) / 1_000,
        text: "State(count: \(index)) -> State(count: \(index + 1))", value: ["add": ["_0": 1]],
        state: ["count": .number(Double(index + 1)), "label": "counter", "history": [1, 2, 3]],
        step: index, action: ["add": ["_0": 1]], effect: ["added": ["_0": 1]])
    }
    let envelope = InspectorEnvelope(.events(events), app: "a1")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = try InspectorProtocol.encode(envelope)
    func median(_ body: () throws -> Void) rethrows -> Double {
      var times: [Double] = []
      for _ in 0..<200 {
        let start = ContinuousClock.now
        try body()
        times.append(nanoseconds(start.duration(to: .now)))
      }
      return times.sorted()[100] / 1_000
    }
    let write = try median { _ = try InspectorProtocol.encode(envelope) }
    let writeFoundation = try median { _ = try encoder.encode(envelope) }
    let read = try median { _ = try InspectorProtocol.decode(text) }
    let readFoundation = try median {
      _ = try JSONDecoder().decode(InspectorEnvelope.self, from: Data(text.utf8))
    }
    print(
      String(
        format: "an events message of 100 stages (%d bytes): write %.0f µs (JSONEncoder %.0f µs),"
          + " read %.0f µs (JSONDecoder %.0f µs)", text.utf8.count, write, writeFoundation, read,
        readFoundation))
  }
  if arguments.contains("--protocol") {
    try measureProtocol()
    exit(0)
  }
  let seconds = arguments.first.flatMap { Int($0) } ?? 10
  // `--capacity N`: the log each feature keeps for the client (the client's `bufferCapacity`).
  let capacity =
    arguments.firstIndex(of: "--capacity").flatMap { index in
      arguments.dropFirst(index - arguments.startIndex + 1).first.flatMap { Int($0) }
    } ?? InspectorClient.Configuration().bufferCapacity
  print(
    flood
      ? "\(featureCount) features sending as fast as they can for \(seconds) s"
      : "\(featureCount) features at \(stagesPerSecond) stages/s each (\(wishesPerTick) wishes every"
        + " 10 ms) for \(seconds) s")
  let only = arguments.firstIndex(of: "--only").flatMap { index in
    arguments.dropFirst(index - arguments.startIndex + 1).first
  }
  func runs(_ name: String) -> Bool { only == nil || only == name }
  let without =
    runs("without") ? await run("without inspector", seconds: seconds, flood: flood) : nil
  /// Prints the run's cost against the run without an inspector, when that one ran.
  func printRatio(_ cost: Double) {
    guard let without else { return }
    print(String(format: "ratio: %.2fx", cost / without))
  }
  // The client's own cost: its interceptor stamps and keeps each stage, but nothing is sent (the
  // address answers nothing), so no encoding competes with the features for the processors.
  if runs("client") {
    let unconnected = InspectorClient.start(
      url: "ws://127.0.0.1:9/app?token=none",
      configuration: .init(bufferCapacity: capacity, reconnectDelay: { _ in .seconds(3600) }))
    let buffered = await run("with client, nothing sent", seconds: seconds, flood: flood)
    printRatio(buffered)
    await unconnected.stop()
  }
  if runs("inspector") {
    let server = InspectorServer()
    let urls = try await server.start()
    let client = InspectorClient.start(
      url: urls.app.absoluteString, configuration: .init(bufferCapacity: capacity))
    for await event in client.connectionEvents where event == .connected { break }
    let with = await run("with client + inspector", seconds: seconds, flood: flood)
    printRatio(with)
    print(
      "client dropped \(client.droppedEvents) stages (a log of \(capacity) per feature); pending \(client.pendingEvents)"
    )
    print("inspector keeps \(server.keptEvents) stages; \(residentMemory())")
    await client.stop()
    await server.shutdown()
  }
#endif  // Inspector
