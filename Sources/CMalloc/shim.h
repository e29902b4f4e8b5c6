#ifndef REEF_CMALLOC_SHIM_H
#define REEF_CMALLOC_SHIM_H

// glibc's allocator settings reef sets for itself (ProcessMemory.swift). malloc.h's mallopt and
// M_ARENA_MAX are not in Swift's Glibc module; elsewhere (macOS, musl) these do nothing.

#if defined(__linux__)
#include <features.h>
#endif

#if defined(__GLIBC__)
#include <malloc.h>

/// Caps glibc's malloc at `arenas` arenas (`mallopt(M_ARENA_MAX, …)`, as the environment
/// variable MALLOC_ARENA_MAX does); returns 1 when set. Call before threads start.
static inline int reef_malloc_set_arena_max(int arenas) { return mallopt(M_ARENA_MAX, arenas); }

/// Gives the pages of free memory in every arena back to the system (`malloc_trim(0)`);
/// returns 1 when any was.
static inline int reef_malloc_trim(void) { return malloc_trim(0); }

#else

static inline int reef_malloc_set_arena_max(int arenas) { (void)arenas; return 0; }
static inline int reef_malloc_trim(void) { return 0; }

#endif

#endif
