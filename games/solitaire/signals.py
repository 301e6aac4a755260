"""What Solitaire tells the rest of the site, so that nothing here imports it.

``game_won`` (keyword ``game``) is sent inside the transaction that stores a won game,
and again when a guest's won game becomes an account's. The boards take wins in
through it (leaderboards/apps.py); a receiver must never fail the sender.
"""

from django.dispatch import Signal

game_won = Signal()
