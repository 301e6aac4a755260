"""PostgreSQL as Django has it, with a health check that costs no round trip
(docs/site.md#database-connections).

Django checks a kept connection at the start of each request with `SELECT 1`: a round
trip on every request. A connection the server ended (a restart, an administrator's
`pg_terminate_backend`) has its socket readable while idle, with the server's goodbye
or its end, and a sound idle connection never has: so a look at the socket, without
waiting, tells the two apart. After an error in a request Django's own check runs.
"""

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not self._idle_connection_is_sound():
            self.close()
        self.health_check_done = True

    def _idle_connection_is_sound(self) -> bool:
        connection = self.connection
        if connection.closed or connection.broken:
            return False
        if connection.info.transaction_status != TransactionStatus.IDLE:
            return self.is_usable()  # not idle: Django's check decides
        poll = select.poll()
        poll.register(connection.pgconn.socket, select.POLLIN | select.POLLPRI)
        return not poll.poll(0)  # nothing may arrive on an idle connection
