#if Spec
  /// The files `finita new feature` writes: a feature that loads a count, its UIStateMapper, and
  /// its FeatureTester test, which builds and passes as written — a starting point to edit, the
  /// way hh.ru's Xcode templates start a feature.
  ///
  /// ```swift
  /// let scaffold = FeatureScaffold(name: "Profile", parts: [.news, .async])
  /// for file in scaffold.files { print(file.name) }
  /// // Profile.swift, ProfileUIStateMapper.swift, ProfileTests.swift
  /// ```
  public struct FeatureScaffold: Sendable {
    /// An optional part of a feature.
    public struct Part: OptionSet, Sendable, Hashable {
      /// The bits.
      public let rawValue: Int

      /// Creates a set of parts from its bits.
      ///
      /// - Parameter rawValue: The bits.
      public init(rawValue: Int) {
        self.rawValue = rawValue
      }

      /// News for other features and the app.
      public static let news = Self(rawValue: 1 << 0)
      /// A Bootstrapper: wishes handled when the feature starts.
      public static let bootstrapper = Self(rawValue: 1 << 1)
      /// A PostProcessor: a wish handled after an effect.
      public static let postProcessor = Self(rawValue: 1 << 2)
      /// Asynchronous work in the Actor.
      public static let async = Self(rawValue: 1 << 3)
    }

    /// A file to write.
    public struct File: Sendable, Hashable {
      /// The file's name.
      public let name: String
      /// Whether it belongs with the tests rather than the sources.
      public let isTest: Bool
      /// The file's text.
      public let text: String
    }

    /// The feature's name, such as `Profile`.
    public let name: String
    /// The optional parts.
    public let parts: Part

    /// The module the test imports with `@testable`, or `nil` when the test is compiled in the
    /// feature's module.
    public let testedModule: String?

    /// Creates a scaffold.
    ///
    /// - Parameters:
    ///   - name: The feature's name: an identifier starting with an upper-case letter.
    ///   - parts: The optional parts.
    ///   - testedModule: The feature's module, which a test in another target imports with
    ///     `@testable`; `nil` when the test is compiled with the feature.
    public init(name: String, parts: Part = [], testedModule: String? = nil) {
      self.name = name
      self.parts = parts
      self.testedModule = testedModule
    }

    /// The module of a feature written into `folder`: the folder under `Sources`, as in
    /// `Sources/App/Profile`, or `nil` when the path names none.
    ///
    /// - Parameter folder: The folder the feature's files go to.
    /// - Returns: The module's name, such as `App`.
    public static func module(ofFolder folder: String) -> String? {
      let parts = folder.split(separator: "/").map(String.init)
      guard let index = parts.lastIndex(of: "Sources"), index + 1 < parts.count else {
        return nil
      }
      return parts[index + 1]
    }

    /// What is wrong with the name, or `nil` when it can name a feature.
    public var nameProblem: String? {
      guard Identifiers.isIdentifier(name), let first = name.unicodeScalars.first,
        ("A"..."Z").contains(first)
      else {
        return "'\(name)' cannot name a feature; use an identifier that starts with an upper-case "
          + "letter, such as 'Profile'"
      }
      if name.count > Identifiers.maximumNameLength {
        return "'\(name.prefix(20))…' is \(name.count) characters long; keep a feature's name "
          + "to \(Identifiers.maximumNameLength) characters"
      }
      if let language = Identifiers.keywordLanguage(name) {
        return "'\(name)' is a keyword in \(language); choose another name"
      }
      if Identifiers.reservedTypeNames.contains(name) {
        return "'\(name)' is a type the feature's code already uses (Swift's, Finita's or "
          + "MVICore's); choose another name, such as '\(name)Screen'"
      }
      if let module = testedModule, !Identifiers.isIdentifier(module) {
        return "the module '\(module)' is not a Swift identifier; pass the module the feature "
          + "is compiled in, such as 'App'"
      }
      return nil
    }

    /// The feature, its mapper and its test.
    public var files: [File] {
      [
        File(name: "\(name).swift", isTest: false, text: feature),
        File(name: "\(name)UIStateMapper.swift", isTest: false, text: mapper),
        File(name: "\(name)Tests.swift", isTest: true, text: tests),
      ]
    }

    var header: String {
      "// Written by `finita new feature \(name)`: a starting point to edit."
    }

    var feature: String {
      var out = CodeWriter()
      out.line(header)
      out.line()
      out.line("import Finita")
      out.line()
      out.line("/// Loads a count and shows it. Replace the loading with your own work.")
      out.block("struct \(name): FeatureDefinition {") { out in
        out.line("/// What the feature knows.")
        out.block("struct State: Equatable, Sendable {") { out in
          out.line("var isLoading = false")
          out.line("var count = 0")
        }
        out.line()
        out.line("/// What the user or the app wants.")
        out.block("enum Wish: Equatable, Sendable {") { out in
          out.line("case load")
        }
        out.line()
        out.line("/// What the Actor did, for the Reducer.")
        out.block("enum Effect: Equatable, Sendable {") { out in
          if parts.contains(.async) {
            out.line("case loadingStarted")
          }
          out.line("case loaded(count: Int)")
        }
        if parts.contains(.news) {
          out.line()
          out.line("/// What others need to know.")
          out.block("enum News: Equatable, Sendable {") { out in
            out.line("case didLoad(count: Int)")
          }
        }
        if parts.contains(.bootstrapper) {
          out.line()
          out.line("/// The Bootstrapper: wishes to handle at start, such as `.just(.load)`.")
          out.block("func bootstrap() -> Effects<Wish> {") { out in
            out.line(".none")
          }
        }
        out.line()
        out.line("/// The Actor: turns a wish into effects.")
        out.block("func act(_ state: State, _ action: Wish) -> Effects<Effect> {") { out in
          out.switchBlock("switch action {") { out in
            out.line("case .load:")
            out.indented { out in
              out.line("guard !state.isLoading else { return .none }")
              if parts.contains(.async) {
                out.line("let next = state.count + 1")
                out.line("return .merge(")
                out.indented { out in
                  out.line(".just(.loadingStarted),")
                  out.line(".run { send in send(.loaded(count: next)) }")
                }
                out.line(")")
              } else {
                out.line("return .just(.loaded(count: state.count + 1))")
              }
            }
          }
        }
        out.line()
        out.line("/// The Reducer: applies an effect to the state.")
        out.block("func reduce(_ state: inout State, _ effect: Effect) {") { out in
          out.switchBlock("switch effect {") { out in
            if parts.contains(.async) {
              out.line("case .loadingStarted:")
              out.indented { $0.line("state.isLoading = true") }
            }
            out.line("case .loaded(let count):")
            out.indented { out in
              out.line("state.isLoading = false")
              out.line("state.count = count")
            }
          }
        }
        if parts.contains(.news) {
          out.line()
          out.line("/// The NewsPublisher: what to tell others after an effect.")
          out.block("func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {")
          {
            out in
            out.line("guard case .loaded(let count) = effect else { return nil }")
            out.line("return .didLoad(count: count)")
          }
        }
        if parts.contains(.postProcessor) {
          out.line()
          out.line("/// The PostProcessor: a wish to handle after an effect; none yet.")
          out.block("func postProcess(_ action: Wish, _ effect: Effect, _ state: State) -> Wish? {")
          {
            out in
            out.line("nil")
          }
        }
      }
      return out.text
    }

    var mapper: String {
      var out = CodeWriter()
      out.line(header)
      out.line()
      out.line("import Finita")
      out.line()
      out.line("/// What the \(name) screen shows.")
      out.block("struct \(name)ViewState: Equatable, Sendable {") { out in
        out.line("var title: String")
        out.line("var showsSpinner: Bool")
      }
      out.line()
      out.block("extension \(name)ViewState {") { out in
        out.line("/// The view state of a feature state.")
        out.block("init(_ state: \(name).State) {") { out in
          out.line("title = \"Count: \\(state.count)\"")
          out.line("showsSpinner = state.isLoading")
        }
      }
      out.line()
      out.line("/// Maps the feature's states to the screen's view states, without duplicates.")
      out.block(
        "func make\(name)UIStateMapper(_ feature: Feature<\(name)>) -> UIStateMapper<\(name)ViewState> {"
      ) { out in
        out.line("UIStateMapper(feature) { state in \(name)ViewState(state) }")
      }
      return out.text
    }

    var tests: String {
      var out = CodeWriter()
      out.line(header)
      out.line()
      out.line("import FinitaTesting")
      out.line("import Testing")
      if let testedModule {
        out.line()
        out.line("@testable import \(testedModule)")
      }
      out.line()
      out.line("/// The \(name) feature with a FeatureTester, and its view state.")
      out.block("@Suite(\"\(name)\")\nstruct \(name)Tests {") { out in
        out.line("@Test(\"load counts one more\")")
        out.block("func load() async {") { out in
          out.line(
            "let tester = FeatureTester(initialState: \(name).State(), definition: \(name)())")
          if parts.contains(.async) {
            out.line("await tester.send(.load) { $0.isLoading = true }")
            out.block("await tester.receive(.loaded(count: 1)) {") { out in
              out.line("$0.isLoading = false")
              out.line("$0.count = 1")
            }
          } else {
            out.line("await tester.send(.load) { $0.count = 1 }")
          }
          if parts.contains(.news) {
            out.line("tester.expectNews(.didLoad(count: 1))")
          }
          out.line("await tester.finish()")
        }
        out.line()
        out.line("@Test(\"the view state shows the count\")")
        out.block("func viewState() {") { out in
          out.line("let viewState = \(name)ViewState(\(name).State(isLoading: true, count: 2))")
          out.line(
            "#expect(viewState == \(name)ViewState(title: \"Count: 2\", showsSpinner: true))")
        }
      }
      return out.text
    }
  }
#endif  // Spec
