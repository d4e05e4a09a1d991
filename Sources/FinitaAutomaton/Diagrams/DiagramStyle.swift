/// Options shared by the diagram exporters: ``Automaton/dot(highlighting:style:)``,
/// ``Automaton/mermaid(highlighting:style:)`` and ``Automaton/plantUML(highlighting:style:)``.
///
/// ```swift
/// let text = player.mermaid(highlighting: .playing, style: DiagramStyle(title: "CD player"))
/// ```
public struct DiagramStyle: Sendable, Hashable {
  /// A title shown above the diagram, or `nil`.
  public var title: String?
  /// Whether states are laid out left to right (`true`) or top to bottom.
  public var leftToRight: Bool
  /// The fill color of the highlighted state, as `#rrggbb`.
  public var highlightColor: String

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - title: A title, or `nil`.
  ///   - leftToRight: Whether to lay states out left to right.
  ///   - highlightColor: The fill color of the highlighted state, as `#rrggbb`.
  public init(title: String? = nil, leftToRight: Bool = true, highlightColor: String = "#ffd54f") {
    self.title = title
    self.leftToRight = leftToRight
    self.highlightColor = highlightColor
  }

  /// Left to right, no title, amber highlight.
  public static var standard: Self { Self() }
}
