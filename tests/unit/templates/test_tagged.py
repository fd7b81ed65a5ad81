"""Tagged PDFs (issue 27, item 6; templates/tagged.py): each PDF's structure tree read
back as an assistive technology reads it: the catalog's marks, the elements in reading
order with the text drawn in each one's marked content, artifacts, alt text."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from pdfminer.high_level import extract_text
from PIL import Image

from templates.pdf import FACE, html_to_pdf, prepare
from templates.tagged import TaggedPdf
from tests.fixtures.tagged_pdf import Tagged, read_tagged

CREATED = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
PAGE = """<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>
<h1>City of Riverton</h1>
<h2>Notice of special meeting of the Ethics Board</h2>
<p><b>When:</b> Tue Dec 8, 2026 6:00 PM<br><b>Where:</b> Łódź room</p>
<h3>Business to be transacted</h3>
<ul>
<li>Executive session</li>
<li>Final action in open session</li>
</ul>
<table border="1"><tr><th>Item</th><th>Exemption</th></tr>
<tr><td>Complaint</td><td>RCW 42.56.240(1)</td></tr>
<tr><th>Total</th><td>1</td></tr></table>
<p><small>Posted Mon Nov 30, 2026</small></p>
Text outside any block
</body></html>"""


def squash(text: str) -> str:
    return "".join(text.split())


def content(t: Tagged) -> list[tuple[str, str]]:
    """(role, text) of each element holding text, in the tree's reading order."""
    assert t.root is not None
    return [(n.role, n.text) for n in t.root.walk() if n.mcids]


def assert_whole(t: Tagged, pdf: bytes) -> None:
    """Nothing drawn untagged; every sequence drawn is one element's, and the elements in
    the tree's order are the sequences in the order they were drawn; the text a reader of
    the page sees is the tagged text and the artifacts, nothing more or less."""
    assert t.root is not None and t.untagged == ""
    mcids = [m for n in t.root.walk() for m in n.mcids]
    assert sorted(mcids) == sorted(t.drawn) and len(set(mcids)) == len(mcids)
    assert mcids == sorted(mcids)  # reading order is drawing order, page after page
    seen = squash(extract_text(__import__("io").BytesIO(pdf)))
    assert sorted(seen) == sorted(squash(t.root.all_text() + t.artifacts))


def test_html_is_tagged_headings_paragraphs_lists_and_tables_in_reading_order() -> None:
    pdf = html_to_pdf(PAGE, title="Notice of special meeting", created=CREATED)
    t = read_tagged(pdf)
    assert (t.marked, t.lang, t.title, t.display_doc_title) == (
        True, "en", "Notice of special meeting", True)
    assert content(t) == [
        ("H1", "City of Riverton"), ("H2", "Notice of special meeting of the Ethics Board"),
        ("P", "When: Tue Dec 8, 2026 6:00 PMWhere: Łódź room"),
        ("H3", "Business to be transacted"),
        ("LBody", "•Executive session"), ("LBody", "•Final action in open session"),
        ("TH", "Item"), ("TH", "Exemption"), ("TD", "Complaint"), ("TD", "RCW 42.56.240(1)"),
        ("TH", "Total"), ("TD", "1"),
        ("P", "Posted Mon Nov 30, 2026"), ("P", "Text outside any block ")]
    assert t.root is not None
    shape = t.root.shape()
    assert shape[1][4] == ("L", [("LI", [("LBody", [])]), ("LI", [("LBody", [])])])
    assert shape[1][5] == ("Table", [("TR", [("TH", []), ("TH", [])]),
                                     ("TR", [("TD", []), ("TD", [])]),
                                     ("TR", [("TH", []), ("TD", [])])])
    scopes = [n.attributes.get("Scope") for n in t.elements("TH")]
    assert scopes == ["/Column", "/Column", "/Row"]
    assert_whole(t, pdf)


def test_the_same_html_is_the_same_bytes() -> None:
    assert html_to_pdf(PAGE, title="t", created=CREATED) == \
        html_to_pdf(PAGE, title="t", created=CREATED)


def a_pdf(title: str = "A long record") -> TaggedPdf:
    class Footed(TaggedPdf):
        def running_footer(self) -> None:
            self.set_y(-12)
            self.set_font(FACE, size=8)
            self.cell(0, 6, f"footer page {self.page_no()}", align="C")

    pdf = Footed(format="Letter")
    prepare(pdf, title=title, created=CREATED)
    pdf.add_page()
    pdf.set_font(FACE, size=10)
    return pdf


def test_a_paragraph_runs_over_a_page_and_a_table_repeats_its_headings_as_an_artifact(
        ) -> None:
    pdf = a_pdf()
    with pdf.element("H1"):
        pdf.multi_cell(0, 6, "The record", new_x="LMARGIN", new_y="NEXT")
    long = " ".join(f"word{i}" for i in range(1800))
    with pdf.element("P"):
        pdf.multi_cell(0, 5, long, new_x="LMARGIN", new_y="NEXT")
    with pdf.table(col_widths=(30, 150)) as table:
        table.row(["No.", "Entry"])
        for i in range(60):
            table.row([str(i + 1), f"entry {i + 1}"])
    out = bytes(pdf.output())
    t = read_tagged(out)
    (para,) = t.elements("P")
    assert len({page for page, _ in para.mcids}) >= 2  # one element, two pages' sequences
    assert squash(para.text) == squash(long)
    assert [n.text for n in t.elements("TH")] == ["No.", "Entry"]  # once, not per page
    assert len(t.elements("TR")) == 61 and len(t.elements("TD")) == 120
    pages = len(set(page for page, _ in t.drawn))
    assert pages >= 3 and t.artifacts.count("footer page") == pages
    starts = t.elements("TH")[0].mcids[0][0]  # the page the table starts on
    assert t.artifacts.count("No.Entry") == pages - 1 - starts  # repeated on each after
    assert_whole(t, out)


def test_a_layout_table_is_paragraphs_and_an_empty_element_is_left_out() -> None:
    pdf = a_pdf()
    with pdf.element("P"):
        pass
    with pdf.table(col_widths=(90, 90), first_row_as_headings=False, layout=True) as table:
        table.row(["left", "right"])
    t = read_tagged(bytes(pdf.output()))
    assert t.root is not None
    assert t.root.shape() == ("Document", [("P", []), ("P", [])])
    assert content(t) == [("P", "left"), ("P", "right")]


def png(folder: Path) -> Path:
    path = folder / "seal.png"
    Image.new("RGB", (8, 8), (200, 30, 30)).save(path)
    return path


def test_an_image_is_a_figure_with_its_alt_text_or_an_artifact_and_never_without(
        tmp_path: Path) -> None:
    seal = png(tmp_path)
    pdf = a_pdf()
    pdf.image(str(seal), w=10, alt_text="The city's seal")
    pdf.image(str(seal), w=10, alt_text="")  # says nothing: decoration
    with pytest.raises(ValueError, match="an image needs alt text"):
        pdf.image(str(seal), w=10)
    t = read_tagged(bytes(pdf.output()))
    (figure,) = t.elements("Figure")
    assert figure.alt == "The city's seal" and t.images == 1
    html = f'<p>Seal:</p><img src="{seal}" alt="The city\'s seal"><p>end</p>'
    t = read_tagged(html_to_pdf(html, title="t", created=CREATED))
    assert [n.role for n in t.elements("Figure")] == ["Figure"]
    assert t.elements("Figure")[0].alt == "The city's seal" and t.images == 1
    with pytest.raises(ValueError, match="an image needs alt text"):
        html_to_pdf(f'<img src="{seal}">', title="t", created=CREATED)
    in_a_cell = (f'<table border="1"><tr><th>Seal</th><th>Name</th></tr><tr><td>'
                 f'<img src="{seal}" alt="The city\'s seal"></td><td>Riverton</td></tr></table>')
    t = read_tagged(html_to_pdf(in_a_cell, title="t", created=CREATED))
    cell = t.elements("TD")[0]
    assert [(k.role, k.alt) for k in cell.kids] == [("Figure", "The city's seal")]
    assert t.images == 1 and t.elements("TD")[1].text == "Riverton"


def test_an_unknown_role_is_refused() -> None:
    pdf = a_pdf()
    with pytest.raises(ValueError, match="not a structure role"), pdf.element("Paragraph"):
        pass
