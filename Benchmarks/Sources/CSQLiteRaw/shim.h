#include <sqlite3.h>
#include <malloc.h>
static inline int raw_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}
/* The bytes malloc reserved for a block (the benchmark reports object sizes with it). */
static inline size_t raw_usable_size(void *block) {
    return malloc_usable_size(block);
}
