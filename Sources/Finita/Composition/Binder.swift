/// Connects outputs to inputs, so that small features work together without referencing each
/// other.
///
/// Each binding takes a ``BindingSource`` (a feature's news or states, a view state, an
/// asynchronous sequence, a callback), an optional transformer that maps the output to the
/// input or drops it by returning `nil`, and a ``BindingSink`` (a feature's wishes, a closure).
///
/// ```swift
/// let lifecycle = ManualLifecycle()
/// let binder = Binder(lifecycle: lifecycle)
/// binder.bind(.news(of: search), to: .wishes(of: resume), named: "open resume") { news in
///   guard case .resultChosen(let id) = news else { return nil }
///   return .load(id)
/// }
/// binder.bind(.news(of: resume), to: .closure { router.handle($0) })
/// lifecycle.begin()
/// ```
///
/// Rules:
/// - Without a lifecycle, bindings connect at once and stay connected until ``cancel()``. With
///   one, they connect on each ``LifecycleEvent/begin`` and disconnect on each
///   ``LifecycleEvent/end``; a duplicate begin does not connect twice. Bindings added while
///   the lifecycle is active connect at once.
/// - ``cancel()``, or releasing the binder, disconnects every binding for good.
/// - Values from callback sources are delivered on the emitting thread, before the source's
///   call returns: no task per value.
/// - A value emitted while the binder connects its bindings is held until every binding is
///   connected, then delivered; so a value one binding causes during setup reaches the others,
///   whatever the order of declaration.
/// - A value is delivered to every binding that was connected when it was emitted, even when a
///   handler of the same value ends the lifecycle or cancels the binder before the binding's
///   turn came.
public final class Binder: Sendable {
  private let core: BinderCore

  /// Creates a binder.
  ///
  /// - Parameters:
  ///   - lifecycle: When bindings are connected; `nil` connects them at once until ``cancel()``.
  ///     The binder does not keep the lifecycle alive.
  ///   - log: Receives one line per lifecycle change and per value delivered or dropped, with
  ///     the binding's name.
  public init(
    lifecycle: (any BinderLifecycle)? = nil,
    log: (@Sendable (String) -> Void)? = nil
  ) {
    core = BinderCore(log: log)
    if let lifecycle {
      core.follow(lifecycle)
    } else {
      core.begin()
    }
  }

  deinit {
    core.cancel()
  }

  /// Whether the bindings are connected now.
  public var isActive: Bool {
    core.isActive
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    core.isCancelled
  }

  /// Connects `source` to `sink` through `transform`.
  ///
  /// ```swift
  /// binder.bind(.news(of: timer), to: .wishes(of: tracker), named: "tick") { news in
  ///   news == .fired ? .timeout : nil
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - source: The output to follow.
  ///   - sink: Where transformed values go.
  ///   - name: The binding's name in the log; by default "Output -> Input".
  ///   - transform: Maps each output to an input, or returns `nil` to drop it. It runs on the
  ///     delivering thread, once per value.
  public func bind<Output: Sendable, Input: Sendable>(
    _ source: BindingSource<Output>,
    to sink: BindingSink<Input>,
    named name: String? = nil,
    transform: @escaping @Sendable (Output) -> Input?
  ) {
    let name = name ?? "\(Output.self) -> \(Input.self)"
    core.add(name: name) { core in
      source.subscribe(
        receive: { output in
          core.route { core.deliver(output, named: name, to: sink, transform: transform) }
        },
        finish: { core.record("\(name): source finished") }
      )
    }
  }

  /// Connects `source` to `sink`, passing every value as it is.
  ///
  /// - Parameters:
  ///   - source: The output to follow.
  ///   - sink: Where values go.
  ///   - name: The binding's name in the log; by default "Value -> Value".
  public func bind<Value: Sendable>(
    _ source: BindingSource<Value>,
    to sink: BindingSink<Value>,
    named name: String? = nil
  ) {
    bind(source, to: sink, named: name) { $0 }
  }

  /// Disconnects every binding for good: a later lifecycle begin connects nothing, and later
  /// bindings are ignored. Calling it again does nothing.
  public func cancel() {
    core.cancel()
  }
}
