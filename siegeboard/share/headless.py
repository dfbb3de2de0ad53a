"""``siegeboard serve FILE.siege``: the players' pages with no window.

Serves the file's siege to the three links and follows the file: when it changes on disk
(the GM saves in a window, or a script fires), the pages get the new state within a
second. A file that stops reading (being rewritten, or refused) leaves the pages on the last
state that read, and says so. Runs until interrupted (Ctrl+C) or ``stop`` is set.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import segno

from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.siege_file import SiegeFile, read_siege
from siegeboard.share.network import (
    EVERY_INTERFACE,
    LOOPBACK,
    default_host,
    describe_host,
    lan_address,
)
from siegeboard.share.side_state import AUDIENCE_TITLES, AUDIENCES, Audience

if TYPE_CHECKING:
    from siegeboard.share.server import ShareServer

DEFAULT_PORT = 8765
POLL_S = 0.5  # how often the file is looked at


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` subcommand on ``sub`` (the command line's ``add_subparsers()``)."""
    serve = sub.add_parser(
        "serve", help="serve the players' view of a siege to their phones and tablets",
        description="Serve FILE.siege to the players' own devices on the local network: one "
        "link for the besiegers, one for the defenders, one for either side (the siege's "
        "players' side), each showing only what that side may know. The pages follow the "
        "file: save it (or fire with `siegeboard fire`) and they update. Ctrl+C stops.")
    serve.add_argument("file", type=Path, metavar="FILE.siege")
    serve.add_argument("--host", metavar="ADDRESS",
                       help="the address to serve on (default: this computer's address on the "
                       "local network; 127.0.0.1: this computer only; 0.0.0.0: every network)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                       help=f"the port (default {DEFAULT_PORT}; 0: any free one)")
    serve.add_argument("--link", choices=AUDIENCES, action="append", dest="links",
                       help="serve only this link (repeat for more; default: all three)")
    serve.add_argument("--no-qr", action="store_true",
                       help="print the links without their QR codes")


def serve_command(args: argparse.Namespace) -> int:
    """Run ``serve`` until interrupted: 0 when stopped by Ctrl+C, 1 when the address cannot
    be had, 2 for a port that is none (a file refused raises ``SiegeFileError``)."""
    if not 0 <= args.port <= 65535:
        print(f"siegeboard: serve: --port {args.port} is not a port (0-65535)", file=sys.stderr)
        return 2
    stop = threading.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: stop.set())
    host = args.host or default_host()
    try:
        serve_file(args.file, host=host, port=args.port,
                   audiences=tuple(dict.fromkeys(args.links or AUDIENCES)),
                   qr=not args.no_qr, stop=stop)
    except OSError as error:
        if isinstance(error, FileNotFoundError) or error.filename:
            raise
        print(f"siegeboard: serve: cannot serve on {host}:{args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def serve_file(path: Path, *, host: str, port: int, audiences: tuple[Audience, ...] = AUDIENCES,
               qr: bool = True, stop: threading.Event, out: TextIO | None = None,
               ready: threading.Event | None = None,
               server_box: list[ShareServer] | None = None) -> None:
    """Serve ``path`` on ``host``:``port`` until ``stop`` is set. ``ready`` is set once the
    links are printed; ``server_box`` receives the server (for tests)."""
    from siegeboard.share.server import ShareServer  # aiohttp loads only when serving

    out = out or sys.stdout
    siege_file = read_siege(path)  # refused at once: nothing is served from a bad file
    server = ShareServer(host, port)
    for audience in AUDIENCES:
        if audience not in audiences:
            server.links.revoke(audience, renew=False)
    server.start()
    if server_box is not None:
        server_box.append(server)
    try:
        _publish(server, siege_file)
        server.wait_for_version(1)  # the links work once they are printed
        print(f"siegeboard: serving {siege_file.siege.name!r} to the players on {host}:"
              f"{server.port}: {describe_host(host)}.", file=out)
        if host == EVERY_INTERFACE:
            print("siegeboard: on every interface: the links name this computer's address on "
                  "the local network; give another one if the players are on another.", file=out)
        # Served on every interface, the links name this computer's LAN address (a page
        # cannot open 0.0.0.0).
        named = (lan_address() or LOOPBACK) if host == EVERY_INTERFACE else None
        for audience in audiences:
            link = server.link(audience, named)
            print(f"\n{AUDIENCE_TITLES[audience]}: {link}", file=out)
            if qr and link is not None:
                segno.make(link, error="m").terminal(out=out, compact=True)
        print("\nCtrl+C stops sharing.", file=out, flush=True)
        if ready is not None:
            ready.set()
        _follow(path, server, siege_file, stop, out)
    finally:
        server.close()
        print("siegeboard: sharing stopped; the links no longer work.", file=out, flush=True)


def _publish(server: ShareServer, siege_file: SiegeFile) -> None:
    siege = siege_file.siege
    image = siege_file.images.get(siege.map.member) if siege.map is not None else None
    server.publish(siege, image)


def _looks(path: Path) -> tuple[int, int] | None:
    """The file's size and modification time: a change of either is a new version to read
    (cheap enough to ask twice a second of a town's file)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


def _follow(path: Path, server: ShareServer, siege_file: SiegeFile, stop: threading.Event,
            out: TextIO) -> None:
    seen = _looks(path)
    troubled = False
    while not stop.wait(POLL_S):
        now = _looks(path)
        if now is None or now == seen:
            continue
        seen = now
        try:
            siege_file = read_siege(path)
        except SiegeFileError as error:
            if not troubled:
                print(f"siegeboard: {error}; the players keep the last state that read.",
                      file=out, flush=True)
            troubled = True
            continue
        troubled = False
        _publish(server, siege_file)
        print(f"siegeboard: {siege_file.siege.clock.label()}: the players' pages updated.",
              file=out, flush=True)
