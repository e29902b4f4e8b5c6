#ifndef REEF_CLIBPQ_SHIM_H
#define REEF_CLIBPQ_SHIM_H

#include <stdio.h>

// libpq's functions are loaded on first use (libpq-lazy.h says why): its declarations are renamed
// here, so that the functions of the same names in libpq-lazy.h, which Swift calls, are not tied
// to the library at link time.
#define PQbackendPID clibpq_extern_PQbackendPID
#define PQcancel clibpq_extern_PQcancel
#define PQclear clibpq_extern_PQclear
#define PQcmdStatus clibpq_extern_PQcmdStatus
#define PQcmdTuples clibpq_extern_PQcmdTuples
#define PQconnectdbParams clibpq_extern_PQconnectdbParams
#define PQconnectionNeedsPassword clibpq_extern_PQconnectionNeedsPassword
#define PQconninfo clibpq_extern_PQconninfo
#define PQconninfoFree clibpq_extern_PQconninfoFree
#define PQconninfoParse clibpq_extern_PQconninfoParse
#define PQconsumeInput clibpq_extern_PQconsumeInput
#define PQdb clibpq_extern_PQdb
#define PQdescribePrepared clibpq_extern_PQdescribePrepared
#define PQenterPipelineMode clibpq_extern_PQenterPipelineMode
#define PQerrorMessage clibpq_extern_PQerrorMessage
#define PQexec clibpq_extern_PQexec
#define PQexecParams clibpq_extern_PQexecParams
#define PQexecPrepared clibpq_extern_PQexecPrepared
#define PQexitPipelineMode clibpq_extern_PQexitPipelineMode
#define PQfinish clibpq_extern_PQfinish
#define PQfname clibpq_extern_PQfname
#define PQfreeCancel clibpq_extern_PQfreeCancel
#define PQfreemem clibpq_extern_PQfreemem
#define PQftype clibpq_extern_PQftype
#define PQgetCancel clibpq_extern_PQgetCancel
#define PQgetResult clibpq_extern_PQgetResult
#define PQgetisnull clibpq_extern_PQgetisnull
#define PQgetlength clibpq_extern_PQgetlength
#define PQgetvalue clibpq_extern_PQgetvalue
#define PQhost clibpq_extern_PQhost
#define PQisBusy clibpq_extern_PQisBusy
#define PQnfields clibpq_extern_PQnfields
#define PQnotifies clibpq_extern_PQnotifies
#define PQnparams clibpq_extern_PQnparams
#define PQntuples clibpq_extern_PQntuples
#define PQparameterStatus clibpq_extern_PQparameterStatus
#define PQparamtype clibpq_extern_PQparamtype
#define PQpipelineSync clibpq_extern_PQpipelineSync
#define PQport clibpq_extern_PQport
#define PQprepare clibpq_extern_PQprepare
#define PQreset clibpq_extern_PQreset
#define PQresultErrorField clibpq_extern_PQresultErrorField
#define PQresultErrorMessage clibpq_extern_PQresultErrorMessage
#define PQresultStatus clibpq_extern_PQresultStatus
#define PQsendDescribePrepared clibpq_extern_PQsendDescribePrepared
#define PQsendPrepare clibpq_extern_PQsendPrepare
#define PQsendQuery clibpq_extern_PQsendQuery
#define PQsendQueryParams clibpq_extern_PQsendQueryParams
#define PQsendQueryPrepared clibpq_extern_PQsendQueryPrepared
#define PQserverVersion clibpq_extern_PQserverVersion
#define PQsetClientEncoding clibpq_extern_PQsetClientEncoding
#define PQsetNoticeProcessor clibpq_extern_PQsetNoticeProcessor
#define PQsetSingleRowMode clibpq_extern_PQsetSingleRowMode
#define PQsocket clibpq_extern_PQsocket
#define PQstatus clibpq_extern_PQstatus
#define PQtransactionStatus clibpq_extern_PQtransactionStatus
#define PQuser clibpq_extern_PQuser

// Debian's libpq-dev puts the headers under /usr/include/postgresql, which is not on the default
// include path; libpq-fe.h finds its neighbours (postgres_ext.h, pg_config_ext.h) by quoted includes.
#include <postgresql/libpq-fe.h>

#undef PQbackendPID
#undef PQcancel
#undef PQclear
#undef PQcmdStatus
#undef PQcmdTuples
#undef PQconnectdbParams
#undef PQconnectionNeedsPassword
#undef PQconninfo
#undef PQconninfoFree
#undef PQconninfoParse
#undef PQconsumeInput
#undef PQdb
#undef PQdescribePrepared
#undef PQenterPipelineMode
#undef PQerrorMessage
#undef PQexec
#undef PQexecParams
#undef PQexecPrepared
#undef PQexitPipelineMode
#undef PQfinish
#undef PQfname
#undef PQfreeCancel
#undef PQfreemem
#undef PQftype
#undef PQgetCancel
#undef PQgetResult
#undef PQgetisnull
#undef PQgetlength
#undef PQgetvalue
#undef PQhost
#undef PQisBusy
#undef PQnfields
#undef PQnotifies
#undef PQnparams
#undef PQntuples
#undef PQparameterStatus
#undef PQparamtype
#undef PQpipelineSync
#undef PQport
#undef PQprepare
#undef PQreset
#undef PQresultErrorField
#undef PQresultErrorMessage
#undef PQresultStatus
#undef PQsendDescribePrepared
#undef PQsendPrepare
#undef PQsendQuery
#undef PQsendQueryParams
#undef PQsendQueryPrepared
#undef PQserverVersion
#undef PQsetClientEncoding
#undef PQsetNoticeProcessor
#undef PQsetSingleRowMode
#undef PQsocket
#undef PQstatus
#undef PQtransactionStatus
#undef PQuser

#include "libpq-lazy.h"

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
