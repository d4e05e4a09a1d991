#if Inspector
  import FinitaExamples

  // The demo's player and paginator keep their seed types, which are not `Codable`: the page needs
  // JSON to move them in time and send them wishes. The encodings below are the ones Swift would
  // synthesize (`{"case": {"label": value}}`), written through private copies of the types that
  // the compiler synthesizes, so nobody maintains coding keys by hand. They live here, not in
  // FinitaExamples, because only the demo needs them.

  extension MusicPlayerState: Codable {
    /// Decodes the state as `{"status": {"playing": {}}, "playlist": [...], "trackIndex": 0}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` that names the key or case at fault.
    public init(from decoder: any Decoder) throws {
      self = try CodedPlayerState(from: decoder).value
    }

    /// Encodes the state as `init(from:)` reads it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      try CodedPlayerState(self).encode(to: encoder)
    }
  }

  extension PlayerButton: Codable {
    /// Decodes a button as `{"play": {}}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` when the key is not a button.
    public init(from decoder: any Decoder) throws {
      self = try CodedPlayerState.Button(from: decoder).value
    }

    /// Encodes the button as `init(from:)` reads it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      try CodedPlayerState.Button(self).encode(to: encoder)
    }
  }

  extension PaginationState: Codable {
    /// Decodes the state as `{"data": {"content": {"_0": {"items": [...]}}}}`, with an optional
    /// `pendingChange`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` that names the key or case at fault.
    public init(from decoder: any Decoder) throws {
      self = try CodedPaginationState(from: decoder).value
    }

    /// Encodes the state as `init(from:)` reads it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      try CodedPaginationState(self).encode(to: encoder)
    }
  }

  extension PaginationWish: Codable {
    /// Decodes a wish as `{"load": {"isNextPage": true}}` or `{"refresh": {}}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` when the key is not a case or a value is missing.
    public init(from decoder: any Decoder) throws {
      self = try CodedPaginationState.Wish(from: decoder).value
    }

    /// Encodes the wish as `init(from:)` reads it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      try CodedPaginationState.Wish(self).encode(to: encoder)
    }
  }

  /// `MusicPlayerState` and its parts with the encoding Swift synthesizes.
  private struct CodedPlayerState: Codable {
    enum Status: Codable {
      case stopped, playing, paused
    }

    enum Button: Codable {
      case play, pause, stop, next

      init(_ button: PlayerButton) {
        switch button {
        case .play: self = .play
        case .pause: self = .pause
        case .stop: self = .stop
        case .next: self = .next
        }
      }

      var value: PlayerButton {
        switch self {
        case .play: .play
        case .pause: .pause
        case .stop: .stop
        case .next: .next
        }
      }
    }

    struct CodedTrack: Codable {
      var title: String
      var artist: String
    }

    var status: Status
    var playlist: [CodedTrack]
    var trackIndex: Int

    init(_ state: MusicPlayerState) {
      status =
        switch state.status {
        case .stopped: .stopped
        case .playing: .playing
        case .paused: .paused
        }
      playlist = state.playlist.map { CodedTrack(title: $0.title, artist: $0.artist) }
      trackIndex = state.trackIndex
    }

    var value: MusicPlayerState {
      let playbackStatus: PlaybackStatus =
        switch status {
        case .stopped: .stopped
        case .playing: .playing
        case .paused: .paused
        }
      return MusicPlayerState(
        status: playbackStatus,
        playlist: playlist.map { Track(title: $0.title, artist: $0.artist) },
        trackIndex: trackIndex)
    }
  }

  /// `PaginationState`, `PaginationWish` and their parts with the encoding Swift synthesizes.
  private struct CodedPaginationState: Codable {
    struct Failure: Codable {
      var message: String

      init(_ error: PageError) { message = error.message }
      var value: PageError { PageError(message: message) }
    }

    enum Option: Codable {
      case refreshing, nextPageLoading
      case nextPageLoadingError(Failure)

      init(_ option: PaginationState.LoadingOption) {
        switch option {
        case .refreshing: self = .refreshing
        case .nextPageLoading: self = .nextPageLoading
        case .nextPageLoadingError(let error): self = .nextPageLoadingError(Failure(error))
        }
      }

      var value: PaginationState.LoadingOption {
        switch self {
        case .refreshing: .refreshing
        case .nextPageLoading: .nextPageLoading
        case .nextPageLoadingError(let failure): .nextPageLoadingError(failure.value)
        }
      }
    }

    struct Items: Codable {
      var items: [ListItem]
      var nextPageIndex: Int?
    }

    enum Data: Codable {
      case initial, loading
      case content(Items, loadingOption: Option?)
      case error(Failure)

      init(_ data: PaginationState.DataState) {
        switch data {
        case .initial: self = .initial
        case .loading: self = .loading
        case .content(let items, let option):
          self = .content(
            Items(items: items.items, nextPageIndex: items.nextPageIndex),
            loadingOption: option.map(Option.init))
        case .error(let error): self = .error(Failure(error))
        }
      }

      var value: PaginationState.DataState {
        switch self {
        case .initial: .initial
        case .loading: .loading
        case .content(let items, let option):
          .content(
            PaginationItems(items: items.items, nextPageIndex: items.nextPageIndex),
            loadingOption: option?.value)
        case .error(let failure): .error(failure.value)
        }
      }
    }

    enum Change: Codable {
      case edited(ListItem, previous: ListItem)
      case deleted(ListItem, at: Int)

      init(_ change: ItemChange) {
        switch change {
        case .edited(let item, let previous): self = .edited(item, previous: previous)
        case .deleted(let item, let index): self = .deleted(item, at: index)
        }
      }

      var value: ItemChange {
        switch self {
        case .edited(let item, let previous): .edited(item, previous: previous)
        case .deleted(let item, let index): .deleted(item, at: index)
        }
      }
    }

    enum Wish: Codable {
      case load(isNextPage: Bool)
      case refresh
      case itemDidAppear(at: Int)
      case edit(ListItem)
      case delete(itemID: Int)

      init(_ wish: PaginationWish) {
        switch wish {
        case .load(let isNextPage): self = .load(isNextPage: isNextPage)
        case .refresh: self = .refresh
        case .itemDidAppear(let index): self = .itemDidAppear(at: index)
        case .edit(let item): self = .edit(item)
        case .delete(let itemID): self = .delete(itemID: itemID)
        }
      }

      var value: PaginationWish {
        switch self {
        case .load(let isNextPage): .load(isNextPage: isNextPage)
        case .refresh: .refresh
        case .itemDidAppear(let index): .itemDidAppear(at: index)
        case .edit(let item): .edit(item)
        case .delete(let itemID): .delete(itemID: itemID)
        }
      }
    }

    var data: Data
    var pendingChange: Change?

    init(_ state: PaginationState) {
      data = Data(state.data)
      pendingChange = state.pendingChange.map(Change.init)
    }

    var value: PaginationState {
      PaginationState(data: data.value, pendingChange: pendingChange?.value)
    }
  }
#endif  // Inspector
