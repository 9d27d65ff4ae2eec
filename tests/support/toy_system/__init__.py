"""A throwaway system that exists only to prove the plug-in contract.

It lives in the test folder and registers itself at test time; nothing in
``ttcli/`` knows it.  It overrides every hook of the contract
(``rules.core.systemdata.SystemData`` and ``rules.core.contract.SystemRules``)
with a toy-sized rule of its own, so a test can see each hook reached through
the command line:

- ``sheet.py``    one stat (max HP), the pockets it gives, HP now;
- ``marbles.py``  the inventory: marbles in a toy's pockets;
- ``data.py``     the data readers (``DECODERS``): the toy's ``data`` tables, an older
                  file's ``mood``, the statuses a master sets, the notes in a status;
- ``words.py``    what the toy's events say;
- ``rules.py``    the fight: ``poke``, a loud start, dizzy and sulky toys, dents,
                  the sticky effect, newcomers who cut in;
- ``odds.py`` the exact odds of a poke (``ttcli odds attack``).
"""
