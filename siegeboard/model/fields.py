"""A model's fields by name, read on its class (pydantic's ``model_fields``)."""

from __future__ import annotations

from pydantic import BaseModel
from pydantic.fields import FieldInfo


def fields_of(model: type[BaseModel]) -> dict[str, FieldInfo]:
    """``model``'s fields by name, in the order the class declares them."""
    # pydantic 2.10, the lowest version allowed, types model_fields as an instance property;
    # read on the class it is this dict (and typed so from 2.11 on).
    return model.model_fields  # type: ignore[return-value, unused-ignore]
