import Finita
import FinitaBindings

/// A search screen's feature: choosing a result is news for whoever opens resumes.
struct ResumeSearch: FeatureDefinition {
  struct State: Sendable, CustomStringConvertible {
    var query = ""
    var opened: [Int] = []
    var description: String { "query: \"\(query)\", opened: \(opened)" }
  }

  enum Wish: Sendable {
    case search(String)
    case choose(resume: Int)
    case resumeDidOpen(Int)
  }

  enum Effect: Sendable {
    case queryChanged(String)
    case chosen(Int)
    case opened(Int)
  }

  enum News: Sendable {
    case resumeChosen(Int)
  }

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .search(let query): .just(.queryChanged(query))
    case .choose(let id): .just(.chosen(id))
    case .resumeDidOpen(let id): .just(.opened(id))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .queryChanged(let query): state.query = query
    case .chosen: break
    case .opened(let id): state.opened.append(id)
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .chosen(let id) = effect { return .resumeChosen(id) }
    return nil
  }
}

/// A resume feature that loads the resume it is asked for and tells when it is shown.
struct ResumeViewer: FeatureDefinition {
  struct State: Sendable, CustomStringConvertible {
    var shown: Int?
    var description: String { shown.map { "showing resume \($0)" } ?? "empty" }
  }

  enum Wish: Sendable {
    case show(Int)
  }

  enum Effect: Sendable {
    case shown(Int)
  }

  enum News: Sendable {
    case resumeShown(Int)
  }

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .show(let id): .just(.shown(id))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .shown(let id): state.shown = id
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    switch effect {
    case .shown(let id): .resumeShown(id)
    }
  }
}

enum CompositionTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Composition: two features talking through News, connected by a Binder")
    output.note("Neither feature knows the other; the binder maps one's news to the other's wish.")
    let search = Feature(
      initialState: ResumeSearch.State(),
      definition: ResumeSearch(),
      configuration: .init(name: "Search"),
      trace: tracePrinter(ResumeSearch.self)
    )
    let viewer = Feature(
      initialState: ResumeViewer.State(),
      definition: ResumeViewer(),
      configuration: .init(name: "Viewer"),
      trace: tracePrinter(ResumeViewer.self)
    )
    let lifecycle = ManualLifecycle()
    let binder = Binder(lifecycle: lifecycle, log: { print("   binder  \($0)") })
    // An interceptor on one connection, as on a feature: it records what went through.
    let recorder = BindingRecorder()
    binder.bind(
      .news(of: search), to: .wishes(of: viewer), named: "open resume", interceptors: [recorder]
    ) { news in
      switch news {
      case .resumeChosen(let id): .show(id)
      }
    }
    binder.bind(.news(of: viewer), to: .wishes(of: search), named: "mark opened") { news in
      switch news {
      case .resumeShown(let id): .resumeDidOpen(id)
      }
    }

    output.note("(before the lifecycle begins, news goes nowhere)")
    search.accept(.choose(resume: 1))
    output.note("(the screen appears: lifecycle begins)")
    lifecycle.begin()
    search.accept(.search("swift"))
    search.accept(.choose(resume: 42))
    output.note("(the screen disappears: lifecycle ends)")
    lifecycle.end()
    search.accept(.choose(resume: 7))
    output.note("(the app received: search \(search.state); viewer \(viewer.state))")
    output.note("(a BindingRecorder on \"open resume\" saw:)")
    for entry in recorder.entries {
      print("   recorder  \(entry)")
    }
    let replayed = Feature(initialState: ResumeViewer.State(), definition: ResumeViewer())
    let count = recorder.play("open resume", into: .wishes(of: replayed))
    output.note("(playback: \(count) recorded wish(es) sent to a fresh viewer: \(replayed.state))")
    replayed.dispose()
    binder.cancel()
    search.dispose()
    viewer.dispose()
  }
}
