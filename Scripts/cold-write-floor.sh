#!/usr/bin/env bash
# What writing a recording's bytes costs under the inspector's load, with nothing of Finita in
# the way: the floor under `FinitaInspectorLoad`'s "client" run (issue 16's load goal).
#   Scripts/cold-write-floor.sh [SECONDS]
# Ten threads each do 16 "wishes" (increments on four cache lines of their own) every 10 ms,
# as the load's ten features do, and each wish also writes B bytes to the next places of the
# thread's own ring, as a log writes its records and values. Prints the median, over the threads, of each thread's median cost per wish
# in a batch, for B from 0 (the wish alone) to 192 (about what a log writes for the load's
# six-stage wish), with a ring of 1 MiB (a log of about 10,000 stages) and of 8 KiB.
# Compiled from C so that only the machine is measured: its caches after a 10 ms sleep.
set -euo pipefail
seconds="${1:-3}"
work="$(dirname "$0")/../.build/cold-write-floor"
mkdir -p "$work"
compiler="$(command -v clang || command -v cc)"
cat > "$work/floor.c" <<'C'
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { threadCount = 10, wishesPerBatch = 16 };
static int bytesPerWish;
static size_t ringBytes;
static int batches;

static double nanoseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e9 + now.tv_nsec;
}

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void *feature(void *result) {
  uint8_t *ring = aligned_alloc(64, ringBytes);
  memset(ring, 0, ringBytes);
  // The feature: its state and queue on four cache lines of their own, as a feature's object.
  volatile uint64_t *object = aligned_alloc(64, 256);
  memset((void *)object, 0, 256);
  size_t place = 0;
  double *costs = malloc(batches * sizeof(double));
  for (int batch = 0; batch < batches; batch++) {
    struct timespec tick = {0, 10 * 1000 * 1000};
    nanosleep(&tick, NULL);
    double start = nanoseconds();
    for (int wish = 0; wish < wishesPerBatch; wish++) {
      for (int line = 0; line < 4; line++) object[line * 8] += 1;
      for (int offset = 0; offset < bytesPerWish; offset += 8) {
        *(volatile uint64_t *)(ring + place) = object[0] + offset;
        place = place + 8 == ringBytes ? 0 : place + 8;
      }
    }
    costs[batch] = (nanoseconds() - start) / wishesPerBatch;
  }
  qsort(costs, batches, sizeof(double), ascending);
  *(double *)result = costs[batches / 2];
  free(costs);
  free(ring);
  free((void *)object);
  return NULL;
}

int main(int argc, char **argv) {
  bytesPerWish = atoi(argv[1]);
  ringBytes = (size_t)atol(argv[2]);
  batches = atoi(argv[3]) * 100;
  pthread_t threads[threadCount];
  double medians[threadCount];
  for (int i = 0; i < threadCount; i++) pthread_create(&threads[i], NULL, feature, &medians[i]);
  for (int i = 0; i < threadCount; i++) pthread_join(threads[i], NULL);
  qsort(medians, threadCount, sizeof(double), ascending);
  printf("| %3d | %9zu | %4.0f ns |\n", bytesPerWish, ringBytes, medians[threadCount / 2]);
  return 0;
}
C
"$compiler" -O2 -pthread "$work/floor.c" -o "$work/floor"
echo "| bytes written per wish | ring bytes | median per wish |"
echo "| --- | --- | --- |"
for ring in 1048576 8192; do
  for bytes in 0 24 48 96 144 192; do
    "$work/floor" "$bytes" "$ring" "$seconds"
  done
done
