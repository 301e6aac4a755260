from django.apps import AppConfig


class SanmaConfig(AppConfig):
    name = "games.sanma"
    label = "sanma"
    verbose_name = "Sanma"

    def ready(self) -> None:
        from games.tables import registry
        from games.tables.signals import table_finished

        from . import records, table_rules

        registry.register(table_rules.SANMA)
        table_finished.connect(records.record_finished, dispatch_uid="sanma.record_finished")
