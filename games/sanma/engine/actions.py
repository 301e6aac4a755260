"""Sanma's decisions: the table games' shared ``Action`` (docs/tables.md#the-event-log),
with these moves:

=============  ==================================================================
``d:X``        discard tile X (the drawn tile when it has code X)
``riichi:X``   declare riichi and discard X
``tsumo``      win on the drawn tile
``kan:K``      closed kan or added kan of kind K (a kind code, never ``r``)
``nuki``       set a North aside (and draw a replacement)
``abort``      abort the hand with nine different terminals and honours
``ron``        win on the tile on offer (a discard, an added kan, a set-aside North)
``pon``        pon the discard
``kan``        open kan on the discard
``pass``       decline every call on the tile on offer
``next``       continue after a hand's result
=============  ==================================================================
"""

from games.tables.engine.actions import Action, IllegalAction

__all__ = ["Action", "IllegalAction"]
