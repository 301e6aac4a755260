from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"

    def ready(self) -> None:
        from games.solitaire.signals import game_won
        from games.tables.signals import table_finished, tables_claimed

        from .solitaire import record_win
        from .tables import refresh_boards

        game_won.connect(record_win, dispatch_uid="leaderboards.record_win")
        table_finished.connect(refresh_boards, dispatch_uid="leaderboards.table_finished")
        tables_claimed.connect(refresh_boards, dispatch_uid="leaderboards.tables_claimed")
