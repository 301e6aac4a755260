"""The project describes itself in docs/: every reference to it names a section that
exists, and the docs stand on their own (no pointers to files outside the repository)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = re.compile(r"docs/([\w-]+\.md)#([\w-]+)")
# Requirement codes of the team's own specification, which is not in the repository.
OUTSIDE_CODE = re.compile(r"\b(?:[RLDPYABMOTGJC]\d{1,2}|S[1-4])\b(?![^`]*`)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    headings = re.findall(r"^#{1,6} +(.+)$", doc.read_text(), flags=re.M)
    return {slug(heading) for heading in headings}


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if not name.endswith((".png", ".mo", ".layout"))]


def test_every_reference_to_the_docs_names_a_section_that_exists():
    known = {doc.name: anchors(doc) for doc in (ROOT / "docs").glob("*.md")}
    references = []
    for path in tracked_files():
        for name, anchor in REFERENCE.findall(path.read_text(errors="replace")):
            references.append((path.relative_to(ROOT), name, anchor))
    assert len(references) > 50  # the code does point here
    broken = [ref for ref in references if ref[2] not in known.get(ref[1], set())]
    assert broken == []


def test_no_heading_of_a_doc_shares_its_anchor_with_another():
    for doc in (ROOT / "docs").glob("*.md"):
        headings = re.findall(r"^#{1,6} +(.+)$", doc.read_text(), flags=re.M)
        slugs = [slug(heading) for heading in headings]
        assert len(slugs) == len(set(slugs)), doc.name


@pytest.mark.parametrize("pattern", ["SPEC", "DESIGN.md", "seeds/", "shared folder"])
def test_nothing_points_outside_the_repository(pattern):
    hits = [
        str(path.relative_to(ROOT))
        for path in tracked_files()
        if path.suffix in {".py", ".md", ".html", ".js", ".css", ".svg", ".toml"}
        and pattern in path.read_text(errors="replace")
        and path.name != "test_docs.py"
    ]
    assert hits == []


def test_comments_name_docs_sections_not_requirement_codes():
    """A code like "P13" means nothing to a reader of this repository (tile codes in
    quotes or backticks, like "S1", are tiles)."""
    hits = []
    for path in tracked_files():
        if (
            path.suffix not in {".py", ".html", ".js", ".css", ".md"}
            or path.name == "test_docs.py"
        ):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            unquoted = re.sub(r"``.*?``|([\"'`]).*?\1", "", line)
            if OUTSIDE_CODE.search(unquoted):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert hits == []


def test_every_file_the_docs_and_readmes_name_exists():
    """A doc that names `games/solitaire/play.py` sends a reader there: it must be there."""
    named = re.compile(r"`([\w./-]+/[\w./-]*\.(?:py|html|js|css|svg|md|toml|txt|json))[`:]")
    texts = [*(ROOT / "docs").glob("*.md"), ROOT / "README.md", ROOT / "bench" / "README.md"]
    missing = [
        f"{doc.relative_to(ROOT)}: {name}"
        for doc in texts
        for name in named.findall(doc.read_text())
        if not (ROOT / name).exists()
    ]
    assert missing == []
