#if Spec
  extension KotlinGenerator {
    /// A sealed class with an object per case without payload and a data class per case with
    /// one, each printing as Swift prints the case: `first`, `say(text: "hi")`.
    func featureSealedClass(
      _ name: String, doc: String, cases: [SpecCase], into out: inout CodeWriter
    ) {
      out.line("/** \(doc) */")
      out.block("sealed class \(name) {") { out in
        for item in cases {
          if let summary = item.summary {
            out.line("/** \(summary) */")
          }
          let type = Self.className(item.name.value)
          if item.payload.isEmpty {
            out.block("object \(type) : \(name)() {") { out in
              out.line("override fun toString(): String = \(Self.quoted(item.name.value))")
            }
          } else {
            let fields = item.payload.map {
              "val \($0.name.value): \(Self.kotlinType($0.type.value))"
            }
            out.block("data class \(type)(\(fields.joined(separator: ", "))) : \(name)() {") {
              out in
              out.line(
                "override fun toString(): String = "
                  + Self.shown(item.name.value, fields: item.payload))
            }
          }
        }
      }
    }

    /// A Kotlin expression printing fields as Swift prints a case or a struct:
    /// `"say(text: " + show(text) + ")"`.
    static func shown(_ head: String, fields: [SpecField], owner: String = "") -> String {
      var text = "\"\(escapedForTemplate(head))("
      for (index, field) in fields.enumerated() {
        let value = owner + field.name.value
        let shown =
          field.type.value.hasSuffix("?") ? "showOptional(\(value))" : "show(\(value))"
        text += (index == 0 ? "" : " + \", ") + "\(field.name.value): \" + \(shown)"
      }
      return text + (fields.isEmpty ? ")\"" : " + \")\"")
    }

    /// `show`, `showOptional` and `showText`, which print values as Swift does, when the
    /// feature's cases or, for its replay, its state have fields.
    func featureShowFunctions(_ feature: FeatureSpec, into out: inout CodeWriter) {
      let cases = feature.wishes + feature.effects + feature.news
      let stateShown = !feature.scenarios.isEmpty && !feature.stateFields.isEmpty
      guard stateShown || cases.contains(where: { !$0.payload.isEmpty }) else { return }
      out.line()
      Self.showFunctions(into: &out)
    }

    /// The replay of a feature's scenarios: `main` runs each on a new feature of the parts
    /// above, its Reducer wrapped to log effects, and prints the lines the Swift replay prints.
    func featureReplay(_ feature: FeatureSpec, into out: inout CodeWriter) {
      let name = feature.name.value
      let news = feature.news.isEmpty ? "Nothing" : "News"
      out.line()
      out.line("/** The state as Swift prints it. */")
      out.line(
        "fun describeState(state: State): String = "
          + Self.shown("\(name)State", fields: feature.stateFields, owner: "state."))
      out.line()
      out.line("/** The scenarios of the spec: each step's label and its wish, null to dispose. */")
      out.block("val SCENARIOS: List<List<Pair<String, Wish?>>> = listOf(", close: ")") { out in
        for (index, scenario) in feature.scenarios.enumerated() {
          let comma = index == feature.scenarios.count - 1 ? "" : ","
          out.block("listOf(", close: ")\(comma)") { out in
            for (position, step) in scenario.steps.enumerated() {
              let stepComma = position == scenario.steps.count - 1 ? "" : ","
              let wish = feature.wishes.first { $0.name.value == step.event.value }
              let value = wish.map { Self.featureWish($0, step: step) } ?? "null"
              out.line("Pair(\(Self.quoted(step.description)), \(value))\(stepComma)")
            }
          }
        }
      }
      out.line()
      out.line("/**")
      out.line(" * Replays the spec's scenarios, each on a new feature, and prints each step")
      out.line(" * (`> wish ...`, `> dispose`), effect, state and news in the order they happened:")
      out.line(" * the lines the Swift replay program prints.")
      out.line(" */")
      out.block("fun main() {") { out in
        out.block("for ((index, steps) in SCENARIOS.withIndex()) {") { out in
          out.line(
            "println(\"scenario ${index + 1}: \" + steps.joinToString(\", \") { it.first })")
          out.line(
            "val lines = java.util.Collections.synchronizedList(mutableListOf<String>())")
          out.line("val reducer = Reducer()")
          out.block("val feature = Feature<Wish, Wish, Effect, State, \(news)>(", close: ")") {
            out in
            out.line("initialState = State(),")
            out.line("wishToAction = { it },")
            out.line("actor = Actor(),")
            out.line("reducer = { state, effect ->")
            out.indented { out in
              out.line("lines.add(\"effect $effect\")")
              out.line("reducer(state, effect)")
            }
            out.line("},")
            if feature.hasBootstrapper { out.line("bootstrapper = Bootstrapper(),") }
            if feature.hasPostProcessor { out.line("postProcessor = PostProcessor(),") }
            if !feature.news.isEmpty { out.line("newsPublisher = NewsPublisher(),") }
            out.line("startsImmediately = false")
          }
          out.line(
            "val states = feature.observeState { lines.add(\"state \" + describeState(it)) }")
          if !feature.news.isEmpty {
            out.line("val news = feature.observeNews { lines.add(\"news $it\") }")
          }
          out.line("lines.add(\"> start\")")
          out.line("feature.start()")
          out.block("for ((_, wish) in steps) {") { out in
            out.block("if (wish == null) {", close: "} else {") { out in
              out.line("lines.add(\"> dispose\")")
              out.line("feature.dispose()")
            }
            out.indented { out in
              out.line("lines.add(\"> wish $wish\")")
              out.line("feature.accept(wish)")
            }
            out.line("}")
          }
          out.line("states.cancel()")
          if !feature.news.isEmpty {
            out.line("news.cancel()")
          }
          out.line("lines.forEach { println(it) }")
        }
      }
    }

    /// A scenario's wish as a Kotlin value, with the values the step gives (zero for the fields
    /// it leaves out): `Wish.Say(text = "hi")`.
    static func featureWish(_ wish: SpecCase, step: SpecStep) -> String {
      let type = "Wish.\(className(wish.name.value))"
      guard !wish.payload.isEmpty else { return type }
      let values = wish.payload.map { field in
        let given = step.arguments.first { $0.field.value == field.name.value }
        let value =
          given.map { SpecValues.kotlin($0.value, type: field.type.value) }
          ?? zero(of: field.type.value)
        return "\(field.name.value) = \(value)"
      }
      return type + "(" + values.joined(separator: ", ") + ")"
    }

    /// A `when` over every case of `type`, each branch giving `value`.
    func exhaustiveWhen(
      _ type: String, _ cases: [SpecCase], _ value: String,
      into out: inout CodeWriter
    ) {
      for item in cases {
        out.line("is \(type).\(Self.className(item.name.value)) -> \(value)")
      }
    }

    func featureSource(_ feature: FeatureSpec) -> String {
      let name = feature.name.value
      let news = feature.news.isEmpty ? "Nothing" : "News"
      var out = CodeWriter(indent: "    ")
      let file = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
      out.line("// Generated by `finita generate kotlin` from \(file): the \(name) feature in")
      out.line(
        "// MVICore's shapes, on Finita's Kotlin runtime (Kotlin/runtime in Finita), to fill")
      out.line("// in. The same spec generates the Swift types and skeleton.")
      out.line("package \(package)")
      out.line()
      out.line("import finita.runtime.Feature")
      out.line("import finita.runtime.Observable")
      out.line()
      if feature.stateFields.isEmpty {
        out.line("/** The state of the \(name) feature. */")
        out.line("class State {")
        out.indented { out in
          out.line("override fun equals(other: Any?): Boolean = other is State")
          out.line("override fun hashCode(): Int = 0")
        }
        out.line("}")
      } else {
        out.line("/** The state of the \(name) feature. */")
        out.block("data class State(", close: ")") { out in
          for (index, field) in feature.stateFields.enumerated() {
            let comma = index == feature.stateFields.count - 1 ? "" : ","
            out.line(
              "val \(field.name.value): \(Self.kotlinType(field.type.value)) = "
                + "\(Self.zero(of: field.type.value))\(comma)")
          }
        }
      }
      out.line()
      featureSealedClass(
        "Wish", doc: "What the \(name) feature is asked to do.", cases: feature.wishes, into: &out)
      out.line()
      featureSealedClass(
        "Effect", doc: "What the \(name) feature's Actor did, for its Reducer.",
        cases: feature.effects, into: &out)
      if !feature.news.isEmpty {
        out.line()
        featureSealedClass(
          "News", doc: "What the \(name) feature tells others.", cases: feature.news, into: &out)
      }
      out.line()
      out.line("/**")
      out.line(
        " * MVICore's Actor: turns a wish into effects, given the latest state. Fill in each")
      out.line(" * branch: `Observable.just(...)` for effects now, `Observable.delayed`,")
      out.line(" * `Observable.create` for effects later, `cancellable(id)` to stop them.")
      out.line(" */")
      out.block("class Actor : finita.runtime.Actor<State, Wish, Effect> {") { out in
        out.block(
          "override fun invoke(state: State, action: Wish): Observable<out Effect> = when (action) {"
        ) { out in
          exhaustiveWhen("Wish", feature.wishes, "Observable.empty()", into: &out)
        }
      }
      out.line()
      out.line("/** MVICore's Reducer: applies an effect to the state. Fill in each branch. */")
      out.block("class Reducer : finita.runtime.Reducer<State, Effect> {") { out in
        out.block("override fun invoke(state: State, effect: Effect): State = when (effect) {") {
          out in
          exhaustiveWhen("Effect", feature.effects, "state", into: &out)
        }
      }
      if feature.hasBootstrapper {
        out.line()
        out.line("/** MVICore's Bootstrapper: wishes to handle at start, and over time. */")
        out.block("class Bootstrapper : finita.runtime.Bootstrapper<Wish> {") { out in
          out.line("override fun invoke(): Observable<out Wish> = Observable.empty()")
        }
      }
      if feature.hasPostProcessor {
        out.line()
        out.line("/** MVICore's PostProcessor: a wish to handle next, queued after the current. */")
        out.block("class PostProcessor : finita.runtime.PostProcessor<Wish, Effect, State> {") {
          out in
          out.line("override fun invoke(action: Wish, effect: Effect, state: State): Wish? = null")
        }
      }
      if !feature.news.isEmpty {
        out.line()
        out.line("/** MVICore's NewsPublisher: what to tell others after an effect. */")
        out.block("class NewsPublisher : finita.runtime.NewsPublisher<Wish, Effect, State, News> {")
        {
          out in
          out.line("override fun invoke(action: Wish, effect: Effect, state: State): News? = null")
        }
      }
      out.line()
      out.line("/**")
      out.line(" * The \(name) feature: accept wishes from any thread, observe states and news.")
      out.line(" * As in Finita's Swift engine, a wish sent while the feature processes (from an")
      out.line(" * observer, the PostProcessor, the Bootstrapper) is queued, never handled")
      out.line(" * recursively.")
      out.line(" */")
      out.line("class \(Self.featureClassName(name))(")
      out.indented { out in
        out.line("initialState: State = State(),")
        out.line("startsImmediately: Boolean = true")
      }
      out.line(") : Feature<Wish, Wish, Effect, State, \(news)>(")
      out.indented { out in
        out.line("initialState = initialState,")
        out.line("wishToAction = { it },")
        out.line("actor = Actor(),")
        out.line("reducer = Reducer(),")
        if feature.hasBootstrapper { out.line("bootstrapper = Bootstrapper(),") }
        if feature.hasPostProcessor { out.line("postProcessor = PostProcessor(),") }
        if !feature.news.isEmpty { out.line("newsPublisher = NewsPublisher(),") }
        out.line("startsImmediately = startsImmediately")
      }
      out.line(")")
      featureShowFunctions(feature, into: &out)
      if !feature.scenarios.isEmpty {
        featureReplay(feature, into: &out)
      }
      return out.text
    }

    /// The feature class of a feature spec: `CounterFeature` for `Counter`, and `PlayerFeature`,
    /// not `PlayerFeatureFeature`, for `PlayerFeature`.
    static func featureClassName(_ name: String) -> String {
      name.hasSuffix("Feature") ? name : name + "Feature"
    }
  }
#endif  // Spec
