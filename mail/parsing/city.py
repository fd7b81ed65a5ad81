"""Who speaks for the city: the allowed forwarders, its mail domains, its people.

Intake must tell the city's own words (forwarding notes, staff signatures, EthicsBot's
mail) from the complainant's. An address belongs to the city when it is a forwarder's,
anyone's in the directory, or at one of the forwarders' domains (or EthicsBot's).
"""

from __future__ import annotations

from cases.directory import Directory
from mail.parsing.signature import same_name


def forwarders(directory: Directory) -> frozenset[str]:
    """The allowed forwarders' addresses, lower-cased (addresses compare case-insensitively)."""
    return frozenset(f.strip().lower() for f in directory.forwarders)


def forwarder_domains(directory: Directory) -> tuple[str, ...]:
    """The mail domains of the allowed forwarders (`city.test`), sorted."""
    return tuple(sorted({f.rsplit("@", 1)[1] for f in forwarders(directory) if "@" in f}))


def city_domains(directory: Directory, own_domains: tuple[str, ...]) -> tuple[str, ...]:
    """The forwarders' mail domains and EthicsBot's own: mail from these is the city's."""
    return tuple(dict.fromkeys([*forwarder_domains(directory),
                                *(d.lower() for d in own_domains)]))


def in_domains(address: str | None, domains: tuple[str, ...]) -> bool:
    if not address or "@" not in address:
        return False
    host = address.rsplit("@", 1)[1].lower()
    return any(host == d or host.endswith("." + d) for d in domains)


def is_city_person(name: str | None, email: str | None, directory: Directory,
                   domains: tuple[str, ...]) -> bool:
    """A forwarder, anyone in the directory, or an address at the city's domains."""
    if email:
        return (email in forwarders(directory) or directory.by_email(email) is not None
                or in_domains(email, domains))
    return bool(name) and any(same_name(name or "", p.name) for p in directory.people())
