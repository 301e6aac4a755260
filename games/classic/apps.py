from django.apps import AppConfig


class ClassicConfig(AppConfig):
    name = "games.classic"
    label = "classic"
    verbose_name = "Classic Mahjong"

    def ready(self) -> None:
        from games.tables import registry

        from .kind import CLASSIC

        registry.register(CLASSIC)
