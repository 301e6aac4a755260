from django.apps import AppConfig


class SanmaConfig(AppConfig):
    name = "games.sanma"
    label = "sanma"
    verbose_name = "Sanma"

    def ready(self) -> None:
        from games.tables import registry

        from .kind import SANMA

        registry.register(SANMA)
