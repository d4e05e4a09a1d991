#if canImport(Combine) || Combine
  #if canImport(Combine)
    import Combine

    /// Combine's subscription protocol, named apart from `Finita.Subscription`.
    typealias UpstreamSubscription = Combine.Subscription
  #else
    import OpenCombine

    /// OpenCombine's subscription protocol, named apart from `Finita.Subscription`.
    typealias UpstreamSubscription = OpenCombine.Subscription
  #endif
#endif  // canImport(Combine) || Combine
