#if Logging
  /// Rewrites or hides values before they reach the log, by the label of the field that holds
  /// them.
  ///
  /// A redaction sees every labelled field of the values a ``LoggingInterceptor`` logs: the
  /// stored properties of a state, the labelled payload of a wish, an action, an effect or news.
  /// It returns the text to log, or `nil` to leave the field out.
  ///
  /// ```swift
  /// let logging = LoggingInterceptor(
  ///   logger: logger,
  ///   redaction: .masking("password", "token"))
  /// // wish login(user: "ada", password: "***")
  /// ```
  ///
  /// With a redaction other than ``identity``, values are described field by field (through
  /// `Mirror`, as `Swift.dump` walks them) instead of by their own `description`, so that a
  /// custom description cannot leak a hidden field.
  public struct LogRedaction: Sendable {
    private let rewrite: (@Sendable (_ label: String, _ value: String) -> String?)?

    /// Creates a redaction from a closure.
    ///
    /// - Parameter rewrite: Called with a field's label and its value as text; returns the text
    ///   to log in its place, the value itself to keep it, or `nil` to leave the field out.
    public init(_ rewrite: @escaping @Sendable (_ label: String, _ value: String) -> String?) {
      self.rewrite = rewrite
    }

    private init() {
      rewrite = nil
    }

    /// Logs every value as it is.
    public static let identity = LogRedaction()

    /// Replaces the value of the fields with these labels by `replacement`.
    ///
    /// - Parameters:
    ///   - labels: The fields' labels, for example `"password"`.
    ///   - replacement: What is logged instead; `***` by default.
    /// - Returns: The redaction.
    public static func masking(_ labels: String..., replacement: String = "***") -> LogRedaction {
      let labels = Set(labels)
      return LogRedaction { label, value in labels.contains(label) ? replacement : value }
    }

    /// Leaves the fields with these labels out of the log entirely.
    ///
    /// - Parameter labels: The fields' labels.
    /// - Returns: The redaction.
    public static func hiding(_ labels: String...) -> LogRedaction {
      let labels = Set(labels)
      return LogRedaction { label, value in labels.contains(label) ? nil : value }
    }

    /// Whether the redaction keeps every value as it is.
    var isIdentity: Bool { rewrite == nil }

    /// The text to log for a field, or `nil` to leave it out.
    func apply(label: String, value: String) -> String? {
      guard let rewrite else { return value }
      return rewrite(label, value)
    }
  }
#endif  // Logging
