#if Inspector
  import Finita
  import FinitaExternalTool
  import Foundation

  /// Draws DOT as SVG with Graphviz when `dot` is installed, keeping recent drawings.
  final class DiagramRenderer: Sendable {
    let dotPath: String?
    private let graphviz: Graphviz?
    private let cache = LockedValue<[String: String]>([:])

    init(dotPath: String?) {
      self.dotPath = dotPath
      self.graphviz = dotPath.map { Graphviz(executable: URL(fileURLWithPath: $0)) }
    }

    /// The SVG, or why there is none.
    func render(_ dot: String) async -> Result<String, RenderFailure> {
      guard let graphviz else {
        return .failure(
          RenderFailure(
            message: "Graphviz is not installed where the inspector runs, so here is the Mermaid"
              + " text; install graphviz (\(Graphviz.install)) to see the diagram."))
      }
      if let cached = cache.withLock({ $0[dot] }) { return .success(cached) }
      // `dot` runs on a dispatch thread: waiting for it must not hold a task's thread.
      let result = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(
            returning: Result {
              String(decoding: try graphviz.render(dot, format: "svg"), as: UTF8.self)
            }
            .mapError { RenderFailure(message: "\($0)") })
        }
      }
      if case .success(let svg) = result {
        cache.withLock { cache in
          if cache.count >= 256 { cache.removeAll() }
          cache[dot] = svg
        }
      }
      return result
    }
  }

  struct RenderFailure: Error {
    let message: String
  }
#endif  // Inspector
