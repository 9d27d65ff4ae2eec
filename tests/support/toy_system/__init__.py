"""A throwaway system that exists only to prove the plug-in contract.

It lives in the test folder and registers itself at test time: a sheet with
one stat, a turn clock, and one action that rolls.  Nothing in ``ttcli/``
knows it.
"""
