"""Request bodies are refused on their size before anything reads them
(docs/site.md#size-limits).

gunicorn caps the request line and headers (`--limit-request-*`, README) but not the
body, and Django's own caps (`DATA_UPLOAD_MAX_MEMORY_SIZE`) leave file uploads out. So
the first middleware answers 413 to a body larger than the largest form of the site
takes, going by its Content-Length alone. A body without one (chunked) is never read
by Django at all.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils import translation


class RequestBodyLimit:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads no body it cannot measure
        if length > settings.MAX_REQUEST_BYTES:
            # A static page: nothing of the request is looked at but its languages.
            with translation.override(translation.get_language_from_request(request)):
                return HttpResponse(loader.render_to_string("413.html"), status=413)
        return self.get_response(request)
