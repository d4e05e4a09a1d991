// Atomic operations on a machine word for Finita's engine, and the monotonic clock its logs
// read.
//
// The engine's platforms start at macOS 14 and iOS 17, older than the Synchronization module's
// `Atomic`, so the few atomic operations it needs are written here with the compiler's
// `__atomic` builtins and inlined into Swift. Every function takes a pointer to a word that is
// only ever accessed through these functions.

#ifndef C_FINITA_ATOMICS_H
#define C_FINITA_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

/// Nanoseconds on the clock Swift's `ContinuousClock` reads (it keeps counting while the
/// machine sleeps), from an unspecified start. Called here directly rather than through
/// `ContinuousClock.now` and `Duration` arithmetic, which cost several times the clock itself.
static inline __attribute__((always_inline)) int64_t
finita_monotonic_nanoseconds(void) {
#if defined(__APPLE__)
  return (int64_t)clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW);
#else
  struct timespec now;
#if defined(CLOCK_BOOTTIME)
  clock_gettime(CLOCK_BOOTTIME, &now);
#else
  clock_gettime(CLOCK_MONOTONIC, &now);
#endif
  return (int64_t)now.tv_sec * 1000000000 + (int64_t)now.tv_nsec;
#endif
}

/// Whether `finita_clock_ticks` reads the processor's time-stamp counter, because the system
/// keeps its own clock on it (Linux on x86-64 with the `tsc` clock source, which the kernel
/// picks only when the counter runs at a constant rate and agrees across processors).
/// Otherwise the ticks are `finita_monotonic_nanoseconds`. Looked up once per call site's
/// module and kept; called when a log's clock starts, not per stage.
static inline bool
finita_clock_ticks_are_counter(void) {
#if defined(__x86_64__) && defined(__linux__)
  // -1 until looked up; the lookup is idempotent, so two threads may both do it.
  static int known = -1;
  int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (value >= 0) return value == 1;
  value = 0;
  FILE *file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
  if (file != NULL) {
    char name[32] = {0};
    if (fgets(name, sizeof name, file) != NULL && strcmp(name, "tsc\n") == 0) value = 1;
    fclose(file);
  }
  __atomic_store_n(&known, value, __ATOMIC_RELAXED);
  return value == 1;
#else
  return false;
#endif
}

/// A reading of the cheapest monotonic counter: the time-stamp counter when
/// `finita_clock_ticks_are_counter()`, else `finita_monotonic_nanoseconds()`. A feature's log
/// reads it once per input; in a virtual machine `clock_gettime` can cost several wishes,
/// the counter a few nanoseconds. The log turns ticks into nanoseconds when it is read, by
/// comparing the two clocks.
static inline __attribute__((always_inline)) int64_t
finita_clock_ticks(bool counter) {
#if defined(__x86_64__)
  if (counter) return (int64_t)__builtin_ia32_rdtsc();
#endif
  return finita_monotonic_nanoseconds();
}

#endif
