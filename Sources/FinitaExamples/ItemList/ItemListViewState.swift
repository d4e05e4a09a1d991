/// What the vacancy list screen draws: text and flags ready for the view, with no business
/// logic left in them.
///
/// The paginator's ``PaginationState`` is business state; ``init(_:)`` is the UI state mapper's
/// function that turns it into this value (seed 001: "MVI state -> UIStateMapper -> ViewModel
/// -> View").
public struct ItemListViewState: Equatable, Sendable {
  /// One row of the list.
  public struct Row: Equatable, Sendable, Identifiable {
    /// The item's identifier.
    public var id: Int
    /// The first line: the role.
    public var title: String
    /// The second line: the city.
    public var subtitle: String

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - id: The item's identifier.
    ///   - title: The first line.
    ///   - subtitle: The second line.
    public init(id: Int, title: String, subtitle: String) {
      self.id = id
      self.title = title
      self.subtitle = subtitle
    }
  }

  /// The main part of the screen.
  public enum Body: Equatable, Sendable {
    /// Nothing to show yet.
    case blank
    /// Placeholder rows while the first page loads.
    case placeholders
    /// The rows.
    case rows([Row])
    /// The first page failed: a full-screen message with a retry button.
    case failure(message: String)
  }

  /// What is shown below the last row.
  public enum Footer: Equatable, Sendable {
    /// Nothing.
    case none
    /// A spinner: the next page is loading.
    case spinner
    /// The next page failed: a message with a retry button.
    case retry(message: String)
  }

  /// The navigation bar's title, with the count of loaded items.
  public var title: String
  /// The main part of the screen.
  public var body: Body
  /// What is shown below the last row.
  public var footer: Footer
  /// Whether the pull-to-refresh spinner spins.
  public var isRefreshing: Bool

  /// Creates a view state.
  ///
  /// - Parameters:
  ///   - title: The navigation bar's title.
  ///   - body: The main part of the screen.
  ///   - footer: What is shown below the last row.
  ///   - isRefreshing: Whether the pull-to-refresh spinner spins.
  public init(title: String, body: Body, footer: Footer = .none, isRefreshing: Bool = false) {
    self.title = title
    self.body = body
    self.footer = footer
    self.isRefreshing = isRefreshing
  }

  /// Maps the paginator's state to what the screen draws.
  ///
  /// - Parameter state: The paginator's state.
  public init(_ state: PaginationState) {
    switch state.data {
    case .initial:
      self.init(title: "Vacancies", body: .blank)
    case .loading:
      self.init(title: "Vacancies", body: .placeholders)
    case .error(let error):
      self.init(title: "Vacancies", body: .failure(message: "Could not load: \(error)"))
    case .content(let items, let option):
      let rows = items.items.map(Self.row)
      let title = "Vacancies (\(items.items.count))"
      switch option {
      case nil:
        self.init(title: title, body: .rows(rows))
      case .refreshing:
        self.init(title: title, body: .rows(rows), isRefreshing: true)
      case .nextPageLoading:
        self.init(title: title, body: .rows(rows), footer: .spinner)
      case .nextPageLoadingError(let error):
        self.init(title: title, body: .rows(rows), footer: .retry(message: "\(error)"))
      }
    }
  }

  private static func row(_ item: ListItem) -> Row {
    let parts = item.title.split(separator: ",", maxSplits: 1)
    let title = parts.first.map(String.init) ?? item.title
    let subtitle = parts.count > 1 ? parts[1].drop { $0 == " " } : ""
    return Row(id: item.id, title: title, subtitle: String(subtitle))
  }
}
