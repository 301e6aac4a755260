"""An account's chosen language follows it to every device (docs/site.md#languages)."""

from django.utils import translation

from games import languages


class AccountLanguage:
    """After LocaleMiddleware (browser, cookie) and authentication: a logged-in player
    who chose a language gets it, whatever this browser says."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        chosen = getattr(user, "language", "") if user and user.is_authenticated else ""
        if chosen in languages.codes() and chosen != request.LANGUAGE_CODE:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        return self.get_response(request)
