"""``{% win_standing game %}``: where a win stands on the boards, for the win summary.

A template tag, so that Solitaire's pages show the boards' figures without Solitaire's
code importing the boards.
"""

from django import template

from games.solitaire.models import Game
from leaderboards.solitaire import summary_for

register = template.Library()


@register.inclusion_tag("leaderboards/_standing.html")
def win_standing(game: Game) -> dict:
    return {"game": game, "standing": summary_for(game)}
