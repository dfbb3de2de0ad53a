"""The players' pages served on the local network: aiohttp in a thread of its own.

Read-only by construction: one handler answers every request, and it only ever reads. A
request whose path does not start with ``/s/<a valid token>/`` gets 403 and nothing else
(whatever its method); with a valid token, only GET is served (405 otherwise), and only the
names in ``ASSETS`` plus the side's ``state``, its ``events`` stream and the ``plan.png``:
no path reaches the file system. Every response carries a content security policy that lets
the page load only its own script and style, fetch only from its own origin, and be framed by
no one. The request line, each header and the body are bounded, and so is the number of
requests and open pages at once.

The push channel is server-sent events: each page holds ``events`` open and is told each new
version number; it then fetches ``state`` (which says its version). A page that lost the
network reconnects by itself (the browser's ``EventSource``), is told the current version on
connecting, and catches up. Revoking a link ends its open pages (a ``revoked`` event, then
the stream closes), and its token is refused from then on.

The state of each side is made from the GM's siege in the server's worker thread
(``publish`` takes a shallow snapshot in the caller's thread: structures are values, never
changed in place), compressed once, and served as bytes: twenty pages cost one build.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gzip
import ipaddress
import json
import socket
import threading
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aiohttp import web

from siegeboard.model.siege import Siege
from siegeboard.share.plan_pixels import PlanPixels, plan_pixels
from siegeboard.share.side_state import AUDIENCES, Audience, Shown, StateMaker, plan_placement
from siegeboard.share.tokens import ShareLinks

# The page's files (siegeboard.share's package data, assets/) by the name the page asks for.
ASSETS: dict[str, tuple[str, str]] = {
    "": ("index.html", "text/html; charset=utf-8"),
    "app.js": ("app.js", "text/javascript; charset=utf-8"),
    "style.css": ("style.css", "text/css; charset=utf-8"),
    "icon.svg": ("icon.svg", "image/svg+xml"),
}
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token never leaves in a Referer
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}
FORBIDDEN = b"403 Forbidden\n"


@dataclass(frozen=True)
class Limits:
    """What one server accepts at most."""

    connections: int = 64         # connections (pages open, requests, idle ones), all links
    request_line: int = 2048      # bytes of "GET /s/<token>/state HTTP/1.1"
    header_field: int = 4096      # bytes of one header
    body: int = 1024              # bytes of a request body (a GET has none)
    keepalive_s: float = 15.0     # an idle connection is closed after this
    heartbeat_s: float = 15.0     # a comment on each open page's stream, to find dead ones
    write_timeout_s: float = 10.0  # a page that takes no bytes for this long is dropped


class ShareServer:
    """Serves the players' pages of one siege on ``host``:``port`` (0: any free port)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *,
                 links: ShareLinks | None = None, limits: Limits = Limits()):
        self.host = host
        self.requested_port = port
        self.port = 0
        self.links = links or ShareLinks()
        self.limits = limits
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._worker = concurrent.futures.ThreadPoolExecutor(1, "siegeboard-share-state")
        self._lock = threading.Lock()
        self._version = 0
        self._states: dict[Audience, tuple[bytes, bytes]] = {}  # (json, gzipped json)
        self._maker = StateMaker()
        self._plan: PlanPixels | None = None
        self._plan_source: bytes | None = None
        self._pending: tuple[Siege, bytes | None, Shown | None, bool] | None = None
        self._building = False
        self._streams: dict[Audience, set[asyncio.Queue[str]]] = {a: set() for a in AUDIENCES}
        self._active = 0
        self._stopped = threading.Event()
        self._published = threading.Condition()

    # -- the GM's side -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def version(self) -> int:
        with self._lock:
            return self._version

    def base_url(self) -> str:
        host = self.host
        if host in ("0.0.0.0", "::"):
            host = "127.0.0.1"  # whoever asks on this computer; the dialog names the LAN one
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    def link(self, audience: Audience, host: str | None = None) -> str | None:
        """The page's address for ``audience`` (on ``host``, default the one served), None
        when its link is off."""
        token = self.links.token(audience)
        if token is None:
            return None
        base = self.base_url() if host is None else (
            f"http://{f'[{host}]' if ':' in host else host}:{self.port}")
        return f"{base}/s/{token}/"

    def start(self) -> None:
        """Listen and serve, in a thread of its own. Raises ``OSError`` when the address
        cannot be had (in use, not this computer's)."""
        if self.running:
            return
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.requested_port))
            sock.listen(self.limits.connections)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        self._stopped.clear()
        ready = threading.Event()
        failure: list[BaseException] = []

        def serve() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._open(sock))
            except BaseException as error:  # handed to start()'s caller
                failure.append(error)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close())
                loop.close()

        self._thread = threading.Thread(target=serve, name="siegeboard-share", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = None
            raise OSError(f"sharing could not start: {failure[0]}")

    def stop(self) -> None:
        """End every page and stop listening; returns once the port is free."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        self._stopped.set()
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(self._end_streams, None, "stop")
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        self._thread = None
        self._loop = None

    def close(self) -> None:
        """Stop, and let the worker thread go (the server is not started again)."""
        self.stop()
        self._worker.shutdown(wait=True, cancel_futures=True)

    def publish(self, siege: Siege, plan_image: bytes | None = None,
                shown: Shown | None = None, *, blank: bool = False) -> None:
        """Show the pages ``siege`` (the GM's; ``plan_image`` the plan's bytes, ``shown``
        the box the GM shows them). Returns at once: the sides' states are made in the
        worker thread, and a burst of publishes makes only the last one's."""
        snapshot = siege.model_copy(update={
            "structures": dict(siege.structures), "batteries": dict(siege.batteries),
            "mines": dict(siege.mines), "weapons": dict(siege.weapons),
            "log": list(siege.log), "base": None})
        with self._lock:
            self._pending = (snapshot, plan_image, shown, blank)
            if self._building:
                return
            self._building = True
        self._worker.submit(self._build)

    def wait_for_version(self, version: int, timeout: float = 10.0) -> bool:
        """Block until the states of ``version`` (or later) are served; False on timeout."""
        with self._published:
            return self._published.wait_for(lambda: self.version >= version, timeout)

    def revoke(self, audience: Audience, *, renew: bool = True) -> str | None:
        """End ``audience``'s link and its open pages; returns its new token (or None)."""
        token = self.links.revoke(audience, renew=renew)
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._end_streams, audience, "revoked")
        return token

    def open_pages(self) -> dict[Audience, int]:
        """How many pages of each link are open now."""
        with self._lock:
            return {audience: len(queues) for audience, queues in self._streams.items()}

    # -- making the states (worker thread) ------------------------------------------------
    def _build(self) -> None:
        while True:
            with self._lock:
                pending, self._pending = self._pending, None
                if pending is None:
                    self._building = False
                    return
                version = self._version + 1
            siege, image, shown, blank = pending
            placement = self._placement(siege, image)
            states = {audience: (data, gzip.compress(data, compresslevel=5))
                      for audience, data in self._maker.states(
                          siege, version=version, shown=shown, plan=placement,
                          blank=blank).items()}
            with self._lock:
                self._states = states
                self._version = version
            with self._published:
                self._published.notify_all()
            loop = self._loop
            if loop is not None:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._announce, version)

    def _placement(self, siege: Siege, image: bytes | None) -> dict[str, Any] | None:
        if siege.map is None or image is None:
            self._plan = None
            self._plan_source = None
            return None
        if image is not self._plan_source:
            try:
                self._plan = plan_pixels(image)
            except ValueError:
                self._plan = None
            self._plan_source = image
        if self._plan is None:
            return None
        placement = plan_placement(siege, self._plan.size, f"plan.png?v={self._plan.digest}")
        if placement is not None:  # the pages' pixels may be fewer than the plan's
            placement["pixels_per_metre"] *= self._plan.scale
        return placement

    # -- serving (the server's thread) ---------------------------------------------------------
    async def _open(self, sock: socket.socket) -> None:
        # Every request, routed or not (a CONNECT names a host, not a path), is answered by
        # ``_handle``: the one place that decides.
        @web.middleware
        async def every_request(request: web.Request, handler: Any) -> web.StreamResponse:
            return await self._handle(request)

        app = web.Application(client_max_size=self.limits.body, middlewares=[every_request])
        app.router.add_route("*", "/{tail:.*}", self._handle)
        # aiohttp 3.11.0 annotates its signals as lists of middlewares; later releases do not.
        app.on_response_prepare.append(self._secure)  # type: ignore[arg-type, unused-ignore]
        self._runner = web.AppRunner(
            app, access_log=None, shutdown_timeout=1.0,
            keepalive_timeout=self.limits.keepalive_s,
            max_line_size=self.limits.request_line, max_field_size=self.limits.header_field)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    async def _close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @staticmethod
    async def _secure(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.popall("Server", None)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.rel_url.raw_path.split("/")
        audience = None
        if len(parts) in (3, 4) and parts[0] == "" and parts[1] == "s":
            audience = self.links.audience_of(parts[2])
        if audience is None or self._stopped.is_set():
            return web.Response(status=403, body=FORBIDDEN, content_type="text/plain")
        if len(parts) == 3 and request.method == "GET":  # a link typed without its last "/"
            return web.Response(status=308, headers={"Location": f"/s/{parts[2]}/"})
        if request.method != "GET":
            return web.Response(status=405, text="405 Method Not Allowed: this server only "
                                "shows the siege\n", headers={"Allow": "GET"})
        if self._active >= self.limits.connections or self._connections() > self.limits.connections:
            return web.Response(status=503, text="503 Too many pages open\n",
                                headers={"Retry-After": "5", "Connection": "close"})
        self._active += 1
        try:
            return await self._answer(request, audience, parts[3])
        finally:
            self._active -= 1

    def _connections(self) -> int:
        """The connections open now (answered, open pages and idle kept-alive ones)."""
        runner = self._runner
        server = runner.server if runner is not None else None
        return len(server.connections) if server is not None else 0

    async def _answer(self, request: web.Request, audience: Audience,
                      name: str) -> web.StreamResponse:
        if name in ASSETS:
            filename, content_type = ASSETS[name]
            body = resources.files("siegeboard.share").joinpath("assets", filename).read_bytes()
            return web.Response(body=body, headers={"Content-Type": content_type})
        if name == "state":
            return self._state(request, audience)
        if name == "events":
            return await self._events(request, audience)
        if name.split("?")[0] == "plan.png":
            plan = self._plan
            if plan is None:
                return web.Response(status=404, text="404 No plan\n")
            return web.Response(body=plan.png, headers={
                "Content-Type": "image/png", "Cache-Control": "private, max-age=86400"})
        return web.Response(status=404, text="404 Not Found\n")

    def _state(self, request: web.Request, audience: Audience) -> web.Response:
        with self._lock:
            state = self._states.get(audience)
        if state is None:
            return web.Response(status=503, text="503 The siege is not ready yet\n",
                                headers={"Retry-After": "1"})
        plain, packed = state
        headers = {"Content-Type": "application/json; charset=utf-8", "Vary": "Accept-Encoding"}
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return web.Response(body=packed, headers=headers)
        return web.Response(body=plain, headers=headers)

    async def _events(self, request: web.Request, audience: Audience) -> web.StreamResponse:
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        await response.prepare(request)
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        with self._lock:
            self._streams[audience].add(queue)
        try:
            await self._send(response, f"retry: 2000\n{self._version_event()}")
            while True:
                try:
                    word = await asyncio.wait_for(queue.get(), self.limits.heartbeat_s)
                except TimeoutError:
                    await self._send(response, ": still here\n\n")
                    continue
                if word == "version":
                    await self._send(response, self._version_event())
                elif word == "revoked":
                    await self._send(response, "event: revoked\ndata: {}\n\n")
                    break
                else:  # the server stops
                    break
        except (TimeoutError, ConnectionError):
            pass  # the page left, or took no bytes: it reconnects if it is still there
        finally:
            with self._lock:
                self._streams[audience].discard(queue)
        return response

    def _version_event(self) -> str:
        version = self.version
        return f"id: {version}\ndata: {json.dumps({'version': version})}\n\n"

    async def _send(self, response: web.StreamResponse, text: str) -> None:
        await asyncio.wait_for(response.write(text.encode("utf-8")),
                               self.limits.write_timeout_s)

    def _announce(self, version: int) -> None:
        with self._lock:
            queues = [queue for queues in self._streams.values() for queue in queues]
        for queue in queues:
            with contextlib.suppress(asyncio.QueueFull):  # one is already waiting
                queue.put_nowait("version")

    def _end_streams(self, audience: Audience | None, word: str) -> None:
        with self._lock:
            queues = [queue for key, queues in self._streams.items()
                      if audience is None or key == audience for queue in queues]
        for queue in queues:
            with contextlib.suppress(asyncio.QueueEmpty):
                queue.get_nowait()  # a version still waiting is no longer news
            queue.put_nowait(word)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
