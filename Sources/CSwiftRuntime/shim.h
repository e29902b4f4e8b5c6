#ifndef REEF_CSWIFTRUNTIME_SHIM_H
#define REEF_CSWIFTRUNTIME_SHIM_H

#include <stdint.h>

/// The one Swift runtime entry point ORMCore calls directly, declared here so Swift calls it with
/// the C calling convention it has (libswiftCore exports it; every Swift program links that).
///
/// Retains the object and returns it, unless it is already being destroyed: then returns NULL. What
/// loading a `weak` reference does, without the side table a `weak` reference costs each object.
/// The identity map uses it to hold objects weakly (see IdentityMap+Entry.swift); what makes that
/// safe is written down in Documentation/UnsafeCode.md. Private to
/// the runtime: ORMCore built with ORMCORE_PORTABLE (the default off Linux) never calls it.
void *swift_tryRetain(void *object);

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Sleeps while the 32-bit word at `address` holds `expected` (or until woken). ORMCore's one-word
/// lock parks a waiting thread here (`syscall` is variadic, which Swift cannot call). Linux only:
/// ORMCore built with ORMCORE_PORTABLE (the default elsewhere) never calls it.
static inline void reef_futex_wait(uint32_t *address, uint32_t expected) {
    syscall(SYS_futex, address, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

/// Wakes one thread sleeping on the word at `address`.
static inline void reef_futex_wake_one(uint32_t *address) {
    syscall(SYS_futex, address, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

#endif // defined(__linux__)

#endif
