"""The accounts' mail tasks run in-process here, as under `make run`; the test of the
worker itself (test_mail.py) runs a real Celery worker on Redis instead."""

import pytest

from config.celery import app


@pytest.fixture(autouse=True)
def _mail_tasks_run_in_process():
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before
