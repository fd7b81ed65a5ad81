"""Who filed the complaint, how to reach them, and whether they signed it.

The name is taken as written, in this order: a labelled name field, the signature
(`/s/ Name`, a Signature field, the name after the closing), then the original sender's
display name (which counts when the complaint is unsigned). Address and phone come from
labelled fields, the block under the complainant's name, or a first-person sentence;
never from city staff (their numbers and addresses are discarded even when they recur in
the complaint), and the email is the original sender's or one the complaint states.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cases.filing import Complainant
from mail.parsing.city import in_domains
from mail.parsing.complaint import Material
from mail.parsing.contact import (
    Contact,
    emails_in,
    inline_addresses,
    normalise_phone,
    phones_in,
    sentence_contact,
    street_key,
)
from mail.parsing.labels import Field
from mail.parsing.signature import (
    contact_under,
    is_name_like,
    same_name,
    signer,
    slash_signature,
)


@dataclass(frozen=True)
class Identity:
    complainant: Complainant
    signed: bool


def identify(material: Material, *, is_city_name: Callable[[str], bool]) -> Identity:
    """The complainant of `material`; `is_city_name` says a name belongs to city staff."""
    labelled = material.labelled
    author_names = [n for n, _ in material.authors if n]
    party_names = [n for n, _ in material.behalf if n]
    known = (*author_names, *party_names, labelled.get(Field.NAME))
    signers = [s for t in material.own_texts if (s := signer(t, known))]
    field_value = labelled.get(Field.SIGNATURE)
    field_name = slash_signature(field_value) or (field_value if is_name_like(field_value) else "")
    candidates = [labelled.get(Field.NAME), field_name, *signers, *author_names]
    name = next((n for n in candidates if n and not is_city_name(n)), None)

    contact = _own(Contact(
        address=_one_line(labelled.get(Field.ADDRESS)) or None,
        phone=normalise_phone(labelled.get(Field.PHONE)),
        email=next(iter(emails_in(labelled.get(Field.EMAIL))), None),
    ), material)
    names = [n for n in dict.fromkeys([name, *signers, *author_names]) if n]
    for text in material.own_texts:
        for who in names:
            contact = contact.or_else(_own(contact_under(text, who), material))
    for text in material.own_texts:
        contact = contact.or_else(_own(sentence_contact(text), material))

    sender_email = _email_of(name, material)  # never a forwarder
    return Identity(
        Complainant(name=name, email=sender_email or contact.email, phone=contact.phone,
                    address=contact.address),
        signed=bool(field_value) or bool(signers),
    )


def _email_of(name: str | None, material: Material) -> str | None:
    """The complainant's address: of the party of the mail whose name they signed with
    ("Sender on behalf of Owner": the one who signed the letter wrote it, whoever's
    mailbox it came from), else the original sender's."""
    everyone = [*material.authors, *material.behalf]
    signed = next((e for n, e in everyone if e and n and name and same_name(n, name)), None)
    return signed or next((e for _, e in material.authors if e), None)


def _one_line(address: str) -> str:
    return ", ".join(p.strip() for p in re.split(r"\s*\n\s*", address.strip()) if p.strip())


def _own(contact: Contact, material: Material) -> Contact:
    """Drop what belongs to the city: its phone numbers, addresses and mail domains."""
    city = material.city_text
    city_phones = set(phones_in(city))
    city_streets = {street_key(a) for a in inline_addresses(city)} | {
        street_key(line) for line in city.split("\n") if line.strip()[:1].isdigit()}
    return Contact(
        address=None if contact.address and street_key(contact.address) in city_streets
        else contact.address,
        phone=None if contact.phone in city_phones else contact.phone,
        email=None if in_domains(contact.email, material.city_domains) else contact.email,
    )
