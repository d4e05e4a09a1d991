import Finita

// The steps that check what asynchronous work delivered: received effects and skipping them.
extension FeatureTester {
  /// Checks the next effect received from asynchronous work, and the state it produced.
  ///
  /// Waits first until all of the feature's work is suspended. When the effect has not arrived
  /// and some work waits on something other than the clock (a response, a stream), waits for
  /// that work to move and looks again; fails once only work asleep on the clock is left. An
  /// effect that never comes from work that never moves fails at the test's time limit.
  ///
  /// - Parameters:
  ///   - expected: The effect expected next.
  ///   - updateExpected: Changes the state before the effect into the state expected after it.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func receive(
    _ expected: Effect,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Effect: Equatable {
    await receive(
      matching: { $0 == expected },
      expectedDescription: describe(expected),
      mismatch: { actual in
        let difference = self.difference(expected, actual)
        return "Received an effect other than the one expected: (− expected, + received)\n\n"
          + difference
      },
      updateExpected,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Checks the next effect received from asynchronous work with a predicate, and the state it
  /// produced.
  ///
  /// - Parameters:
  ///   - predicate: Whether the received effect is the expected one.
  ///   - updateExpected: Changes the state before the effect into the state expected after it.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func receive(
    where predicate: @escaping (Effect) -> Bool,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      where: predicate,
      assert: updateExpected,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Drops every received effect and news not yet asserted.
  public func skipUnasserted() async {
    await settle()
    record.withLock { record in
      record.received = []
      record.news = []
    }
  }

  func receive(
    where predicate: @escaping (Effect) -> Bool,
    assert updateExpected: ((inout State) throws -> Void)?,
    at location: StepLocation
  ) async {
    await receive(
      matching: predicate,
      expectedDescription: "an effect matching the predicate",
      mismatch: { actual in
        "Received an effect that does not match the predicate: \(self.describe(actual))"
      },
      updateExpected,
      at: location
    )
  }

  /// Settles, takes the next received effect (exhaustive) or the first one that matches
  /// (non-exhaustive, skipping the others), and checks it and the state it produced.
  ///
  /// When no such effect arrived and some running work waits on something other than the
  /// clock, the effect may still come from it: the step waits for that work to move, settles
  /// and looks again. It fails once only work asleep on the clock (or none) is left, or when
  /// the test's time limit cancels it.
  private func receive(
    matching predicate: (Effect) -> Bool,
    expectedDescription: String,
    mismatch: (Effect) -> String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at location: StepLocation
  ) async {
    var settled = await settle()
    let isExhaustive = exhaustivity == .on
    while true {
      let received = record.withLock { record -> Received? in
        if isExhaustive {
          return record.received.isEmpty ? nil : record.received.removeFirst()
        }
        guard let index = record.received.firstIndex(where: { predicate($0.effect) }) else {
          return nil
        }
        defer { record.received.removeFirst(index + 1) }
        return record.received[index]
      }
      if let received {
        guard predicate(received.effect) else {
          report(mismatch(received.effect), at: location)
          return
        }
        check(
          before: received.before,
          after: received.after,
          updateExpected,
          context: "receiving \(describe(received.effect))",
          at: location
        )
        return
      }
      guard let executor, awaitsMoreThanTheClock(), !Task.isCancelled else { break }
      await executor.busy(after: settled)
      settled = await settle()
    }
    report(
      "Expected to receive \(expectedDescription), but no effect arrived." + runningWorkNote(),
      at: location
    )
  }
}
