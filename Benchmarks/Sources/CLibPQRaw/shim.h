// libpq, PostgreSQL's C client: the baseline of the PostgreSQL scenarios. Debian's libpq-dev puts
// the header under /usr/include/postgresql.
#include <postgresql/libpq-fe.h>
