"""This machine's address on the local network, found without sending a packet.

Connecting a UDP socket only asks the kernel to choose a route (and so the source address of the interface
that carries the default route); no datagram leaves the machine. With no route at all, the phone table still
works on this machine alone at 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
_PROBE = ("10.254.254.254", 9)  # a private address: the route to it is the default route on a home LAN


def lan_address() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return LOOPBACK
    try:
        parsed = ipaddress.IPv4Address(address)
    except ValueError:
        return LOOPBACK
    if parsed.is_unspecified or parsed.is_multicast:
        return LOOPBACK
    return address


def allowed_hosts(lan_ip: str, port: int) -> frozenset[str]:
    """The Host header values a request may carry (lower case): anything else is a rebound name."""
    names = {lan_ip, "localhost", LOOPBACK}
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:  # browsers leave the default port out
        hosts |= names
    return frozenset(host.lower() for host in hosts)
