#ifndef REEF_CSWIFTRUNTIME_SHIM_H
#define REEF_CSWIFTRUNTIME_SHIM_H

/// The one Swift runtime entry point ORMCore calls directly, declared here so Swift calls it with
/// the C calling convention it has (libswiftCore exports it; every Swift program links that).
///
/// Retains the object and returns it, unless it is already being destroyed: then returns NULL. What
/// loading a `weak` reference does, without the side table a `weak` reference costs each object.
/// The identity map uses it to hold objects weakly (see IdentityMap.swift).
void *swift_tryRetain(void *object);

#endif
