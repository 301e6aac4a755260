"""Error pages. With the database briefly down, a request fails cleanly with a 503 that
asks to retry, and the next request after it recovers reconnects by itself."""

import logging
import sys

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

log = logging.getLogger(__name__)


def server_error(request: HttpRequest) -> HttpResponse:
    error = sys.exc_info()[1]
    if isinstance(error, OperationalError | InterfaceError) or (
        isinstance(error, DatabaseError) and "connection" in str(error).lower()
    ):
        log.warning("database unavailable: %s", error)
        # A static template: rendering must not need the database that just failed.
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
        response["Retry-After"] = "5"
        return response
    return HttpResponse(loader.render_to_string("500.html"), status=500)
