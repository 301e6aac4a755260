from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new", views.new_game, name="new_game"),
    path("layouts", views.layout_picker, name="layouts"),
    path("layouts/<str:letter>.svg", views.layout_picture, name="layout_picture"),
    path("play", views.play_code, name="play_typed"),
    path("play/<str:code>", views.play_code, name="play"),
    path("preferences", views.preferences, name="preferences"),
    path("daily", views.daily_today, name="daily_today"),
    path("daily/<str:day>", views.daily_page, name="daily"),
    path("game/<uuid:public_id>", views.game_page, name="game"),
    path("game/<uuid:public_id>/export", views.export_game, name="export"),
    path("game/<uuid:public_id>/replay", views.game_replay, name="game_replay"),
    path("replay", views.replay_game, name="replay"),
    path("how-to-play", views.rules, name="rules"),
    path("game/<uuid:public_id>/nudge", views.nudge, name="nudge"),
    # One view for every action on a game: /game/<id>/tap, /undo, /shuffle, /hint, ...
    *(
        path(f"game/<uuid:public_id>/{action}", views.game_action, {"action": action}, name=action)
        for action in views.ACTIONS
    ),
]
