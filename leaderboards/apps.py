from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"

    def ready(self) -> None:
        from games.solitaire.signals import game_won

        from .services import record_win

        game_won.connect(record_win, dispatch_uid="leaderboards.record_win")
