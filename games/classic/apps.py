from django.apps import AppConfig


class ClassicConfig(AppConfig):
    name = "games.classic"
    label = "classic"
    verbose_name = "Classic Mahjong"

    def ready(self) -> None:
        from games.tables import registry
        from games.tables.signals import table_finished

        from . import records, table_rules

        registry.register(table_rules.CLASSIC)
        table_finished.connect(records.record_finished, dispatch_uid="classic.record_finished")
