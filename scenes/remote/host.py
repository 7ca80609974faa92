"""RemoteHost: the small HTTP + WebSocket server that lets a seat be played from a phone.

It runs aiohttp on a private asyncio loop in a daemon thread beside the pygame loop, and it never
touches a ``Match``. The loop thread (which owns the match) hands it immutable per-seat snapshots
with ``publish`` and takes the phones' moves out with ``drain``; a ``wake`` callback tells the idle
loop that a move is waiting. Everything a socket can reach is behind a seat token (``tokens.py``)
except the public view; every message is read strictly (``wire.py``) under the ceilings of
``limits.py``; the static files are a fixed allow-list read into memory before the server starts,
so no request path is ever joined to a folder. ``docs/remote.md`` describes the protocol.

Thread rules: ``start``, ``issue``, ``revoke``, ``revoke_all``, ``publish``, ``drain``,
``take_asks``, ``answer``, ``status`` and ``stop`` are called on the loop thread; the ``_``-methods
below the line run on the server thread. The two share only the token book, the status table
(both locked), the inbox and the coach's questions (deques) and the immutable texts ``publish``
and ``answer`` hand over with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from scenes.remote import wire
from scenes.remote.limits import Limits, TokenBucket
from scenes.remote.tokens import TokenBook

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# The only files /static/ serves: name -> content type. Nothing else in any folder is reachable.
STATIC_FILES = {
    "phone.js": "text/javascript",
    "phone.css": "text/css",
}
PAGE_DIR = Path(__file__).resolve().parent / "page"
MISSING_PAGE = (
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Babel Towers</title></head>"
    "<body><p>The phone page is not installed with this copy of Babel Towers.</p></body></html>"
)
NOT_A_SEAT = "This seat link is not valid any more. Ask the table for a new one.\n"
CLOSE_SECONDS = 2.0  # how long a close waits for the other side's close frame
MAX_INBOX = 256  # moves waiting for the loop thread, from all sockets together
MAX_ASKS = 64  # questions for the coach waiting for the loop thread, from all sockets together
MAX_OUTBOX = 64  # messages waiting for one slow socket before it is dropped
STALE = "the table moved on: your move was for an earlier turn"
NOT_READY = "the table is not ready yet"

Apply = Callable[[int, str], "str | None"]
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


@dataclass(eq=False)
class _Client:
    """One socket, as the server thread sees it."""

    ws: web.WebSocketResponse
    bucket: TokenBucket
    seat: int | None = None
    generation: int = 0
    watcher: bool = False
    closing: bool = False
    last_state: str | None = None
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(MAX_OUTBOX))

    @property
    def player(self) -> bool:
        return self.seat is not None and not self.closing


@dataclass(frozen=True)
class _Queued:
    client: _Client
    seat: int
    generation: int
    ply: int
    text: str
    request_id: int


@dataclass(frozen=True)
class Ask:
    """A seat's question for the coach, as the loop thread gets it (``take_asks``); the answer
    goes back through ``answer`` to the socket that asked."""

    seat: int
    ply: int
    request_id: int
    generation: int
    client: _Client = field(repr=False, compare=False)
    current: bool = False  # set by ``take_asks``: the seat's choices have not changed since ``ply``


def _read_page(folder: Path = PAGE_DIR) -> tuple[bytes, dict[str, bytes]]:
    """The page's index and its allow-listed static files, read once (missing ones are skipped:
    /static/ answers 404 for them, and a missing index is a page that says so)."""
    entry = folder / "index.html"
    index = entry.read_bytes() if entry.is_file() else MISSING_PAGE.encode()
    static = {name: (folder / name).read_bytes() for name in STATIC_FILES if (folder / name).is_file()}
    return index, static


class RemoteHost:
    """The phone server of one game. See the module docstring for which thread calls what."""

    def __init__(
        self,
        game_id: str,
        title: str,
        seats_info: Sequence[Any],
        bind_host: str = "127.0.0.1",
        port: int = 0,
        pictures: Mapping[str, bytes] | None = None,
        wake: Callable[[], None] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.game_id = game_id
        self.title = title
        self.seats_info = tuple(seats_info)
        self.bind_host = bind_host
        self.port = port
        self.limits = limits or Limits()
        self.tokens = TokenBook(len(self.seats_info))
        self._pictures = dict(pictures or {})
        self._index, self._static = _read_page()
        self._wake = wake
        self._inbox: collections.deque[_Queued] = collections.deque()
        self._asks: collections.deque[Ask] = collections.deque()
        self._status_lock = threading.Lock()
        self._status: dict[int, str] = {}
        self._links: dict[int, str] = {}  # seat -> its live token, for the address the table shows
        self._published_ply: dict[int | None, Window] = {}  # loop thread: the plies a move may name
        self._stop_lock = threading.Lock()
        self._stopped = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        # Server thread only:
        self._runner: web.AppRunner | None = None
        self._clients: set[_Client] = set()
        self._states: dict[int | None, str] = {}
        self._plies: dict[int | None, tuple[int, int]] = {}
        self._closing = False

    # -- the loop thread's side ------------------------------------------------------------
    def start(self, timeout: float = 5.0) -> None:
        """Start serving; returns once the socket listens (``port`` is then the real one)."""
        if self._thread is not None:
            raise RuntimeError("the phone server was started already")
        self._thread = threading.Thread(target=self._run, name="remote-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            self.stop()
            raise RuntimeError("the phone server did not start in time")
        if self._failure is not None:
            failure = self._failure
            self.stop()
            raise RuntimeError(f"the phone server could not start: {failure}") from failure

    def url_for(self, seat: int) -> str | None:
        """The address a phone opens for ``seat`` (holds its token), or None if none is issued."""
        token = self._links.get(seat)
        return None if token is None else f"{self.base_url()}/s/{token}"

    def base_url(self) -> str:
        host = f"[{self.bind_host}]" if ":" in self.bind_host else self.bind_host
        return f"http://{host}:{self.port}"

    def issue(self, seat: int) -> str:
        """A new token for ``seat``; the old one dies and its sockets are told ``bye``."""
        token, _generation = self.tokens.issue(seat)
        self._links[seat] = token
        with self._status_lock:
            self._status[seat] = "awaited"
        self._call(self._close_seat, seat, "this seat was handed to someone else")
        return token

    def revoke(self, seat: int, reason: str = "this seat link was revoked") -> None:
        """Kill ``seat``'s token; its sockets are told ``bye`` and closed."""
        self.tokens.revoke(seat)
        self._links.pop(seat, None)
        with self._status_lock:
            self._status.pop(seat, None)
        self._call(self._close_seat, seat, reason)

    def revoke_all(self, reason: str = "the game is over") -> None:
        for seat in self.tokens.issued():
            self.revoke(seat, reason)

    def publish(self, snapshots: Mapping[int | None, Mapping[str, Any]]) -> None:
        """Hand new snapshots to the server (``None``: the public page); each seat's sockets get
        their own only. Serialized here, once, so the server thread holds only text."""
        texts = {seat: wire.dump({"type": "state", **snap}) for seat, snap in snapshots.items()}
        windows = {seat: _window(self._published_ply.get(seat), snap) for seat, snap in snapshots.items()}
        self._published_ply.update(windows)
        plies = {seat: w[:2] for seat, w in windows.items()}
        if self._thread is None:  # not started yet: no server thread to race with
            self._states.update(texts)
            self._plies.update(plies)
        else:
            self._call(self._push, texts, plies)

    def drain(self, apply: Apply) -> int:
        """Apply the queued moves in order with ``apply(seat, text) -> reason | None``; each reply
        goes to the socket that asked. A move that names a ply outside its seat's window (see
        ``_window``) is refused as stale (publish after every change, before the next drain).
        Returns how many moves were accepted."""
        accepted = 0
        while self._inbox:
            item = self._inbox.popleft()
            if self._stopped or not self.tokens.live(item.seat, item.generation):
                continue  # its token died: the socket was told bye, the move is dropped
            low, high, _ = self._published_ply.get(item.seat, (0, -1, ()))
            if not low <= item.ply <= high:
                reason: str | None = STALE
            else:
                reason = apply(item.seat, item.text)
            if reason is None:
                accepted += 1
                reply = {"type": "accepted", "id": item.request_id}
            else:
                reply = {"type": "refused", "id": item.request_id, "reason": str(reason)}
            self._call(_queue, item.client, wire.dump(reply))
        return accepted

    def take_asks(self) -> list[Ask]:
        """The questions for the coach waiting now, oldest first, of seats whose link still lives;
        each is ``current`` if it names a ply in its seat's window (as a move must: ``_window``)."""
        asks = [self._asks.popleft() for _ in range(len(self._asks))]
        live = [a for a in asks if not self._stopped and self.tokens.live(a.seat, a.generation)]
        return [replace(a, current=_within(self._published_ply.get(a.seat), a.ply)) for a in live]

    def answer(self, ask: Ask, text: str) -> None:
        """Send ``text`` (``wire.hint``/``no_hint``) to the socket that asked, if its link lives."""
        if self.tokens.live(ask.seat, ask.generation):
            self._call(_queue, ask.client, text)

    def status(self) -> dict[int, str]:
        """Each issued seat's connection: "awaited", "connected" or "dropped"."""
        with self._status_lock:
            return dict(self._status)

    def stop(self, reason: str = "the table has closed") -> None:
        """Tell every socket ``bye``, close the server and join its thread (bounded); idempotent."""
        with self._stop_lock:
            if self._stopped:
                return
            self._stopped = True
        self.tokens.revoke_all()
        self._links.clear()
        with self._status_lock:
            self._status.clear()
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        seconds = self.limits.stop_seconds
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(reason), loop).result(seconds)
        except Exception:  # noqa: BLE001 - a stuck shutdown must not hold the app; the thread is a daemon
            _log.warning("the phone server did not shut down cleanly", exc_info=True)
        try:
            loop.call_soon_threadsafe(loop.stop)
        except RuntimeError:
            pass  # already closed
        thread.join(seconds)

    def _call(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is None or self._stopped:
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # the loop closed meanwhile: nothing left to tell

    # -- the server thread ----------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self._listen())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._failure = exc
            if self._runner is not None:
                loop.run_until_complete(self._runner.cleanup())
            loop.close()
            self._loop = None  # nothing to call on any more; start() reports the failure
            self._ready.set()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    async def _listen(self) -> None:
        app = web.Application(client_max_size=self.limits.max_frame)
        app.on_response_prepare.append(self._secure)
        app.router.add_get("/s/{token}", self._seat_page)
        app.router.add_get("/watch", self._watch_page)
        app.router.add_get("/static/{name}", self._static_file)
        app.router.add_get("/art/{name}.png", self._picture)
        app.router.add_get("/ws", self._socket)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind_host, self.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        if sockets:
            self.port = sockets[0].getsockname()[1]

    async def _shutdown(self, reason: str) -> None:
        self._closing = True
        # Logged-in sockets are told why; one still in its handshake has no writer and is told
        # nothing (the runner's cleanup closes it).
        told = [c for c in self._clients if c.player or (c.watcher and not c.closing)]
        for client in told:
            _close(client, wire.bye(reason), 1001)
        if told:
            await asyncio.wait([asyncio.ensure_future(_drained(c)) for c in told], timeout=1.0)
        if self._runner is not None:
            await self._runner.cleanup()

    @staticmethod
    async def _secure(_request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(SECURITY_HEADERS)

    # HTTP --------------------------------------------------------------------------------
    def _html(self) -> web.Response:
        return web.Response(body=self._index, content_type="text/html", charset="utf-8")

    async def _seat_page(self, request: web.Request) -> web.Response:
        if self.tokens.check(request.match_info["token"]) is None:
            return web.Response(status=404, text=NOT_A_SEAT, content_type="text/plain")
        return self._html()

    async def _watch_page(self, _request: web.Request) -> web.Response:
        return self._html()

    async def _static_file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._static.get(name) if name in STATIC_FILES else None
        if body is None:
            raise web.HTTPNotFound(text="no such file\n")
        kind = STATIC_FILES[name]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _picture(self, request: web.Request) -> web.Response:
        body = self._pictures.get(request.match_info["name"])
        if body is None:
            raise web.HTTPNotFound(text="no such picture\n")
        return web.Response(body=body, content_type="image/png")

    # WebSocket ---------------------------------------------------------------------------
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if self._closing or len(self._clients) >= self.limits.sockets_total:
            return web.Response(status=503, text="too many connections\n")
        ws = web.WebSocketResponse(
            max_msg_size=self.limits.max_frame,
            heartbeat=self.limits.heartbeat_seconds,
            compress=False,
            timeout=CLOSE_SECONDS,
        )
        await ws.prepare(request)
        client = _Client(ws, TokenBucket(self.limits.rate, self.limits.burst))
        self._clients.add(client)
        writer: asyncio.Task | None = None
        try:
            if await self._handshake(client):
                writer = asyncio.ensure_future(_write(client))
                await self._serve(client)
        finally:
            self._clients.discard(client)
            client.closing = True
            self._seat_left(client)
            if writer is not None:
                await _drained(client)
                writer.cancel()
            if not ws.closed:
                await ws.close()
        return ws

    async def _refuse_login(self, ws: web.WebSocketResponse, reason: str) -> bool:
        """The one message a socket that failed to log in ever gets, then the close."""
        try:
            await ws.send_str(wire.error(reason))
            await ws.close(code=1008, message=reason.encode()[:120])
        except (ConnectionError, RuntimeError):
            pass
        return False

    async def _handshake(self, client: _Client) -> bool:
        ws = client.ws
        try:
            msg = await asyncio.wait_for(ws.receive(), self.limits.handshake_seconds)
        except asyncio.TimeoutError:
            return await self._refuse_login(ws, "no hello in time")
        if msg.type != WSMsgType.TEXT:
            if msg.type == WSMsgType.BINARY:
                return await self._refuse_login(ws, "only text messages are read")
            return False  # closed, or a frame over the size limit (aiohttp closed it with 1009)
        try:
            hello = wire.read_message(msg.data)
        except wire.BadMessage as exc:
            return await self._refuse_login(ws, f"the first message must be a hello: {exc}")
        if isinstance(hello, wire.Watch):
            watching = sum(1 for c in self._clients if c.watcher)
            if watching >= self.limits.watchers:
                return await self._refuse_login(ws, "too many watching pages")
            client.watcher = True
            _queue(client, self._states.get(None), state=True)
            return True
        if not isinstance(hello, wire.Hello):
            return await self._refuse_login(ws, "the first message must be a hello")
        grant = self.tokens.check(hello.token)
        if grant is None or self._closing:
            return await self._refuse_login(ws, "this seat link is not valid")
        if sum(1 for c in self._clients if c.player and c.seat == grant.seat) >= self.limits.sockets_per_seat:
            return await self._refuse_login(ws, "too many connections for this seat")
        # No await since the check: a revoke scheduled after it finds this socket and closes it.
        client.seat, client.generation = grant.seat, grant.generation
        with self._status_lock:
            if grant.seat in self._status:
                self._status[grant.seat] = "connected"
        _queue(client, wire.dump({"type": "welcome", "seat": grant.seat}))
        _queue(client, self._states.get(grant.seat), state=True)
        return True

    async def _serve(self, client: _Client) -> None:
        async for msg in client.ws:
            if client.closing or msg.type == WSMsgType.ERROR:
                return
            if not client.bucket.take():
                _close(client, wire.error("too many messages: slow down"), 1008)
                return
            if msg.type != WSMsgType.TEXT:
                _queue(client, wire.error("only text messages are read"))
                continue
            try:
                message = wire.read_message(msg.data)
            except wire.BadMessage as exc:
                _queue(client, wire.error(str(exc)))
                continue
            self._handle(client, message)

    def _handle(self, client: _Client, message: wire.Message) -> None:
        if isinstance(message, wire.Ping):
            _queue(client, wire.dump({"type": "pong"}))
        elif isinstance(message, (wire.Hello, wire.Watch)):
            _queue(client, wire.error("this connection has already said hello"))
        elif client.watcher or client.seat is None:
            asks = isinstance(message, wire.HintAsk)
            _queue(client, wire.error("a watching page has no coach" if asks else "a watching page cannot act"))
        elif isinstance(message, wire.HintAsk):
            self._ask(client, message)
        elif self._plies.get(client.seat) is None:
            _queue(client, _refused(message.request_id, NOT_READY))
        elif not self._plies[client.seat][0] <= message.ply <= self._plies[client.seat][1]:
            _queue(client, _refused(message.request_id, STALE))
        elif len(self._inbox) >= MAX_INBOX:
            _queue(client, _refused(message.request_id, "the table is busy: try again"))
        else:
            self._inbox.append(
                _Queued(client, client.seat, client.generation, message.ply, message.action, message.request_id)
            )
            _wake_loop(self._wake)

    def _ask(self, client: _Client, message: wire.HintAsk) -> None:
        """Queue a question for the coach for the loop thread, which alone may read the match."""
        if len(self._asks) >= MAX_ASKS:
            _queue(client, wire.no_hint(message.request_id, message.ply, "the table is busy: ask again"))
        else:
            self._asks.append(Ask(int(client.seat or 0), message.ply, message.request_id, client.generation, client))
            _wake_loop(self._wake)

    def _push(self, texts: dict[int | None, str], plies: dict[int | None, tuple[int, int]]) -> None:
        self._states.update(texts)
        self._plies.update(plies)
        for client in list(self._clients):
            key = None if client.watcher else client.seat
            if (client.watcher or client.player) and key in texts:
                _queue(client, texts[key], state=True)

    def _close_seat(self, seat: int, reason: str) -> None:
        for client in list(self._clients):
            if client.seat == seat and not client.watcher and not self.tokens.live(seat, client.generation):
                _close(client, wire.bye(reason), 1008)

    def _seat_left(self, client: _Client) -> None:
        if client.seat is None or client.watcher:
            return
        still = any(c.player and c.seat == client.seat for c in self._clients)
        with self._status_lock:
            if not still and self._status.get(client.seat) == "connected":
                self._status[client.seat] = "dropped"


Window = tuple[int, int, tuple[str, ...]]  # first ply, last ply, the seat's choices meanwhile


def _window(before: Window | None, snap: Mapping[str, Any]) -> Window:
    """The plies a seat's move may name: from the ply its choices took their present form to the
    last published one. Another seat's move (a simultaneous choice) leaves the window open, so a
    phone's tap is not refused for it; a change of the seat's own choices, or an undo, starts a
    new one, so a move chosen from an older set of choices is refused as stale."""
    ply = int(snap["ply"])
    choices = tuple(str(a.get("text")) for a in snap.get("legal") or () if isinstance(a, Mapping))
    if before is None or before[2] != choices or ply < before[1]:
        return (ply, ply, choices)
    return (before[0], ply, choices)


def _within(window: Window | None, ply: int) -> bool:
    return window is not None and window[0] <= ply <= window[1]


def _wake_loop(wake: Callable[[], None] | None) -> None:
    """Tell the loop thread that something waits for it (from the server thread)."""
    if wake is not None:
        try:
            wake()
        except Exception:  # noqa: BLE001 - a broken wake must not stop the server
            _log.exception("the wake callback failed")


def _refused(request_id: int, reason: str) -> str:
    return wire.dump({"type": "refused", "id": request_id, "reason": reason})


def _force(queue: asyncio.Queue, item: Any) -> None:
    """Put ``item`` last in ``queue`` even when it is full (the close must get through)."""
    while True:
        try:
            queue.put_nowait(item)
            return
        except asyncio.QueueFull:
            queue.get_nowait()


async def _drained(client: _Client, seconds: float = 1.0) -> None:
    """Wait (bounded) until the socket's writer has sent its last message and closed it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not client.ws.closed and loop.time() < deadline:
        await asyncio.sleep(0.01)


def _queue(client: _Client, text: str | None, state: bool = False) -> None:
    """Put ``text`` in the socket's outbox (a ``state`` only if it is new to the socket); a socket
    too slow to take its messages is closed."""
    if text is None or client.closing:
        return
    if state:
        if text == client.last_state:
            return
        client.last_state = text
    try:
        client.outbox.put_nowait(text)
    except asyncio.QueueFull:
        _close(client, None, 1008)


def _close(client: _Client, text: str | None, code: int) -> None:
    """Send ``text`` (if any) as the socket's last message, then close it."""
    if client.closing:
        return
    if text is not None:
        _queue(client, text)
    client.closing = True
    _force(client.outbox, _Close(code, "closed"))


async def _write(client: _Client) -> None:
    """The socket's one writer: its messages go out in the order they were queued."""
    ws = client.ws
    while True:
        item = await client.outbox.get()
        try:
            if isinstance(item, _Close):
                await ws.close(code=item.code, message=item.reason.encode())
                return
            await ws.send_str(item)
        except (ConnectionError, RuntimeError):
            return
