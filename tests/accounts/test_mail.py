"""Mail goes out from a real Celery worker on Redis, never inside the request
(docs/site.md#e-mail-addresses): once, the reset mail was sent inside the request, so
with a slow mail server a known address answered 100 times slower than an unknown one."""

from __future__ import annotations

import threading
import time

import pytest
from celery.signals import task_postrun
from django.conf import settings
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import connections

from accounts.models import User
from tests.factories import SIGN_UP

# The mail server lets nothing through until the test opens it.
MAIL_SERVER_OPEN = threading.Event()


class StuckMailServer(EmailBackend):
    def send_messages(self, messages):
        assert MAIL_SERVER_OPEN.wait(timeout=30), "the mail server was never opened"
        return super().send_messages(messages)


@pytest.fixture(scope="session")
def celery_config() -> dict:
    if not settings.REDIS_URL:
        pytest.skip("the Celery tests need Redis: set REDIS_URL (make test does)")
    return {
        "broker_url": settings.REDIS_URL,
        "result_backend": settings.REDIS_URL,
        "task_always_eager": False,
        "broker_connection_retry_on_startup": False,
        "worker_hijack_root_logger": False,
    }


@pytest.fixture(scope="session")
def celery_includes() -> list[str]:
    return ["accounts.tasks"]


@pytest.fixture(scope="session")
def celery_worker_parameters() -> dict:
    return {"ping_task_timeout": 10.0, "shutdown_timeout": 10.0}


@pytest.fixture
def stuck_mail_server(settings):
    settings.MAILERS = {"default": {"BACKEND": f"{__name__}.StuckMailServer"}}
    MAIL_SERVER_OPEN.clear()
    yield MAIL_SERVER_OPEN
    MAIL_SERVER_OPEN.set()


@pytest.fixture
def worker_closes_connections():
    def close(**kwargs) -> None:
        connections.close_all()

    task_postrun.connect(close, weak=False)
    yield
    task_postrun.disconnect(close)


def _delivered(count: int) -> list:
    deadline = time.monotonic() + 30
    while len(mail.outbox) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return mail.outbox


@pytest.mark.django_db(transaction=True)
def test_reset_and_sign_up_answer_while_the_mail_server_is_stuck(
    client, alice, celery_app, celery_worker, worker_closes_connections, stuck_mail_server
):
    """One test for both: the embedded worker is started once per test app."""
    assert not celery_app.conf.task_always_eager
    for address in ("alice@example.com", "nobody@example.com"):
        response = client.post("/accounts/password_reset/", {"email": address})
        # Answered with the mail server stuck: the request only queued the address.
        assert response.status_code == 302 and mail.outbox == []
    response = client.post("/accounts/signup", SIGN_UP)
    assert response.status_code == 302 and mail.outbox == []
    assert User.objects.get(username="carol").pending_email == "carol@example.com"

    stuck_mail_server.set()
    sent = {message.to[0]: message for message in _delivered(2)}
    assert set(sent) == {"alice@example.com", "carol@example.com"}
    assert "/accounts/reset/" in sent["alice@example.com"].body
    assert "/accounts/confirm/" in sent["carol@example.com"].body
    time.sleep(0.5)  # the unknown address's task has run by now too: it sent nothing
    assert len(mail.outbox) == 2
