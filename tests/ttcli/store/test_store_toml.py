"""Session documents as TOML: strict reading, writing, field paths.

The store does not parse back what it writes; these tests prove, for any
document (hypothesis), that the text reads back as the very same document,
stricter than ``==`` (see ``first_difference``).

Test names cite the DESIGN.md decisions they prove (design 4: state in TOML,
written in a stable order; design 5: bad input gets a clear error).
"""

from __future__ import annotations

import datetime as dt
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttcli.store import FORMAT, FormatTooNew, SessionFile, StoreError, format_field, read_bytes
from ttcli.store.toml import dump_document, locate_field, parse_document


def load_document(path, read_only=False):
    return parse_document(read_bytes(path), path, read_only=read_only)


def _kind(value: object) -> str:
    for kind, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str"), (dt.datetime, "datetime"),
                       (dt.date, "date"), (dt.time, "time"), (dict, "table"), ((list, tuple), "array")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def first_difference(a, b, at=()):
    """Path of the first place where two documents differ, None if identical.

    Stricter than ``==``: 1, 1.0 and True differ, so do 0.0 and -0.0, and
    datetimes with different offsets; a tuple equals the list it reads back as.
    """
    kind = _kind(a)
    if kind != _kind(b):
        return at
    if kind == "table":
        if a.keys() != b.keys():
            return at + (next(iter(set(a) ^ set(b))),)
        return next((d for k in a if (d := first_difference(a[k], b[k], at + (k,))) is not None), None)
    if kind == "array":
        found = next((d for i, (x, y) in enumerate(zip(a, b, strict=False))
                      if (d := first_difference(x, y, at + (i,))) is not None), None)
        return found if found is not None or len(a) == len(b) else at + (min(len(a), len(b)),)
    if kind == "float":
        return None if repr(a) == repr(b) else at
    if kind in ("datetime", "time"):
        same_offset = (a.utcoffset() if a.tzinfo else "naive") == (b.utcoffset() if b.tzinfo else "naive")
        return None if a == b and same_offset else at
    return None if a == b else at


CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
KEY_CHARS = CYRILLIC + "abcXYZ019_- .\"'\\\t#=[]{}"

keys = st.text(alphabet=KEY_CHARS, max_size=8)
texts = (st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
         | st.text(alphabet=CYRILLIC + " \n", max_size=20))
offsets = st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59).map(
    lambda m: dt.timezone(dt.timedelta(minutes=m)))
scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
    st.dates(),
    st.datetimes(),
    st.datetimes(timezones=offsets),
    st.times(),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
documents = st.dictionaries(keys.filter(lambda k: k != "format"), values, max_size=6).map(
    lambda d: {"format": FORMAT, **d})


@settings(max_examples=300, deadline=None)
@given(documents, st.text(alphabet=CYRILLIC + "abc !", max_size=30))
def test_design_4_round_trip_is_exact_for_nested_cyrillic_documents(doc, header):
    text = dump_document(doc, header)
    back = parse_document(text.encode("utf-8"), "fight.toml")
    assert first_difference(doc, back) is None
    # stable: writing what was read gives the very same text
    assert dump_document(back, header) == text


@settings(max_examples=100, deadline=None)
@given(documents)
def test_design_4_plain_keys_keep_dict_order_and_precede_tables(doc):
    text = dump_document(doc, "")
    back = tomllib.loads(text)
    plain = [k for k, v in doc.items() if not isinstance(v, dict)
             and not (isinstance(v, list) and v and all(isinstance(x, dict) for x in v))]
    assert [k for k in back if k in plain] == plain


def test_design_4_cyrillic_is_written_as_is_not_escaped():
    doc = {"format": 1, "combatants": {"Викинг": {"hp": 12, "заметка": "Ёжик в тумане"}}}
    text = dump_document(doc, "Сессия: Подземелье")
    assert "# Сессия: Подземелье\n" in text
    assert '[combatants."Викинг"]' in text
    assert '"заметка" = "Ёжик в тумане"' in text
    assert tomllib.loads(text) == doc


def test_design_4_header_becomes_comment_lines_then_a_blank_line():
    text = dump_document({"format": 1, "a": 1}, "line one\n\nline three\n")
    assert text == "# line one\n#\n# line three\n\nformat = 1\na = 1\n"


@pytest.mark.parametrize("number", [str(2**63), str(-(2**63) - 1), "9" * 5000], ids=["2^63", "-2^63-1", "5000 digits"])
def test_design_5_an_integer_beyond_64_bits_is_refused_on_reading_with_its_place(tmp_path, number):
    path = tmp_path / "s.toml"
    path.write_text(f'format = 1\n\n[combatants."Викинг"]\nside = "party"\nhp = {number}\n', encoding="utf-8")
    with pytest.raises(StoreError, match=r"64 bits|far too long") as caught:
        load_document(path)
    if len(number) < 30:  # Python's own limit on digits stops the longest before the walk
        assert (caught.value.field, caught.value.line) == ('combatants."Викинг".hp', 5)


@pytest.mark.parametrize("value", [2**63 - 1, -(2**63), 0.0, -0.0, 1e308, True, (1, 2)])
def test_design_4_boundary_values_are_stored(value):
    doc = {"format": 1, "v": value}
    back = tomllib.loads(dump_document(doc, ""))
    assert first_difference(doc, back) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [(1, 1.0), (1, True), (0.0, -0.0), ("1", 1), ([1], [1, 2]), ({"a": 1}, {"a": 1, "b": 2}),
     (dt.datetime(2024, 1, 1, 12), dt.datetime(2024, 1, 1, 12, tzinfo=dt.UTC))],
)
def test_design_4_verification_is_stricter_than_equality(a, b):
    assert first_difference({"v": a}, {"v": b}) is not None


# ---------------------------------------------------------------- reading broken files

BROKEN_FILES = [
    # (bytes, problem, line, col)
    (b"format = 1\nround = \n", "TOML syntax: Invalid value", 2, 9),
    (b"format = 1\n[combatants]\nhp = 1\n[combatants]\n", "TOML syntax: Cannot declare", 4, 12),
    (b"\xef\xbb\xbfformat = 1\n", "byte order mark", 1, 1),
    (b"format = 1\nname = \"Caf\xe9\"\n", "byte 0xE9 at offset 22 is not UTF-8", 2, 12),
    ("format = 1\nимя = 1\n".encode("cp1251"), "is not UTF-8", 2, 1),
    ("format = 1\nname = \"Вик\"\nnote = \"".encode() + b"\xff\"\n", "byte 0xFF", 3, 9),
    (b"", "empty session file", 1, None),
    (b"  \n\n", "empty session file", 1, None),
    (b"format = 1\nhp = [1, 2\n", "TOML syntax: Unclosed array", 2, 11),
    (b"format = 1\nformat = 1\n", "TOML syntax: Cannot overwrite a value", 2, 11),
    (b"round = 1\nformat = \"one\"\n", "`format` must be an integer, not 'one'", 2, 1),
    (b"round = 1\n\nformat = -3\n", "unknown format -3", 3, 1),
]


@pytest.mark.parametrize(("data", "problem", "line", "col"), BROKEN_FILES)
def test_design_5_broken_file_is_reported_with_line_and_column(tmp_path, data, problem, line, col):
    path = tmp_path / "fight.toml"
    path.write_bytes(data)
    with pytest.raises(StoreError) as caught:
        load_document(path)
    error = caught.value
    assert problem in error.problem
    assert (error.line, error.col) == (line, col)
    assert error.path == str(path)
    assert str(error).startswith(f"{path}:{line}")
    assert error.hint
    assert path.read_bytes() == data


@pytest.mark.parametrize(
    ("text", "key"),
    [("format = 1\nВикинг = 3\n", "Викинг"), ("format = 1\n[combatants.Викинг]\nhp = 1\n", "Викинг"),
     ("format = 1\nstats.ловкость = 4\n", "ловкость")],
)
def test_design_5_unquoted_cyrillic_key_gets_a_quoting_hint(tmp_path, text, key):
    path = tmp_path / "fight.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(StoreError) as caught:
        load_document(path)
    assert caught.value.line == 2
    assert caught.value.hint == f'keys with letters other than A-Z need quotes: write "{key}" instead of {key}'


def test_design_5_missing_format_names_the_field(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text("round = 1\n")
    with pytest.raises(StoreError) as caught:
        load_document(path)
    assert caught.value.field == "format"
    assert str(caught.value) == f"{path}: format: missing `format` key (hint: add `format = 1` as the first line)"


def test_design_5_newer_format_loads_only_read_only(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text("# from the future\nformat = 7\nround = 2\n")
    with pytest.raises(FormatTooNew) as caught:
        load_document(path)
    assert (caught.value.found, caught.value.supported, caught.value.line) == (7, FORMAT, 2)
    assert load_document(path, read_only=True) == {"format": 7, "round": 2}
    with pytest.raises(FormatTooNew), SessionFile(path).transaction() as doc:  # so it is never written
        doc["round"] = 3
    assert path.read_text() == "# from the future\nformat = 7\nround = 2\n"


def test_design_5_missing_file_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="no such session file"):
        SessionFile(tmp_path / "nope.toml").read()


# ---------------------------------------------------------------- StoreError text


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({"line": 3, "col": 7, "hint": "fix it"}, "s.toml:3:7: bad (hint: fix it)"),
        ({"line": 3}, "s.toml:3: bad"),
        ({"field": 'combatants."Викинг".hp', "hint": "a number"},
         's.toml: combatants."Викинг".hp: bad (hint: a number)'),
        ({"line": 4, "col": 1, "field": "round"}, "s.toml:4:1: round: bad"),
    ],
)
def test_design_5_error_text_reads_path_line_column_field_problem_hint(kwargs, text):
    assert str(StoreError("s.toml", "bad", **kwargs)) == text


def test_design_5_error_without_path_starts_with_the_field():
    assert str(StoreError(None, "bad", field="round")) == "round: bad"


def test_design_5_located_copy_keeps_the_subclass_fields():
    error = FormatTooNew(None, "newer", found=3, supported=1).located(path="s.toml", line=2)
    assert isinstance(error, FormatTooNew) and error.found == 3 and str(error) == "s.toml:2: newer"


# ---------------------------------------------------------------- field paths

field_parts = st.lists(st.one_of(st.integers(min_value=0, max_value=999),
                                 st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6)),
                       max_size=5)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6), field_parts)
def test_design_5_any_field_as_spelled_is_located_where_it_is_written(first, rest):
    keys = [first, *(str(p) for p in rest)]
    doc: dict = {"format": FORMAT}
    table = doc
    for key in keys[:-1]:
        table = table.setdefault("t", {}).setdefault(key, {})
    table.setdefault("t", {})[keys[-1]] = 1
    text = dump_document(doc)
    parts = ["t" if i % 2 == 0 else keys[i // 2] for i in range(2 * len(keys))]
    assert locate_field(text, format_field(parts)) == (text.count("\n"), 1)


@pytest.mark.parametrize(
    ("parts", "text"),
    [
        (("combatants", "Викинг", "hp"), 'combatants."Викинг".hp'),
        (("combatants", 2, "effects", 0), "combatants[2].effects[0]"),
        (("a b", 'q"uote'), '"a b"."q\\"uote"'),
        (("",), '""'),
    ],
)
def test_design_5_field_path_spelling(parts, text):
    assert format_field(parts) == text


@pytest.mark.parametrize("bad", ["", "a..b", "[1]", "a[x]", 'a."b', "a b"])
def test_design_5_a_malformed_field_path_is_found_nowhere(bad):
    assert locate_field(LOCATE_TEXT, bad) is None


LOCATE_TEXT = """\
# header
format = 1
round = 3
dice = [
    1,
    2,
]

[combatants."Викинг"]
hp = 10
effects = [
    { name = "яд", rounds = 2 },
]

[combatants.'Эльф']
hp = 7
stats."ловкость" = 4

[[event]]
seq = 1

[[event]]
seq = 2
"""


@pytest.mark.parametrize(
    ("field", "place"),
    [
        ("round", (3, 1)),
        ("dice[1]", (4, 1)),
        ('combatants."Викинг"', (9, 1)),
        ('combatants."Викинг".hp', (10, 1)),
        ('combatants."Викинг".effects[0].rounds', (11, 1)),
        ('combatants."Викинг".missing', (9, 1)),
        ('combatants."Эльф".stats."ловкость"', (17, 1)),
        ("event[1].seq", (23, 1)),
        ("event[0]", (19, 1)),
        ("nowhere", None),
    ],
)
def test_design_5_fields_are_located_in_the_text(field, place):
    assert locate_field(LOCATE_TEXT, field) == place
