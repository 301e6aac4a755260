from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import HttpRequest

from .models import CoinEntry, OwnedStyle, User


class _ReadOnly:
    """Coins are seen, never changed, in the admin (docs/site.md#coins-in-the-admin):
    only the check-in and a purchase write the ledger."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class CoinEntryInline(_ReadOnly, admin.TabularInline):
    model = CoinEntry
    fields = ("at", "reason", "amount", "day", "streak", "style")
    readonly_fields = fields
    ordering = ("-at", "-pk")
    extra = 0


class OwnedStyleInline(_ReadOnly, admin.TabularInline):
    model = OwnedStyle
    fields = ("style", "paid_by")
    readonly_fields = fields
    extra = 0


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "coins", "is_staff", "date_joined")
    search_fields = ("username", "display_name", "email")
    readonly_fields = ("coins", "cloth", "tile_back", "tile_faces")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Player", {"fields": ("display_name", "pending_email")}),
        ("Coins and styles", {"fields": ("coins", "cloth", "tile_back", "tile_faces")}),
    )
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Player", {"fields": ("display_name",)}))
    inlines = (OwnedStyleInline, CoinEntryInline)

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        return (
            super()
            .get_queryset(request)
            .annotate(balance=Coalesce(Sum("coin_entries__amount"), 0))
        )

    @admin.display(description="coins", ordering="balance")
    def coins(self, user: User) -> int:
        return user.balance

    def get_inlines(self, request: HttpRequest, obj=None):
        return self.inlines if obj is not None else ()


@admin.register(CoinEntry)
class CoinEntryAdmin(_ReadOnly, admin.ModelAdmin):
    """The ledger of every player, newest first: read-only."""

    list_display = ("at", "user", "reason", "amount", "day", "streak", "style")
    list_filter = ("reason", "at")
    search_fields = ("user__username", "user__display_name", "style")
    list_select_related = ("user",)
    date_hierarchy = "at"
    fields = list_display
    readonly_fields = list_display
