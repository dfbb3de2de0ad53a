"""Which address to serve on: the one this computer has on the local network, found
without sending anything, and the plain words for the others a GM may choose."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

LOOPBACK = "127.0.0.1"
EVERY_INTERFACE = "0.0.0.0"


def lan_address() -> str | None:
    """This computer's IPv4 address on the network its default route leaves by, None when
    it has none. A UDP socket "connected" to a private address picks the route and sends no
    packet."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))
        address = probe.getsockname()[0]
        if address and not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return str(address)
    return None


def default_host() -> str:
    """The LAN address when there is one, else this computer only (never every interface
    unless the GM says so)."""
    return lan_address() or LOOPBACK


def describe_host(host: str) -> str:
    """What serving on ``host`` means, in a GM's words."""
    if host in (EVERY_INTERFACE, "::"):
        return "every network this computer is on (anyone who can reach it)"
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(host)
        if address.is_loopback:
            return "this computer only"
        if address.is_private or address.is_link_local:
            return "the local network"
        return "a public address: anyone on the internet who can reach it"
    return "the network of that name"
