#if !SQLite
  // Without the SQLite trait this module is empty; these stand-ins turn a use of its types
  // into an error that says what to do, instead of "cannot find ... in scope".

  /// Unavailable: FinitaRecordingGRDB needs Finita's `SQLite` trait.
  @available(
    *, unavailable,
    message: "FinitaRecordingGRDB needs trait SQLite: .package(…, traits: [\"SQLite\"])"
  )
  public enum SQLiteFeatureStore {}
#endif
