import Finita

// The steps that give the feature an input: sending a wish and starting the Bootstrapper.
extension FeatureTester {
  /// Sends a wish and checks the state after its synchronous effects.
  ///
  /// - Parameters:
  ///   - wish: The wish to send.
  ///   - updateExpected: Changes the state before the wish into the state expected after it.
  ///     Omit it when the state must not change.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func send(
    _ wish: Wish,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await send(
      wish,
      assert: updateExpected,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Starts a tester created with `startsImmediately: false` and checks the state after the
  /// Bootstrapper's synchronous actions.
  ///
  /// - Parameters:
  ///   - updateExpected: Changes the initial state into the expected one.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func start(
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await start(
      assert: updateExpected,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func send(
    _ wish: Wish,
    assert updateExpected: ((inout State) throws -> Void)?,
    at location: StepLocation
  ) async {
    await step("sending \(describe(wish))", updateExpected, at: location) {
      self.feature.accept(wish)
    }
  }

  func start(
    assert updateExpected: ((inout State) throws -> Void)?,
    at location: StepLocation
  ) async {
    await step("starting", updateExpected, at: location) {
      self.feature.start()
    }
  }

  /// Settles, fails on what the previous steps left unasserted, then performs the input and
  /// checks the state its synchronous effects produced.
  ///
  /// The feature's asynchronous work does not run meanwhile (see `WorkExecutor.holdingJobs`):
  /// what the input starts sends its effects once the step is over, never into it.
  private func step(
    _ context: String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at location: StepLocation,
    perform: () -> Void
  ) async {
    await settle()
    if exhaustivity == .on {
      failIfUnasserted(before: context, at: location)
    }
    // The work the input starts waits for the step's end: its effects are received after it.
    let (before, after) = holdingWork {
      let before = record.withLock { record in
        record.isStepping = true
        record.stepStates = []
        return record.current
      }
      perform()
      let after = record.withLock { record in
        record.isStepping = false
        return record.stepStates.last
      }
      return (before, after)
    }
    check(before: before, after: after ?? before, updateExpected, context: context, at: location)
  }
}

extension FeatureTester {
  /// Runs `body` while no job of the feature's work runs on the tester's executor.
  func holdingWork<Result>(_ body: () -> Result) -> Result {
    guard let executor else { return body() }
    return executor.holdingJobs(body)
  }
}
