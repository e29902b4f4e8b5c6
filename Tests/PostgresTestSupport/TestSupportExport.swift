// The tests' one `waitUntil` (and the rest of `TestSupport`), for every target that uses this one.
@_exported import TestSupport
