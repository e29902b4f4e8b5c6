#ifndef REEF_CSQLITE_SHIM_H
#define REEF_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer: Swift cannot import it.
static inline int csqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

static inline int csqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}

static inline void csqlite_result_text(sqlite3_context *context, const char *text, int length) {
    sqlite3_result_text(context, text, length, SQLITE_TRANSIENT);
}

static inline void csqlite_result_blob(sqlite3_context *context, const void *bytes, int length) {
    sqlite3_result_blob(context, bytes, length, SQLITE_TRANSIENT);
}

// sqlite3_db_config is variadic: fixed-arity wrappers for the options we use.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

#endif
