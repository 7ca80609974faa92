"""The network interfaces a phone server may listen on, as the host picks them in Settings.

Phones on the local network reach the desktop by one of its IPv4 addresses, so the server binds
only to the address the host chose (never to all of them). The addresses are read from the
machine's interfaces (Linux: the SIOCGIFADDR request); nothing is sent anywhere to find them.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


@dataclass(frozen=True)
class Interface:
    name: str  # "wlan0", "eth0", "lo"
    address: str  # IPv4, dotted

    @property
    def loopback(self) -> bool:
        return self.address.startswith("127.")

    @property
    def label(self) -> str:
        """How Settings shows it: 'wlan0 (192.168.1.20)', 'this computer only (127.0.0.1)'."""
        if self.loopback:
            return f"this computer only ({self.address})"
        return f"{self.name} ({self.address})"

    @property
    def short(self) -> tuple[str, ...]:
        """Shorter wordings of ``label``, for a narrow box: "only here (127.0.0.1)", "this computer
        only", the address alone."""
        return (f"only here ({self.address})", "this computer only", self.address) if self.loopback else (self.address,)


def interfaces() -> list[Interface]:
    """The machine's IPv4 interfaces, the local network's first and loopback last (always
    present, so a host can try phones with a browser on the same computer)."""
    found: dict[str, Interface] = {}
    if sys.platform.startswith("linux"):
        found.update((i.address, i) for i in _linux())
    else:
        try:
            for *_, addr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.setdefault(addr[0], Interface("network", addr[0]))
        except OSError:
            pass
    found.setdefault(LOOPBACK, Interface("lo", LOOPBACK))
    return sorted(
        found.values(), key=lambda i: (i.loopback, not ipaddress.ip_address(i.address).is_private, i.name)
    )


def _linux() -> list[Interface]:
    import fcntl

    out = []
    try:
        names = socket.if_nameindex()
    except OSError:
        return out
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # never bound, never sends
        for _index, name in names:
            try:
                packed = struct.pack("256s", name.encode()[:15])
                raw = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, packed)
            except OSError:
                continue  # no IPv4 address on this interface
            out.append(Interface(name, socket.inet_ntoa(raw[20:24])))
    return out


def chosen(setting: str) -> Interface:
    """The interface for a Settings value ('' picks the first local-network one); an address
    that is no longer on the machine falls back the same way."""
    available = interfaces()
    for interface in available:
        if interface.address == setting:
            return interface
    return available[0]
