"""The live stream (docs/tables.md#live-updates): a small ASGI app that uvicorn runs
beside the web processes,

    uvicorn games.tables.stream:app --host 127.0.0.1 --port 8001 --no-proxy-headers

(``/health`` answers 200 while it listens to Redis.) It holds one Server-Sent-Events
stream per open page of a table of several humans and
says only ``changed`` with the table's version (and ``ping`` now and then, so that a
page knows the stream is alive). It reads one Redis subscription for the whole process
and keeps, per stream, only the last version not sent yet: a slow page never piles up
messages, so memory grows with the number of streams alone. The page's key, signed by
the web process, names the table: no database, no session, no tile ever passes here.
When Redis is away the streams close and new ones are refused, so that the pages poll.

One visitor cannot take it down (docs/tables.md#what-the-stream-refuses): streams are
capped per key (one seat of one table), per client address and in all, the last cap kept
well below the process's limit on open files; a refused stream gets a short 429 or 503
and its connection is closed, and refusals are logged as one summary line per
TABLE_STREAM_LOG_SECONDS.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import resource
import time
from collections import Counter
from collections.abc import Callable
from urllib.parse import parse_qsl

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import redis.asyncio as aioredis  # noqa: E402
from django.conf import settings  # noqa: E402
from redis.exceptions import RedisError  # noqa: E402

from games.addresses import address_key, forwarded_client  # noqa: E402
from games.tables import presence  # noqa: E402
from games.tables.live import CHANNEL_PREFIX, VERSION_PREFIX, seat_of_key  # noqa: E402

log = logging.getLogger("games.tables.stream")

PING_SECONDS = 20.0
# A connected stream's page counts as open until this long after its last ping, should
# the process die without forgetting it (docs/tables.md#turn-timers).
OPEN_SECONDS = 2 * PING_SECONDS + 5
RETRY_MS = 1000  # how soon a page's EventSource reconnects
# Descriptors kept free beside the streams, at least: the listening socket, Redis, the
# logs, and the connections accepted and not yet answered or refused.
RESERVE_MIN = 100
REDIS_CONNECTIONS = 8  # the subscription and the reads of a just-opened stream's version
RETRY_AFTER = {429: b"30", 503: b"10"}  # seconds; the pages back off by themselves too


def stream_cap(wanted: int, open_files: int) -> int:
    """The most streams at once: ``wanted`` (TABLE_STREAM_MAX), lowered to keep a tenth
    of the limit on open files (and at least RESERVE_MIN) free, since every stream
    holds a descriptor and a process out of them can answer nobody, not even /health."""
    if open_files == resource.RLIM_INFINITY:
        return wanted
    return max(0, min(wanted, open_files - max(RESERVE_MIN, open_files // 10)))


def open_files_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Refusals:
    """Refused connections, counted by reason and by client, and the times the process
    ran out of descriptors to accept one; logged as one summary line per ``seconds``
    however many there were, never a line per connection."""

    MAX_CLIENTS = 1000  # clients remembered per interval, for naming the busiest

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self.reasons: Counter[str] = Counter()
        self.clients: Counter[str] = Counter()
        self.starved = 0
        self.since = clock() - seconds  # the first refusal is told at once

    def note(self, reason: str, client: str = "") -> None:
        self.reasons[reason] += 1
        if client and (client in self.clients or len(self.clients) < self.MAX_CLIENTS):
            self.clients[client] += 1
        self.flush()

    def note_starved(self) -> None:
        self.starved += 1
        self.flush()

    def flush(self) -> None:
        """Log what was refused since the last line, once ``seconds`` have passed."""
        now = self.clock()
        if not (self.reasons or self.starved) or now - self.since < self.seconds:
            return
        parts = []
        if self.reasons:
            total = sum(self.reasons.values())
            reasons = ", ".join(f"{reason} {n}" for reason, n in self.reasons.most_common())
            parts.append(f"refused {total} connection{'' if total == 1 else 's'} ({reasons})")
        if self.clients:
            client, n = self.clients.most_common(1)[0]
            parts.append(f"most from {client} ({n})")
        if self.starved:
            times = "once" if self.starved == 1 else f"{self.starved} times"
            parts.append(f"out of descriptors to accept a connection {times}")
        log.warning("stream %s", "; ".join(parts))
        self.reasons.clear()
        self.clients.clear()
        self.starved = 0
        self.since = now


class Listener:
    """One open stream: the version to send next, if any, and a wake-up call; whose it
    is, for the caps."""

    __slots__ = ("version", "wake", "closed", "client", "key")

    def __init__(self, client: str = "", key: tuple[str, int] = ("", 0)) -> None:
        self.version: str | None = None
        self.wake = asyncio.Event()
        self.closed = False
        self.client = client  # the address it came from
        self.key = key  # the table and seat it is for

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
        self.per_client: Counter[str] = Counter()
        self.per_key: Counter[tuple[str, int]] = Counter()
        self.cap = stream_cap(settings.TABLE_STREAM_MAX, open_files_limit())
        self.ready = False
        self.redis: aioredis.Redis | None = None

    def refusal(self, client: str, key: tuple[str, int]) -> tuple[int, str, str] | None:
        """Why a new stream for this client and key is refused, if it is: the status,
        the reason logged and the text answered."""
        if not self.ready:
            return 503, "without Redis", "no stream now: poll"
        if self.count >= self.cap:
            return 503, "full", "the stream is full: poll"
        if self.per_client[client] >= settings.TABLE_STREAM_PER_CLIENT:
            return 429, "per client", "too many streams from your address: poll"
        if self.per_key[key] >= settings.TABLE_STREAM_PER_KEY:
            return 429, "per key", "too many streams of this seat: poll"
        return None

    async def run(self) -> None:
        while True:
            pool = None
            try:
                # A bounded pool: however many streams open at once, Redis costs at most
                # REDIS_CONNECTIONS descriptors (a read that waits too long finds none).
                pool = aioredis.BlockingConnectionPool.from_url(
                    self.url,
                    max_connections=REDIS_CONNECTIONS,
                    timeout=2,
                    socket_connect_timeout=2,
                )
                self.redis = aioredis.Redis(connection_pool=pool)
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
            if pool is not None:  # its connections' descriptors go with it
                with contextlib.suppress(RedisError, OSError):
                    await pool.disconnect()
            await asyncio.sleep(1)

    def add(self, public_id: str, listener: Listener) -> None:
        self.tables.setdefault(public_id, set()).add(listener)
        self.count += 1
        self.per_client[listener.client] += 1
        self.per_key[listener.key] += 1

    def remove(self, public_id: str, listener: Listener) -> None:
        listeners = self.tables.get(public_id)
        if listeners is not None and listener in listeners:
            listeners.discard(listener)
            self.count -= 1
            _less(self.per_client, listener.client)
            _less(self.per_key, listener.key)
            if not listeners:
                del self.tables[public_id]

    def close_all(self) -> None:
        for listeners in self.tables.values():
            for listener in listeners:
                listener.tell(None)

    async def note_open(self, public_id: str, listener: Listener, is_open: bool) -> None:
        """Note the stream's page as open (again), or forget it once it closed."""
        name = presence.member(listener.key[1], f"s{os.getpid()}-{id(listener)}")
        try:
            if is_open:
                until = time.time() + OPEN_SECONDS
                await self.redis.zadd(presence.key(public_id), {name: until})
                await self.redis.expire(presence.key(public_id), presence.KEY_TTL)
            else:
                await self.redis.zrem(presence.key(public_id), name)
        except (RedisError, OSError, AttributeError):
            pass  # without Redis no seat counts as open: the timers act as before

    async def last_version(self, public_id: str) -> str | None:
        try:
            value = await self.redis.get(VERSION_PREFIX + public_id)
        except (RedisError, OSError, AttributeError):
            return None
        return value.decode() if value is not None else None


def _less(counter: Counter, item) -> None:
    counter[item] -= 1
    if counter[item] <= 0:
        del counter[item]


hub = Hub(settings.REDIS_URL)
refusals = Refusals(settings.TABLE_STREAM_LOG_SECONDS)
_tasks: list[asyncio.Task] = []


async def _respond(send, status: int, text: str) -> None:
    body = text.encode() + b"\n"
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    if status in RETRY_AFTER:  # refused: the connection goes at once, freeing its descriptor
        headers += [(b"retry-after", RETRY_AFTER[status]), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _client_of(scope) -> str:
    """The client's address, as the site reads it (games/addresses.py)."""
    remote = (scope.get("client") or ("", 0))[0] or ""
    forwarded = b",".join(
        value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"
    )
    address = forwarded_client(remote, forwarded.decode("latin-1"), settings.BEHIND_PROXY)
    return address_key(address)


def _key_of(scope) -> str | None:
    """The stream's one query field, ``key``; None when the query is anything else."""
    try:
        query = scope.get("query_string", b"").decode("ascii")
        fields = parse_qsl(query, keep_blank_values=True, max_num_fields=1)
    except (UnicodeDecodeError, ValueError):
        return None
    if not fields:
        return ""  # no key: not a stream of the asker's
    if len(fields) != 1 or fields[0][0] != "key":
        return None
    return fields[0][1]


def _accept_guard(loop: asyncio.AbstractEventLoop) -> None:
    """Out of descriptors, asyncio logs a traceback for every connection it could not
    accept (hundreds of thousands a minute): count those among the refusals instead."""
    previous = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            refusals.note_starved()
        elif previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


async def _summaries() -> None:
    while True:
        await asyncio.sleep(max(1.0, refusals.seconds))
        refusals.flush()


def _event(name: str, data: str) -> dict:
    body = f"event: {name}\ndata: {data}\n\n".encode()
    return {"type": "http.response.body", "body": body, "more_body": True}


async def _lifespan(receive, send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            limit = open_files_limit()
            if hub.cap < settings.TABLE_STREAM_MAX:
                log.warning(
                    "stream cap %d, not TABLE_STREAM_MAX %d: the limit on open files is %d "
                    "(raise it with ulimit -n or systemd's LimitNOFILE, see the README)",
                    hub.cap,
                    settings.TABLE_STREAM_MAX,
                    limit,
                )
            _accept_guard(asyncio.get_running_loop())
            _tasks[:] = [asyncio.create_task(hub.run()), asyncio.create_task(_summaries())]
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            for task in _tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            refusals.seconds = 0  # the last refusals are told before the process goes
            refusals.flush()
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
        status = 200 if hub.ready else 503
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")],
            }
        )
        body = f"{hub.count} streams of at most {hub.cap}\n"
        await send({"type": "http.response.body", "body": body.encode()})
        return
    public_id = scope["path"].rstrip("/").rsplit("/", 1)[-1]
    key = _key_of(scope)
    if key is None:
        await _respond(send, 400, "a stream takes one query field: key")
        return
    seat = seat_of_key(key) if key else None
    if seat is None or seat[0] != public_id:
        await _respond(send, 403, "not a stream of yours")
        return
    client = _client_of(scope)
    refused = hub.refusal(client, seat)
    if refused is not None:
        status, reason, text = refused
        refusals.note(reason, client)
        await _respond(send, status, text)
        return
    await _stream(public_id, Listener(client, seat), receive, send)


async def _stream(public_id: str, listener: Listener, receive, send) -> None:
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
        await hub.note_open(public_id, listener, True)
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
                await hub.note_open(public_id, listener, True)
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
        await hub.note_open(public_id, listener, False)
