from django.core.management.base import BaseCommand

from leaderboards.solitaire import rebuild_bests


class Command(BaseCommand):
    help = "Recompute every player's best times from the verified wins, and refresh the boards."

    def handle(self, *args, **options) -> None:
        count = rebuild_bests()
        self.stdout.write(f"{count} personal bests stored")
