"""rules/core: the mechanism every system shares.

The interface enters the core's own modules through this door (tests/test_layers.py):
the limit of the whole numbers a session file holds.
"""

from rules.core.plain import INT_LIMIT, beyond_64_bits, fits

__all__ = ["INT_LIMIT", "beyond_64_bits", "fits"]
