// Atomic operations on a machine word for Finita's fast path (its only lock-free site).
//
// The engine's platforms start at macOS 14 and iOS 17, older than the Synchronization module's
// `Atomic`, so the few atomic operations it needs are written here with the compiler's
// `__atomic` builtins and inlined into Swift. Every function takes a pointer to a word that is
// only ever accessed through these functions.

#ifndef C_FINITA_ATOMICS_H
#define C_FINITA_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

/// Reads the word; later reads and writes of the caller stay after it.
static inline __attribute__((always_inline)) intptr_t
finita_atomic_load_acquire(intptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Reads the word with no ordering: for flags that are acted on under a lock.
static inline __attribute__((always_inline)) intptr_t
finita_atomic_load_relaxed(intptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Writes the word; earlier reads and writes of the caller stay before it.
static inline __attribute__((always_inline)) void
finita_atomic_store_release(intptr_t *word, intptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Replaces `expected` with `desired` if the word holds `expected`; returns whether it did.
/// On failure `*expected` receives the current value.
static inline __attribute__((always_inline)) bool
finita_atomic_compare_exchange(intptr_t *word, intptr_t *expected, intptr_t desired) {
  return __atomic_compare_exchange_n(
      word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Stores `value` and returns the previous value.
static inline __attribute__((always_inline)) intptr_t
finita_atomic_exchange(intptr_t *word, intptr_t value) {
  return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

/// Sets the bits of `mask` and returns the previous value.
static inline __attribute__((always_inline)) intptr_t
finita_atomic_fetch_or(intptr_t *word, intptr_t mask) {
  return __atomic_fetch_or(word, mask, __ATOMIC_ACQ_REL);
}

/// Clears the bits not in `mask` and returns the previous value.
static inline __attribute__((always_inline)) intptr_t
finita_atomic_fetch_and(intptr_t *word, intptr_t mask) {
  return __atomic_fetch_and(word, mask, __ATOMIC_ACQ_REL);
}

#endif
