"""The site's languages and the one way to pick a page-long text in the page's language
(docs/site.md#languages)."""

from django.conf import settings
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import get_language

FALLBACK = "en"


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def current() -> str:
    """The active language's code, one of the site's; English when none is active."""
    language = (get_language() or FALLBACK).split("-")[0]
    return language if language in codes() else FALLBACK


def template_for(pattern: str) -> str:
    """The name of the page-long text in the page's language: ``pattern`` with
    ``{language}`` filled in, English where that language has no version yet, e.g.
    ``template_for("sanma/rules/{language}.html")``."""
    names = [pattern.format(language=current()), pattern.format(language=FALLBACK)]
    try:
        return select_template(names).template.name
    except TemplateDoesNotExist:
        raise TemplateDoesNotExist(pattern) from None
