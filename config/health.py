"""GET /health: is each service this site needs reachable (docs/site.md#health-and-ping)?"""

import logging

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .celery import app as celery_app

log = logging.getLogger(__name__)


def _database() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone() == (1,)


def _cache() -> bool:
    cache.set("health-probe", "ok", 10)
    return cache.get("health-probe") == "ok"


def _broker() -> bool:
    if celery_app.conf.task_always_eager:
        return True  # tasks run in-process: there is no broker to reach
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=1)
    return True


def _check(probe) -> str:
    try:
        return "ok" if probe() else "failing"
    except Exception:
        log.exception("health check %s failed", probe.__name__)
        return "down"


@require_GET
@never_cache
def ping(request: HttpRequest) -> HttpResponse:
    """Liveness for a load balancer: the process answers, whatever the services do."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
@never_cache
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": _check(_database), "cache": _check(_cache), "broker": _check(_broker)}
    healthy = all(state == "ok" for state in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "degraded", **checks}, status=200 if healthy else 503
    )
