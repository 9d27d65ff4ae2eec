"""A third throwaway system: the turn clock's groups, delays and answers out of turn.

Initiative is a stat: equal values share one place and act in the order
they choose.  ``hit`` is played in one's turn, ``wait`` delays the turn to
the end of the round, ``counter`` is declared out of turn.  It lives in the
test folder and registers itself at test time; nothing in ``ttcli/`` knows it.
"""
