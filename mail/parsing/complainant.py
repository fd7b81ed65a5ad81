"""Who filed the complaint, how to reach them, and whether they signed it.

The name is taken as written, in this order: a labelled name field, the signature
(`/s/ Name`, a Signature field, the name after the closing), then the original sender's
display name (which counts when the complaint is unsigned). Address and phone come from
labelled fields, the block under the complainant's name, or a first-person sentence;
never from city staff (their numbers and addresses are discarded even when they recur in
the complaint), and the email is the original sender's or one the complaint states (the
letter's own, when it is signed by someone other than the sender of the mail carrying it:
a neighbour's mail with the resident's letter pasted in).

A letter in an attached PDF that cites the code, that its writer signed and gave their
address in (a letterhead, or the block under the signature), is that writer's filing
when the mail that carried it cites none (a neighbour who sent it on, a forward that
names nobody): its writer is the complainant, reached as the letter says, never at the
address of the mail that carried it (`_letter_writer`). A letter attached as evidence
to a complaint written in the mail (a contractor's, citing nothing) changes nothing.
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
from mail.parsing.sections import find_sections
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


def identify(material: Material, *, is_city_name: Callable[[str], bool],
             section_pattern: str | None = None) -> Identity:
    """The complainant of `material`; `is_city_name` says a name belongs to city staff,
    `section_pattern` what a cited section looks like (`sections.find_sections`)."""
    labelled = material.labelled
    author_names = [n for n, _ in material.authors if n]
    party_names = [n for n, _ in material.behalf if n]
    known = (*author_names, *party_names, labelled.get(Field.NAME))
    signers = [s for t in material.own_texts if (s := signer(t, known))]
    field_value = labelled.get(Field.SIGNATURE)
    field_name = slash_signature(field_value) or (field_value if is_name_like(field_value) else "")
    writer = _letter_writer(material, known, is_city_name, section_pattern)
    candidates = [labelled.get(Field.NAME), field_name, writer, *signers, *author_names]
    name = next((n for n in candidates if n and not is_city_name(n)), None)

    contact = _own(Contact(
        address=_one_line(labelled.get(Field.ADDRESS)) or None,
        phone=normalise_phone(labelled.get(Field.PHONE)),
        email=next(iter(emails_in(labelled.get(Field.EMAIL))), None),
    ), material)
    # the letter's writer is not who sent the mail: its sender only carried it
    carried = writer if writer and name == writer and not any(
        same_name(writer, n) for n in author_names) else None
    texts = material.documents if carried else material.own_texts
    names = [carried] if carried else [
        n for n in dict.fromkeys([name, *signers, *author_names]) if n]
    for text in texts:
        for who in names:
            contact = contact.or_else(_own(contact_under(text, who), material))
    for text in texts:
        contact = contact.or_else(_own(sentence_contact(text), material))

    # never a forwarder's; nor the address of mail that carried someone else's letter
    # when the letter gives its writer's own
    carrier = bool(name) and bool(contact.email) and not any(
        n and same_name(name or "", n) for n, _ in (*material.authors, *material.behalf))
    sender_email = None if carried or carrier else _email_of(name, material)
    return Identity(
        Complainant(name=name, email=sender_email or contact.email, phone=contact.phone,
                    address=contact.address),
        signed=bool(field_value) or bool(signers),
    )


def _letter_writer(material: Material, known: tuple[str | None, ...],
                   is_city_name: Callable[[str], bool],
                   section_pattern: str | None) -> str | None:
    """The signer of an attached letter that cites the code and gives the signer's
    address or phone (in its letterhead or under the signature), when not city staff
    and when the mail around it cites nothing; else None."""
    mail = [t for t in material.own_texts if t not in material.documents]
    if find_sections(mail, section_pattern):
        return None  # the complaint is in the mail: what it attaches is evidence
    for text in material.documents:
        if not find_sections([text], section_pattern):
            continue
        who = signer(text, tuple(n for n in known if n))
        if who and not is_city_name(who):
            found = contact_under(text, who)
            if found.address or found.phone:
                return who
    return None


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
