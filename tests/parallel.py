"""Requests sent at the same moment, for the tests of races (one daily game, one
check-in a day, one tap at a time)."""

from __future__ import annotations

import threading

from django.db import connection


def in_parallel(requests) -> list:
    """Run each callable in its own thread, all released at the same moment."""
    barrier = threading.Barrier(len(requests))
    results: list = [None] * len(requests)

    def run(index, request):
        try:
            barrier.wait()
            results[index] = request()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
