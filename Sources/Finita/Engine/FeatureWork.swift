/// The asynchronous work of a feature that the current task belongs to: set by the engine for
/// each task of work it starts in a feature under test (created with `marksWork`), inherited
/// by the tasks that work creates, read by the testing module's clock to tell which work is
/// asleep on it.
package enum FeatureWork {
  /// The identifier of the work the current task runs for, or `nil` outside any feature's work.
  @TaskLocal package static var current: UInt64?
}
