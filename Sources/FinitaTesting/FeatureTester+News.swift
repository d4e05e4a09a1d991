import Finita

// The step that checks the news the feature published.
extension FeatureTester where News: Equatable {
  /// Checks the next news published, in order.
  ///
  /// - Parameters:
  ///   - expected: The news expected next, first to last.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func expectNews(
    _ expected: News...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    expectNews(
      expected,
      at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func expectNews(_ expected: [News], at location: StepLocation) {
    for news in expected {
      let published = record.withLock { record -> News? in
        record.news.isEmpty ? nil : record.news.removeFirst()
      }
      guard let published else {
        report("Expected news \(describe(news)), but no news was published.", at: location)
        return
      }
      if published != news {
        let difference = difference(news, published)
        report(
          "Published news is not the expected one: (− expected, + published)\n\n\(difference)",
          at: location
        )
        return
      }
    }
  }
}
