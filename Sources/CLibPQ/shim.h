#ifndef REEF_CLIBPQ_SHIM_H
#define REEF_CLIBPQ_SHIM_H

// Debian's libpq-dev puts the headers under /usr/include/postgresql, which is not on the default
// include path; libpq-fe.h finds its neighbours (postgres_ext.h, pg_config_ext.h) by quoted includes.
#include <postgresql/libpq-fe.h>

// The error fields are character constants ('C', 'M', ...): give them names Swift can call.
static inline int clibpq_diag_severity(void) { return PG_DIAG_SEVERITY_NONLOCALIZED; }
static inline int clibpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int clibpq_diag_message(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int clibpq_diag_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int clibpq_diag_hint(void) { return PG_DIAG_MESSAGE_HINT; }
static inline int clibpq_diag_position(void) { return PG_DIAG_STATEMENT_POSITION; }
static inline int clibpq_diag_schema(void) { return PG_DIAG_SCHEMA_NAME; }
static inline int clibpq_diag_table(void) { return PG_DIAG_TABLE_NAME; }
static inline int clibpq_diag_column(void) { return PG_DIAG_COLUMN_NAME; }
static inline int clibpq_diag_constraint(void) { return PG_DIAG_CONSTRAINT_NAME; }

#endif
