from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "games.tables"
    label = "tables"
    verbose_name = "Table games"

    def ready(self) -> None:
        from .lobby import announce_finished
        from .rating import rate_finished
        from .records import record_finished
        from .signals import table_finished

        table_finished.connect(record_finished, dispatch_uid="tables.record_finished")
        table_finished.connect(rate_finished, dispatch_uid="tables.rate_finished")
        table_finished.connect(announce_finished, dispatch_uid="tables.lobby_finished")
