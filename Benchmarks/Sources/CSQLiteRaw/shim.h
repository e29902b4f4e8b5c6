#include <sqlite3.h>
static inline int raw_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}
