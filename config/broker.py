"""The Celery broker's transport: kombu's Redis transport, made to ride out a Redis
restart while the worker holds scheduled tasks (docs/site.md#redis-restarted)."""

from __future__ import annotations

from kombu.transport import redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(redis.Channel):
    def _connparams(self, asynchronous=False):
        """After a lost connection, celery 5.7 closes the channel once more when kombu
        has already detached it from its transport. A worker holding scheduled (ETA)
        tasks then tries to give them back to Redis through the missing transport and
        stops on an AttributeError. Reported as the lost connection it is, the close
        goes on and the worker reconnects; Redis still holds the tasks as unacknowledged
        and hands them out again after the visibility timeout."""
        if self.connection is None or self.connection.client is None:
            raise RedisConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(redis.Transport):
    Channel = Channel
