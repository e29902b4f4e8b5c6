#ifndef REEF_CLIBPQ_LAZY_H
#define REEF_CLIBPQ_LAZY_H

// libpq, loaded when it is first used rather than when the program starts. Linked, libpq and what
// it pulls in (OpenSSL, Kerberos, LDAP) cost every reef process about 6 MB of resident memory,
// also when it only ever opens SQLite files; loaded on first use, they cost that only to a
// process that speaks PostgreSQL.
//
// shim.h renames libpq-fe.h's declarations (`PQexec` becomes `clibpq_extern_PQexec`) before
// including it, so the names below are free: each is an inline function of the same name and
// signature that calls through the table `clibpq_fill` makes with dlopen("libpq.so.5") and dlsym,
// once, for PostgresClient (PGLibrary.swift). Swift calls `PQexec` as before. A function the Swift code
// starts to call is added in three places: the rename list in shim.h, CLIBPQ_FUNCTIONS and its
// wrapper below (copy the signature from libpq-fe.h). Then rebuild from clean, or touch the Swift
// files that import CLibPQ: an incremental build does not recompile them for a change of this
// header alone, and their inlined calls keep the old table's offsets (a crash, signal 11).

#include <dlfcn.h>
#include <stddef.h>

#define CLIBPQ_FUNCTIONS(X) \
    X(PQbackendPID) \
    X(PQcancel) \
    X(PQclear) \
    X(PQcmdStatus) \
    X(PQcmdTuples) \
    X(PQconnectdbParams) \
    X(PQconnectionNeedsPassword) \
    X(PQconninfo) \
    X(PQconninfoFree) \
    X(PQconninfoParse) \
    X(PQconsumeInput) \
    X(PQdb) \
    X(PQdescribePrepared) \
    X(PQenterPipelineMode) \
    X(PQerrorMessage) \
    X(PQexec) \
    X(PQexecParams) \
    X(PQexecPrepared) \
    X(PQexitPipelineMode) \
    X(PQfinish) \
    X(PQfname) \
    X(PQfreeCancel) \
    X(PQfreemem) \
    X(PQftype) \
    X(PQgetCancel) \
    X(PQgetResult) \
    X(PQgetisnull) \
    X(PQgetlength) \
    X(PQgetvalue) \
    X(PQhost) \
    X(PQisBusy) \
    X(PQnfields) \
    X(PQnotifies) \
    X(PQnparams) \
    X(PQntuples) \
    X(PQparameterStatus) \
    X(PQparamtype) \
    X(PQpipelineSync) \
    X(PQport) \
    X(PQprepare) \
    X(PQreset) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQresultStatus) \
    X(PQsendDescribePrepared) \
    X(PQsendPrepare) \
    X(PQsendQuery) \
    X(PQsendQueryParams) \
    X(PQsendQueryPrepared) \
    X(PQserverVersion) \
    X(PQsetClientEncoding) \
    X(PQsetNoticeProcessor) \
    X(PQsetSingleRowMode) \
    X(PQsocket) \
    X(PQstatus) \
    X(PQtransactionStatus) \
    X(PQuser)

// The table of libpq's functions, each a pointer of the type its declaration has.
struct clibpq_table {
    int loaded;
    char error[256];
#define CLIBPQ_FIELD(name) __typeof__(clibpq_extern_##name) *name;
    CLIBPQ_FUNCTIONS(CLIBPQ_FIELD)
#undef CLIBPQ_FIELD
};

/// Fills `table`: loads libpq and looks each function up; on failure `loaded` stays 0 and `error`
/// says why. Called once, by PostgresClient (PGLibrary.swift), which keeps the table.
static inline void clibpq_fill(struct clibpq_table *table) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(table->error, sizeof table->error, "%s", reason ? reason : "libpq.so.5 could not be loaded");
        return;
    }
#define CLIBPQ_RESOLVE(name) \
    table->name = (__typeof__(clibpq_extern_##name) *)dlsym(library, #name); \
    if (table->name == NULL) { \
        snprintf(table->error, sizeof table->error, "libpq.so.5 has no %s", #name); \
        return; \
    }
    CLIBPQ_FUNCTIONS(CLIBPQ_RESOLVE)
#undef CLIBPQ_RESOLVE
    table->loaded = 1;
}

/// The table, filled on the first call from any thread (defined in Swift: PGLibrary.swift keeps
/// it in a global, which Swift initialises once).
extern const struct clibpq_table *reef_libpq_table(void);

/// libpq's functions: the table's address is kept after the first call, so that a call into
/// libpq costs one indirect call rather than a call into Swift first (a streamed row makes a
/// dozen).
static inline const struct clibpq_table *clibpq_library(void) {
    static const struct clibpq_table *cached;
    const struct clibpq_table *table = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (table == NULL) {
        table = reef_libpq_table();
        __atomic_store_n(&cached, table, __ATOMIC_RELEASE);
    }
    return table;
}

/// Whether libpq could be loaded; when not, `clibpq_load_error()` says why. Only a process that
/// checked this calls the functions below (PGConnection does before it connects).
static inline int clibpq_available(void) { return clibpq_library()->loaded; }

/// Why libpq could not be loaded (dlopen's or dlsym's message), or "" when it was.
static inline const char *clibpq_load_error(void) { return clibpq_library()->error; }

static inline int PQbackendPID(const PGconn *conn) { return clibpq_library()->PQbackendPID(conn); }
static inline int PQcancel(PGcancel *cancel, char *errbuf, int errbufsize) { return clibpq_library()->PQcancel(cancel, errbuf, errbufsize); }
static inline void PQclear(PGresult *res) { clibpq_library()->PQclear(res); }
static inline char * PQcmdStatus(PGresult *res) { return clibpq_library()->PQcmdStatus(res); }
static inline char * PQcmdTuples(PGresult *res) { return clibpq_library()->PQcmdTuples(res); }
static inline int PQconnectionNeedsPassword(const PGconn *conn) { return clibpq_library()->PQconnectionNeedsPassword(conn); }
static inline PGconn * PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) { return clibpq_library()->PQconnectdbParams(keywords, values, expand_dbname); }
static inline PQconninfoOption * PQconninfo(PGconn *conn) { return clibpq_library()->PQconninfo(conn); }
static inline void PQconninfoFree(PQconninfoOption *connOptions) { clibpq_library()->PQconninfoFree(connOptions); }
static inline PQconninfoOption * PQconninfoParse(const char *conninfo, char **errmsg) { return clibpq_library()->PQconninfoParse(conninfo, errmsg); }
static inline int PQconsumeInput(PGconn *conn) { return clibpq_library()->PQconsumeInput(conn); }
static inline char * PQdb(const PGconn *conn) { return clibpq_library()->PQdb(conn); }
static inline PGresult * PQdescribePrepared(PGconn *conn, const char *stmt) { return clibpq_library()->PQdescribePrepared(conn, stmt); }
static inline int PQenterPipelineMode(PGconn *conn) { return clibpq_library()->PQenterPipelineMode(conn); }
static inline char * PQerrorMessage(const PGconn *conn) { return clibpq_library()->PQerrorMessage(conn); }
static inline PGresult * PQexec(PGconn *conn, const char *query) { return clibpq_library()->PQexec(conn, query); }
static inline PGresult * PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) { return clibpq_library()->PQexecParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat); }
static inline PGresult * PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) { return clibpq_library()->PQexecPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat); }
static inline int PQexitPipelineMode(PGconn *conn) { return clibpq_library()->PQexitPipelineMode(conn); }
static inline void PQfinish(PGconn *conn) { clibpq_library()->PQfinish(conn); }
static inline char * PQfname(const PGresult *res, int field_num) { return clibpq_library()->PQfname(res, field_num); }
static inline void PQfreeCancel(PGcancel *cancel) { clibpq_library()->PQfreeCancel(cancel); }
static inline void PQfreemem(void *ptr) { clibpq_library()->PQfreemem(ptr); }
static inline Oid PQftype(const PGresult *res, int field_num) { return clibpq_library()->PQftype(res, field_num); }
static inline PGcancel * PQgetCancel(PGconn *conn) { return clibpq_library()->PQgetCancel(conn); }
static inline PGresult * PQgetResult(PGconn *conn) { return clibpq_library()->PQgetResult(conn); }
static inline int PQgetisnull(const PGresult *res, int tup_num, int field_num) { return clibpq_library()->PQgetisnull(res, tup_num, field_num); }
static inline int PQgetlength(const PGresult *res, int tup_num, int field_num) { return clibpq_library()->PQgetlength(res, tup_num, field_num); }
static inline char * PQgetvalue(const PGresult *res, int tup_num, int field_num) { return clibpq_library()->PQgetvalue(res, tup_num, field_num); }
static inline char * PQhost(const PGconn *conn) { return clibpq_library()->PQhost(conn); }
static inline int PQisBusy(PGconn *conn) { return clibpq_library()->PQisBusy(conn); }
static inline int PQnfields(const PGresult *res) { return clibpq_library()->PQnfields(res); }
static inline PGnotify * PQnotifies(PGconn *conn) { return clibpq_library()->PQnotifies(conn); }
static inline int PQnparams(const PGresult *res) { return clibpq_library()->PQnparams(res); }
static inline int PQntuples(const PGresult *res) { return clibpq_library()->PQntuples(res); }
static inline const char * PQparameterStatus(const PGconn *conn, const char *paramName) { return clibpq_library()->PQparameterStatus(conn, paramName); }
static inline Oid PQparamtype(const PGresult *res, int param_num) { return clibpq_library()->PQparamtype(res, param_num); }
static inline int PQpipelineSync(PGconn *conn) { return clibpq_library()->PQpipelineSync(conn); }
static inline char * PQport(const PGconn *conn) { return clibpq_library()->PQport(conn); }
static inline PGresult * PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) { return clibpq_library()->PQprepare(conn, stmtName, query, nParams, paramTypes); }
static inline void PQreset(PGconn *conn) { clibpq_library()->PQreset(conn); }
static inline char * PQresultErrorField(const PGresult *res, int fieldcode) { return clibpq_library()->PQresultErrorField(res, fieldcode); }
static inline char * PQresultErrorMessage(const PGresult *res) { return clibpq_library()->PQresultErrorMessage(res); }
static inline ExecStatusType PQresultStatus(const PGresult *res) { return clibpq_library()->PQresultStatus(res); }
static inline int PQsendDescribePrepared(PGconn *conn, const char *stmt) { return clibpq_library()->PQsendDescribePrepared(conn, stmt); }
static inline int PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) { return clibpq_library()->PQsendPrepare(conn, stmtName, query, nParams, paramTypes); }
static inline int PQsendQuery(PGconn *conn, const char *query) { return clibpq_library()->PQsendQuery(conn, query); }
static inline int PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) { return clibpq_library()->PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat); }
static inline int PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) { return clibpq_library()->PQsendQueryPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat); }
static inline int PQserverVersion(const PGconn *conn) { return clibpq_library()->PQserverVersion(conn); }
static inline int PQsetClientEncoding(PGconn *conn, const char *encoding) { return clibpq_library()->PQsetClientEncoding(conn, encoding); }
static inline PQnoticeProcessor PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) { return clibpq_library()->PQsetNoticeProcessor(conn, proc, arg); }
static inline int PQsetSingleRowMode(PGconn *conn) { return clibpq_library()->PQsetSingleRowMode(conn); }
static inline int PQsocket(const PGconn *conn) { return clibpq_library()->PQsocket(conn); }
static inline ConnStatusType PQstatus(const PGconn *conn) { return clibpq_library()->PQstatus(conn); }
static inline PGTransactionStatusType PQtransactionStatus(const PGconn *conn) { return clibpq_library()->PQtransactionStatus(conn); }
static inline char * PQuser(const PGconn *conn) { return clibpq_library()->PQuser(conn); }

#endif
