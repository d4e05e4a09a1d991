// A store is a `Feature` underneath: its configuration, `Subscription` tokens and `Effects` come
// from the engine, so importing FinitaRedux is enough to use them.
@_exported import Finita
