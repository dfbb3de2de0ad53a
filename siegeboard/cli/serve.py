"""``siegeboard serve``: the players' pages with no window, on the local network. The
command itself is ``siegeboard.share.headless`` (Qt-free, beside the server it drives)."""

from __future__ import annotations

from siegeboard.cli.command import Subcommand
from siegeboard.share.headless import add_serve_parser, serve_command

SERVE = Subcommand("serve", add_serve_parser, serve_command)
