"""Build the `Filing`: the §1 elements the complaint sets forth, and those it lacks.

§1 asks for specific facts, the sections violated and the reasons why, a signature, and
the submitter's name, address and phone. The board decides sufficiency (§7); intake only
lists what is absent so the clerk sees it at once. In a form the labels say which text is
the statement of facts and which the reasons (a blank field is absent). In a letter the
facts are present when a sentence ties someone to an event anchored in time, money or
number, and the reasons are the sentences that link the conduct to a rule: words that
say it is wrong ("violates", "prohibited", "should have", "does not let"), or a link
("because", "covers") beside a rule or a cited section. A cue word alone is not enough
("I am writing because ...", "Sincerely," once counted for "since"), and neither is a
citation alone: "a complaint against X for violating 2.94.060" says which section, not
why (`is_bare_citation`), and a section's number is no date for the facts. The same
patterns read Spanish and French, which some residents write ("viola la sección 2.94.060
porque ...", "cela viole l'article 2.94.030 parce que ...", "le 3 octobre"); the link words
and the words of a bare citation are each language's own, read in English and the
complaint's language only, since one language's link is another's noun (French "car").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from cases.directory import Directory
from cases.filing import Filing, missing_elements
from cases.languages import ENGLISH, FRENCH, SPANISH, written_in
from cases.text import neutralise_bidi
from mail.parsing.complainant import Identity
from mail.parsing.complaint import Material
from mail.parsing.labels import Field
from mail.parsing.prose import sentences, without_salutations
from mail.parsing.sections import find_sections
from mail.parsing.withheld import without_contact

MAX_SENTENCE = 2_000  # what of one "sentence" is judged (text without stops is no prose)
# Reasons (§1: "the reasons why the facts violate those sections") are sentences that
# link conduct to a rule. Words that say so by themselves ("violates", "prohibited",
# "should have", "bars officials from", "does not let") ...
_SAYS_WRONG = re.compile(
    r"\b(?:violat\w*|in breach|breach(?:es|ed)?\b|contrary to|prohibit\w*|forbid\w*|"
    r"bars? (?:an?|any|the|officials?|employees?|members?|him|her|them|commissioners?)\b|"
    r"barred|not (?:allowed|permitted)|may not|must not|should (?:have|not)|"
    r"(?:is|was|creates?|created|amounts? to|constitutes?|were) (?:a|an) (?:clear |obvious )?"
    r"conflict of interest|conflict of interest (?:because|since|as|under|in)|"
    r"special privilege|improper\w*|(?:stands?|stood) to (?:gain|benefit|profit)|"
    r"for (?:his|her|their) (?:own |private |personal )?(?:benefit|gain|profit)|"
    r"does not (?:let|allow|permit)|required (?:him|her|them) to|requires? (?:an?|any|the|"
    r"officials?|employees?|members?|him|her|them) (?:official |employee |member )?to|"
    # the same in Spanish, the city's second language
    r"viol(?:a|an|ó|aba|ación|aciones|ar)\b|infring\w*|prohib\w*|prohíb\w*|contrari[oa] a|"
    r"no (?:debió|debía|debería|debe|puede|podía|podría)\b|deb(?:ió|ía|ería) (?:abstenerse|"
    r"recusarse|inhibirse)|"
    r"(?:es|fue|era|constituye|supone|crea|creó) un (?:claro )?conflicto de intereses|"
    r"en (?:su )?(?:propio )?beneficio (?:propio|personal|privado)?|"
    # and in French, as some of its residents write
    r"viol(?:e|ent|é|ée|ait|aient|er|ation|ations)\b|enfrei(?:nt|gnent|gnait|ndre)\b|"
    r"contraire (?:à|au|aux)\b|interdi(?:t|te|ts|tes|sent|sait|re)\b|"
    r"n(?:e |['’])(?:aurait pas dû|devait pas|doit pas|devrait pas|pouvait pas|peut pas|"
    r"pourrait pas|(?:a|avait) pas le droit)|aurait dû (?:se récuser|s['’]abstenir|se retirer)|"
    r"(?:est|était|constitue|crée|créait|représente) un (?:clair |net )?conflit d['’]intérêts?|"
    r"(?:à|pour) son (?:propre )?(?:profit|avantage|bénéfice)|avantage personnel)",
    re.I,
)
# ... and words that do only beside a rule ("because", "covers", "applies to"), each
# language's own, read in English (the city's) and the complaint's language: a link in
# one language is a plain word in another (French "car", because, is English's car).
_LINK_WORDS = {
    ENGLISH: (r"because|since|as (?:a|an|he|she|they|it)|which|therefore|so that|given that|"
              r"covers|applies to|falls? within"),
    SPANISH: r"porque|ya que|puesto que|dado que|por lo tanto|según|conforme al?",
    FRENCH: (r"parce qu(?:e|['’])|puisqu(?:e|['’])|étant donné qu(?:e|['’])|vu qu(?:e|['’])|"
             r"car|donc|selon|conformément (?:à|au)|au sens de|en vertu de"),
}
_LINKS = {language: re.compile(rf"\b(?:{words})\b", re.I)
          for language, words in _LINK_WORDS.items()}
_RULE = re.compile(r"\b(?:section|sec\.|rmc|code|ordinance|rules?|law|policy|chapter|sección"
                   r"|artículo|código|ordenanza|reglamento|ley|normas?|l['’]article|règlement|"
                   r"ordonnance|loi|règles?|déontologie)\b|§"
                   r"|\bethics (?:code|rules?|ordinance|law)\b|\bcode of ethics\b", re.I)
# Specific facts (§1) are sentences that tie someone to something that happened, anchored
# in time, money or number: "On May 19, 2026, the Parks Department awarded ... $38,400".
_ANCHOR = re.compile(
    r"\$\s?\d|\b\d[\d,.]*\s?(?:dollars|percent|%|dólares|dolares|por ciento)|"
    r"\b(?:\d{1,3}|a|one|two|three|four|five|six|a few) (?:days?|weeks?|months?|years?) ago\b|"
    # Spanish relative times: "la semana pasada", "el pasado martes", "hace dos semanas"
    r"\b(?:la semana|el mes|el año|el verano|el invierno|el otoño|la primavera) pasad[oa]\b|"
    r"\bel pasado (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo|mes|año)\b|"
    r"\bhace (?:\d{1,3}|un|una|dos|tres|cuatro|cinco|seis|unos|unas) (?:días?|semanas?|"
    r"meses|mes|años?)\b|\b(?:anteayer|antier|anoche)\b|\b(?:19|20)\d\d\b|\b\d{1,2}/\d{1,2}\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b|"
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday)\b|"
    r"\blast (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"spring|summer|fall|autumn|winter|january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b|\b\d{1,2}:\d{2}\b|"
    # Spanish: "el 1 de junio", "el martes", "ayer"
    r"\b\d{1,2} de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|"
    r"octubre|noviembre|diciembre)\b|\b(?:lunes|martes|miércoles|jueves|viernes|sábado|"
    r"domingo|ayer)\b|"
    # French: "le 3 octobre", "le 1er mars", "mardi dernier", "il y a deux semaines", "214 $"
    r"\b(?:1er|\d{1,2}) (?:janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|"
    r"septembre|octobre|novembre|décembre|decembre)\b|\b(?:lundi|mardi|mercredi|jeudi|"
    r"vendredi|samedi|dimanche|hier|avant-hier)\b|\b(?:la semaine|le mois|l['’]année|"
    r"l['’]an|l['’]été|l['’]hiver|l['’]automne|le printemps) derni(?:er|ère)\b|"
    r"\bil y a (?:\d{1,3}|un|une|deux|trois|quatre|cinq|six|quelques) (?:jours?|semaines?|"
    r"mois|ans?|années?)\b|\b\d[\d,.]*\s?(?:\$|pour cent)|\b\d{1,2} ?h ?\d{2}\b", re.I)
_CITATION = re.compile(r"\b\d+\.\d+\.\d+(?:\s*\([A-Za-z0-9]{1,4}\))*")
# A section's gloss in brackets, "2.94.060 (use of confidential information)": the rule's
# title, not why the facts break it.
_GLOSS = re.compile(r"(?<=\d)\s*\([^()]{5,80}\)")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# What a sentence that only cites a rule is made of, in each language: function words;
# filing a complaint ("I want to file an ethics complaint against"); a rule and its breach
# ("violating", "in violation of section", "prohibited by the code"); the people and their
# titles (names are capitalised and set aside anyway). A sentence is read with English's
# and its complaint's language's, never another's: "car" is bare in French, not in
# "he took the city car".
_BARE_WORDS = {
    ENGLISH: frozenset((
        "a", "an", "the", "this", "that", "these", "those", "it", "its", "he", "she", "they",
        "him", "her", "his", "their", "them", "i", "me", "my", "we", "our", "you", "your", "is",
        "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does",
        "did", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "not",
        "also", "and", "or", "of", "to", "for", "in", "on", "at", "by", "with", "from", "under",
        "against", "about", "as", "per", "into", "than", "so", "which", "what", "who", "whom",
        "whose", "there", "here", "hereby", "herein", "want", "wish", "like", "please", "writing",
        "write", "wrote", "file", "filed", "filing", "submit", "submitted", "submitting", "lodge",
        "lodged", "lodging", "make", "making", "bring", "bringing", "report", "reporting", "raise",
        "request", "formal", "formally", "ethics", "ethical", "complaint", "complaints",
        "grievance", "allegation", "allegations", "allege", "alleged", "alleging", "concern",
        "concerns", "regarding", "concerning", "believe", "think", "feel", "violate", "violates",
        "violated", "violating", "violation", "violations", "breach", "breaches", "breached",
        "breaching", "break", "breaks", "broke", "broken", "contravene", "contravenes",
        "contravened", "infringe", "infringes", "infringed", "prohibit", "prohibits", "prohibited",
        "forbid", "forbids", "forbidden", "bar", "bars", "barred", "clear", "clearly", "obvious",
        "obviously", "direct", "directly", "serious", "seriously", "blatant", "blatantly",
        "flagrant", "flagrantly", "plain", "plainly", "case", "matter", "section", "sections",
        "sec", "subsection", "subsections", "rmc", "code", "codes", "chapter", "ordinance",
        "ordinances", "municipal", "city", "rule", "rules", "law", "laws", "policy", "policies",
        "provision", "provisions", "covers", "cover", "covered", "applies", "apply", "falls",
        "fall", "within", "because", "since", "therefore", "council", "member", "members",
        "councilmember", "councilman", "councilwoman", "commissioner", "director", "mayor",
        "official", "officials", "employee", "employees", "chief", "manager", "deputy", "staff",
        "such", "conduct", "behavior", "behaviour", "action", "actions", "act", "acts", "above",
        "described", "foregoing", "mentioned", "stated", "noted", "outlined",
    )),
    SPANISH: frozenset((
        "el", "la", "los", "las", "lo", "un", "una", "unos", "unas", "de", "del", "al", "que", "y",
        "o", "en", "por", "para", "con", "contra", "sin", "sobre", "su", "sus", "se", "me", "mi",
        "mis", "yo", "es", "son", "fue", "era", "ha", "han", "he", "este", "esta", "esto", "estos",
        "estas", "ese", "esa", "eso", "quiero", "deseo", "presento", "presentar", "presentamos",
        "interponer", "interpongo", "formular", "denuncia", "denuncias", "queja", "quejas",
        "reclamo", "ética", "ético", "contra", "favor", "creo", "considero", "pienso", "viola",
        "violan", "violó", "violar", "violado", "violando", "violación", "violaciones", "infringe",
        "infringió", "infringir", "infracción", "prohíbe", "prohibió", "prohibido", "prohibida",
        "incumple", "incumplió", "incumplir", "sección", "secciones", "artículo", "artículos",
        "código", "ordenanza", "municipal", "reglamento", "ley", "normas", "norma", "porque",
        "concejal", "concejala", "alcalde", "alcaldesa", "director", "directora", "funcionario",
        "funcionaria", "empleado", "empleada", "comisionado", "comisionada", "señor", "señora",
        "don", "doña", "tal", "tales", "dicha", "dicho", "dichas", "dichos", "conducta",
        "conductas", "actuación", "hechos", "descritos", "descrita", "descrito", "anteriores",
        "anterior", "mencionados", "arriba",
    )),
    # French (elided "l'", "d'", "qu'" are read without their article: `_bare_word`)
    FRENCH: frozenset((
        "l'", "d'", "qu'", "je", "nous", "vous", "il", "elle", "ils", "elles", "moi", "mon", "ma",
        "mes", "son", "sa", "ses", "leur", "leurs", "le", "les", "une", "des", "du", "au", "aux",
        "et", "ou", "pour", "avec", "dans", "sur", "sous", "par", "contre", "sans", "selon", "qui",
        "que", "quoi", "ce", "cet", "cette", "ces", "cela", "ceci", "est", "sont", "été", "était",
        "ont", "avoir", "être", "avait", "ai", "pas", "ne", "souhaite", "souhaiterais", "voudrais",
        "veux", "désire", "déposer", "dépose", "déposons", "porter", "porte", "présenter",
        "présente", "adresser", "adresse", "formuler", "formule", "signaler", "signale",
        "dénoncer", "dénonce", "plainte", "plaintes", "éthique", "déontologique", "formelle",
        "officielle", "officiellement", "signalement", "viole", "violé", "violée", "violent",
        "violer", "violant", "enfreint", "enfreindre", "infraction", "manquement", "manquements",
        "interdit", "interdite", "interdisent", "article", "articles", "règlement", "ordonnance",
        "loi", "règle", "règles", "déontologie", "municipale", "municipaux", "parce", "car",
        "conseiller", "conseillère", "conseillers", "conseil", "maire", "mairesse", "directeur",
        "directrice", "fonctionnaire", "employé", "employée", "commissaire", "chef", "cheffe",
        "adjoint", "adjointe", "monsieur", "madame", "membre", "ville", "merci", "crois", "pense",
        "estime", "considère", "tel", "telle", "tels", "telles", "ledit", "ladite", "conduite",
        "comportement", "agissements", "faits", "décrits", "décrite", "décrit", "dessus",
        "mentionnés", "susmentionnés", "clairement", "manifestement", "directement", "gravement",
    )),
}
_SOMEONE = re.compile(r"(?<=\S\s)(?:[A-Z][a-z]+|Mr\.|Ms\.|Mrs\.|Dr\.)|\b(?:council member|"
                      r"commissioner|director|chief|mayor|manager|official|employee|"
                      r"concejala?|comisionad[oa]|directora?|jef[ea]|alcaldesa|alcalde|"
                      r"funcionari[oa]|emplead[oa]|conseill(?:er|ère)|maire|directeur|"
                      r"directrice|commissaire|chef(?:fe)?|fonctionnaire|employée?)\b")


def facts_of(material: Material) -> str:
    labelled = material.labelled
    if labelled.is_form and Field.FACTS in labelled.present:
        return labelled.get(Field.FACTS)
    body = "\n\n".join(material.texts)
    return body.strip() if any(_is_fact(s) for s in sentences(without_salutations(body))) \
        else ""


def _is_fact(sentence: str) -> bool:
    """A sentence of specific fact: someone, and when, how much or how many (a cited
    section's number is no anchor)."""
    sentence = sentence[:MAX_SENTENCE]
    if len(sentence.split()) < 6:
        return False
    plain = _without_citations(sentence)
    return bool(_ANCHOR.search(plain) and _SOMEONE.search(plain))


def _read_in(language: str) -> tuple[str, ...]:
    """The languages whose link and bare words a complaint in `language` is read with:
    English's, the city's, and its own where it has them."""
    return (ENGLISH,) if language == ENGLISH or language not in _LINKS else (ENGLISH, language)


def reasons_of(material: Material, language: str = ENGLISH) -> str:
    """The sentences giving §1's reasons, read in `language` (the complaint's,
    `cases.languages.written_in`) and English."""
    labelled = material.labelled
    if labelled.is_form and Field.REASONS in labelled.present:
        given = labelled.get(Field.REASONS)
        # "Reasons: 2.94.060" is none
        return "" if is_bare_citation(given, language) else given
    judged: dict[str, bool] = {}  # a sentence said again (a quoted chain) is judged once
    found = []
    for text in material.texts:
        for sentence in sentences(text):
            if sentence not in judged:
                judged[sentence] = _is_reason(sentence, language)
            if judged[sentence]:
                found.append(sentence)
    return " ".join(found)


def _is_reason(sentence: str, language: str) -> bool:
    """A sentence saying why conduct breaks a rule, not one that merely has a cue word
    ("I am writing because ...", "See Section 2.94.030.") or only cites the rule ("a
    complaint against X for violating 2.94.060": which section, not why); its link words
    are English's and `language`'s."""
    sentence = sentence[:MAX_SENTENCE]
    linked = any(_LINKS[lang].search(sentence) for lang in _read_in(language))
    if not (_SAYS_WRONG.search(sentence) or (linked and (
            _RULE.search(sentence) or _without_citations(sentence) != sentence))):
        return False
    return not is_bare_citation(sentence, language)


def is_bare_citation(text: str, language: str = ENGLISH) -> bool:
    """Whether `text` says no more than that a rule was broken: once the citations (and
    a section's gloss in brackets), the words naming a rule or its breach, the filing
    of a complaint and the people (names, titles) are set aside, no word is left to say
    what was done or what the rule forbids (§1 asks for "the reasons why"); the words are
    English's and `language`'s."""
    plain = _GLOSS.sub(" ", text[:MAX_SENTENCE])
    plain = _CITATION.sub(" ", plain)
    bare = _BARE_READ.get(language, _BARE_WORDS[ENGLISH])
    return not any(len(w) > 2 and not w[0].isupper() and _bare_word(w) not in bare
                   for w in _WORD.findall(plain))


# each language's bare words with English's, as a complaint in it is read (`_read_in`)
_BARE_READ = {lang: frozenset().union(*(_BARE_WORDS[r] for r in _read_in(lang)))
              for lang in _BARE_WORDS}


# French elides an article or pronoun into the next word ("l'article", "d'éthique",
# "qu'il"): the word is judged without it
_ELIDED = re.compile(r"^(?:[cdjlmnst]|qu)['’]")


def _bare_word(word: str) -> str:
    return _ELIDED.sub("", word.lower())


def _without_citations(sentence: str) -> str:
    return _CITATION.sub(" ", sentence)


def respondents_of(material: Material, directory: Directory) -> tuple[str, ...]:
    """Officials in the directory whom the complaint names (a labelled field if any),
    in English, Spanish or French: "la concejala Ortiz" and "la conseillère Ortiz" name
    Councilmember Ortiz as "Council Member Ortiz" does (a title with the surname, or the
    full name; never a surname or a title alone, as in English)."""
    named = material.labelled.get(Field.RESPONDENT)
    text = named or "\n".join([*material.subjects,
                               *(without_salutations(t) for t in material.texts)])
    return tuple(p.name for p in directory.match_respondents(in_directory_titles(text)))


# The directory's titles are English; a complaint in Spanish or French writes them its own
# way, before the surname: "el concejal Hale", "la alcaldesa Lindqvist", "el director de
# parques Pruitt", "la subjefa de bomberos Bates", "la comisionada de planificación ...";
# "le conseiller municipal Hale", "la maire Lindqvist", "le directeur des parcs Pruitt",
# "la cheffe adjointe des pompiers Bates", "la commissaire à l'urbanisme Ostrowski".
_DEPARTMENTS = {"parques": "Parks", "bomberos": "Fire", "planificación": "Planning",
                "planificacion": "Planning", "urbanismo": "Planning", "policía": "Police",
                "policia": "Police", "obras públicas": "Public Works", "finanzas": "Finance",
                "obras publicas": "Public Works",
                "parcs": "Parks", "pompiers": "Fire", "service d'incendie": "Fire",
                "service d’incendie": "Fire", "planification": "Planning",
                "urbanisme": "Planning", "police": "Police", "travaux publics": "Public Works",
                "finances": "Finance"}
_DEPARTMENT = (r"(?:los |las |la |el |l['’]|les |le )?(?P<dept>" + "|".join(_DEPARTMENTS)
               + r")")
_OF = r"(?:de|des|du|à|au|aux)(?: |(?=l['’]))"  # "de parques", "des parcs", "à l'urbanisme"


def _dept(m: re.Match[str]) -> str:
    return _DEPARTMENTS[m["dept"].lower()]


_LOCAL_TITLES = (
    (re.compile(r"\bmiembros? del (?:concejo|consejo)(?: municipal)?\b|\bconcejal(?:a|es|as)?"
                r"\b|\bregidora?\b|\bedil\b|\bmembres? du conseil(?: municipal)?\b|"
                r"\bconseill(?:er|ère|ers|ères)(?: municipa(?:l|le|ux|les))?\b", re.I),
     lambda m: "Councilmember"),
    (re.compile(r"\balcaldesa\b|\balcalde\b|\bmairesse\b|\bmaire\b", re.I), lambda m: "Mayor"),
    (re.compile(r"\b(?:director(?:a)? (?:del departamento )?|directeur |directrice )"
                r"(?:du service )?" + _OF + _DEPARTMENT + r"\b", re.I),
     lambda m: f"{_dept(m)} Director"),
    (re.compile(r"\b(?:subjef[ea]|jef[ea] adjunt[oa]|chef(?:fe)? adjointe?|adjointe? au chef)"
                r" " + _OF + _DEPARTMENT + r"\b", re.I),
     lambda m: f"Deputy {_dept(m)} Chief"),
    (re.compile(r"\b(?:jef[ea]|chef(?:fe)?) " + _OF + _DEPARTMENT + r"\b", re.I),
     lambda m: f"{_dept(m)} Chief"),
    (re.compile(r"\b(?:comisionad[oa]|commissaire) " + _OF + _DEPARTMENT + r"\b", re.I),
     lambda m: f"{_dept(m)} Commissioner"),
)


def in_directory_titles(text: str) -> str:
    """`text` with the officials' titles a Spanish or French complaint writes put as the
    directory writes them ("la concejala Ortiz" -> "la Councilmember Ortiz", "le
    conseiller municipal Hale" -> "le Councilmember Hale"); the rest unchanged."""
    for pattern, english in _LOCAL_TITLES:
        text = pattern.sub(english, text)
    return text


def build_filing(material: Material, identity: Identity, *, directory: Directory,
                 received_at: datetime, forwarded_by: str | None,
                 section_pattern: str | None) -> Filing:
    # what the complainant wrote, not the forwarder's note around it
    language = written_in("\n".join(material.own_texts or material.texts))
    facts, reasons = facts_of(material), reasons_of(material, language)
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
        language=language,
        missing=missing_elements(has_facts=bool(facts.strip()), code_sections=sections,
                                 has_reasons=bool(reasons.strip()), signed=identity.signed,
                                 complainant=identity.complainant),
    )
