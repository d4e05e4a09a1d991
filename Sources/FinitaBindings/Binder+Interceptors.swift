import Finita

extension Binder {
  /// Connects `source` to `sink` through `transform`, and shows every stage of the connection
  /// to `interceptors`, in the order given.
  ///
  /// ```swift
  /// let recorder = BindingRecorder()
  /// binder.bind(.news(of: search), to: .wishes(of: resume), named: "open resume",
  ///             interceptors: [recorder, DescribingBindingInterceptor { print($0) }]) { news in
  ///   guard case .resultChosen(let id) = news else { return nil }
  ///   return .load(id)
  /// }
  /// ```
  ///
  /// The binding behaves as one made with `bind(_:to:named:transform:)`: the interceptors see
  /// it connect on each lifecycle begin, each value delivered or dropped (before the sink
  /// receives it), the source finishing, and the disconnection on each end or cancel.
  ///
  /// - Parameters:
  ///   - source: The output to follow.
  ///   - sink: Where transformed values go.
  ///   - name: The binding's name, in the binder's log and in each event.
  ///   - interceptors: What sees the binding's stages.
  ///   - transform: Maps each output to an input, or returns `nil` to drop it.
  public func bind<Output: Sendable, Input: Sendable>(
    _ source: BindingSource<Output>,
    to sink: BindingSink<Input>,
    named name: String,
    interceptors: [any BindingInterceptor],
    transform: @escaping @Sendable (Output) -> Input?
  ) {
    let emit = { @Sendable (event: BindingEvent<Output, Input>) in
      for interceptor in interceptors { interceptor.intercept(event) }
    }
    let watched = BindingSource<Output> { receive, finish in
      emit(BindingEvent(binding: name, stage: .connected))
      let subscription = source.subscribe(
        receive: receive,
        finish: {
          emit(BindingEvent(binding: name, stage: .finished))
          finish()
        }
      )
      return Subscription {
        emit(BindingEvent(binding: name, stage: .disconnected))
        subscription.cancel()
      }
    }
    bind(watched, to: sink, named: name) { output in
      guard let input = transform(output) else {
        emit(BindingEvent(binding: name, stage: .dropped, output: output))
        return nil
      }
      emit(BindingEvent(binding: name, stage: .delivered, output: output, input: input))
      return input
    }
  }

  /// Connects `source` to `sink`, passing every value as it is, and shows every stage of the
  /// connection to `interceptors`.
  ///
  /// - Parameters:
  ///   - source: The output to follow.
  ///   - sink: Where values go.
  ///   - name: The binding's name, in the binder's log and in each event.
  ///   - interceptors: What sees the binding's stages.
  public func bind<Value: Sendable>(
    _ source: BindingSource<Value>,
    to sink: BindingSink<Value>,
    named name: String,
    interceptors: [any BindingInterceptor]
  ) {
    bind(source, to: sink, named: name, interceptors: interceptors) { $0 }
  }
}
