"""A second throwaway system: a round clock, to prove the contract carries one.

Everyone declares in secret (``declare``), may change or ``withdraw`` the
declaration, and ``fight next`` resolves the round: every strike lands at
once.  It lives in the test folder and registers itself at test time;
nothing in ``ttcli/`` knows it.
"""
