"""A faster ``copy.deepcopy`` for plain-data pydantic models (the engine copies many of them).

``BaseModel.__deepcopy__`` hands the whole ``__dict__`` to ``copy.deepcopy``, which walks
every float of a footprint through the memo machinery. For models whose fields are
numbers, strings, lists of those (or of tuples of those) and nested models of the same
kind, a list copy is already a deep copy. The result is the same as pydantic's: a new
model with equal fields, no mutable part shared with the original, the same fields set.
Anything else falls back to ``copy.deepcopy``.
"""

from __future__ import annotations

from copy import deepcopy
from itertools import chain
from typing import Any

_ATOMS = frozenset({str, int, float, bool, type(None)})
_TUPLE_ONLY = frozenset({tuple})
_ATOMS_AND_TUPLES = _ATOMS | _TUPLE_ONLY


def _holds_only_frozen_values(items: list) -> bool:
    """Whether every item is a number, a string, None or a tuple of those (set/map run in C)."""
    kinds = set(map(type, items))
    if kinds <= _ATOMS:
        return True
    if kinds == _TUPLE_ONLY:  # a footprint: a list of points
        return set(map(type, chain.from_iterable(items))) <= _ATOMS
    if kinds <= _ATOMS_AND_TUPLES:
        inner = chain.from_iterable(item for item in items if type(item) is tuple)
        return set(map(type, inner)) <= _ATOMS
    return False


def _copy_value(value: Any, memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if _holds_only_frozen_values(value):
            return list(value)
        if all(isinstance(item, PlainDataCopy) for item in value):
            return [item.__deepcopy__(memo) for item in value]
    elif isinstance(value, PlainDataCopy):
        return value.__deepcopy__(memo)
    return deepcopy(value, memo)


class PlainDataCopy:
    """Mixin for a pydantic model: a deep copy that copies lists, not every number in them."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None):
        if memo is None:
            memo = {}
        if self.__pydantic_extra__ or getattr(self, "__pydantic_private__", None):
            # Not plain data: keep pydantic's own deep copy.
            return super().__deepcopy__(memo)  # type: ignore[misc]
        cls = type(self)
        copied = cls.__new__(cls)
        memo[id(self)] = copied
        set_attribute = object.__setattr__
        fields = self.__dict__.copy()
        for key, value in fields.items():
            if type(value) not in _ATOMS:
                fields[key] = _copy_value(value, memo)
        set_attribute(copied, "__dict__", fields)
        set_attribute(copied, "__pydantic_extra__", None if self.__pydantic_extra__ is None else {})
        set_attribute(copied, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        set_attribute(copied, "__pydantic_private__", None)
        return copied
