"""Admins curate layouts, look at the daily puzzles and at the wins flagged as too fast
for a human, which they may rank all the same."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import curation, engine
from .admin_forms import LayoutForm, LayoutImportForm
from .clock import clock_text
from .layout_files import grid_from_positions
from .models import VERIFIED_WIN, DailyPuzzle, FlaggedWin, Game, Layout
from .pace import explain
from .signals import game_won


@admin.register(Layout)
class LayoutAdmin(admin.ModelAdmin):
    form = LayoutForm
    list_display = [
        "letter",
        "name",
        "name_de",
        "tile_count",
        "active",
        "wide",
        "builtin",
        "updated_at",
        "updated_by",
    ]
    list_display_links = ["letter", "name"]
    list_filter = ["active", "wide", "builtin"]
    search_fields = ["letter", "name", "name_de", "name_fi", "name_da"]
    readonly_fields = ["letter", "tile_set", "builtin", "wide", "updated_at", "updated_by"]
    fieldsets = [
        (None, {"fields": ["letter", "name", "name_de", "name_fi", "name_da", "active"]}),
        (_("Positions"), {"fields": ["grid", "tile_set"]}),
        (_("Changes"), {"fields": ["builtin", "wide", "updated_at", "updated_by"]}),
    ]
    actions = ["activate", "deactivate"]

    @admin.display(description=_("tiles"))
    def tile_count(self, layout: Layout) -> int:
        return len(layout.positions)

    @admin.display(description=_("Positions"))
    def grid(self, layout: Layout) -> str:
        """The grid as text for those who may only look (the form has it otherwise)."""
        return format_html("<pre>{}</pre>", grid_from_positions(layout.positions))

    @admin.display(description=_("tile set"))
    def tile_set(self, layout: Layout) -> str:
        if not layout.positions:
            return "–"
        return engine.describe_tile_set(len(layout.positions))

    def get_actions(
        self, request: HttpRequest, action_location=admin.ActionLocation.CHANGE_LIST
    ) -> dict:
        # One by one only: the change page refuses to delete a built-in layout, and
        # Django refuses one that games were dealt on.
        actions = super().get_actions(request, action_location=action_location)
        actions.pop("delete_selected", None)
        return actions

    def has_delete_permission(self, request: HttpRequest, obj: Layout | None = None) -> bool:
        if obj is not None and obj.builtin:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(
        self, request: HttpRequest, obj: Layout, form: LayoutForm, change: bool
    ) -> None:
        obj.updated_by = request.user
        if change:
            obj.save()
        else:
            curation.save_new_layout(obj)
        assert form.report is not None
        for warning in form.report.warnings:
            message = _("Saved, with a warning: %(warning)s.") % {"warning": warning}
            messages.warning(request, message)
        if change and form.shape_changed and obj.games.exists():
            messages.info(
                request,
                _(
                    "Games already dealt on this layout keep their positions; new deals, "
                    "also of old codes, use the new shape."
                ),
            )

    def render_change_form(
        self, request, context, add=False, change=False, form_url="", obj=None
    ) -> HttpResponse:
        # The submitted positions when the form came back with problems, else the stored.
        form = context["adminform"].form
        positions = form.positions
        if positions is None:
            positions = obj.positions if obj is not None else []
        context["picture"] = curation.layout_picture(positions, getattr(obj, "letter", ""))
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.action(description=_("Activate: offer for new games"), permissions=["change"])
    def activate(self, request: HttpRequest, queryset: QuerySet[Layout]) -> None:
        self._set_active(request, queryset, True)

    @admin.action(description=_("Deactivate: hide for new games"), permissions=["change"])
    def deactivate(self, request: HttpRequest, queryset: QuerySet[Layout]) -> None:
        self._set_active(request, queryset, False)

    def _set_active(self, request: HttpRequest, queryset: QuerySet[Layout], active: bool) -> None:
        count = queryset.update(active=active, updated_by=request.user, updated_at=timezone.now())
        message = (
            ngettext("%(count)d layout activated.", "%(count)d layouts activated.", count)
            if active
            else ngettext("%(count)d layout deactivated.", "%(count)d layouts deactivated.", count)
        )
        self.message_user(request, message % {"count": count}, messages.SUCCESS)

    def get_urls(self):
        import_url = path(
            "import/",
            self.admin_site.admin_view(self.import_view),
            name=f"{self.opts.app_label}_{self.opts.model_name}_import",
        )
        return [import_url, *super().get_urls()]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a KMahjongg file; staff with the right to add layouts only."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        if request.method == "POST":
            form = LayoutImportForm(request.POST, request.FILES)
        else:
            form = LayoutImportForm()
        if form.is_valid():
            layout = form.save(user=request.user)
            self.log_addition(request, layout, [{"added": {}}])
            self._report_import(request, layout, form)
            return redirect("admin:solitaire_layout_change", layout.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Import a KMahjongg layout"),
            "form": form,
            "media": self.media + form.media,
        }
        return TemplateResponse(request, "admin/solitaire/layout/import.html", context)

    def _report_import(self, request: HttpRequest, layout: Layout, form: LayoutImportForm) -> None:
        assert form.report is not None
        messages.success(
            request,
            _(
                "Imported “%(name)s” as layout %(letter)s with %(count)d tiles, inactive: "
                "try it with “manage.py deal 1-%(letter)s”, then switch it on."
            )
            % {"name": layout.name, "letter": layout.letter, "count": len(layout.positions)},
        )
        for warning in form.report.warnings:
            messages.warning(request, _("Warning: %(warning)s.") % {"warning": warning})


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    """Read-only: the daily puzzles are written by the precompute task alone."""

    list_display = [
        "date",
        "code",
        "status",
        "free_at_start",
        "greedy_wins",
        "solver_seconds",
        "solver_nodes",
        "computed_at",
    ]
    list_filter = ["status"]
    date_hierarchy = "date"
    search_fields = ["code"]
    ordering = ["-date"]

    @admin.display(description=_("greedy playouts won"), ordering="greedy_win_share")
    def greedy_wins(self, puzzle: DailyPuzzle) -> str:
        return f"{puzzle.greedy_win_share:.0%}"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DailyPuzzle | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: DailyPuzzle | None = None) -> bool:
        return False


@admin.register(FlaggedWin)
class FlaggedWinAdmin(admin.ModelAdmin):
    """Verified wins the pace rule kept off the boards (docs/site.md#flagged-wins):
    read-only, with one action, "Rank", which puts a win on the boards after all."""

    list_display = [
        "code",
        "player",
        "layout",
        "time",
        "implausible",
        "finished_at",
        "cleared_at",
        "cleared_by",
    ]
    list_filter = ["implausible", ("cleared_at", admin.EmptyFieldListFilter), "layout"]
    search_fields = ["code", "user__username", "user__display_name"]
    list_select_related = ["user", "layout", "cleared_by"]
    fields = [
        "code",
        "player",
        "layout",
        "time",
        "moves",
        "hints",
        "undos",
        "shuffles",
        "daily_date",
        "finished_at",
        "implausible",
        "why",
        "cleared_at",
        "cleared_by",
    ]
    readonly_fields = fields
    actions = ["rank"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[FlaggedWin]:
        return super().get_queryset(request).filter(VERIFIED_WIN).exclude(implausible="")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    @admin.display(description=_("player"))
    def player(self, game: Game) -> str:
        return game.user.public_name if game.user else _("guest")

    @admin.display(description=_("time"), ordering="elapsed_seconds")
    def time(self, game: Game) -> str:
        return clock_text(game.elapsed_seconds)

    @admin.display(description=_("why"))
    def why(self, game: Game) -> str:
        return explain(game) or _("Ranked by an admin.")

    @admin.action(description=_("Rank: put these wins on the boards"), permissions=["change"])
    def rank(self, request: HttpRequest, queryset: QuerySet[FlaggedWin]) -> None:
        count = 0
        for game in queryset.filter(cleared_at__isnull=True):
            with transaction.atomic():
                game.cleared_at, game.cleared_by = timezone.now(), request.user
                game.save(update_fields=["cleared_at", "cleared_by"])
                game_won.send(Game, game=game)  # the boards take it in now
            count += 1
        message = ngettext("%(count)d win ranked.", "%(count)d wins ranked.", count)
        self.message_user(request, message % {"count": count}, messages.SUCCESS)
