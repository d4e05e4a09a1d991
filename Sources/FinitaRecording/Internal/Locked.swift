import Finita

/// A value behind the engine's one lock box.
typealias Locked<Value> = LockedValue<Value>
