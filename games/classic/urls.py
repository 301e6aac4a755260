from django.urls import path

from . import views

app_name = "classic"
urlpatterns = [
    path("", views.start, name="start"),
    path("new", views.new_table, name="new"),
    path("rules", views.rules, name="rules"),
    path("rules/steps", views.steps, name="steps"),
    path("<uuid:public_id>", views.table_page, name="table"),
    path("<uuid:public_id>/act", views.act, name="act"),
    path("<uuid:public_id>/replay", views.replay, name="replay"),
]
