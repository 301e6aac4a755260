from django.urls import path

from . import room_views, views

app_name = "sanma"
urlpatterns = [
    path("", views.start, name="start"),
    path("new", views.new_table, name="new"),
    path("rules", views.rules, name="rules"),
    path("rules/steps", views.steps, name="steps"),
    path("rooms/new", room_views.new_room, name="new_room"),
    path("rooms/find", room_views.find_room, name="find_room"),
    path("room/<str:code>", room_views.room, name="room"),
    path("room/<str:code>/join", room_views.join, name="room_join"),
    path("room/<str:code>/leave", room_views.leave, name="room_leave"),
    path("room/<str:code>/swap", room_views.swap, name="room_swap"),
    path("room/<str:code>/start", room_views.start, name="room_start"),
    path("<uuid:public_id>", views.table_page, name="table"),
    path("<uuid:public_id>/act", views.act, name="act"),
    path("<uuid:public_id>/view", views.live_view, name="view"),
    path("<uuid:public_id>/away", views.away, name="away"),
    path("<uuid:public_id>/replay", views.replay, name="replay"),
    path("<uuid:public_id>/export", views.export, name="export"),
]
