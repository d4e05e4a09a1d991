#if canImport(Combine) || Combine
  import Finita
  import FinitaCombine
  import FinitaRedux
  import Testing

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  @Suite("A store in Combine: its states as a publisher, a publisher's values as actions")
  struct StoreCombineTests {
    @Test("the state publisher starts with the current state and finishes on dispose")
    func statePublisher() {
      let store = Store(initialState: 0) { (count: inout Int, step: Int) in count += step }
      let values = Recorder<Int>()
      let finished = Recorder<Bool>()
      let cancellable = store.statePublisher
        .map { $0 * 10 }
        .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: values.append)
      store.dispatch(1)
      store.dispatch(2)
      store.dispose()
      #expect(values.values == [0, 10, 30])
      #expect(finished.values == [true])
      cancellable.cancel()
    }

    @Test("a publisher's values are dispatched until the cancellable is cancelled")
    func dispatchesValues() {
      let store = Store(initialState: 0) { (count: inout Int, step: Int) in count += step }
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.dispatch(to: store)
      subject.send(4)
      subject.send(5)
      cancellable.cancel()
      subject.send(100)
      #expect(store.state == 9)
      store.dispose()
    }
  }
#endif
