from django.apps import AppConfig


class SolitaireConfig(AppConfig):
    name = "games.solitaire"
    label = "solitaire"
    verbose_name = "Mahjong Solitaire"
