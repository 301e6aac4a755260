"""The live stream (docs/tables.md#live-updates): a small ASGI app that uvicorn runs
beside the web processes,

    uvicorn games.tables.stream:app --host 127.0.0.1 --port 8001

(``/health`` answers 200 while it listens to Redis.) It holds one Server-Sent-Events
stream per open page of a table of several humans and
says only ``changed`` with the table's version (and ``ping`` now and then, so that a
page knows the stream is alive). It reads one Redis subscription for the whole process
and keeps, per stream, only the last version not sent yet: a slow page never piles up
messages, so memory grows with the number of streams alone. The page's key, signed by
the web process, names the table: no database, no session, no tile ever passes here.
When Redis is away the streams close and new ones are refused, so that the pages poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from urllib.parse import parse_qs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import redis.asyncio as aioredis  # noqa: E402
from django.conf import settings  # noqa: E402
from redis.exceptions import RedisError  # noqa: E402

from games.tables.live import CHANNEL_PREFIX, VERSION_PREFIX, table_of_key  # noqa: E402

log = logging.getLogger("games.tables.stream")

PING_SECONDS = 20.0
RETRY_MS = 1000  # how soon a page's EventSource reconnects
MAX_STREAMS = 20_000


class Listener:
    """One open stream: the version to send next, if any, and a wake-up call."""

    __slots__ = ("version", "wake", "closed")

    def __init__(self) -> None:
        self.version: str | None = None
        self.wake = asyncio.Event()
        self.closed = False

    def tell(self, version: str | None) -> None:
        if version is None:
            self.closed = True
        else:
            self.version = version
        self.wake.set()


class Hub:
    """The process's one Redis subscription, fanned out to the streams of each table."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.tables: dict[str, set[Listener]] = {}
        self.count = 0
        self.ready = False
        self.redis: aioredis.Redis | None = None

    async def run(self) -> None:
        while True:
            try:
                self.redis = aioredis.Redis.from_url(self.url, socket_connect_timeout=2)
                pubsub = self.redis.pubsub()
                await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                self.ready = True
                log.info("stream subscribed")
                async for message in pubsub.listen():
                    if message["type"] == "pmessage":
                        public_id = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                        for listener in self.tables.get(public_id, ()):
                            listener.tell(message["data"].decode())
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError):
                log.warning("stream lost Redis; closing every stream until it is back")
            self.ready = False
            self.close_all()
            await asyncio.sleep(1)

    def add(self, public_id: str, listener: Listener) -> None:
        self.tables.setdefault(public_id, set()).add(listener)
        self.count += 1

    def remove(self, public_id: str, listener: Listener) -> None:
        listeners = self.tables.get(public_id)
        if listeners is not None and listener in listeners:
            listeners.discard(listener)
            self.count -= 1
            if not listeners:
                del self.tables[public_id]

    def close_all(self) -> None:
        for listeners in self.tables.values():
            for listener in listeners:
                listener.tell(None)

    async def last_version(self, public_id: str) -> str | None:
        try:
            value = await self.redis.get(VERSION_PREFIX + public_id)
        except (RedisError, OSError, AttributeError):
            return None
        return value.decode() if value is not None else None


hub = Hub(settings.REDIS_URL)
_hub_task: asyncio.Task | None = None


async def _respond(send, status: int, text: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": text.encode()})


def _event(name: str, data: str) -> dict:
    body = f"event: {name}\ndata: {data}\n\n".encode()
    return {"type": "http.response.body", "body": body, "more_body": True}


async def _lifespan(receive, send) -> None:
    global _hub_task
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            _hub_task = asyncio.create_task(hub.run())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            if _hub_task is not None:
                _hub_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await _hub_task
            await send({"type": "lifespan.shutdown.complete"})
            return


async def app(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    if scope["type"] != "http":
        return
    if scope["method"] not in ("GET", "HEAD"):
        await _respond(send, 405, "GET only")
        return
    if scope["path"].rstrip("/").endswith("/health"):  # for the load balancer
        await _respond(send, 200 if hub.ready else 503, f"{hub.count} streams")
        return
    public_id = scope["path"].rstrip("/").rsplit("/", 1)[-1]
    query = parse_qs(scope.get("query_string", b"").decode(), max_num_fields=4)
    key = (query.get("key") or [""])[0]
    if not key or table_of_key(key) != public_id:
        await _respond(send, 403, "not a stream of yours")
        return
    if not hub.ready or hub.count >= MAX_STREAMS:
        await _respond(send, 503, "no stream now: poll")
        return
    await _stream(public_id, receive, send)


async def _stream(public_id: str, receive, send) -> None:
    listener = Listener()
    hub.add(public_id, listener)

    async def watch_disconnect() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        listener.tell(None)

    watcher = asyncio.create_task(watch_disconnect())
    try:
        # The last version is read before the stream answers: once a page has the
        # opening, every later change reaches it through the subscription alone
        # (docs/tables.md#live-updates). A change announced while it was read is the
        # same news: the page hears it once.
        version = await hub.last_version(public_id)
        if version is not None and listener.version == version:
            listener.version = None
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream"),
                    (b"cache-control", b"no-store"),
                    (b"x-accel-buffering", b"no"),  # no proxy buffering of the stream
                    (b"access-control-allow-origin", b"*"),  # the key is the permission
                ],
            }
        )
        opening = f"retry: {RETRY_MS}\n\n".encode()
        await send({"type": "http.response.body", "body": opening, "more_body": True})
        if version is not None:  # whatever changed between the page and its stream
            await send(_event("changed", version))
        while not listener.closed:
            try:
                await asyncio.wait_for(listener.wake.wait(), PING_SECONDS)
            except TimeoutError:
                await send(_event("ping", ""))
                continue
            listener.wake.clear()
            if listener.closed:
                break
            version, listener.version = listener.version, None
            if version is not None:
                await send(_event("changed", version))
        await send({"type": "http.response.body", "body": b""})
    except OSError:
        pass  # the page went while we wrote to it
    finally:
        hub.remove(public_id, listener)
        watcher.cancel()
