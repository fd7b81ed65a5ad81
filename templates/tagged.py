"""Tagged PDF (ISO 32000-1 §14.8) for the project's PDFs: a structure tree that says what
each piece of the page is (headings, paragraphs, lists, tables with their header cells,
figures with their alt text) in reading order, every drawn thing either in it or marked
an artifact (the running footer, rules, repeated table headings), so that a screen
reader, a reflowing viewer or a text extractor reads the document as written: what WCAG
2.1 AA asks of a city's public documents (issue 27, item 6; docs/records.md).

fpdf2 tags only images (and their alt text) and knows no reading order; this module does
the rest in one place, under fpdf2's own output:

- `TaggedPdf.element(role)` opens a structure element as the child of the one open (the
  document's at the top). Content drawn while a content element (`CONTENT`: P, H1–H6,
  TH, TD, LBody, Figure, Caption) is the innermost open is wrapped, as it is written, in a
  marked-content sequence `/P <</MCID n>> BDC … EMC` that the element references (MCIDs
  number each page's sequences from 0; the page's parent tree maps them back). A page
  break inside an element ends its sequence on that page and starts one on the next.
  Content drawn with no content element open (a table's rules between its cells, an
  `<hr>`) is `/Artifact`.
- the running header and footer are artifacts (`running_header`, `running_footer`);
- `table()` tags rows and cells (TR, TH with its scope, TD); a heading row repeated on a
  new page is an artifact; `table(layout=True)` (a table used only to place text side by
  side) tags each cell as a paragraph, with no table;
- `write_html` tags what fpdf2's HTML draws: h1–h6, p, ul/ol/li, table, img (its `alt`);
  text outside any of them becomes a paragraph;
- `image()` needs alt text (`alt_text`, or "" for an image that says nothing: an
  artifact).

Deterministic: the tree is built in drawing order, so the same input gives the same bytes.
It reads fpdf2's content stream writer (`_out`) and the moment it measures without drawing
(`_disable_writing`, when `_out` is replaced); the tests read the tree back
(tests/unit/templates/test_tagged.py) so a change of fpdf2 that broke it is seen.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from fpdf import FPDF
from fpdf.html import HTML2FPDF
from fpdf.output import PDFPage
from fpdf.structure_tree import StructElem, StructureTreeBuilder
from fpdf.syntax import PDFObject
from fpdf.table import Table

HEADINGS = ("H1", "H2", "H3", "H4", "H5", "H6")
# roles whose element holds the content drawn while it is the innermost open
CONTENT = frozenset({"P", *HEADINGS, "TH", "TD", "LBody", "Figure", "Caption"})
# roles that only group others
GROUPS = frozenset({"Table", "TR", "L", "LI", "Sect", "Div"})
_ARTIFACT = object()  # the owner of content drawn as an artifact


class Mcr:
    """A marked-content reference: sequence `mcid` of page `page` belongs to the element
    whose kids list this (the page named, so an element may run over several pages)."""

    def __init__(self, page: PDFPage, mcid: int) -> None:
        self.page, self.mcid = page, mcid

    def serialize(self, _security_handler: Any = None, _obj_id: Any = None) -> str:
        return f"<</Type /MCR /Pg {self.page.ref} /MCID {self.mcid}>>"


class Elem(StructElem):
    """A structure element; `a`: its attributes (a table header cell's scope)."""

    __slots__ = ("_role", "a")  # fpdf2 writes each public attribute: /A, not the role

    def __init__(self, role: str, parent: PDFObject, page: int, *, alt: str | None = None,
                 attributes: str | None = None) -> None:
        super().__init__(struct_type=f"/{role}", parent=parent, kids=[], page_number=page,
                         alt=alt)
        self._role, self.a = role, attributes


class Tree(StructureTreeBuilder):
    """fpdf2's structure tree builder, holding a tree of any depth. fpdf2 writes the
    StructTreeRoot, /MarkInfo and every object this iterates."""

    def add_marked_content(self, *_: Any, **__: Any) -> tuple[StructElem, int]:
        # a guard, not a gap: fpdf2 would tag text a second time, beside TaggedPdf's tree
        raise RuntimeError("fpdf2's own marked content (link alt text, section title "
                           "styles) is not used in a TaggedPdf")

    def next_mcid_for_page(self, page_number: int) -> int:
        raise RuntimeError("MCIDs are numbered by TaggedPdf")  # one numbering, not two

    def __iter__(self) -> Iterator[PDFObject]:
        yield self.struct_tree_root
        yield self.doc_struct_elem
        yield self.struct_tree_root.parent_tree
        yield from _descendants(self.doc_struct_elem)


def _descendants(elem: StructElem) -> Iterator[StructElem]:
    for kid in elem.k:
        if isinstance(kid, StructElem):
            yield kid
            yield from _descendants(kid)


class TaggedPdf(FPDF):
    """An FPDF whose output is a tagged PDF (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.struct_builder = Tree()
        self.HTML2FPDF_CLASS = TaggedHtml
        self.alt_texts: dict[str, str] = {}  # an image's alt text by its name (HTML's src)
        self._stack: list[Elem] = []
        self._open: object | None = None  # whose marked-content sequence is open
        self._artifacts = 0  # depth of artifact() blocks
        self._suspended = 0  # inside add_page: its set-up is no one's content
        self._raw = 0
        self._mcids: dict[int, list[PDFObject]] = {}  # page -> its sequences' elements

    # structure

    @contextmanager
    def element(self, role: str, *, alt: str | None = None,
                attributes: str | None = None) -> Iterator[None]:
        """A structure element `role` (`CONTENT` or `GROUPS`) for what is drawn in the
        block, the child of the element open. An element nothing was drawn in is left out.
        Inside an artifact, or while fpdf2 only measures, no element is made."""
        if role not in CONTENT and role not in GROUPS:
            raise ValueError(f"not a structure role this module writes: {role!r}")
        if self._artifacts or not self._writing():
            yield
            return
        parent = self._stack[-1] if self._stack else self.struct_builder.doc_struct_elem
        elem = Elem(role, parent, self.page, alt=alt, attributes=attributes)
        elem.pg = self.pages[self.page]  # type: ignore[assignment]  # fpdf2's own use
        parent.k.append(elem)
        self._stack.append(elem)
        try:
            yield
        finally:
            if self._open is elem:
                self._close()
            self._stack.pop()
            if not elem.k:
                parent.k.remove(elem)

    @contextmanager
    def artifact(self) -> Iterator[None]:
        """What is drawn in the block is an artifact: no part of the document's text."""
        self._artifacts += 1
        try:
            yield
        finally:
            self._artifacts -= 1
            if self._open is _ARTIFACT and self._writing():
                self._close()

    def in_content(self) -> bool:
        """Whether content drawn now belongs to an element (not an artifact)."""
        return bool(self._stack) and self._stack[-1]._role in CONTENT

    def in_group(self) -> bool:
        """Whether the innermost open element only groups others (a list, a table)."""
        return bool(self._stack) and self._stack[-1]._role in GROUPS

    def running_header(self) -> None:
        """What each page starts with (an artifact); nothing by default."""

    def running_footer(self) -> None:
        """What each page ends with (an artifact); nothing by default."""

    def header(self) -> None:
        with self.artifact():
            self.running_header()

    def footer(self) -> None:
        with self.artifact():
            self.running_footer()

    # fpdf2's drawing, tagged

    def _writing(self) -> bool:
        # fpdf2 measures by replacing `_out` on the instance (`_disable_writing`)
        return isinstance(self._out, types.MethodType)

    def _out(self, s: str | bytes) -> None:
        if not self._raw and (self._artifacts or not self._suspended):
            owner = self._stack[-1] if self.in_content() and not self._artifacts \
                else _ARTIFACT
            if owner is not self._open:
                self._close()
                self._begin(owner)
        super()._out(s)

    def _emit(self, s: str) -> None:
        self._raw += 1
        try:
            self._out(s)
        finally:
            self._raw -= 1

    def _begin(self, owner: object) -> None:
        if isinstance(owner, Elem):
            sequences = self._mcids.get(self.page)
            if sequences is None:
                sequences = self._mcids[self.page] = []
                spid = len(self._mcids) - 1
                self.pages[self.page].struct_parents = spid
                self.struct_builder.struct_tree_root.parent_tree.nums[spid] = sequences
            mcid = len(sequences)
            sequences.append(owner)
            owner.k.append(Mcr(self.pages[self.page], mcid))
            self._emit(f"/{owner._role} <</MCID {mcid}>> BDC")
        else:
            self._emit("/Artifact BMC")
        self._open = owner

    def _close(self) -> None:
        if self._open is not None:
            self._emit("EMC")
            self._open = None

    def add_page(self, *args: Any, **kwargs: Any) -> None:
        if not self._writing():
            super().add_page(*args, **kwargs)
            return
        self._close()  # a sequence never crosses a page: the element's next one follows
        self._suspended += 1
        try:
            super().add_page(*args, **kwargs)
        finally:
            self._suspended -= 1

    @contextmanager
    def table(self, *args: Any, layout: bool = False, **kwargs: Any) -> Iterator[Table]:
        """fpdf2's table, its rows and cells tagged; `layout`: a table only used to set
        text side by side, each cell tagged a paragraph."""
        table = TaggedTable(self, *args, **kwargs)
        table.layout = layout
        yield table
        with nullcontext() if layout else self.element("Table"):
            table.render()

    def image(self, name: Any, *args: Any, alt_text: str | None = None,
              **kwargs: Any) -> Any:
        """fpdf2's image, a Figure with its alt text (`alt_text`, else `alt_texts` by its
        name); "" for an image that says nothing (an artifact). No alt text: refused."""
        if not self._writing() or self._artifacts:
            return super().image(name, *args, **kwargs)
        alt = alt_text if alt_text is not None else self.alt_texts.get(str(name))
        if alt is None:
            raise ValueError(f"an image needs alt text, or alt_text='' if it says "
                             f"nothing: {str(name)[:80]!r}")
        with self.element("Figure", alt=alt) if alt else self.artifact():
            return super().image(name, *args, **kwargs)


class TaggedTable(Table):
    """fpdf2's table with its rows TR and cells TH (with their scope) or TD. Made by
    `TaggedPdf.table`, or by `TaggedHtml` from the table fpdf2's HTML made."""

    layout = False
    header_cells: frozenset[tuple[int, int]] = frozenset()  # (row, cell): <th> in a body row
    _drawn: set[int] | None = None

    def _render_table_row(self, i: int, row_layout_info: Any,
                          cell_x_positions: Any, **kwargs: Any) -> None:
        pdf = self._fpdf
        assert isinstance(pdf, TaggedPdf)
        if self._drawn is None:
            self._drawn = set()
        if i in self._drawn:  # a heading row again, on top of a new page
            with pdf.artifact():
                super()._render_table_row(i, row_layout_info, cell_x_positions, **kwargs)
            return
        self._drawn.add(i)
        with nullcontext() if self.layout else pdf.element("TR"):
            super()._render_table_row(i, row_layout_info, cell_x_positions, **kwargs)

    def _render_table_cell(self, i: int, j: int, cell: Any, row_height: float,
                           cell_height_info: Any = None, cell_x_positions: Any = None,
                           **kwargs: Any) -> Any:
        pdf = self._fpdf
        assert isinstance(pdf, TaggedPdf)
        if cell_height_info is None:  # measuring only
            return super()._render_table_cell(i, j, cell, row_height, cell_height_info,
                                              cell_x_positions, **kwargs)
        heading = i < self._num_heading_rows
        if self.layout:
            role, scope = "P", None
        elif heading or (i, j) in self.header_cells:
            role, scope = "TH", "Column" if heading else "Row"
        else:
            role, scope = "TD", None
        with pdf.element(role, attributes=f"<</O /Table /Scope /{scope}>>" if scope else None):
            return super()._render_table_cell(i, j, cell, row_height, cell_height_info,
                                              cell_x_positions, **kwargs)


_BLOCK_ROLES = {**{f"h{n}": f"H{n}" for n in range(1, 7)}, "p": "P", "ul": "L",
                "ol": "L", "li": "LI", "table": "Table"}
_CLOSES_P = frozenset({*_BLOCK_ROLES, "img", "hr", "div", "blockquote", "pre", "dl"})


class TaggedHtml(HTML2FPDF):
    """fpdf2's HTML renderer, its blocks tagged as they are drawn. fpdf2 draws a block's
    text when the next block begins (`_end_paragraph`), so each block's element is opened
    after what came before is drawn and closed after its own text is."""

    pdf: TaggedPdf

    def __init__(self, pdf: FPDF, *args: Any, **kwargs: Any) -> None:
        self._blocks: list[tuple[str, list[Any]]] = []  # open tag, its element blocks
        self._header_cells: set[tuple[int, int]] = set()
        super().__init__(pdf, *args, **kwargs)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _CLOSES_P and self._blocks and self._blocks[-1][0] == "p":
            self._end_paragraph()
            self._close_to("p")  # a block ends an open <p>, as in HTML
        if tag == "li" and self._blocks and self._blocks[-1][0] == "li":
            self._end_paragraph()
            self._close_to("li")
        if tag in _BLOCK_ROLES or tag == "img":
            self._end_paragraph()  # what came before, drawn under what it belongs to
        if tag in _BLOCK_ROLES:
            opened = [self.pdf.element(_BLOCK_ROLES[tag])]
            if tag == "li":
                opened.append(self.pdf.element("LBody"))
            for block in opened:
                block.__enter__()
            self._blocks.append((tag, opened))
        if tag == "img":
            alt = dict(attrs).get("alt")
            if alt is not None:
                src = dict(attrs).get("src") or ""
                self.pdf.alt_texts[src] = self.pdf.alt_texts[self.image_map(src)] = alt
        super().handle_starttag(tag, attrs)
        if tag == "table" and self.table is not None:
            self.table.__class__ = TaggedTable  # the same table, its drawing tagged
            self._header_cells = set()

    def handle_endtag(self, tag: str) -> None:
        row = self.table_row
        if tag == "table" and isinstance(self.table, TaggedTable):
            self.table.header_cells = frozenset(self._header_cells)  # before it is drawn
        super().handle_endtag(tag)
        if tag == "th" and row is not None and self.table is not None:
            self._header_cells.add((len(self.table.rows) - 1, len(row.cells) - 1))
        if tag in _BLOCK_ROLES and any(t == tag for t, _ in self._blocks):
            self._end_paragraph()
            self._close_to(tag)

    def _end_paragraph(self) -> None:
        if self._paragraph is None or self.pdf.in_content():
            super()._end_paragraph()
        elif self.pdf.in_group():  # between a list's items, a table's rows: spacing
            with self.pdf.artifact():
                super()._end_paragraph()
        else:
            with self.pdf.element("P"):  # text outside any block is a paragraph
                super()._end_paragraph()

    def _close_to(self, tag: str) -> None:
        while self._blocks:
            open_tag, opened = self._blocks.pop()
            for block in reversed(opened):
                block.__exit__(None, None, None)
            if open_tag == tag:
                return

    def feed(self, data: str) -> None:
        super().feed(data)
        self._end_paragraph()
        self._close_to("")
