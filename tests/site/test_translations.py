"""Every language stays whole (docs/site.md#keeping-every-language-whole): the strings of
the code and templates are extracted with makemessages into a copy of the project, and
each catalogue must already hold every one of them, translated and not fuzzy, and be
compiled; templates show no text outside the translation tags, and Python hands no bare
string to what players see; every problem the Solitaire engine raises has its
translatable sentence."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games.solitaire.problems import SENTENCES

ROOT = Path(__file__).resolve().parents[2]
# English is the source language, and its catalogue is whole too: every msgstr spelt out
# (msgen fills in the new ones), so that it is checked like the others.
CATALOGUES = ("en", "de", "fi", "da")
# Page-long texts are written per language (docs/site.md#catalogues-and-page-long-texts);
# the admin's own templates are for staff and follow Django's admin.
PER_LANGUAGE = re.compile(
    r"templates/(solitaire/rules_\w+|sanma/rules/\w+|classic/rules/[a-z]+)\.html$"
)
NOT_SHOWN = re.compile(r"templates/(admin/|robots\.txt)")
# Words a template may show untranslated: the stamp stays German on every page.
KEPT = {"Ohne", "Hilfe"}


def statistics(po: Path) -> str:
    """msgfmt's count of translated, fuzzy and untranslated entries; it also checks
    that each translation keeps its msgid's placeholders."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip()


def po_of(root: Path, language: str) -> Path:
    return root / "locale" / language / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("language", CATALOGUES)
def test_each_catalogue_is_translated_and_nothing_is_fuzzy(language):
    counts = statistics(po_of(ROOT, language))
    assert "fuzzy" not in counts and "untranslated" not in counts, counts


@pytest.mark.parametrize("language", CATALOGUES)
def test_each_catalogue_is_compiled(language, tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "-o", str(compiled), str(po_of(ROOT, language))], check=True)
    committed = po_of(ROOT, language).with_suffix(".mo")
    assert committed.read_bytes() == compiled.read_bytes(), "run manage.py compilemessages"


def test_the_english_catalogue_spells_out_every_plural():
    """English is the source language, but its plural entries are written out, so the
    catalogue says both forms where a later translation starts from it."""
    text = po_of(ROOT, "en").read_text()
    for entry in text.split("\n\n"):
        if "msgid_plural" in entry:
            assert not re.search(r'msgstr\[\d\] ""\n(?!")', entry + "\n"), entry


def test_the_english_catalogue_says_every_string_as_written(tmp_path):
    """English is the source language: each msgstr is its msgid (the German of a few
    lobby strings once slipped into it). The catalogue emptied and filled anew by
    msgen must be the catalogue."""
    english = po_of(ROOT, "en")
    emptied, filled = tmp_path / "emptied.po", tmp_path / "filled.po"
    subprocess.run(
        ["msgfilter", "--keep-header", "-i", str(english), "-o", str(emptied), "sed", "-e", "d"],
        check=True,
    )
    subprocess.run(["msgen", str(emptied), "-o", str(filled)], check=True)
    assert filled.read_text() == english.read_text()


def test_every_string_of_the_code_is_in_every_catalogue(tmp_path):
    """makemessages on a copy of the project: had any template or Python string marked
    for translation no entry yet, it would come in untranslated."""
    copy = tmp_path / "site"
    ignore = shutil.ignore_patterns(
        ".venv",
        ".git",
        "tests",
        "bench",
        "static",
        "staticfiles",
        "screenshots",
        "__pycache__",
        "*.sqlite3",
        "node_modules",
    )
    shutil.copytree(ROOT, copy, ignore=ignore)
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "--no-obsolete",
            "--ignore=.venv",
            *[f"-l{language}" for language in CATALOGUES],
        ],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    for language in CATALOGUES:
        counts = statistics(po_of(copy, language))
        assert "fuzzy" not in counts and "untranslated" not in counts, (language, counts)


def shown_text(template: Path) -> list[str]:
    """Words a template shows outside translation tags, variables and markup."""
    text = template.read_text()
    text = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", " ", text, flags=re.S)
    text = re.sub(r"{#.*?#}", " ", text, flags=re.S)
    text = re.sub(r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}", " ", text, flags=re.S)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    words = []
    for _name, value in re.findall(r'\b(aria-label|title|alt|placeholder)="([^"]*)"', text):
        words += re.findall(r"[^\W\d_]{2,}", re.sub(r"{%.*?%}|{{.*?}}", " ", value))
    text = re.sub(r"{%.*?%}|{{.*?}}", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>|&\w+;", " ", text, flags=re.S)
    words += re.findall(r"[^\W\d_]{2,}", text)
    return [word for word in words if word not in KEPT]


def test_templates_show_no_text_outside_the_translation_tags():
    templates = [
        path
        for path in sorted((ROOT / "templates").rglob("*"))
        if path.is_file()
        and not PER_LANGUAGE.search(path.as_posix())
        and not NOT_SHOWN.search(path.as_posix())
    ]
    assert len(templates) > 50
    found = {str(path.relative_to(ROOT)): shown_text(path) for path in templates}
    assert {path: words for path, words in found.items() if words} == {}


def test_the_check_finds_text_left_outside_the_tags(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('{% load i18n %}<p title="Close it">{% translate "Undo" %} Redo</p>')
    assert shown_text(page) == ["Close", "it", "Redo"]


def test_every_page_long_text_has_all_four_languages():
    patterns = (
        "solitaire/rules_{language}.html",
        "sanma/rules/{language}.html",
        "classic/rules/{language}.html",
    )
    for pattern in patterns:
        for language in CATALOGUES:
            assert (ROOT / "templates" / pattern.format(language=language)).is_file()


def test_every_problem_the_engine_raises_has_its_sentence():
    sources = [*(ROOT / "games" / "solitaire" / "engine").glob("*.py")]
    sources.append(ROOT / "games" / "solitaire" / "play.py")
    kinds = set()
    for source in sources:
        kinds |= set(re.findall(r'Problem\(\s*"(\w+)"', source.read_text()))
    assert len(kinds) > 20
    assert kinds - set(SENTENCES) == set()


# Calls and keywords whose text reaches a player: it must come through gettext.
SHOWN_CALLS = {
    "problem",
    "ValidationError",
    "BadExport",
    "CannotDeal",
    "RoomError",
    "Refused",
    "InvalidDay",
    "HttpResponseBadRequest",
}
MESSAGES = {"debug", "info", "success", "warning", "error"}
SHOWN_KEYWORDS = {
    "label",
    "help_text",
    "verbose_name",
    "verbose_name_plural",
    "message",
    "violation_error_message",
    "empty_label",
}


def untranslated_python_strings(source: str, where: str) -> list[str]:
    """String literals handed to what players see (a problem page, a form error, a
    message, a field's label) without gettext around them."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        shown = []
        if name in SHOWN_CALLS:
            shown += node.args
        elif (
            name == "add_error"
            or name in MESSAGES
            and getattr(getattr(func, "value", None), "id", "") == "messages"
        ):
            shown += node.args[1:]
        shown += [keyword.value for keyword in node.keywords if keyword.arg in SHOWN_KEYWORDS]
        for value in shown:
            literal = isinstance(value, ast.Constant) and isinstance(value.value, str)
            if (literal and re.search(r"[^\W\d_]{2,}", value.value)) or isinstance(
                value, ast.JoinedStr
            ):
                found.append(f"{where}:{node.lineno}")
    return found


def test_python_hands_players_no_untranslated_string():
    sources = [
        path
        for folder in ("games", "accounts", "leaderboards", "config")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not {"engine", "bots", "migrations", "management"} & set(path.parts)
    ]
    found = []
    for path in sources:
        found += untranslated_python_strings(path.read_text(), str(path.relative_to(ROOT)))
    assert found == []


def test_the_python_check_finds_a_bare_string():
    source = 'messages.info(request, "Saved")\nproblem(request, _("Fine"))\nproblem(r, f"{x}")'
    assert untranslated_python_strings(source, "x.py") == ["x.py:1", "x.py:3"]
