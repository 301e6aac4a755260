"""What the table machinery tells the rest of the site, so that nothing here imports it.

``table_finished`` (keywords ``table`` and ``state``, the engine's final state) is sent
inside the transaction that stores a finished table, and ``tables_claimed`` (keyword
``tables``) when a guest's tables become an account's. A receiver must never fail the
sender.
"""

from django.dispatch import Signal

table_finished = Signal()
tables_claimed = Signal()
