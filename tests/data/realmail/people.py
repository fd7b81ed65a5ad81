"""The invented people and complaint texts the real-mail corpus is written around.

Everything here is invented: phones are 555-01xx, domains `example.*` and `city.test`.
The officials complained against are the embedded example city's (`city.example.yml`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    phone: str  # as written in the letter
    e164: str
    address: tuple[str, ...]  # lines as written

    @property
    def one_line(self) -> str:
        return ", ".join(self.address)


RESIDENTS = (
    Person("Dana Whitfield", "dwhitfield@example.net", "(509) 555-0134", "+15095550134",
           ("1418 Larch Avenue", "Riverton, WA 99301")),
    Person("Carlos Mendoza", "cmendoza@example.com", "509-555-0141", "+15095550141",
           ("77 Orchard Lane", "Riverton, WA 99301")),
    Person("Ingrid Bauer", "ingrid.bauer@example.de", "(509) 555-0152", "+15095550152",
           ("2201 W Columbia Drive", "Apt 4", "Riverton, WA 99302")),
    Person("Amélie Rousseau", "amelie.r@example.fr", "509.555.0163", "+15095550163",
           ("9 Quarry Road", "Riverton, WA 99301")),
    Person("João Silva", "joao.silva@example.com.br", "(509) 555-0170", "+15095550170",
           ("340 S Ash Street", "Riverton, WA 99301")),
    Person("Priscilla Nakamura", "pnakamura@example.org", "(509) 555-0185", "+15095550185",
           ("1502 Hollis Court", "Riverton, WA 99303")),
    Person("Walter Greene", "wgreene@example.net", "509 555 0192", "+15095550192",
           ("P.O. Box 118", "Riverton, WA 99301")),
    Person("Lucía Fernández", "lucia.fernandez@example.es", "(509) 555-0127", "+15095550127",
           ("58 Ridgeview Terrace", "Riverton, WA 99304")),
)

# (respondent, sections as cited, normalised sections, facts paragraph, reasons paragraph)
COMPLAINTS = (
    ("Gary Pruitt", ("2.94.030",), ("2.94.030",),
     "On May 19, 2026, the Parks Department awarded the Hollis Field mowing contract "
     "($38,400) to Green Edge Landscaping LLC, which is owned by Curtis Bell, the husband "
     "of Gary Pruitt's sister. Mr. Pruitt chaired the panel that scored the bids and never "
     "disclosed the relationship.",
     "I believe this violates Section 2.94.030 because Mr. Pruitt took part in a contract "
     "decision in which a close relative has a financial interest."),
    ("Lorna Bates", ("2.94.040(B)",), ("2.94.040(B)",),
     "On April 3, 2026, Deputy Fire Chief Lorna Bates accepted two nights at the Summit "
     "Lodge, paid for by Ridgeline Fire Apparatus, three weeks before the department "
     "recommended Ridgeline's $410,000 engine bid to the council.",
     "Accepting a gift worth more than $50 from a company seeking city business is "
     "prohibited by RMC 2.94.040(B)."),
    ("Helen Ostrowski", ("2.94.050(A)(2)", "2.94.030"), ("2.94.050(A)(2)", "2.94.030"),
     "At the March 11, 2026 Planning Commission meeting, Commissioner Helen Ostrowski voted "
     "to approve the Quarry Road rezone. Her husband's firm, Ostrowski Survey Group, was "
     "paid $12,000 by the applicant for the site survey in January.",
     "She should have recused herself under 2.94.050(A)(2), and her vote was a conflict "
     "of interest under Sec. 2.94.030."),
    ("Ben Okafor", ("2.94.040(B)", "2.94.040(C)"), ("2.94.040(B)", "2.94.040(C)"),
     "On February 20, 2026, Council Member Ben Okafor used a city vehicle to drive to a "
     "fundraiser for his campaign in Spokane and was reimbursed $214 for fuel by the city.",
     "This is a use of city property for a private purpose, in violation of § 2.94.040(B) "
     "and (C)."),
    ("Maria Ortiz", ("2.94.060",), ("2.94.060",),
     "Since January 2026 Council Member Maria Ortiz has sent city contract bid documents "
     "from her city account to her brother-in-law's paving company two days before the "
     "bids were published, on January 14 and March 2.",
     "Sharing confidential bid information for a relative's private gain violates "
     "2.94.060."),
    ("Tom Hale", ("2.94.030",), ("2.94.030",),
     "On June 1, 2026, Council Member Tom Hale voted to lease the old depot to Hale & "
     "Sons Storage, the company he co-owns with his son, for $1 a year.",
     "Under Section 2.94.030 he was barred from voting on a lease to his own company."),
)
