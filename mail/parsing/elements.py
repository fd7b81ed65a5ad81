"""Build the `Filing`: the §1 elements the complaint sets forth, and those it lacks.

§1 asks for specific facts, the sections violated and the reasons why, a signature, and
the submitter's name, address and phone. The board decides sufficiency (§7); intake only
lists what is absent so the clerk sees it at once. In a form the labels say which text is
the statement of facts and which the reasons (a blank field is absent); in a letter the
facts are its running prose and the reasons the sentences that say why ("because",
"violates", "in violation of", "should have").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from cases.directory import Directory
from cases.filing import Filing, missing_elements
from cases.text import neutralise_bidi
from mail.parsing.complainant import Identity
from mail.parsing.complaint import Material
from mail.parsing.labels import Field
from mail.parsing.prose import prose_words, sentences, without_salutations
from mail.parsing.sections import find_sections
from mail.parsing.withheld import without_contact

MIN_FACT_WORDS = 25  # about two sentences of running prose
_REASON_CUES = re.compile(
    r"\b(?:because|since|violat\w*|prohibit\w*|conflict of interest|in breach|breach\w*|"
    r"under (?:rmc|section|sec\.|§|the (?:ethics )?code|\d)|forbid\w*|not (?:allowed|permitted)|"
    r"should (?:have|not)|improper\w*|special privilege|stands? to (?:gain|make|benefit)|"
    r"for (?:his|her|their) (?:own )?(?:benefit|gain)|which is (?:a|an) )",
    re.I,
)


def facts_of(material: Material) -> str:
    labelled = material.labelled
    if labelled.is_form and Field.FACTS in labelled.present:
        return labelled.get(Field.FACTS)
    body = "\n\n".join(material.texts)
    return body.strip() if prose_words(without_salutations(body)) >= MIN_FACT_WORDS else ""


def reasons_of(material: Material) -> str:
    labelled = material.labelled
    if labelled.is_form and Field.REASONS in labelled.present:
        return labelled.get(Field.REASONS)
    return " ".join(s for t in material.texts for s in sentences(t) if _REASON_CUES.search(s))


def respondents_of(material: Material, directory: Directory) -> tuple[str, ...]:
    """Officials in the directory whom the complaint names (a labelled field if any)."""
    named = material.labelled.get(Field.RESPONDENT)
    text = named or "\n".join([*material.subjects,
                               *(without_salutations(t) for t in material.texts)])
    return tuple(p.name for p in directory.match_respondents(text))


def build_filing(material: Material, identity: Identity, *, directory: Directory,
                 received_at: datetime, forwarded_by: str | None,
                 section_pattern: str | None) -> Filing:
    facts, reasons = facts_of(material), reasons_of(material)
    sections = find_sections(material.texts, section_pattern)
    who = identity.complainant
    names = tuple(n for n, _ in material.authors if n)
    shown = replace(who, **{k: neutralise_bidi(v) for k, v in vars(who).items() if v})
    return Filing(
        received_at=received_at,
        complainant=shown,
        facts=neutralise_bidi(without_contact(facts, who, names)),
        code_sections=sections,
        reasons=neutralise_bidi(without_contact(reasons, who, names)),
        signed=identity.signed,
        respondents=respondents_of(material, directory),
        attachments=tuple(neutralise_bidi(a) for a in material.attachments),
        forwarded_by=forwarded_by,
        flags=material.flags,
        missing=missing_elements(has_facts=bool(facts.strip()), code_sections=sections,
                                 has_reasons=bool(reasons.strip()), signed=identity.signed,
                                 complainant=identity.complainant),
    )
