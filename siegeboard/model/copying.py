"""A faster ``copy.deepcopy`` for plain-data pydantic models (the engine copies many of them),
and one shared "fields set" for every such model that has all its fields set.

``BaseModel.__deepcopy__`` hands the whole ``__dict__`` to ``copy.deepcopy``, which walks
every float of a footprint through the memo machinery. For models whose fields are
numbers, strings, lists of those (or of tuples of those) and nested models of the same
kind, a list copy is already a deep copy. The result is the same as pydantic's: a new
model with equal fields, no mutable part shared with the original, the same fields set.
Anything else falls back to ``copy.deepcopy``.

Pydantic keeps, per model, the set of the names of the fields set explicitly: for a structure
read from a file, all 29 of them, a set of 2.2 KB, half of what the structure costs. Those
sets are all equal, and a field once set stays set: every model of a class whose every field
is set shares that class's one ``AllFields`` set (a town of 50,000 keeps 110 MB less).

Likewise a structure's lists are mostly empty (its courtyards, flags, occupants, effects): an
empty list of such a model is the one ``NO_ITEMS``, which refuses to change (a structure in a
siege is a value, never changed in place) and copies as a new empty list (a town of 50,000
keeps 11 MB less).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from copy import deepcopy
from itertools import chain
from operator import itemgetter
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

_ATOMS = frozenset({str, int, float, bool, type(None)})
_TUPLE_ONLY = frozenset({tuple})
_ATOMS_AND_TUPLES = _ATOMS | _TUPLE_ONLY
_set_attribute = object.__setattr__


def _copy_list(items: list, memo: dict[int, Any]) -> list:
    """A deep copy of ``items``: a new list when every item is a number, a string, None or a
    tuple of those; each item copied when they are all plain-data models (set/map run in C)."""
    if not items:
        return []
    kinds = set(map(type, items))
    if kinds <= _ATOMS:
        return list(items)
    if kinds == _TUPLE_ONLY:  # a footprint: a list of points
        if _ATOMS.issuperset(map(type, chain.from_iterable(items))):
            return list(items)
    elif all(issubclass(kind, PlainDataCopy) for kind in kinds):  # occupants
        return [item.__deepcopy__(memo) for item in items]
    elif kinds <= _ATOMS_AND_TUPLES:
        inner = chain.from_iterable(item for item in items if type(item) is tuple)
        if _ATOMS.issuperset(map(type, inner)):
            return list(items)
    return deepcopy(items, memo)


def _declares_atoms(annotation: Any) -> bool:
    """Whether a field's annotation admits only numbers, strings, booleans and None
    (``int``, ``Literal["wood", ...]``, ``str | None``...)."""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(type(arg) in _ATOMS for arg in get_args(annotation))
    if origin is Union or origin is UnionType:
        return all(_declares_atoms(arg) for arg in get_args(annotation))
    return False


# Per model class: a getter of the values of the fields declared as atoms, the names of the
# other fields (the only ones that can need a copy of their own) and the number of fields.
_PLANS: dict[type, tuple[Callable[[dict], tuple], tuple[str, ...], int]] = {}


def _plan(cls: type) -> tuple[Callable[[dict], tuple], tuple[str, ...], int]:
    plan = _PLANS.get(cls)
    if plan is None:
        fields = cls.__pydantic_fields__  # type: ignore[attr-defined]
        atoms = [name for name, info in fields.items() if _declares_atoms(info.annotation)]
        others = tuple(name for name in fields if name not in atoms)
        if len(atoms) > 1:
            getter = itemgetter(*atoms)
        else:  # itemgetter of one name gives the value, not a tuple
            getter = lambda values: tuple(values[name] for name in atoms)  # noqa: E731
        plan = _PLANS[cls] = (getter, others, len(fields))
    return plan


def _copy_fields(fields: dict[str, Any], names: Iterable[str], memo: dict[int, Any]) -> None:
    """Replace the value of each of ``names`` in ``fields`` by a deep copy (atoms stay)."""
    for key in names:
        value = fields[key]
        kind = type(value)
        if kind is list:
            fields[key] = _copy_list(value, memo) if value else []
        elif value is NO_ITEMS:
            fields[key] = []
        elif kind not in _ATOMS:
            fields[key] = _copy_value(value, memo)


def _copy_value(value: Any, memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return _copy_list(value, memo)
    if isinstance(value, PlainDataCopy):
        return value.__deepcopy__(memo)
    return deepcopy(value, memo)


class AllFields(set):
    """The names of every field of one model class: the ``__pydantic_fields_set__`` its models
    share once every field is set. It only ever grows by names it holds already (pydantic
    adds a field's name when it is assigned); anything else would change every model sharing
    it, and is refused. Copying it gives itself."""

    def add(self, name: str) -> None:
        if name not in self:
            raise TypeError(f"{name!r} is not a field of a model sharing these fields")

    def update(self, *others) -> None:
        for names in others:
            for name in names:
                self.add(name)

    def _refuse(self, *args) -> None:
        raise TypeError("the fields set shared by every model of a class cannot lose a name")

    discard = remove = pop = clear = difference_update = intersection_update = _refuse
    symmetric_difference_update = __isub__ = __iand__ = __ixor__ = _refuse

    def __ior__(self, other):
        self.update(other)
        return self

    def __copy__(self) -> "AllFields":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "AllFields":
        return self


class SharedEmptyList(list):
    """The empty list every empty list field of a plain-data model shares (``NO_ITEMS``):
    changing it in place is refused (it would change them all); a copy of it is a new,
    plain empty list, and assigning a new list to the field is as ever."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("an empty list shared by every model cannot change in place: "
                        "assign the field a new list")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __copy__(self) -> list:
        return []

    def __deepcopy__(self, memo: dict[int, Any]) -> list:
        return []


NO_ITEMS = SharedEmptyList()

_ALL_FIELDS: dict[type, AllFields] = {}
# Per model class: the names of its fields declared as lists.
_LIST_FIELDS: dict[type, tuple[str, ...]] = {}


def all_fields(cls: type) -> AllFields:
    """The shared set of the names of every field of pydantic model class ``cls``."""
    shared = _ALL_FIELDS.get(cls)
    if shared is None:
        shared = _ALL_FIELDS[cls] = AllFields(cls.__pydantic_fields__)  # type: ignore[attr-defined]
    return shared


def share_fields_set(model: Any) -> None:
    """Give ``model`` its class's shared ``AllFields`` when every one of its fields is set."""
    names = model.__pydantic_fields_set__
    if type(names) is not AllFields and len(names) == len(type(model).__pydantic_fields__):
        _set_attribute(model, "__pydantic_fields_set__", all_fields(type(model)))


def share_empty_lists(model: Any) -> None:
    """Give each empty list field of ``model`` the shared ``NO_ITEMS``."""
    cls = type(model)
    names = _LIST_FIELDS.get(cls)
    if names is None:
        names = _LIST_FIELDS[cls] = tuple(
            name for name, info in cls.__pydantic_fields__.items()  # type: ignore[attr-defined]
            if get_origin(info.annotation) is list)
    fields = model.__dict__
    for name in names:
        value = fields.get(name)
        if type(value) is list and not value:
            fields[name] = NO_ITEMS


def _copy_parts(cls: type, fields: dict[str, Any], memo: dict[int, Any]) -> None:
    """Replace each value of ``fields`` (a model of ``cls``'s) that is not an atom by a deep
    copy, in place."""
    atoms, others, size = _plan(cls)
    # Only the fields not declared as atoms can need a copy of their own, once the
    # fields are the declared ones and those declared as atoms are checked to hold atoms
    # (in one pass in C: a model can be built or assigned without validation). A
    # Structure has 24 fields of which 5 are not atoms: visiting all 24 in Python cost a
    # tenth of its copy.
    try:
        if len(fields) != size or not _ATOMS.issuperset(map(type, atoms(fields))):
            raise KeyError(cls)
        _copy_fields(fields, others, memo)
    except KeyError:  # not as declared (``model_construct``...): copy every field
        _copy_fields(fields, list(fields), memo)


def own_parts(model: Any) -> None:
    """Give ``model``, a shallow copy of a plain-data model (its lists and nested models
    still another model's), deep copies of those parts and a set of the fields set of its
    own, in place: it then holds what a deep copy would, without a second model made.
    Any other model is given the fields of its deep copy."""
    if not isinstance(model, PlainDataCopy) or model.__pydantic_extra__ \
            or getattr(model, "__pydantic_private__", None):
        model.__dict__.update(deepcopy(model).__dict__)
    else:
        _copy_parts(type(model), model.__dict__, {})
    names = model.__pydantic_fields_set__
    if type(names) is not AllFields:
        _set_attribute(model, "__pydantic_fields_set__", set(names))


class PlainDataCopy:
    """Mixin for a pydantic model: a deep copy that copies lists, not every number in them;
    a model with every field set shares its class's set of them (``AllFields``), and its
    empty lists are the shared ``NO_ITEMS``."""

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)
        share_empty_lists(self)

    def __deepcopy__(self, memo: dict[int, Any] | None = None):
        if memo is None:
            memo = {}
        extra = self.__pydantic_extra__
        if extra or getattr(self, "__pydantic_private__", None):
            # Not plain data: keep pydantic's own deep copy.
            return super().__deepcopy__(memo)  # type: ignore[misc]
        cls = type(self)
        copied = cls.__new__(cls)
        memo[id(self)] = copied
        fields = self.__dict__.copy()
        _copy_parts(cls, fields, memo)
        _set_attribute(copied, "__dict__", fields)
        _set_attribute(copied, "__pydantic_extra__", None if extra is None else {})
        names = self.__pydantic_fields_set__
        _set_attribute(copied, "__pydantic_fields_set__",
                       names if type(names) is AllFields else set(names))
        _set_attribute(copied, "__pydantic_private__", None)
        return copied
